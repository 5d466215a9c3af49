import SwiftSyntax
import TaskNaming

extension TaskNameExpression {
    /// Reads the expression passed as `name:`; `nil` (no argument) gives `.none`.
    ///
    /// ```swift
    /// // Task(name: "price:\(probe.releaseID)") { … }
    /// TaskNameExpression(argument) // .interpolated(price:\(…))
    /// ```
    public init(_ expression: ExprSyntax?) {
        guard let expression else {
            self = .none
            return
        }
        if expression.is(NilLiteralExprSyntax.self) {
            self = .none
            return
        }
        guard let literal = expression.as(StringLiteralExprSyntax.self) else {
            self = .other(expression.trimmedText)
            return
        }
        var segments: [TaskNameTemplate.Segment] = []
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let text):
                segments.append(.text(text.content.text))
            case .expressionSegment(let interpolation):
                segments.append(.hole(interpolation.expressions.trimmedText))
            @unknown default:
                segments.append(.hole(segment.trimmedText))
            }
        }
        let template = TaskNameTemplate(segments: segments)
        self = template.isInterpolated ? .interpolated(template) : .literal(template.staticText)
    }
}
