import TaskWardenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an endpoint has done, for tests, benchmarks and `taskwarden top`'s own checks.
package struct CensusEndpointStatistics: Sendable, Equatable {
    /// Connections admitted (same user).
    package var admitted = 0
    /// Connections refused by ``CensusPeerPolicy``.
    package var refused = 0
    /// Connections refused because ``CensusServerLoop/Limits/maximumClients`` clients were connected.
    package var refusedOverCapacity = 0
    /// `accept` calls that failed for lack of resources (file descriptors, memory); the endpoint backs off.
    package var acceptFailures = 0
    /// Clients dropped because they stopped reading or sent something unreadable.
    package var dropped = 0
    /// Clients connected now.
    package var clients = 0
    /// Bytes queued for clients and not yet sent, now and at most so far.
    package var pendingBytes = 0
    package var peakPendingBytes = 0
    /// Snapshots built from the census (at most one per round of the loop, shared by every client it answers).
    package var snapshotsBuilt = 0
    /// Stream ticks skipped because the client had not yet taken the previous snapshot.
    package var ticksSkipped = 0
    /// CPU time the endpoint's thread has used (encoding and sending), in nanoseconds: what serving costs
    /// the process directly.
    package var threadCPUNanoseconds: Int64 = 0

    package init() {}
}

/// The endpoint's thread: one `poll` loop over the listening socket, the clients and a wake-up pipe.
///
/// Nothing here runs under the census lock but one array copy (``TaskCensus/liveEntries()``); writing to clients is
/// non-blocking, so a slow or stuck client only ever costs this thread. What it holds is bounded:
/// - at most ``Limits/maximumClients`` clients; a connection beyond that gets one error line and is closed, and
///   when `accept` fails for lack of file descriptors or memory the listener rests for a moment instead of
///   spinning (the process's descriptors belong to the app first);
/// - per client at most ``Limits/maximumPendingBytes`` unsent, and across all clients at most
///   ``Limits/maximumTotalPendingBytes``: a client that would pass either is dropped — of all clients the one
///   holding the most, so a crowd of clients that never read cannot grow the process without bound;
/// - at most one snapshot is encoded per round of the loop, and every answer in that round shares its bytes;
/// - a stream tick that finds the previous snapshot still unsent is skipped (never queued), and a client that
///   takes no bytes for ``Limits/stallLimit`` consecutive ticks, and at least ``Limits/minimumStallNanoseconds``,
///   is dropped;
/// - once a burst of queued bytes has drained, freed heap pages are handed back to the system (glibc's
///   `malloc_trim`), so memory a crowd of clients made the process take comes back after they go.
final class CensusServerLoop {
    struct Limits: Sendable {
        var maximumClients = 64
        var maximumPendingBytes = 16 << 20
        var maximumTotalPendingBytes = 64 << 20
        var stallLimit = 5
        /// …and at least this long without taking a byte: at a 10 ms interval, five ticks pass while a busy
        /// machine has not even scheduled a healthy client's reading thread (the full test suite showed it).
        var minimumStallNanoseconds: Int64 = 2_000_000_000
        /// How long the listener rests after `accept` failed for lack of resources.
        var acceptBackoffNanoseconds: Int64 = 100_000_000
    }

    private let census: TaskCensus
    private let listener: Int32
    private let wakeUp: Int32
    private let hello: [UInt8]
    private let limits: Limits
    private let statistics: Locked<CensusEndpointStatistics>
    private var clients: [Client] = []
    private var totalPending = 0
    private var peakPending = 0
    /// Counters kept on the thread and published at the end of every round, and before anything a client could
    /// observe them by (an answer, a refusal, a disconnection) is sent.
    private var counters = CensusEndpointStatistics()
    /// The snapshot encoded in this round, shared by every answer in it.
    private var roundSnapshot: [UInt8]?
    private var listenerRestsUntil: Int64 = 0
    /// Set when a large amount of queued bytes was freed; cleared by trimming the heap.
    private var heapToTrim = 0

    init(
        census: TaskCensus, listener: Int32, wakeUp: Int32, hello: [UInt8], limits: Limits,
        statistics: Locked<CensusEndpointStatistics>
    ) {
        self.census = census
        self.listener = listener
        self.wakeUp = wakeUp
        self.hello = hello
        self.limits = limits
        self.statistics = statistics
    }

