import TaskWarden
import TaskWardenInspect

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive `top`: one `poll` loop over the keyboard, the census stream, the signal pipe and, when it
/// reads the process's memory, a timer for the next read. All decisions are in ``TopModel`` and all drawing in
/// ``TopScreen``; this only moves bytes between them.
struct TopSession {
    let client: CensusClient?
    let inspector: ProcessInspector?
    let process: String
    let pid: Int
    let interval: Int

    func run(context: CommandContext) -> ExitStatus {
        let terminal = TopTerminal()
        var model = TopModel(process: process, pid: pid)
        var ending: String?
        let clock = ContinuousClock()
        let start = clock.now
        var nextRead = start
        client?.send(.stream(intervalMilliseconds: interval))
        draw(model, on: terminal)
        loop: while !model.wantsToQuit {
            if let inspector, clock.now >= nextRead {
                do {
                    model.ingest(try inspector.snapshot(backtraces: false), at: clock.now - start)
                } catch {
                    ending = error.message
                    break loop
                }
                nextRead = clock.now + .milliseconds(interval)
                draw(model, on: terminal)
            }
            var descriptors = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal.signals, events: Int16(POLLIN), revents: 0),
                pollfd(fd: client?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = inspector == nil ? -1 : Int32(clamping: max(TopArithmetic.milliseconds(nextRead - clock.now), 0))
            guard poll(&descriptors, nfds_t(descriptors.count), timeout) >= 0 || errno == EINTR else { break }
            if descriptors[1].revents != 0 {
                // SIGWINCH only redraws; SIGINT, SIGTERM and SIGHUP end the session like `q`.
                if terminal.takeSignals().contains(where: { $0 != SIGWINCH }) { break loop }
            }
            if descriptors[0].revents != 0 {
                for key in terminal.readKeys() { model.handle(key) }
            }
            if let client, descriptors[2].revents != 0 {
                do {
                    guard let messages = try client.availableMessages() else {
                        ending = "\(model.process) (pid \(model.pid)) closed the connection"
                        break loop
                    }
                    for case .snapshot(let snapshot) in messages { model.ingest(snapshot) }
                } catch {
                    ending = "\(error)"
                    break loop
                }
            }
            draw(model, on: terminal)
        }
        terminal.restore()
        if let ending {
            context.printError("taskwarden top: \(TerminalText.escaped(ending))")
        }
        return .success
    }

    private func draw(_ model: TopModel, on terminal: TopTerminal) {
        let size = terminal.size
        terminal.draw(TopScreen.lines(model, width: size.width, height: size.height))
    }
}
