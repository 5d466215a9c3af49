/// Waits (by yielding, never by sleeping) until `condition` holds. Gives up after `attempts` yields so a
/// broken behaviour fails the test instead of hanging it.
@discardableResult
func eventually(attempts: Int = 100_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<attempts {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
