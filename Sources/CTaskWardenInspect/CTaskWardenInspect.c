#define _GNU_SOURCE 1
#include "CTaskWardenInspect.h"
#include <errno.h>
#include <string.h>

size_t tw_find_aligned_word(const void *bytes, size_t length, uint64_t word, size_t alignment,
                            size_t *offsets, size_t capacity) {
    size_t found = 0;
    if (alignment < sizeof word || alignment % sizeof word != 0) alignment = sizeof word;
    if ((uintptr_t)bytes % sizeof word == 0) {
        // The usual case: an aligned buffer read as words (a plain loop, fast even unoptimized).
        const uint64_t *words = bytes;
        size_t step = alignment / sizeof word, count = length / sizeof word;
        for (size_t index = 0; index < count; index += step) {
            if (words[index] == word) {
                if (found < capacity) offsets[found] = index * sizeof word;
                found += 1;
            }
        }
        return found;
    }
    for (size_t offset = 0; offset + sizeof word <= length; offset += alignment) {
        uint64_t value;
        memcpy(&value, (const unsigned char *)bytes + offset, sizeof value);
        if (value == word) {
            if (found < capacity) offsets[found] = offset;
            found += 1;
        }
    }
    return found;
}

#if defined(__linux__)
#include <sys/ptrace.h>

ssize_t tw_process_vm_readv(pid_t pid, const struct iovec *local, unsigned long localCount,
                            const struct iovec *remote, unsigned long remoteCount) {
    return process_vm_readv(pid, local, localCount, remote, remoteCount, 0);
}

long tw_ptrace_seize(pid_t tid) { return ptrace(PTRACE_SEIZE, tid, NULL, NULL); }
long tw_ptrace_interrupt(pid_t tid) { return ptrace(PTRACE_INTERRUPT, tid, NULL, NULL); }
long tw_ptrace_detach(pid_t tid) { return ptrace(PTRACE_DETACH, tid, NULL, NULL); }

#else

ssize_t tw_process_vm_readv(pid_t pid, const struct iovec *local, unsigned long localCount,
                            const struct iovec *remote, unsigned long remoteCount) {
    (void)pid; (void)local; (void)localCount; (void)remote; (void)remoteCount;
    errno = ENOSYS;
    return -1;
}

long tw_ptrace_seize(pid_t tid) { (void)tid; errno = ENOSYS; return -1; }
long tw_ptrace_interrupt(pid_t tid) { (void)tid; errno = ENOSYS; return -1; }
long tw_ptrace_detach(pid_t tid) { (void)tid; errno = ENOSYS; return -1; }

#endif
