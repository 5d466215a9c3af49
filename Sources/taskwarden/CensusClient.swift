import TaskWarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection to a process's census endpoint (protocol 1, Guides/Census.md), for `taskwarden top`. It speaks
/// the runtime's own message model (`CensusRequest`, `CensusMessage`), which checks every number and string a
/// peer sends before anything here uses it.
///
/// ```swift
/// let client = try CensusClient(path: "/run/user/1000/taskwarden-1000/4242.census")
/// print(client.hello.process)
/// client.send(.snapshot)
/// if case .snapshot(let snapshot)? = try client.next() { print(snapshot.treeDescription()) }
/// ```
final class CensusClient {
    struct Hello: Equatable {
        var process: String
        var pid: Int
        var protocolVersion: Int
    }

    enum Message {
        case snapshot(CensusSnapshot)
        case error(String)
    }

    enum Request {
        case snapshot
        case stream(intervalMilliseconds: Int)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let path: String
    let descriptor: Int32
    private(set) var hello = Hello(process: "", pid: 0, protocolVersion: 0)
    /// Lines in linear time, at most 16 MiB each (CensusLineReader.swift).
    private var lines = CensusLineReader()

    /// Connects and reads the hello. Blocking reads give up after `timeoutSeconds` (a process that accepts
    /// but never answers should not hang a script).
    init(path: String, timeoutSeconds: Int = 10) throws(Failure) {
        self.path = path
        #if canImport(Darwin)
        descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "\(path): socket failed: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Failure(description: "\(path): socket path too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = errno == ECONNREFUSED ? "nobody is serving there any more (a stale socket)" : String(cString: strerror(errno))
            throw Failure(description: "\(path): cannot connect: \(reason)")
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let line = try readLine() else { throw Failure(description: "\(path): closed before saying hello") }
        let first: CensusMessage
        do {
            first = try CensusMessage.decode(Array(line.utf8))
        } catch {
            throw Failure(description: "\(path): not a census endpoint (\(error))")
        }
        switch first {
        case .error(let message):
            throw Failure(description: "\(path): \(message)")
        case .snapshot:
            throw Failure(description: "\(path): not a census endpoint (no hello)")
        case .hello(let received):
            guard received.protocolVersion == CensusProtocol.version else {
                throw Failure(
                    description: "\(path): speaks census protocol \(received.protocolVersion); this taskwarden understands \(CensusProtocol.version)")
            }
            hello = Hello(process: received.process, pid: Int(received.pid), protocolVersion: received.protocolVersion)
        }
    }

    // Also when the initializer throws: once every stored property is set, a throwing initializer runs deinit,
    // so the socket is closed here and only here (closing it twice could close a descriptor another thread
    // opened under the same number in between).
    deinit { if descriptor >= 0 { close(descriptor) } }

    func send(_ request: Request) {
        let line: CensusRequest
        switch request {
        case .snapshot: line = .snapshot
        case .stream(let interval): line = .stream(intervalMilliseconds: interval)
        }
        _ = line.encoded().withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The next message (blocking), or nil when the process closed the connection.
    func next() throws(Failure) -> Message? {
        guard let line = try readLine() else { return nil }
        return try Self.decode(line)
    }

    /// Reads what has arrived without waiting longer than one `read`; returns the complete messages, or nil
    /// when the process closed the connection.
    func availableMessages() throws(Failure) -> [Message]? {
        guard try fill() else { return nil }
        var messages: [Message] = []
        while let line = try takeLine() { messages.append(try Self.decode(line)) }
        return messages
    }

    static func decode(_ line: String) throws(Failure) -> Message {
        let message: CensusMessage
        do {
            message = try CensusMessage.decode(Array(line.utf8))
        } catch {
            throw Failure(description: "malformed census message (\(error)): \(line.prefix(80))")
        }
        switch message {
        case .snapshot(let snapshot): return .snapshot(snapshot)
        case .error(let text): return .error(text)
        case .hello: throw Failure(description: "unexpected census message: a second hello")
        }
    }

    private func readLine() throws(Failure) -> String? {
        while true {
            if let line = try takeLine() { return line }
            guard try fill() else { return nil }
        }
    }

    private func takeLine() throws(Failure) -> String? {
        do {
            return try lines.nextLine()
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }

    /// One `read`; false at end of stream.
    private func fill() throws(Failure) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            lines.append(chunk[..<count])
            return true
        }
        if count == 0 { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "\(path): no answer in time") }
        throw Failure(description: "\(path): read failed: \(String(cString: strerror(errno)))")
    }
}
