/// Which demangled functions an async backtrace shows. The runtime and the compiler put frames between the
/// ones a person wrote — partial-apply forwarders, reabstraction thunks, protocol witnesses, the runtime's
/// C++ adapters — that say nothing about where a task is parked; like LLDB's `task tree`, they are left out.
enum FrameNames {
    static func isNoise(_ function: String) -> Bool {
        let prefixes = ["reabstraction thunk", "thunk for ", "dispatch thunk of ", "protocol witness for ",
                        "merged ", "outlined ", "async function pointer to "]
        if prefixes.contains(where: function.hasPrefix) { return true }
        // The concurrency runtime's C++ (completeTaskWithClosure, the future and group wait adapters).
        return function.contains("(swift::") || function.hasPrefix("swift::")
    }

    /// Top-level code's closures demangle as `closure #2 in ` (no enclosing function): say where they are.
    /// A partial-apply forwarder stands for the closure it forwards to (`partial apply for closure #1 in f()`
    /// is `closure #1 in f()`).
    static func tidy(_ function: String) -> String {
        var name = function
        if name.hasPrefix("partial apply for ") { name.removeFirst("partial apply for ".count) }
        return name.hasSuffix(" in ") ? name + "top-level code" : name
    }
}
