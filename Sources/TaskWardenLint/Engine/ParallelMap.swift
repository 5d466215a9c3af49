import Foundation
import Dispatch
import Synchronization

/// Maps over an array on all cores with `DispatchQueue.concurrentPerform`, keeping the order.
///
/// One worker per core pulls the next index from an atomic counter, so one large file does not hold up a
/// statically assigned chunk. Each worker collects its results locally and takes the lock once.
enum ParallelMap {
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], parallel: Bool = true, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        guard parallel, elements.count > 1 else { return elements.map(transform) }
        let results = Mutex<[Result?]>(Array(repeating: nil, count: elements.count))
        // Hand out indices dynamically: file sizes vary a lot, so static chunks leave cores idle.
        let next = Atomic<Int>(0)
        let workers = min(elements.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var local: [(Int, Result)] = []
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < elements.count else { break }
                local.append((index, transform(elements[index])))
            }
            results.withLock { storage in
                for (index, value) in local { storage[index] = value }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
