import Testing
import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct TaskCensusTests {
    @Test func recordsNameIDParentSiteAndStartTime() async {
        let census = TaskCensus()
        let release = Gate()
        let parent = TaskID.current
        let line = #line + 1
        let task = Warden.task(name: "price-check:4471", census: census) { await release.wait() }
        let snapshot = census.snapshot()
        #expect(snapshot.count == 1)
        let record = snapshot.records[0]
        #expect(record.name == "price-check:4471")
        #expect(record.family == "price-check")
        #expect(record.id == task.taskID)
        #expect(record.parentID == parent)
        #expect(record.fileID == #fileID)
        #expect(record.line == line)
        #expect(record.startedAt <= snapshot.takenAt)
        release.open()
        await task.value
        #expect(census.liveCount == 0)
    }

    @Test func offRegistersNothing() async {
        let census = TaskCensus(isEnabled: false)
        let release = Gate()
        let task = Warden.task(name: "thumbnail:1", census: census) { await release.wait() }
        #expect(census.liveCount == 0)
        release.open()
        await task.value
    }

    @Test func throwingTasksLeaveTheCensusWhenTheyThrow() async {
        struct SyncFailed: Error {}
        let census = TaskCensus()
        let task = Warden.task(name: "cloud-sync", census: census) { () async throws -> Int in throw SyncFailed() }
        await #expect(throws: SyncFailed.self) { try await task.value }
        #expect(census.liveCount == 0)
    }

    @Test func countsByNameAndFamily() async {
        let census = TaskCensus()
        let release = Gate()
        let tasks = [1, 2, 2].map { id in
            Warden.task(name: "thumbnail:\(id)", census: census) { await release.wait() }
        } + [Warden.task(name: "cloud-sync", census: census) { await release.wait() }]
        let snapshot = census.snapshot()
        #expect(snapshot.countsByName == ["thumbnail:1": 1, "thumbnail:2": 2, "cloud-sync": 1])
        #expect(snapshot.countsByFamily == ["thumbnail": 3, "cloud-sync": 1])
        release.open()
        for task in tasks { await task.value }
    }

    @Test func withCensusEntryRegistersGroupChildrenUnderTheirParent() async {
        let census = TaskCensus()
        let release = Gate()
        let bothIn = Counter()
        let parent = Warden.task(name: "price-refresh", census: census) {
            let parentID = TaskID.current
            await withTaskGroup(of: Void.self) { group in
                for id in [10, 11] {
                    group.addTask {
                        await Warden.withCensusEntry(name: "price:\(id)", parentID: parentID, census: census) {
                            bothIn.increment()
                            await release.wait()
                        }
                    }
                }
            }
        }
        #expect(await eventually { bothIn.count == 2 })
        let snapshot = census.snapshot()
        #expect(snapshot.count == 3)
        let children = snapshot.records.filter { $0.family == "price" }
        #expect(children.count == 2)
        #expect(children.allSatisfy { $0.parentID == parent.taskID })

        let tree = snapshot.treeDescription()
        let lines = tree.split(separator: "\n").map(String.init)
        #expect(lines[0] == "3 live tasks")
        #expect(lines[1].hasPrefix("└─ \"price-refresh\" \(parent.taskID)  age "))
        #expect(lines[2].hasPrefix("   ├─ \"price:1"))
        #expect(lines[3].hasPrefix("   └─ \"price:1"))
        #expect(lines[1].hasSuffix("TaskWardenTests/TaskCensusTests.swift:\(lines[1].split(separator: ":").last!)"))
        release.open()
        await parent.value
        #expect(census.liveCount == 0)
    }

    @Test func treeDescriptionFormatsAges() {
        let records = [
            CensusRecord(name: "wantlist-price-watch", id: TaskID(rawValue: 12), parentID: nil,
                         fileID: "Wantlist/WantlistModel.swift", line: 31, startedAt: .zero),
            CensusRecord(name: "price:4471", id: TaskID(rawValue: 19), parentID: TaskID(rawValue: 12),
                         fileID: "Wantlist/PriceService.swift", line: 88, startedAt: .milliseconds(3_900)),
            CensusRecord(name: "thumbnail:7", id: TaskID(rawValue: 15), parentID: TaskID(rawValue: 99),
                         fileID: "Shelf/ThumbnailCache.swift", line: 40, startedAt: .milliseconds(3_100)),
        ]
        let snapshot = CensusSnapshot(takenAt: .milliseconds(4_200), records: records)
        #expect(snapshot.treeDescription() == """
            3 live tasks
            ├─ "wantlist-price-watch" #12  age 4.20s  Wantlist/WantlistModel.swift:31
            │  └─ "price:4471" #19  age 300ms  Wantlist/PriceService.swift:88
            └─ "thumbnail:7" #15  age 1.10s  Shelf/ThumbnailCache.swift:40
            """)
    }

    @Test func leakCheckFlagsAFamilyThatOnlyGrows() {
        func record(_ name: String, _ id: UInt64) -> CensusRecord {
            CensusRecord(name: name, id: TaskID(rawValue: id), parentID: nil, fileID: "F.swift", line: 1, startedAt: .zero)
        }
        // "poll" grows 1 → 2 → 3 and nothing ends; "thumbnail" stays busy but its tasks come and go;
        // "cloud-sync" grows once, but one of its tasks ended, so it is not flagged.
        let samples = [
            CensusSnapshot(takenAt: .seconds(0), records: [record("poll:a", 1), record("thumbnail:1", 2), record("cloud-sync", 3)]),
            CensusSnapshot(takenAt: .seconds(10), records: [record("poll:a", 1), record("poll:b", 4), record("thumbnail:2", 5),
                                                            record("cloud-sync", 6)]),
            CensusSnapshot(takenAt: .seconds(20), records: [record("poll:a", 1), record("poll:b", 4), record("poll:c", 7),
                                                            record("thumbnail:3", 8), record("cloud-sync", 6), record("cloud-sync", 9)]),
        ]
        let suspects = CensusSnapshot.leakSuspects(in: samples)
        #expect(suspects == [LeakSuspect(family: "poll", counts: [1, 2, 3], arrivalsPerSecond: 0.1)])
        #expect(CensusSnapshot.leakSuspects(in: Array(samples.prefix(2))).isEmpty)   // too few samples
    }

    @Test func leakCheckOnALiveCensusFindsTheStrongCaptureLoop() async {
        let census = TaskCensus()
        let stop = Gate()
        var loops: [Task<Void, Never>] = []
        var samples: [CensusSnapshot] = []
        for _ in 0..<3 {
            // Each "screen visit" starts a polling loop that never ends.
            loops.append(Warden.task(name: "wantlist-poll", census: census) { await stop.wait() })
            samples.append(census.snapshot())
        }
        #expect(CensusSnapshot.leakSuspects(in: samples).map(\.family) == ["wantlist-poll"])
        stop.open()
        for loop in loops { await loop.value }
        #expect(census.liveCount == 0)
    }

    @Test(.timeLimit(.minutes(10))) func dumpsTheTreeOnSIGUSR1() async {
        let census = TaskCensus()
        let release = Gate()
        let task = Warden.task(name: "server-accept-loop", census: census) { await release.wait() }
        let written = Locked<[String]>([])
        let arrived = Gate()
        let dump = census.dumpOnSignal(SIGUSR1) { text in
            written.withLock { $0.append(text) }
            arrived.open()
        }
        kill(getpid(), SIGUSR1)
        await arrived.wait()      // the process is still running: the signal did not terminate it
        #expect(written.withLock { $0 }.first?.contains("\"server-accept-loop\" \(task.taskID)") == true)
        dump.cancel()
        release.open()
        await task.value
    }
}
