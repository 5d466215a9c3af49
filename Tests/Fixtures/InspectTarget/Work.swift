import Glibc

/// A fixed amount of work, over and over, with `parked` named tasks alive throughout: each round creates and
/// awaits 2,000 small named tasks in a group and prints `ROUND <process CPU µs> <wall µs>`, so a benchmark
/// can compare the process's cost per round with and without a reader.
enum Work {
    static func run(parked: Int) async {
        Task(name: "parked-root") {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<parked { group.addTask(name: "parked:\(index)") { await parking.park() } }
                try? await Task.sleep(for: .milliseconds(200))
                say("READY")
                while true {
                    let (cpu, wall) = (cpuMicroseconds(), wallMicroseconds())
                    await withTaskGroup(of: Int.self) { round in
                        for item in 0..<2_000 {
                            round.addTask(name: "work:\(item)") {
                                var value = item
                                for _ in 0..<2_000 { value = value &* 31 &+ 7 }
                                return value
                            }
                        }
                        var total = 0
                        for await value in round { total &+= value }
                        if total == 42 { say("unlikely") }
                    }
                    say("ROUND \(cpuMicroseconds() - cpu) \(wallMicroseconds() - wall)")
                }
            }
        }
    }

    static func cpuMicroseconds() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
    }

    static func wallMicroseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000 + time.tv_nsec / 1_000
    }
}
