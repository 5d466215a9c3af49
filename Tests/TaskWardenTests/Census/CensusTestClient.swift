import Foundation
@testable import TaskWarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw client of the census protocol for tests: blocking reads of whole lines, decoded with Foundation.
/// Reads give up after 120 s (a guard against a hung test on a loaded machine, not a measurement).
final class CensusTestClient {
    /// The socket; -1 once ``disconnect()`` has closed it.
    private(set) var descriptor: Int32
    private var buffer: [UInt8] = []
    /// Why the last ``line()`` returned nil.
    private(set) var endReason = ""

    init(path: String) throws {
        descriptor = try UnixSocket.connect(to: path)
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { disconnect() }

    /// Closes the socket, once. (Closing a descriptor twice can close whatever the process opened under the same
    /// number in between — in a parallel test run, another test's socket or an endpoint's wake-up pipe.)
    func disconnect() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// Makes the receive buffer as small as the kernel allows, so a client that stops reading fills it soon.
    func shrinkReceiveBuffer() {
        var size: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { UnixSocket.send(descriptor, $0) }
    }

    /// The next line, or nil at end of stream.
    func line() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                endReason = count == 0 ? "end of stream" : "read failed: \(String(cString: strerror(errno)))"
                return nil
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The next line as a JSON object, or nil at end of stream.
    func message() throws -> [String: Any]? {
        guard let line = line() else { return nil }
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }

    /// Reads messages until one satisfies `condition`, at most `limit` of them.
    func message(where condition: ([String: Any]) -> Bool, limit: Int = 500) throws -> [String: Any]? {
        for _ in 0..<limit {
            guard let message = try message() else { return nil }
            if condition(message) { return message }
        }
        return nil
    }
}

/// The task names in a snapshot message.
func taskNames(_ snapshot: [String: Any]) -> Set<String> {
    Set((snapshot["tasks"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
}

/// A private folder under the temp folder, removed at deinit.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array((FileManager.default.temporaryDirectory.path + "/census-test-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
