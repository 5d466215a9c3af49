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
/// kernel checks them, each with its fix. Root is never told to run as root: when taskwarden already runs as
/// root (effective uid 0) the message names what refuses it instead — a missing CAP_SYS_PTRACE (a container
/// drops it), or the kernel's ptrace policy beyond users and capabilities.
public enum AccessDiagnosis {
    public static func refusal(_ facts: AccessFacts, userName: @escaping (UInt32) -> String? = { _ in nil }) -> InspectionError {
        let process = "process \(facts.pid)" + (facts.processName.map { " (\($0))" } ?? "")
        if !facts.readingWorksAtAll {
            return InspectionError(.readBlocked,
                "this system does not let one process read another's memory: process_vm_readv fails even on taskwarden's own memory (a container whose seccomp profile blocks it); run the container with --cap-add=SYS_PTRACE (Docker, Podman) or a seccomp profile that allows process_vm_readv and ptrace")
        }
        let describe = { (uid: UInt32) in userName(uid).map { "\($0) (uid \(uid))" } ?? "uid \(uid)" }
        // Root without CAP_SYS_PTRACE passes no check the capability would: the fix is the capability.
        let isRoot = facts.ourUID == 0
        if !facts.canTraceAnyProcess, let other = facts.targetUIDs.prefix(3).first(where: { $0 != facts.ourUID }) {
            if isRoot {
                return InspectionError(.otherUser,
                    "\(process) belongs to \(describe(other)), and taskwarden runs as root but without CAP_SYS_PTRACE: the kernel lets only the same user, or a process with CAP_SYS_PTRACE, read its memory; \(grantCapability), or run it as that user (sudo -u \(userName(other) ?? "#\(other)") taskwarden …)")
            }
            return InspectionError(.otherUser,
                "\(process) belongs to \(describe(other)), and taskwarden runs as \(describe(facts.ourUID)): only the same user (or root) may read its tasks; run taskwarden as that user (sudo -u \(userName(other) ?? "#\(other)") taskwarden …) or as root")
        }
        if !facts.canTraceAnyProcess, let owner = facts.procOwnerUID, owner != facts.ourUID {
            // Never root here: a process that is not dumpable has its files owned by root.
            return InspectionError(.notDumpable,
                "\(process) is not dumpable (it called prctl(PR_SET_DUMPABLE, 0), or is set-user-id, or changed its credentials), so the kernel keeps even its own user out of its memory; run taskwarden as root, or let the process stay dumpable")
        }
        // Scope 3 refuses every process, CAP_SYS_PTRACE or not; 1 and 2 give way to the capability.
        if let scope = facts.ptraceScope, scope >= 3 || (scope > 0 && !facts.canTraceAnyProcess) {
            let rule: String
            switch (scope, isRoot) {
            case (1, false): rule = "only a process's ancestors may read its memory; run taskwarden as root (or with CAP_SYS_PTRACE), or allow it for your user with sudo sysctl kernel.yama.ptrace_scope=0"
            case (1, true): rule = "only a process's ancestors, or a process with CAP_SYS_PTRACE, may read its memory, and taskwarden runs as root but without CAP_SYS_PTRACE; \(grantCapability), or allow it with sysctl kernel.yama.ptrace_scope=0"
            case (2, false): rule = "only a process with CAP_SYS_PTRACE may read another's memory; run taskwarden as root"
            case (2, true): rule = "only a process with CAP_SYS_PTRACE may read another's memory, and taskwarden runs as root but without it; \(grantCapability)"
            default: rule = "no process may read another's memory until the next reboot"
            }
            return InspectionError(.ptraceScope, "the kernel's Yama ptrace_scope is \(scope) (/proc/sys/kernel/yama/ptrace_scope): \(rule)")
        }
        let reason = facts.readError.map { "error \($0)" } ?? "permission denied"
        guard isRoot else {
            return InspectionError(.unreadable, "cannot read the memory of \(process) (\(reason)); run taskwarden as the process's user or as root")
        }
        // Root, and neither users, dumpability nor Yama explain it: say what is left.
        let yama = facts.ptraceScope.map { "Yama's ptrace_scope is \($0)" } ?? "the kernel has no Yama ptrace_scope"
        guard facts.canTraceAnyProcess else {
            return InspectionError(.unreadable,
                "cannot read the memory of \(process) (\(reason)): taskwarden runs as root but without CAP_SYS_PTRACE, which the kernel asks for to read a process that holds capabilities taskwarden lacks (\(yama)); \(grantCapability)")
        }
        return InspectionError(.unreadable,
            "cannot read the memory of \(process) (\(reason)), though taskwarden runs as root with CAP_SYS_PTRACE and \(yama): the kernel's ptrace policy refuses it beyond users and capabilities — a security module (AppArmor, SELinux), the container's seccomp profile, or a process outside the user namespace taskwarden's capabilities count in; read it from where that policy allows ptrace (the host, or a container started with --cap-add=SYS_PTRACE and --security-opt seccomp=unconfined)")
    }

    /// The fix for root without CAP_SYS_PTRACE.
    static let grantCapability = "give taskwarden CAP_SYS_PTRACE (a container drops it unless started with --cap-add=SYS_PTRACE)"
}
