import TaskWarden
public enum BackgroundPlaceholder {}
