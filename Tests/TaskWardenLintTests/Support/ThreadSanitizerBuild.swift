#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this test process runs under ThreadSanitizer (`swift test --sanitize=thread`). The complexity suites
/// parse files of thousands of declarations on the two cooperative threads; under the sanitizer that takes
/// minutes and starves every other suite's tasks, so they run in the plain pass only. They are single-threaded
/// measurements of work, which the sanitizer has nothing to say about.
let builtWithThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
