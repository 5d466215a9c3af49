#if os(Linux)
import CTaskWardenInspect
import Glibc

/// Gathers ``AccessFacts`` for a process on this machine.
enum ProcessAccess {
    static func facts(pid: Int32, readError: Int32?) -> AccessFacts {
        let status = ProcFiles.text("/proc/\(pid)/status") ?? ""
        let uids = (ProcFiles.field("Uid", in: status) ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { UInt32($0) }
        var info = stat()
        // The files inside /proc/PID (not the folder) belong to root while the process is not dumpable.
        let owner: UInt32? = stat("/proc/\(pid)/status", &info) == 0 ? info.st_uid : nil
        let scope = ProcFiles.text("/proc/sys/kernel/yama/ptrace_scope").flatMap { Int($0.trimmingWhitespace()) }
        let tracer = ProcFiles.field("TracerPid", in: status).flatMap { Int32($0) }
        return AccessFacts(pid: pid, processName: ProcFiles.processName(pid), targetUIDs: uids, procOwnerUID: owner,
                           ourUID: geteuid(), canTraceAnyProcess: hasPtraceCapability(), ptraceScope: scope,
                           readingWorksAtAll: canReadOwnMemory(), readError: readError,
                           tracerPID: tracer.flatMap { $0 == 0 ? nil : $0 })
    }

    /// CAP_SYS_PTRACE (bit 19) in this process's effective capabilities.
    static func hasPtraceCapability() -> Bool {
        guard let status = ProcFiles.text("/proc/self/status"), let hex = ProcFiles.field("CapEff", in: status),
              let capabilities = UInt64(hex, radix: 16) else { return geteuid() == 0 }
        return capabilities & (1 << 19) != 0
    }

    /// Whether `process_vm_readv` works at all, tried on this process's own memory.
    static func canReadOwnMemory() -> Bool {
        var source: UInt64 = 0x5441_534B_5741_5244
        var target: UInt64 = 0
        return withUnsafeMutableBytes(of: &source) { sourceBytes in
            withUnsafeMutableBytes(of: &target) { targetBytes in
                var local = iovec(iov_base: targetBytes.baseAddress, iov_len: 8)
                var remote = iovec(iov_base: sourceBytes.baseAddress, iov_len: 8)
                return tw_process_vm_readv(getpid(), &local, 1, &remote, 1) == 8
            }
        } && target == source
    }
}
#endif
