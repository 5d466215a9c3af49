import Foundation

// Everything lives in CommandLineTool so tests can run commands in-process.
let status = CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .standard)
exit(status.rawValue)
