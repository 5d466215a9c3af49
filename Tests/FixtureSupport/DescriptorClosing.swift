import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later; Swift's Glibc module does not import it):
/// the child closes every descriptor from `lowest` up. Without it (an older C library), each descriptor open
/// now is closed by name.
public func closeAllDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
        return
    }
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
        if let descriptor = Int32(entry), descriptor >= lowest { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }
}
