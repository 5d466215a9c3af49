import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal side of `taskwarden top`, kept thin: raw mode and the alternate screen on entry, restored on
/// `q`, on SIGINT/SIGTERM/SIGHUP and on every exit path; key bytes in, screen lines out.
///
/// Signals only write a byte to a pipe that the main loop polls (a signal handler can restore nothing
/// safely), so the terminal is restored by the same code whichever way `top` ends.
final class TopTerminal {
    private var saved = termios()
    private let input: Int32 = 0
    private let output: Int32 = 1
    /// Readable when SIGINT, SIGTERM, SIGHUP or SIGWINCH arrived.
    let signals: Int32
    private let signalsWriteEnd: Int32
    private var pendingKeyBytes: [UInt8] = []

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        signals = ends[0]
        signalsWriteEnd = ends[1]
        _ = fcntl(signals, F_SETFL, fcntl(signals, F_GETFL) | O_NONBLOCK)
        _ = fcntl(signalsWriteEnd, F_SETFL, fcntl(signalsWriteEnd, F_GETFL) | O_NONBLOCK)
        topSignalPipe.store(signalsWriteEnd, ordering: .releasing)
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] {
            sigaddset(&handled, number)
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(topSignalPipe.load(ordering: .acquiring), &byte, 1)
            }
        }
        // A blocked signal would stay pending forever and leave the terminal raw: the mask is inherited from
        // whoever started us (test runners and some launchers block SIGTERM in the thread that spawns).
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        tcgetattr(input, &saved)
        var raw = saved
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST)   // keep "\n" → "\r\n"
        tcsetattr(input, TCSAFLUSH, &raw)
        emit("\u{1B}[?1049h\u{1B}[?25l")   // alternate screen, hide the cursor
    }

    /// Leaves the alternate screen and restores the terminal and the signals' default actions.
    func restore() {
        emit("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(input, TCSAFLUSH, &saved)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { signal(number, SIG_DFL) }
        close(signals)
        close(signalsWriteEnd)
    }

    /// The terminal's size, or 80×24 when it cannot tell.
    var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Draws `lines` over the previous frame, without clearing first (no flicker).
    func draw(_ lines: [String]) {
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += line + "\u{1B}[K" + (index == lines.count - 1 ? "" : "\r\n")
        }
        emit(frame + "\u{1B}[J")
    }

    /// The signals that arrived since the last call.
    func takeSignals() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(signals, &bytes, bytes.count)
        return count > 0 ? bytes[..<count].map { Int32($0) } : []
    }

    /// The keys in what standard input has ready.
    func readKeys() -> [TopModel.Key] {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(input, &bytes, bytes.count)
        guard count > 0 else { return [.interrupt] }   // end of input: nothing more will come, leave
        pendingKeyBytes += bytes[..<count]
        let (keys, rest) = TopKeyDecoder.decode(pendingKeyBytes)
        pendingKeyBytes = rest
        return keys
    }

    private func emit(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// The write end of the active terminal's signal pipe (an atomic: a signal handler may not take a lock).
private let topSignalPipe = Atomic<Int32>(-1)

/// Key bytes from a terminal in raw mode to ``TopModel/Key``s: printable UTF-8, Enter, Backspace, Ctrl-C,
/// Escape and the arrow keys (`ESC [ A`…`D`, also `ESC O A` in application mode).
enum TopKeyDecoder {
    /// The keys, and the bytes of an incomplete sequence to keep for the next read.
    static func decode(_ bytes: [UInt8]) -> (keys: [TopModel.Key], rest: [UInt8]) {
        var keys: [TopModel.Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                if index + 1 == bytes.count { keys.append(.escape); index += 1; continue }
                let next = bytes[index + 1]
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else { keys.append(.escape); index += 1; continue }
                guard index + 2 < bytes.count else { return (keys, Array(bytes[index...])) }
                switch bytes[index + 2] {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                default: break
                }
                index += 3
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x03: keys.append(.interrupt); index += 1
            case 0x00..<0x20: index += 1
            default:
                // One UTF-8 scalar: its length is in the lead byte.
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= bytes.count else { return (keys, Array(bytes[index...])) }
                if let character = String(validating: bytes[index..<(index + length)], as: UTF8.self)?.first {
                    keys.append(.character(character))
                }
                index += length
            }
        }
        return (keys, [])
    }
}
