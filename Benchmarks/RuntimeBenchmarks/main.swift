print("runtime benchmarks")
