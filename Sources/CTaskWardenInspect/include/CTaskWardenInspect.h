// System calls the out-of-process task reader needs that Swift cannot import from Glibc directly:
// process_vm_readv is only declared with _GNU_SOURCE, and ptrace is variadic. Thin wrappers, no logic.
#ifndef C_TASKWARDEN_INSPECT_H
#define C_TASKWARDEN_INSPECT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/uio.h>

#ifdef __cplusplus
extern "C" {
#endif

/// process_vm_readv(2) where the platform has it; -1 with errno ENOSYS elsewhere.
ssize_t tw_process_vm_readv(pid_t pid, const struct iovec *local, unsigned long localCount,
                            const struct iovec *remote, unsigned long remoteCount);

/// Finds every offset in `bytes` at a multiple of `alignment` where the 8 bytes equal `word`, in C so the
/// search is fast in a debug build too. Stores at most `capacity` offsets; returns how many there were.
size_t tw_find_aligned_word(const void *bytes, size_t length, uint64_t word, size_t alignment,
                            size_t *offsets, size_t capacity);

/// PTRACE_SEIZE with no options: the thread keeps running, and is released if the tracer exits.
long tw_ptrace_seize(pid_t tid);
/// PTRACE_INTERRUPT: stops a seized thread (a ptrace stop, not a signal stop).
long tw_ptrace_interrupt(pid_t tid);
/// PTRACE_DETACH: lets a stopped, seized thread run again.
long tw_ptrace_detach(pid_t tid);

#ifdef __cplusplus
}
#endif

#endif
