import TaskWardenLint
print("lint benchmarks")
