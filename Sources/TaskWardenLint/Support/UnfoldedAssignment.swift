import SwiftSyntax

extension ExprListSyntax {
    /// `target = value` as the parser leaves it before operators are folded: three elements, the middle one `=`
    /// (`self.current = task`, `_ = x`, `handler.expirationHandler = { … }`). Nil for any other sequence, a
    /// compound assignment (`+=`) included.
    ///
    /// ```swift
    /// if let assignment = closure.parent?.as(ExprListSyntax.self)?.unfoldedAssignment,
    ///    assignment.value.id == closure.id { … }
    /// ```
    var unfoldedAssignment: (target: ExprSyntax, value: ExprSyntax)? {
        guard count == 3 else { return nil }
        let elements = Array(self)
        guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return (elements[0], elements[2])
    }
}
