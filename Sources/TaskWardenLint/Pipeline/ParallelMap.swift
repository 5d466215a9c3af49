import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps over an array on all cores (or on one worker), keeping the order.
///
/// Workers are threads of our own with a large stack (``workerStackSize``): SwiftParser and the rules recurse
/// once per nesting level, and a hostile file must be reported, not overflow an 8 MB stack and take the run
/// down. One worker per core pulls the next index from an atomic counter, so one large file does not hold up
/// a statically assigned chunk. Each index is handed to exactly one worker, which writes only that slot of a
/// preallocated buffer; the buffer is read after every worker is joined (`pthread_join`). So no memory is
/// shared mutably between workers, and ThreadSanitizer sees every hand-over (an atomic and a join).
///
/// ```swift
/// ParallelMap.map([1, 2, 3]) { $0 * 2 } // [2, 4, 6]
/// ```
enum ParallelMap {
    /// The stack of each worker: virtual memory, touched only as deep as a parse goes.
    static let workerStackSize = 512 << 20

    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], parallel: Bool = true, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let count = elements.count
        guard count > 0 else { return [] }
        let workers = parallel ? min(count, max(1, ProcessInfo.processInfo.activeProcessorCount)) : 1
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        let next = IndexCounter()
        withoutActuallyEscaping(transform) { transform in
            WorkerThreads.run(count: workers, stackSize: workerStackSize) {
                while true {
                    let index = next.value.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    slots[index] = transform(elements[index])
                }
            }
        }
        return slots.map { $0! }
    }

    /// Runs `first` and `second` at the same time, each on a thread of its own, and returns both results:
    /// serial work (such as reading project manifests) overlaps the parallel map it would otherwise follow.
    static func both<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let firstSlot = UnsafeMutablePointer<First?>.allocate(capacity: 1)
        let secondSlot = UnsafeMutablePointer<Second?>.allocate(capacity: 1)
        firstSlot.initialize(to: nil)
        secondSlot.initialize(to: nil)
        defer {
            firstSlot.deinitialize(count: 1)
            firstSlot.deallocate()
            secondSlot.deinitialize(count: 1)
            secondSlot.deallocate()
        }
        let next = IndexCounter()
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                // Each thread takes one of the two jobs and writes only its own slot; both are read after the join.
                WorkerThreads.run(count: 2, stackSize: workerStackSize) {
                    if next.value.wrappingAdd(1, ordering: .relaxed).oldValue == 0 {
                        firstSlot.pointee = first()
                    } else {
                        secondSlot.pointee = second()
                    }
                }
            }
        }
        return (firstSlot.pointee!, secondSlot.pointee!)
    }

    private final class IndexCounter: Sendable {
        let value = Atomic<Int>(0)
    }
}

/// Runs a body on `count` threads with a given stack size and returns when all have finished.
enum WorkerThreads {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on `count` new threads and joins them. If a thread cannot be created, the calling thread
    /// runs `body` itself (the work is still done; only its stack is the caller's). `meanwhile` runs on the
    /// calling thread while the others work, before it waits for them.
    static func run(count: Int, stackSize: Int, meanwhile: () -> Void = {}, _ body: @escaping () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var threads: [pthread_t] = []
        for _ in 0..<count {
            let context = Unmanaged.passRetained(Body(body)).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let status = pthread_create(&thread, &attributes, { context in
                #if canImport(Darwin)
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                #else
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                #endif
                return nil
            }, context)
            if status == 0 {
                #if canImport(Darwin)
                threads.append(thread!)
                #else
                threads.append(thread)
                #endif
            } else {
                Unmanaged<Body>.fromOpaque(context).release()
                body()
            }
        }
        meanwhile()
        for thread in threads { pthread_join(thread, nil) }
    }
}
