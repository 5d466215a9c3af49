import SwiftSyntax

/// The OS versions a node is guaranteed to run on because of the code around it: an enclosing
/// `if #available(…)` body, a `guard #available(…)` earlier in an enclosing block, or an `@available(…)`
/// attribute on an enclosing declaration.
///
/// ```swift
/// // if #available(iOS 18, macOS 15, *) { group.addTask(name: "x") { … } }
/// AvailabilityFloor.floor(around: addTaskCall) // [.iOS: 18, .macOS: 15]
/// ```
public enum AvailabilityFloor {
    public static func floor(around node: some SyntaxProtocol) -> [ApplePlatform: PlatformVersion] {
        var floor: [ApplePlatform: PlatformVersion] = [:]
        func raise(_ entries: [ApplePlatform: PlatformVersion]) {
            for (platform, version) in entries where floor[platform].map({ $0 < version }) ?? true {
                floor[platform] = version
            }
        }
        var child = Syntax(node)
        var current = child.parent
        while let ancestor = current {
            if let ifExpression = ancestor.as(IfExprSyntax.self), child.id == ifExpression.body.id {
                raise(versions(in: ifExpression.conditions))
            }
            if let item = child.as(CodeBlockItemSyntax.self), let list = ancestor.as(CodeBlockItemListSyntax.self) {
                for earlier in list {
                    if earlier.id == item.id { break }
                    if let guardStatement = earlier.item.as(GuardStmtSyntax.self) {
                        raise(versions(in: guardStatement.conditions))
                    }
                }
            }
            if let attributes = ancestor.asProtocol((any WithAttributesSyntax).self)?.attributes {
                for element in attributes {
                    guard let attribute = element.as(AttributeSyntax.self),
                          attribute.attributeName.trimmedDescription == "available",
                          let arguments = attribute.arguments?.as(AvailabilityArgumentListSyntax.self)
                    else { continue }
                    raise(versions(in: arguments))
                }
            }
            child = ancestor
            current = ancestor.parent
        }
        return floor
    }

    private static func versions(in conditions: ConditionElementListSyntax) -> [ApplePlatform: PlatformVersion] {
        var result: [ApplePlatform: PlatformVersion] = [:]
        for element in conditions {
            guard let availability = element.condition.as(AvailabilityConditionSyntax.self),
                  availability.availabilityKeyword.tokenKind == .poundAvailable
            else { continue }
            result.merge(versions(in: availability.availabilityArguments)) { max($0, $1) }
        }
        return result
    }

    private static func versions(in arguments: AvailabilityArgumentListSyntax) -> [ApplePlatform: PlatformVersion] {
        var result: [ApplePlatform: PlatformVersion] = [:]
        var labeledPlatform: ApplePlatform?
        for argument in arguments {
            switch argument.argument {
            case .availabilityVersionRestriction(let restriction):
                if let platform = ApplePlatform(spelling: restriction.platform.text),
                   let text = restriction.version?.trimmedDescription, let version = PlatformVersion(parsing: text) {
                    result[platform] = max(result[platform] ?? version, version)
                }
            case .token(let token):
                labeledPlatform = ApplePlatform(spelling: token.text)
            case .availabilityLabeledArgument(let labeled):
                if labeled.label.text == "introduced", let platform = labeledPlatform,
                   let version = PlatformVersion(parsing: labeled.value.trimmedDescription) {
                    result[platform] = max(result[platform] ?? version, version)
                }
            @unknown default:
                continue
            }
        }
        return result
    }
}
