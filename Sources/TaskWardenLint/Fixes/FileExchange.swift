#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Swaps two directory entries in one step: Linux's `renameat2(…, RENAME_EXCHANGE)`, macOS's
/// `renamex_np(…, RENAME_SWAP)`. ``AtomicSourceWriter`` swaps its temporary with the file instead of renaming
/// over it, so the file it replaced is still at hand afterwards — under the temporary's name — and can be
/// checked for a write that landed after the last check (and swapped back if one did).
///
/// ```swift
/// switch FileExchange.system.exchange("/a/.Shelf.swift.taskwarden-1-Ab3dEf", "/a/Shelf.swift") {
/// case .exchanged: …        // the old Shelf.swift is now at the temporary's path
/// case .unsupported: …      // this system or file system cannot swap: rename instead
/// case .failed(let code): …
/// }
/// ```
///
/// Neither call is in the Swift overlays of the C libraries, so both are looked up by name at run time; a
/// system without them (an old kernel, a file system that refuses the flag) answers `.unsupported`.
public struct FileExchange: Sendable {
    public enum Outcome: Equatable, Sendable {
        case exchanged
        /// The system or the file system cannot swap entries (`ENOSYS`, `EINVAL`, `ENOTSUP`…).
        case unsupported
        case failed(Int32)
    }

    let call: @Sendable (String, String) -> Outcome

    /// A stand-in (tests: a system without the call, or one that acts between two steps).
    public init(_ call: @escaping @Sendable (String, String) -> Outcome) {
        self.call = call
    }

    /// Swaps the entries at `first` and `second` (both must exist).
    public func exchange(_ first: String, _ second: String) -> Outcome { call(first, second) }

    /// The system's swap, or one that always answers `.unsupported` where there is none.
    public static let system = FileExchange { first, second in
        guard let function = systemFunction else { return .unsupported }
        if function(first, second) == 0 { return .exchanged }
        let code = errno
        switch code {
        case ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP, EXDEV: return .unsupported
        default: return .failed(code)
        }
    }

    /// Never swaps: how a system without the call behaves (rename over the file instead).
    public static let unsupported = FileExchange { _, _ in .unsupported }

    #if canImport(Darwin)
    private typealias Swap = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt32) -> Int32
    /// `RENAME_SWAP` in `<stdio.h>`.
    private static let swapFlag: UInt32 = 0x2
    private static let systemFunction: (@Sendable (String, String) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renamex_np") else { return nil }
        let swap = unsafeBitCast(symbol, to: Swap.self)
        return { first, second in swap(first, second, swapFlag) }
    }()
    #else
    private typealias Swap = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// `RENAME_EXCHANGE` in `<linux/fs.h>`.
    private static let exchangeFlag: UInt32 = 1 << 1
    private static let systemFunction: (@Sendable (String, String) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        let swap = unsafeBitCast(symbol, to: Swap.self)
        return { first, second in swap(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) }
    }()
    #endif
}
