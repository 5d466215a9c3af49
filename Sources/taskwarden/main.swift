import TaskWardenLint
print(LintPlaceholder.count("let x = 1\nlet y = 2"))
