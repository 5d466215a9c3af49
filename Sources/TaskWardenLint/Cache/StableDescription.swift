/// A description of any value that is the same in every process: dictionaries and sets are written in
/// sorted order (their iteration order is seeded per process). Keys the results cache by the effective
/// configuration, including fields added to it later, without each type having to be `Codable`.
///
/// ```swift
/// StableDescription.of(["b": 1, "a": 2]) // "[a:2,b:1]"
/// ```
enum StableDescription {
    static func of(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary:
            let entries = mirror.children.map { child -> String in
                let pair = Mirror(reflecting: child.value).children.map { of($0.value) }
                return pair.joined(separator: ":")
            }
            return "[" + entries.sorted().joined(separator: ",") + "]"
        case .set:
            return "{" + mirror.children.map { of($0.value) }.sorted().joined(separator: ",") + "}"
        case .optional:
            guard let some = mirror.children.first else { return "nil" }
            return of(some.value)
        case .collection, .tuple:
            return "(" + mirror.children.map { of($0.value) }.joined(separator: ",") + ")"
        case .struct, .class, .enum:
            if mirror.children.isEmpty { return "\(type(of: value)).\(value)" }
            return "\(type(of: value)){" + mirror.children.map { "\($0.label ?? "_")=\(of($0.value))" }.joined(separator: ",") + "}"
        default:
            return "\(value)"
        }
    }
}
