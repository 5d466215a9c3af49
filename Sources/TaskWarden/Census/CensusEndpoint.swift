import TaskWardenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TaskCensus {
    /// Publishes this census on a private Unix domain socket, for `taskwarden top` or any client of the
    /// census protocol (Guides/Census.md).
    ///
    /// By default the socket is `<pid>.census` in a per-user folder, `taskwarden-<uid>` (0700) under
    /// `$XDG_RUNTIME_DIR` or the temp folder; the socket file is 0600 and connections from another user are
    /// refused. A stale socket left at the path by a crashed process is replaced; a live one is not (the call
    /// throws ``CensusEndpointError/inUse(_:)``). Serving starts one thread; not serving costs nothing.
    /// Keep the returned endpoint: closing or releasing it stops the thread and removes the socket file.
    ///
    /// What serving may cost is bounded whatever clients do: at most `maximumClients` connections (more are
    /// told so and closed), 16 MiB unsent per client and 64 MiB across all of them (a client that would pass
    /// either is dropped), and a listener that rests instead of spinning when the process runs out of file
    /// descriptors.
    ///
    /// ```swift
    /// TaskCensus.shared.isEnabled = true
    /// let endpoint = try TaskCensus.shared.serve()   // then, in a terminal: taskwarden top
    /// // …
    /// endpoint.close()
    /// ```
    ///
    /// - Parameters:
    ///   - path: the socket's path; `nil` for the default.
    ///   - processName: the name in the protocol's hello; `nil` for the executable's file name.
    ///   - maximumClients: how many clients may be connected at once (at least 1).
    public func serve(
        at path: String? = nil, processName: String? = nil, maximumClients: Int = 64
    ) throws(CensusEndpointError) -> CensusEndpoint {
        let socketPath: String
        if let path {
            socketPath = path
        } else {
            try CensusSocketFolder.prepare(CensusSocketFolder.path)
            socketPath = CensusSocketFolder.socketPath(forProcess: getpid())
        }
        var limits = CensusServerLoop.Limits()
        limits.maximumClients = max(1, maximumClients)
        return try CensusEndpoint(
            census: self, path: socketPath, processName: processName ?? executableName(), limits: limits)
    }
}

/// A census being served on a Unix domain socket; see ``TaskCensus/serve(at:processName:maximumClients:)``.
///
/// ```swift
/// let endpoint = try TaskCensus.shared.serve()
/// print("census at \(endpoint.path)")
/// endpoint.close()        // or let it go: releasing it closes it
/// ```
public final class CensusEndpoint: Sendable {
    /// The socket's path.
    public let path: String
    private let statisticsStore = Locked(CensusEndpointStatistics())
    private let running: Locked<Running?>
    /// The socket file's identity, so closing never removes a file someone else put at the path since.
    private let socketFile: (device: UInt64, inode: UInt64)

    private struct Running: @unchecked Sendable {
        // `pthread_t` is a pointer on Apple platforms and so not Sendable; it is only used for the one
        // `pthread_join`, by whichever caller takes it out of the lock.
        let thread: pthread_t
        let wakeUp: Int32
    }

    init(
        census: TaskCensus, path: String, processName: String, limits: CensusServerLoop.Limits = .init()
    ) throws(CensusEndpointError) {
        switch UnixSocket.occupant(of: path) {
        case .live: throw .inUse(path)
        case .notASocket: throw .notASocket(path)
        case .nothing, .stale: break   // a stale socket is replaced by the rename below
        }
        // Bind under a temporary name, restrict it to 0600, then rename it into place: the socket is never
        // reachable at `path` with wider permissions, and a stale file there is replaced atomically.
        let temporary = path + ".\(getpid()).new"
        let listener = try UnixSocket.make(nonBlocking: true)
        do throws(CensusEndpointError) {
            unlink(temporary)
            let bound = try UnixSocket.withAddress(temporary) { address, length in bind(listener, address, length) }
            guard bound == 0 else { throw .system("bind", path: temporary, errno: errno) }
            guard chmod(temporary, 0o600) == 0 else { throw .system("chmod", path: temporary, errno: errno) }
            guard listen(listener, 16) == 0 else { throw .system("listen", path: temporary, errno: errno) }
            guard rename(temporary, path) == 0 else { throw .system("rename", path: path, errno: errno) }
        } catch {
            closeDescriptor(listener)
            unlink(temporary)
            throw error
        }
        var info = stat()
        _ = stat(path, &info)
        socketFile = (UInt64(info.st_dev), UInt64(info.st_ino))
        self.path = path

        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            closeDescriptor(listener)
            unlink(path)
            throw .system("pipe", path: nil, errno: code)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let loop = CensusServerLoop(
            census: census, listener: listener, wakeUp: ends[0],
            hello: CensusMessage.hello(CensusHello(process: processName, pid: getpid())).encoded(), limits: limits,
            statistics: statisticsStore)
        let thread: pthread_t
        do throws(CensusEndpointError) {
            thread = try startThread(running: loop)
        } catch {
            for descriptor in [listener, ends[0], ends[1]] { closeDescriptor(descriptor) }
            unlink(path)
            throw error
        }
        running = Locked(Running(thread: thread, wakeUp: ends[1]))
        wakeUpReadEnd = ends[0]
    }

    private let wakeUpReadEnd: Int32

    /// What the endpoint has done so far: clients admitted, refused and dropped, bytes pending, snapshots built.
    package var statistics: CensusEndpointStatistics { statisticsStore.withLock { $0 } }

    /// Stops serving: disconnects every client, stops the thread and removes the socket file (if it is still
    /// this endpoint's). Closing twice is harmless.
    public func close() {
        guard let running = running.withLock({ running in defer { running = nil }; return running }) else { return }
        var byte: UInt8 = 1
        _ = write(running.wakeUp, &byte, 1)
        pthread_join(running.thread, nil)
        closeDescriptor(running.wakeUp)
        closeDescriptor(wakeUpReadEnd)
        var info = stat()
        if stat(path, &info) == 0, UInt64(info.st_dev) == socketFile.device, UInt64(info.st_ino) == socketFile.inode {
            unlink(path)
        }
    }

    deinit { close() }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// Starts a thread running `loop` (a plain thread: it sleeps in `poll`, which would pin one of the
/// concurrency pool's few threads, and must keep serving while the pool is saturated).
private func startThread(running loop: CensusServerLoop) throws(CensusEndpointError) -> pthread_t {
    let context = Unmanaged.passRetained(loop).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    let result = pthread_create(&thread, nil, { context in
        Unmanaged<CensusServerLoop>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }, context)
    guard result == 0, let thread else {
        Unmanaged<CensusServerLoop>.fromOpaque(context).release()
        throw .system("pthread_create", path: nil, errno: result)
    }
    return thread
    #else
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { context in
        Unmanaged<CensusServerLoop>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    guard result == 0 else {
        Unmanaged<CensusServerLoop>.fromOpaque(context).release()
        throw .system("pthread_create", path: nil, errno: result)
    }
    return thread
    #endif
}

/// The executable's file name, for the hello.
private func executableName() -> String {
    guard let first = CommandLine.arguments.first, let name = first.split(separator: "/").last else { return "process" }
    return String(name)
}
