import Foundation
import TaskWardenLint

// Ctrl-C or a CI timeout while `fix` writes removes the temporaries in flight, then ends the process as the
// signal would. Installed here, for the process, not in FixCommand: tests run commands in-process, and
// signal dispositions are process-wide. With no write in flight a signal ends the run as it always did.
InterruptCleanup.install()
// Everything lives in CommandLineTool so tests can run commands in-process.
let status = CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .standard)
exit(status.rawValue)
