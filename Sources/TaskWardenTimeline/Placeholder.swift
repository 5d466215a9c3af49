public enum TimelinePlaceholder {}
