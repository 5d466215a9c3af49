import TaskWardenBackground
public enum TestingPlaceholder {}
