import TaskWarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive `top`: one `poll` loop over the keyboard, the census stream and the signal pipe. All
/// decisions are in ``TopModel`` and all drawing in ``TopScreen``; this only moves bytes between them.
struct TopSession {
    let client: CensusClient
    let interval: Int

    func run(context: CommandContext) -> ExitStatus {
        let terminal = TopTerminal()
        var model = TopModel(process: client.hello.process, pid: client.hello.pid)
        var ending: String?
        client.send(.stream(intervalMilliseconds: interval))
        draw(model, on: terminal)
        loop: while !model.wantsToQuit {
            var descriptors = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal.signals, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { break }
            if descriptors[2].revents != 0 {
                // SIGWINCH only redraws; SIGINT, SIGTERM and SIGHUP end the session like `q`.
                if terminal.takeSignals().contains(where: { $0 != SIGWINCH }) { break loop }
            }
            if descriptors[0].revents != 0 {
                for key in terminal.readKeys() { model.handle(key) }
            }
            if descriptors[1].revents != 0 {
                do {
                    guard let messages = try client.availableMessages() else {
                        ending = "\(TerminalText.escaped(model.process)) (pid \(model.pid)) closed the connection"
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
