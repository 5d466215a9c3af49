import TaskWardenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an endpoint has done, for tests and for the endpoint's owner.
public struct CensusEndpointStatistics: Sendable, Equatable {
    /// Connections admitted (same user).
    public var admitted = 0
    /// Connections refused by ``CensusPeerPolicy``.
    public var refused = 0
    /// Clients dropped because they stopped reading or sent something unreadable.
    public var dropped = 0
    /// Snapshots built from the census (one per stream tick or request, shared by clients due together).
    public var snapshotsBuilt = 0
    /// Stream ticks skipped because the client had not yet taken the previous snapshot.
    public var ticksSkipped = 0
    /// CPU time the endpoint's thread has used (encoding and sending), in nanoseconds: what serving costs
    /// the process directly.
    public var threadCPUNanoseconds: Int64 = 0
}

/// The endpoint's thread: one `poll` loop over the listening socket, the clients and a wake-up pipe.
///
/// Nothing here runs under the census lock but one array copy (``TaskCensus/liveEntries()``); writing to clients is
/// non-blocking, so a slow or stuck client only ever costs this thread. Each client may have at most
/// ``maximumPendingBytes`` unsent; a stream tick that finds the previous snapshot still unsent is skipped
/// (never queued), and a client that takes no bytes for ``stallLimit`` consecutive ticks, and at least
/// ``minimumStallNanoseconds``, is dropped.
final class CensusServerLoop {
    static let maximumPendingBytes = 16 << 20
    static let stallLimit = 5
    /// …and at least this long without taking a byte: at a 10 ms interval, five ticks pass while a busy
    /// machine has not even scheduled a healthy client's reading thread (the full test suite showed it).
    static let minimumStallNanoseconds: Int64 = 2_000_000_000

    private let census: TaskCensus
    private let listener: Int32
    private let wakeUp: Int32
    private let hello: [UInt8]
    private let statistics: Locked<CensusEndpointStatistics>
    private var clients: [Client] = []

    init(census: TaskCensus, listener: Int32, wakeUp: Int32, hello: [UInt8], statistics: Locked<CensusEndpointStatistics>) {
        self.census = census
        self.listener = listener
        self.wakeUp = wakeUp
        self.hello = hello
        self.statistics = statistics
    }

    private final class Client {
        let descriptor: Int32
        var input: [UInt8] = []
        var output: [[UInt8]] = []
        var sentInFirstChunk = 0
        var pendingBytes = 0
        var streamInterval: Int64?
        var nextTick: Int64 = 0
        var stalledTicks = 0
        var sentSinceTick = false
        var lastProgress = monotonicNanoseconds()
        var closed = false

        init(descriptor: Int32) { self.descriptor = descriptor }

        func queue(_ bytes: [UInt8]) {
            output.append(bytes)
            pendingBytes += bytes.count
        }

        /// Sends what the socket takes now; false when the peer has gone.
        func flush() -> Bool {
            while let first = output.first {
                let sent = first.withUnsafeBytes { raw in
                    UnixSocket.send(descriptor, UnsafeRawBufferPointer(rebasing: raw[sentInFirstChunk...]))
                }
                if sent < 0 { return false }
                if sent == 0 { return true }
                sentSinceTick = true
                lastProgress = monotonicNanoseconds()
                pendingBytes -= sent
                sentInFirstChunk += sent
                if sentInFirstChunk == first.count {
                    output.removeFirst()
                    sentInFirstChunk = 0
                }
            }
            return true
        }
    }