    private final class Client {
        let descriptor: Int32
        var input: [UInt8] = []
        /// Lines to send, oldest first from `head` (the same snapshot bytes are shared, not copied).
        var output: [[UInt8]] = []
        var head = 0
        var sentInFirstChunk = 0
        var pendingBytes = 0
        var streamInterval: Int64?
        var nextTick: Int64 = 0
        var stalledTicks = 0
        var sentSinceTick = false
        var lastProgress = monotonicNanoseconds()
        var closed = false

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// Sends what the socket takes now; returns the bytes sent, or nil when the peer has gone.
        func flush() -> Int? {
            var total = 0
            while head < output.count {
                let first = output[head]
                let sent = first.withUnsafeBytes { raw in
                    UnixSocket.send(descriptor, UnsafeRawBufferPointer(rebasing: raw[sentInFirstChunk...]))
                }
                if sent < 0 { return nil }
                if sent == 0 { break }
                total += sent
                sentSinceTick = true
                lastProgress = monotonicNanoseconds()
                pendingBytes -= sent
                sentInFirstChunk += sent
                if sentInFirstChunk == first.count {
                    output[head] = []
                    head += 1
                    sentInFirstChunk = 0
                }
            }
            if head == output.count {
                output.removeAll(keepingCapacity: output.count <= 64)
                head = 0
            } else if head >= 64, head * 2 >= output.count {
                output.removeFirst(head)
                head = 0
            }
            return total
        }
    }

    /// Serves until a byte arrives on the wake-up pipe, then closes every client and the listener.
    func run() {
        var descriptors: [pollfd] = []
        while true {
            let now = monotonicNanoseconds()
            let listenerResting = now < listenerRestsUntil
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0))
            // A resting listener is polled for nothing (fd -1 is skipped by poll).
            descriptors.append(pollfd(fd: listenerResting ? -1 : listener, events: Int16(POLLIN), revents: 0))
            for client in clients {
                let events = POLLIN | (client.pendingBytes > 0 ? POLLOUT : 0)
                descriptors.append(pollfd(fd: client.descriptor, events: Int16(events), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(now: now))
            if ready < 0 && errno != EINTR { break }
            if descriptors[0].revents != 0 { break }
            for (index, client) in clients.enumerated() {
                serve(client, events: descriptors[index + 2].revents)
            }
            if descriptors[1].revents & Int16(POLLIN) != 0 { acceptWaitingConnections() }
            tick()
            clients.removeAll { $0.closed }
            roundSnapshot = nil
            trimHeapIfDrained()
            publishStatistics()
        }
        for client in clients { close(client.descriptor) }
        clients = []
        close(listener)
    }

    private func publishStatistics() {
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        counters.threadCPUNanoseconds = Int64(cpu.tv_sec) * 1_000_000_000 + Int64(cpu.tv_nsec)
        counters.clients = clients.count
        counters.pendingBytes = totalPending
        counters.peakPendingBytes = peakPending
        let published = counters
        statistics.withLock { $0 = published }
    }

