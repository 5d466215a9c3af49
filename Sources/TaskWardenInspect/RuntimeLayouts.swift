extension RuntimeLayout {
    /// Every runtime this reader was tested on. To add a release: run `Tests/Fixtures/InspectTarget` built with
    /// it, dump a named task object and its status records (the layout notes in Guides/Census.md say how),
    /// add an entry, and run `TasksCommandTests` against it.
    public static let known: [RuntimeLayout] = [swift631Linux64]

    /// Swift 6.3.1 (swift-6.3.1-RELEASE) on x86_64 Linux: `libswift_Concurrency.so` or the same runtime linked
    /// statically (`--static-swift-stdlib`). Measured on the release toolchain; every offset below was checked
    /// against tasks whose ids, names, parents and waits the test process printed itself.
    public static let swift631Linux64 = RuntimeLayout(
        release: "Swift 6.3.1",
        machine: 62,
        architecture: "x86_64",
        layoutVersion: 1,
        taskSize: 208,
        supportsPriorityEscalation: false,
        compilerIdentification: "swiftlang/llvm-project.git 11673e6660b2d0a5f9f99b1c7b773f4c2f6df1b0",
        testedBuilds: ["b9f34903c95524076576e2a19e29e879676b9e24": "swift-6.3.1-RELEASE toolchain, Debian 12, libswift_Concurrency.so"],
        discovery: .heapScan(alignment: 16),
        name: .statusRecord(kind: 6, pointerOffset: 16, stringWindow: 128),
        task: TaskOffsets(
            jobFlags: 32, idLow: 36, resumeFunction: 56, resumeContext: 64,
            statusFlags: 96, statusRecord: 104, idHigh: 144, basePriority: 152,
            firstSlab: 120, dependencyRecord: 160,
            entryPointBeforeContext: 24, childFragmentSize: 16),
        jobFlags: JobFlagBits(
            kindMask: 0xFF, taskKind: 0, priorityShift: 8,
            isChild: 1 << 24, isFuture: 1 << 25, isGroupChild: 1 << 26, isAsyncLet: 1 << 28,
            hasExecutorPreference: 1 << 29, isNamed: 1 << 30,
            known: 0xFF | 0xFF00 | (1 << 24) | (1 << 25) | (1 << 26) | (1 << 27) | (1 << 28) | (1 << 29) | (1 << 30)),
        status: StatusBits(
            priorityMask: 0xFF, cancelled: 0x100, recordLocked: 0x200, escalated: 0x400,
            running: 0x800, enqueued: 0x1000, complete: 0x2000, hasDependency: 0x4000,
            known: 0x7FFF),
        records: RecordLayout(
            parent: 8, payload: 16, size: 48,
            dependencyKind: 0, childKind: 1, groupKind: 2, cancellationKind: 3, escalationKind: 4,
            executorPreferenceKind: 5, lockKind: 192,
            dependencyTarget: 16, dependencyExtra: 24, dependencyWaitKind: 32, dependencyOwner: 40,
            waitsOnTask: 1, waitsOnContinuation: 2, waitsOnGroup: 3, enqueuedOnExecutor: 4,
            groupRecordOffset: 8),
        slab: SlabLayout(next: 8, capacity: 16, dataOffset: 32),
        classMetadata: ClassMetadataLayout(description: 40, parent: 4, name: 8))
}
