// Claims to be a Swift concurrency runtime of a layout no Swift release has (version 99): it exports the
// variables a debugger reads, with values taskwarden has no entry for. `taskwarden tasks` must refuse it and
// name what it found. With `--not-dumpable` it makes itself non-dumpable first (prctl), for the refusal that
// case gets.
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static const char fakeTaskMetadata[64] = {0};
__attribute__((used)) const void *const _swift_concurrency_debug_asyncTaskMetadata = fakeTaskMetadata;
static const char fakeSlabMetadata[64] = {0};
__attribute__((used)) const void *const _swift_concurrency_debug_asyncTaskSlabMetadata = fakeSlabMetadata;
__attribute__((used)) const size_t _swift_concurrency_debug_asyncTaskSize = 208;
__attribute__((used)) const unsigned _swift_concurrency_debug_internal_layout_version = 99;
__attribute__((used)) const char _swift_concurrency_debug_supportsPriorityEscalation = 0;

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--not-dumpable") == 0) prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    printf("READY\n");
    fflush(stdout);
    char byte;
    while (read(0, &byte, 1) > 0) {}
    return 0;
}