    private func acceptWaitingConnections() {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    return
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM: the process is out of something the app needs more than
                    // this endpoint does. Rest the listener (the pending connection waits in the backlog, or the
                    // kernel refuses it) rather than spin on a listener that stays readable.
                    counters.acceptFailures += 1
                    listenerRestsUntil = monotonicNanoseconds() + limits.acceptBackoffNanoseconds
                    return
                }
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(descriptor)
            #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let refusal: String?
            switch CensusPeerPolicy.admits(peerUserID: UnixSocket.peerUserID(descriptor), serverUserID: geteuid()) {
            case .admit:
                if clients.count >= limits.maximumClients {
                    counters.refusedOverCapacity += 1
                    refusal = "refused: \(limits.maximumClients) clients are connected already"
                } else {
                    refusal = nil
                }
            case .refuse(let reason):
                counters.refused += 1
                refusal = "refused: \(reason)"
            }
            if let refusal {
                publishStatistics()
                // One line, sent if the socket takes it now; never queued.
                let line = CensusMessage.error(refusal).encoded()
                line.withUnsafeBytes { _ = UnixSocket.send(descriptor, $0) }
                close(descriptor)
                continue
            }
            counters.admitted += 1
            let client = Client(descriptor: descriptor)
            clients.append(client)
            publishStatistics()
            queue(hello, for: client)
            flush(client)
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
        if !client.closed, client.pendingBytes > 0 { flush(client) }
    }

    private func handleRequests(of client: Client) {
        var start = client.input.startIndex
        // A client dropped while its requests were read has had its input released already.
        defer { if !client.closed { client.input.removeSubrange(..<start) } }
        while !client.closed, let newline = client.input[start...].firstIndex(of: 0x0A) {
            let line = client.input[start..<newline]
            start = newline + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            do throws(CensusProtocolError) {
                switch try CensusRequest.decode(line) {
                case .snapshot:
                    queue(sharedSnapshot(), for: client)
                case .stream(let interval):
                    // Due now: the tick after this read sends it, unless the client has not taken the last one.
                    client.streamInterval = Int64(interval) * 1_000_000
                    client.nextTick = monotonicNanoseconds()
                    client.stalledTicks = 0
                case .stop:
                    client.streamInterval = nil
                }
            } catch {
                queue(CensusMessage.error(error.message).encoded(), for: client)
            }
        }
        if !client.closed, client.input.count - start > CensusProtocol.maximumRequestLength {
            queue(CensusMessage.error("request longer than \(CensusProtocol.maximumRequestLength) bytes").encoded(), for: client)
            flush(client)
            drop(client)
        }
    }

    /// Queues `bytes` for `client` within the per-client and total budgets; a client that would pass its own
    /// budget is dropped, and when the total would pass, the client holding the most is dropped (repeatedly,
    /// until the bytes fit or `client` itself was dropped).
    private func queue(_ bytes: [UInt8], for client: Client) {
        guard !client.closed else { return }
        guard client.pendingBytes + bytes.count <= limits.maximumPendingBytes else { return drop(client) }
        while totalPending + bytes.count > limits.maximumTotalPendingBytes {
            guard let largest = clients.filter({ !$0.closed }).max(by: { $0.pendingBytes < $1.pendingBytes }) else { break }
            drop(largest)
            if largest === client { return }
        }
        client.output.append(bytes)
        client.pendingBytes += bytes.count
        totalPending += bytes.count
        peakPending = max(peakPending, totalPending)
    }

    private func flush(_ client: Client) {
        guard let sent = client.flush() else { return disconnect(client) }
        totalPending -= sent
    }

    /// The snapshot for this round of the loop, encoded on first use.
    private func sharedSnapshot() -> [UInt8] {
        if let roundSnapshot { return roundSnapshot }
        counters.snapshotsBuilt += 1
        let (takenAt, entries) = census.liveEntries()
        let snapshot = CensusWireFormat.snapshot(takenAt: takenAt, entries: entries)
        roundSnapshot = snapshot
        publishStatistics()
        return snapshot
    }

    /// Serves every stream that is due.
    private func tick() {
        let now = monotonicNanoseconds()
        for client in clients where !client.closed {
            guard let interval = client.streamInterval, client.nextTick <= now else { continue }
            client.nextTick = max(client.nextTick + interval, now + interval / 2)
            if client.pendingBytes > 0 {
                counters.ticksSkipped += 1
                client.stalledTicks = client.sentSinceTick ? 0 : client.stalledTicks + 1
                client.sentSinceTick = false
                if client.stalledTicks >= limits.stallLimit, now - client.lastProgress >= limits.minimumStallNanoseconds {
                    drop(client)
                }
                continue
            }
            client.stalledTicks = 0
            client.sentSinceTick = false
            queue(sharedSnapshot(), for: client)
            if !client.closed { flush(client) }
        }
    }

    private func timeout(now: Int64) -> Int32 {
        var due = clients.compactMap { $0.streamInterval == nil ? nil : $0.nextTick }.min()
        if listenerRestsUntil > now { due = min(due ?? listenerRestsUntil, listenerRestsUntil) }
        guard let due else { return -1 }
        let remaining = due - now
        return remaining <= 0 ? 0 : Int32(min((remaining + 999_999) / 1_000_000, 3_600_000))
    }

    /// A client that misbehaved (stopped reading, oversized request, over a budget).
    private func drop(_ client: Client) {
        guard !client.closed else { return }
        counters.dropped += 1
        publishStatistics()
        disconnect(client)
    }

    private func disconnect(_ client: Client) {
        guard !client.closed else { return }
        client.closed = true
        close(client.descriptor)
        totalPending -= client.pendingBytes
        heapToTrim += client.pendingBytes
        client.pendingBytes = 0
        client.output = []
        client.input = []
    }

    /// Hands freed heap pages back to the system once a large backlog is gone.
    private func trimHeapIfDrained() {
        guard heapToTrim >= 1 << 20, totalPending < 1 << 20 else { return }
        heapToTrim = 0
        HeapTrim.trim()
    }
}

/// glibc's `malloc_trim(0)`: returns the free pages at the top of the heap and inside it to the system. It is
/// looked up at run time (`<malloc.h>` is not part of Swift's Glibc module); elsewhere this does nothing.
enum HeapTrim {
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let function: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif

    static func trim() {
        #if canImport(Glibc)
        _ = function?(0)
        #endif
    }
}

func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
