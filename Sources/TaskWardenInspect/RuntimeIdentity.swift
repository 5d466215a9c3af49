/// What a process's concurrency runtime says about itself, read before any task is: the values it exports
/// for debuggers, the file it was loaded from and the compiler that built it.
public struct RuntimeIdentity: Sendable, Equatable {
    /// The file the runtime lives in: `libswift_Concurrency.so`, or the executable when it is linked statically.
    public var path: String
    public var isStaticallyLinked: Bool
    public var machine: UInt16
    public var layoutVersion: UInt32
    public var taskSize: UInt64
    public var supportsPriorityEscalation: Bool
    /// The `.comment` strings of the file (compiler identifications).
    public var compilerComments: [String]
    public var buildID: String?

    /// One line for messages: `libswift_Concurrency.so (build b9f34903…, x86_64, layout version 1, task size 208)`.
    public var summary: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        var parts: [String] = []
        if let buildID { parts.append("build \(buildID.prefix(12))…") }
        parts.append(RuntimeIdentity.machineName(machine))
        parts.append("layout version \(layoutVersion)")
        parts.append("task size \(taskSize)")
        if supportsPriorityEscalation { parts.append("priority escalation") }
        if let compiler = compilerComments.first(where: { $0.contains("llvm-project") || $0.contains("Swift version") }) {
            parts.append("built by \(compiler)")
        }
        return "\(isStaticallyLinked ? "the runtime linked into " : "")\(file) (\(parts.joined(separator: ", ")))"
    }

    static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 62: return "x86_64"
        case 183: return "aarch64"
        default: return "ELF machine \(machine)"
        }
    }
}
