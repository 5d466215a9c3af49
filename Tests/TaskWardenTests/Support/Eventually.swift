/// Waits until `condition` holds, checking after a yield at first and then every millisecond (a sleep, so the
/// cooperative threads stay free for the work being waited for). Gives up after `limit` of wall-clock time, so
/// a broken behaviour fails the test instead of hanging it; the limit is a guard for a loaded machine, not a
/// measurement.
@discardableResult
func eventually(within limit: Duration = .seconds(120), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    var checks = 0
    while !condition() {
        if clock.now >= deadline || Task.isCancelled { return condition() }
        checks += 1
        if checks < 64 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
    return true
}
