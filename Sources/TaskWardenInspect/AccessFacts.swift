/// What decides whether this process may read another's memory, gathered once so the reason for a refusal
/// can be worked out — and tested — without the situation at hand.
public struct AccessFacts: Sendable, Equatable {
    public var pid: Int32
    public var processName: String?
    /// The target's real, effective, saved and filesystem user ids (`/proc/PID/status`).
    public var targetUIDs: [UInt32]
    /// The owner of the files in `/proc/PID`: the target's user, or root when the target is not dumpable.
    public var procOwnerUID: UInt32?
    public var ourUID: UInt32
    /// Whether this process has CAP_SYS_PTRACE (root normally does).
    public var canTraceAnyProcess: Bool
    /// `/proc/sys/kernel/yama/ptrace_scope`, nil without Yama.
    public var ptraceScope: Int?
    /// Whether reading this process's own memory with `process_vm_readv` works (it does not where a container's
    /// seccomp profile forbids the call).
    public var readingWorksAtAll: Bool
    /// The `errno` of the failed read of the target, if one failed.
    public var readError: Int32?
    /// Another tracer of the target (`TracerPid`), for `--consistent`.
    public var tracerPID: Int32?

    public init(pid: Int32, processName: String?, targetUIDs: [UInt32], procOwnerUID: UInt32?, ourUID: UInt32,
                canTraceAnyProcess: Bool, ptraceScope: Int?, readingWorksAtAll: Bool, readError: Int32?, tracerPID: Int32? = nil) {
        self.pid = pid
        self.processName = processName
        self.targetUIDs = targetUIDs
        self.procOwnerUID = procOwnerUID
        self.ourUID = ourUID
        self.canTraceAnyProcess = canTraceAnyProcess
        self.ptraceScope = ptraceScope
        self.readingWorksAtAll = readingWorksAtAll
        self.readError = readError
        self.tracerPID = tracerPID
    }
}

/// The refusal for a process whose memory cannot be read: the first reason that applies, in the order the
/// kernel checks them, each with its fix.
public enum AccessDiagnosis {
    public static func refusal(_ facts: AccessFacts, userName: @escaping (UInt32) -> String? = { _ in nil }) -> InspectionError {
        let process = "process \(facts.pid)" + (facts.processName.map { " (\($0))" } ?? "")
        if !facts.readingWorksAtAll {
            return InspectionError(.readBlocked,
                "this system does not let one process read another's memory: process_vm_readv fails even on taskwarden's own memory (a container whose seccomp profile blocks it); run the container with --cap-add=SYS_PTRACE (Docker, Podman) or a seccomp profile that allows process_vm_readv and ptrace")
        }
        let describe = { (uid: UInt32) in userName(uid).map { "\($0) (uid \(uid))" } ?? "uid \(uid)" }
        if !facts.canTraceAnyProcess, let other = facts.targetUIDs.prefix(3).first(where: { $0 != facts.ourUID }) {
            return InspectionError(.otherUser,
                "\(process) belongs to \(describe(other)), and taskwarden runs as \(describe(facts.ourUID)): only the same user (or root) may read its tasks; run taskwarden as that user (sudo -u \(userName(other) ?? "#\(other)") taskwarden …) or as root")
        }
        if !facts.canTraceAnyProcess, let owner = facts.procOwnerUID, owner != facts.ourUID {
            return InspectionError(.notDumpable,
                "\(process) is not dumpable (it called prctl(PR_SET_DUMPABLE, 0), or is set-user-id, or changed its credentials), so the kernel keeps even its own user out of its memory; run taskwarden as root, or let the process stay dumpable")
        }
        if !facts.canTraceAnyProcess, let scope = facts.ptraceScope, scope > 0 {
            let rule: String
            switch scope {
            case 1: rule = "only a process's ancestors may read its memory; run taskwarden as root (or with CAP_SYS_PTRACE), or allow it for your user with sudo sysctl kernel.yama.ptrace_scope=0"
            case 2: rule = "only a process with CAP_SYS_PTRACE may read another's memory; run taskwarden as root"
            default: rule = "no process may read another's memory until the next reboot"
            }
            return InspectionError(.ptraceScope, "the kernel's Yama ptrace_scope is \(scope) (/proc/sys/kernel/yama/ptrace_scope): \(rule)")
        }
        let reason = facts.readError.map { "error \($0)" } ?? "permission denied"
        return InspectionError(.unreadable, "cannot read the memory of \(process) (\(reason)); run taskwarden as the process's user or as root")
    }
}
