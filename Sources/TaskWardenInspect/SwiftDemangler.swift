#if os(Linux)
import Glibc

/// The Swift runtime's own demangler in its simplified form — the one crash backtraces use — so frames read
/// as LLDB prints them: `closure #1 in PriceCheckRun.run()`, `Task<>.value.getter`. It is part of the
/// runtime this program links (statically too), so no toolchain is needed where `taskwarden` runs.
@_silgen_name("_swift_backtrace_demangle")
private func _swiftBacktraceDemangle(
    _ rawName: UnsafePointer<CChar>, _ length: Int, _ output: UnsafeMutablePointer<CChar>?, _ outputSize: UnsafeMutablePointer<Int>?
) -> UnsafeMutablePointer<CChar>?

enum SwiftDemangler {
    /// The simplified demangling of `symbol` (Swift or C++), or the symbol itself when it is not mangled.
    static func demangle(_ symbol: String) -> String {
        let result = symbol.withCString { name in _swiftBacktraceDemangle(name, strlen(name), nil, nil) }
        guard let result else { return symbol }
        defer { free(result) }
        return String(cString: result)
    }
}
#endif
