/// Placeholder: replaced by the naming convention.
public enum TaskNameConvention {}
