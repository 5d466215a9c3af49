import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A census endpoint that says whatever a test tells it to: a hello with a chosen process name, then, after the
/// client's first request, `payload` as it is (which may be malformed, hostile or endless). One client; the
/// socket is removed at deinit. Stands in for a hostile or broken process serving a census.
final class FakeCensusServer {
    let path: String
    private let listener: Int32

    /// `payload` is written after the first request line; `repeatPayload` times (a stream without newlines).
    init(in folder: String, processName: String, payload: [UInt8], repeatPayload: Int = 1) throws {
        path = folder + "/fake-\(UInt32.random(in: 0...UInt32.max)).census"
        #if canImport(Darwin)
        listener = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 1) == 0 else {
            throw TopTestFailure(description: "cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
        let hello = try JSONSerialization.data(withJSONObject: ["type": "hello", "protocol": 1, "process": processName, "pid": 4242])
        let listening = listener
        Thread.detachNewThread {
            let connection = accept(listening, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            Self.write(Array(hello) + [0x0A], to: connection)
            var request = [UInt8](repeating: 0, count: 4096)
            _ = read(connection, &request, request.count)
            for _ in 0..<repeatPayload {
                guard Self.write(payload, to: connection) else { return }
            }
            // Keep the connection open until the client leaves.
            _ = read(connection, &request, request.count)
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        unlink(path)
    }

    /// A snapshot line with one task per entry of `tasks` (name, file, ageMs as JSON text so it can be any number).
    static func snapshotLine(_ tasks: [(name: String, file: String, ageMs: String)]) throws -> [UInt8] {
        let encoded = try tasks.enumerated().map { index, task in
            let name = String(decoding: try JSONSerialization.data(withJSONObject: task.name, options: .fragmentsAllowed), as: UTF8.self)
            let file = String(decoding: try JSONSerialization.data(withJSONObject: task.file, options: .fragmentsAllowed), as: UTF8.self)
            return #"{"id":\#(index + 1),"parent":null,"name":\#(name),"family":"x","file":\#(file),"line":7,"ageMs":\#(task.ageMs)}"#
        }
        return Array((#"{"type":"snapshot","takenAtMs":5000,"tasks":["# + encoded.joined(separator: ",") + #"],"count":\#(tasks.count)}"# + "\n").utf8)
    }

    @discardableResult
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)
            #endif
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}
