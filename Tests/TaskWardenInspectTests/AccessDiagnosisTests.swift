import Testing
import TaskWardenInspect

/// Why a process cannot be read, and the fix, for each situation — including those this machine cannot
/// produce (Yama, a container without process_vm_readv).
@Suite struct AccessDiagnosisTests {
    static func facts(uids: [UInt32] = [1000, 1000, 1000, 1000], owner: UInt32 = 1000, root: Bool = false, scope: Int? = 0,
                      reading: Bool = true) -> AccessFacts {
        AccessFacts(pid: 4242, processName: "price-check", targetUIDs: uids, procOwnerUID: owner, ourUID: 1000,
                    canTraceAnyProcess: root, ptraceScope: scope, readingWorksAtAll: reading, readError: 1)
    }

    static let names: @Sendable (UInt32) -> String? = { [0: "root", 1000: "ana", 1001: "deploy"][$0] }

    @Test func anotherUser() {
        let error = AccessDiagnosis.refusal(Self.facts(uids: [1001, 1001, 1001, 1001], owner: 1001), userName: Self.names)
        #expect(error.reason == .otherUser)
        #expect(error.message == "process 4242 (price-check) belongs to deploy (uid 1001), and taskwarden runs as ana (uid 1000): only the same user (or root) may read its tasks; run taskwarden as that user (sudo -u deploy taskwarden …) or as root")
    }

    @Test func notDumpable() {
        let error = AccessDiagnosis.refusal(Self.facts(owner: 0), userName: Self.names)
        #expect(error.reason == .notDumpable)
        #expect(error.message.hasPrefix("process 4242 (price-check) is not dumpable"))
    }

    @Test func yamaScopes() {
        #expect(AccessDiagnosis.refusal(Self.facts(scope: 1)).message
            == "the kernel's Yama ptrace_scope is 1 (/proc/sys/kernel/yama/ptrace_scope): only a process's ancestors may read its memory; run taskwarden as root (or with CAP_SYS_PTRACE), or allow it for your user with sudo sysctl kernel.yama.ptrace_scope=0")
        #expect(AccessDiagnosis.refusal(Self.facts(scope: 2)).message.hasSuffix("only a process with CAP_SYS_PTRACE may read another's memory; run taskwarden as root"))
        #expect(AccessDiagnosis.refusal(Self.facts(scope: 3)).reason == .ptraceScope)
    }

    @Test func aContainerWithoutProcessVMReadv() {
        let error = AccessDiagnosis.refusal(Self.facts(reading: false))
        #expect(error.reason == .readBlocked)
        #expect(error.message.contains("--cap-add=SYS_PTRACE"))
    }

    @Test func rootIsNotToldAboutUsers() {
        let error = AccessDiagnosis.refusal(Self.facts(uids: [1001, 1001, 1001, 1001], root: true))
        #expect(error.reason == .unreadable)
        #expect(error.message == "cannot read the memory of process 4242 (price-check) (error 1); run taskwarden as the process's user or as root")
    }
}
