/// Turns decoded task objects into ``InspectedTask``s: addresses become ids, parents get their children,
/// waits point at tasks by id and name, and suspended tasks get their async backtraces.
struct SnapshotAssembler {
    let memory: any RemoteMemory
    let map: MemoryMap
    let layout: RuntimeLayout
    let metadata: UInt64
    /// The runtime's functions through which a task enters its closure (see ``RuntimeLocator/Found``).
    let startAdapters: Set<UInt64>
    /// Symbolizes a code address and says whether the frame is glue to leave out; nil skips backtraces.
    let symbolize: ((UInt64) -> (frame: AsyncFrame, isNoise: Bool))?

    func assemble(_ raws: [RawTask]) -> [InspectedTask] {
        var byAddress: [UInt64: RawTask] = [:]
        byAddress.reserveCapacity(raws.count)
        for raw in raws { byAddress[raw.address] = raw }
        var childrenByParent: [UInt64: [UInt64]] = [:]
        var childrenByGroup: [UInt64: [UInt64]] = [:]
        for raw in raws {
            if raw.parentAddress != 0, byAddress[raw.parentAddress] != nil { childrenByParent[raw.parentAddress, default: []].append(raw.id) }
            if raw.groupAddress != 0 { childrenByGroup[raw.groupAddress, default: []].append(raw.id) }
        }
        let namer = ActorTypeNamer(memory: memory, map: map, layout: layout.classMetadata)
        var actorNames: [UInt64: String?] = [:]
        let flags = layout.jobFlags, status = layout.status, records = layout.records

        return raws.map { raw in
            let kind: TaskKind
            if raw.jobFlags & flags.isAsyncLet != 0 { kind = .asyncLet }
            else if raw.jobFlags & flags.isGroupChild != 0 { kind = .groupChild }
            else if raw.jobFlags & flags.isChild != 0 { kind = .child }
            else { kind = .unstructured }

            let notStarted = startAdapters.contains(raw.resumeFunction)
            let state: TaskState
            if raw.statusFlags & status.running != 0 { state = .running }
            else if raw.statusFlags & status.enqueued != 0 { state = .enqueued }
            else if notStarted && raw.dependency == nil { state = .notStarted }
            else { state = .suspended }

            var wait: TaskWait?
            if let dependency = raw.dependency, state != .running {
                switch dependency.waitKind {
                case records.waitsOnTask:
                    if let awaited = byAddress[dependency.target] {
                        wait = .task(id: awaited.id, name: awaited.name)
                    } else if let id = taskID(at: dependency.target) {
                        wait = .task(id: id, name: nil)
                    }
                case records.waitsOnContinuation:
                    wait = .continuation
                case records.waitsOnGroup:
                    wait = .group(childIDs: (childrenByGroup[dependency.target] ?? []).sorted())
                case records.enqueuedOnExecutor:
                    let identity = dependency.target
                    if identity != 0, actorNames[identity] == nil { actorNames[identity] = .some(namer.typeName(ofObject: identity)) }
                    wait = .executor(ExecutorDescription(address: identity, typeName: identity == 0 ? nil : actorNames[identity] ?? nil))
                default:
                    wait = nil
                }
            }

            var frames: [AsyncFrame] = []
            if state != .running, let symbolize {
                for address in raw.resumeAddresses {
                    let (frame, isNoise) = symbolize(address)
                    if isNoise { continue }
                    // A forwarder, or a resume point of the same function on the same line, repeats the frame before.
                    if let last = frames.last, last.function != nil, last.function == frame.function,
                       frame.line == nil || last.line == frame.line { continue }
                    frames.append(frame)
                }
            }

            let parentID: UInt64? = raw.parentAddress == 0 ? nil : byAddress[raw.parentAddress]?.id ?? taskID(at: raw.parentAddress)
            return InspectedTask(
                id: raw.id, name: raw.name, kind: kind, parentID: parentID,
                childIDs: (childrenByParent[raw.address] ?? []).sorted(), state: state, waitingOn: wait,
                priority: TaskPriority(rawValue: UInt8(raw.statusFlags & status.priorityMask)),
                basePriority: TaskPriority(rawValue: raw.basePriority),
                isCancelled: raw.statusFlags & status.cancelled != 0, frames: frames, address: raw.address)
        }
    }

    /// The id of a task not among the decoded ones (it ended, or appeared, during the read), if the object
    /// there is still a task.
    private func taskID(at address: UInt64) -> UInt64? {
        guard address % 16 == 0, map.isReadable(address, count: layout.taskSize),
              memory.word(address) == metadata,
              let low = memory.uint32(address &+ layout.task.idLow), let high = memory.uint32(address &+ layout.task.idHigh) else { return nil }
        let id = UInt64(high) << 32 | UInt64(low)
        return id == 0 ? nil : id
    }
}
