import Testing
import TaskWardenInspect

/// Why a process cannot be read, and the fix, for each situation — including those this machine cannot
/// produce (Yama, a container without process_vm_readv).
@Suite struct AccessDiagnosisTests {
    /// `root`: whether taskwarden holds CAP_SYS_PTRACE; `ourUID`: the user it runs as (0: root).
    static func facts(uids: [UInt32] = [1000, 1000, 1000, 1000], owner: UInt32 = 1000, ourUID: UInt32 = 1000, root: Bool = false,
                      scope: Int? = 0, reading: Bool = true) -> AccessFacts {
        AccessFacts(pid: 4242, processName: "price-check", targetUIDs: uids, procOwnerUID: owner, ourUID: ourUID,
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

    /// Running as root (effective uid 0) with CAP_SYS_PTRACE, denied all the same: the advice is never "run as
    /// root" but what is left that refuses it.
    @Test func rootWithTheCapabilityIsToldWhatElseRefuses() {
        let error = AccessDiagnosis.refusal(Self.facts(uids: [0, 0, 0, 0], owner: 0, ourUID: 0, root: true, scope: nil))
        #expect(error.reason == .unreadable)
        #expect(error.message.hasPrefix("cannot read the memory of process 4242 (price-check) (error 1), though taskwarden runs as root with CAP_SYS_PTRACE and the kernel has no Yama ptrace_scope: the kernel's ptrace policy refuses it"))
        #expect(error.message.contains("seccomp"))
        #expect(!error.message.contains("as root;") && !error.message.contains("or as root"))
        let withYama = AccessDiagnosis.refusal(Self.facts(uids: [0, 0, 0, 0], owner: 0, ourUID: 0, root: true, scope: 1))
        #expect(withYama.message.contains("with CAP_SYS_PTRACE and Yama's ptrace_scope is 1:"))
    }

    /// Root without CAP_SYS_PTRACE (a container drops it): every refusal names the capability as the fix.
    @Test func rootWithoutTheCapabilityIsToldToGetIt() {
        let grant = "give taskwarden CAP_SYS_PTRACE (a container drops it unless started with --cap-add=SYS_PTRACE)"
        let otherUser = AccessDiagnosis.refusal(Self.facts(uids: [1001, 1001, 1001, 1001], owner: 1001, ourUID: 0), userName: Self.names)
        #expect(otherUser.reason == .otherUser)
        #expect(otherUser.message == "process 4242 (price-check) belongs to deploy (uid 1001), and taskwarden runs as root but without CAP_SYS_PTRACE: the kernel lets only the same user, or a process with CAP_SYS_PTRACE, read its memory; \(grant), or run it as that user (sudo -u deploy taskwarden …)")
        let scopeOne = AccessDiagnosis.refusal(Self.facts(uids: [0, 0, 0, 0], owner: 0, ourUID: 0, scope: 1))
        #expect(scopeOne.reason == .ptraceScope)
        #expect(scopeOne.message.hasSuffix("only a process's ancestors, or a process with CAP_SYS_PTRACE, may read its memory, and taskwarden runs as root but without CAP_SYS_PTRACE; \(grant), or allow it with sysctl kernel.yama.ptrace_scope=0"))
        let scopeTwo = AccessDiagnosis.refusal(Self.facts(uids: [0, 0, 0, 0], owner: 0, ourUID: 0, scope: 2))
        #expect(scopeTwo.message.hasSuffix("only a process with CAP_SYS_PTRACE may read another's memory, and taskwarden runs as root but without it; \(grant)"))
        let other = AccessDiagnosis.refusal(Self.facts(uids: [0, 0, 0, 0], owner: 0, ourUID: 0, scope: 0))
        #expect(other.reason == .unreadable)
        #expect(other.message == "cannot read the memory of process 4242 (price-check) (error 1): taskwarden runs as root but without CAP_SYS_PTRACE, which the kernel asks for to read a process that holds capabilities taskwarden lacks (Yama's ptrace_scope is 0); \(grant)")
        for error in [otherUser, scopeOne, scopeTwo, other] {
            #expect(!error.message.contains("run taskwarden as root") && !error.message.contains("or as root"))
        }
    }

    @Test func yamaScopeThreeRefusesEvenWithTheCapability() {
        let error = AccessDiagnosis.refusal(Self.facts(uids: [0, 0, 0, 0], owner: 0, ourUID: 0, root: true, scope: 3))
        #expect(error.reason == .ptraceScope)
        #expect(error.message.hasSuffix("no process may read another's memory until the next reboot"))
    }
}