    /// Serves until a byte arrives on the wake-up pipe, then closes every client and the listener.
    func run() {
        var descriptors: [pollfd] = []
        while true {
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            for client in clients {
                let events = POLLIN | (client.pendingBytes > 0 ? POLLOUT : 0)
                descriptors.append(pollfd(fd: client.descriptor, events: Int16(events), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutUntilNextTick())
            if ready < 0 && errno != EINTR { break }
            if descriptors[0].revents != 0 { break }
            for (index, client) in clients.enumerated() {
                serve(client, events: descriptors[index + 2].revents)
            }
            if descriptors[1].revents & Int16(POLLIN) != 0 { acceptWaitingConnections() }
            tick()
            clients.removeAll { $0.closed }
            var cpu = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
            statistics.withLock { $0.threadCPUNanoseconds = Int64(cpu.tv_sec) * 1_000_000_000 + Int64(cpu.tv_nsec) }
        }
        for client in clients { close(client.descriptor) }
        clients = []
        close(listener)
    }

    private func acceptWaitingConnections() {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(descriptor)
            #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let client = Client(descriptor: descriptor)
            switch CensusPeerPolicy.admits(peerUserID: UnixSocket.peerUserID(descriptor), serverUserID: geteuid()) {
            case .admit:
                statistics.withLock { $0.admitted += 1 }
                client.queue(hello)
                _ = client.flush()
                clients.append(client)
            case .refuse(let reason):
                statistics.withLock { $0.refused += 1 }
                client.queue(CensusWireFormat.error("refused: \(reason)"))
                _ = client.flush()
                close(descriptor)
            }
        }
    }

    private func serve(_ client: Client, events: Int16) {
        if events & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = buffer.withUnsafeMutableBytes { read(client.descriptor, $0.baseAddress, $0.count) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return disconnect(client) }
            if count > 0 {
                client.input.append(contentsOf: buffer[..<count])
                handleRequests(of: client)
            }
        } else if events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
            return disconnect(client)
        }
        if !client.closed, client.pendingBytes > 0, !client.flush() { disconnect(client) }
    }

    private func handleRequests(of client: Client) {
        while !client.closed, let newline = client.input.firstIndex(of: 0x0A) {
            let line = client.input[..<newline]
            defer { client.input.removeSubrange(...newline) }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            switch CensusWireFormat.request(line) {
            case .success(.snapshot):
                queueSnapshot(for: client, snapshot: encodedSnapshot())
            case .success(.stream(let interval)):
                // Due now: the tick after this read sends it, unless the client has not taken the last one.
                client.streamInterval = Int64(interval) * 1_000_000
                client.nextTick = monotonicNanoseconds()
                client.stalledTicks = 0
            case .success(.stop):
                client.streamInterval = nil
            case .failure(let error):
                client.queue(CensusWireFormat.error(error.message))
            }
        }
        if client.input.count > CensusWireFormat.maximumRequestLength {
            client.queue(CensusWireFormat.error("request longer than \(CensusWireFormat.maximumRequestLength) bytes"))
            _ = client.flush()
            drop(client)
        }
    }

    private func queueSnapshot(for client: Client, snapshot: [UInt8]) {
        guard client.pendingBytes + snapshot.count <= Self.maximumPendingBytes else { return drop(client) }
        client.queue(snapshot)
    }

    private func encodedSnapshot() -> [UInt8] {
        statistics.withLock { $0.snapshotsBuilt += 1 }
        let (takenAt, entries) = census.liveEntries()
        return CensusWireFormat.snapshot(takenAt: takenAt, entries: entries)
    }

    /// Serves every stream that is due, building at most one snapshot for all of them.
    private func tick() {
        let now = monotonicNanoseconds()
        var shared: [UInt8]?
        for client in clients where !client.closed {
            guard let interval = client.streamInterval, client.nextTick <= now else { continue }
            client.nextTick = max(client.nextTick + interval, now + interval / 2)
            if client.pendingBytes > 0 {
                statistics.withLock { $0.ticksSkipped += 1 }
                client.stalledTicks = client.sentSinceTick ? 0 : client.stalledTicks + 1
                client.sentSinceTick = false
                if client.stalledTicks >= Self.stallLimit, now - client.lastProgress >= Self.minimumStallNanoseconds {
                    drop(client)
                }
                continue
            }
            client.stalledTicks = 0
            client.sentSinceTick = false
            if shared == nil { shared = encodedSnapshot() }
            queueSnapshot(for: client, snapshot: shared!)
            if !client.closed, !client.flush() { disconnect(client) }
        }
    }

    private func timeoutUntilNextTick() -> Int32 {
        let due = clients.compactMap { $0.streamInterval == nil ? nil : $0.nextTick }.min()
        guard let due else { return -1 }
        let remaining = due - monotonicNanoseconds()
        return remaining <= 0 ? 0 : Int32(min((remaining + 999_999) / 1_000_000, 3_600_000))
    }

    /// A client that misbehaved (stopped reading, oversized request).
    private func drop(_ client: Client) {
        statistics.withLock { $0.dropped += 1 }
        disconnect(client)
    }

    private func disconnect(_ client: Client) {
        guard !client.closed else { return }
        client.closed = true
        close(client.descriptor)
    }
}

func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
