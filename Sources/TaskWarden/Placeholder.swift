public enum RuntimePlaceholder {}
