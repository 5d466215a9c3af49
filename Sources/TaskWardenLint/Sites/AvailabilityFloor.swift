import SwiftSyntax

/// The OS versions a node is guaranteed to run on because of the code around it: an enclosing
/// `if #available(…)` body, a `guard #available(…)` earlier in an enclosing block, or an `@available(…)`
/// attribute on an enclosing declaration.
///
/// ```swift
/// // if #available(iOS 18, macOS 15, *) { group.addTask(name: "x") { … } }
/// AvailabilityFloor.floor(around: addTaskCall) // [.iOS: 18, .macOS: 15]
///
/// // Many nodes of one file: share a GuardIndex so each statement list is read once.
/// var guards = AvailabilityFloor.GuardIndex()
/// let floors = sites.map { AvailabilityFloor.floor(around: $0.node, guards: &guards) }
/// ```
public enum AvailabilityFloor {
    public static func floor(around node: some SyntaxProtocol) -> [ApplePlatform: PlatformVersion] {
        var guards = GuardIndex()
        return floor(around: node, guards: &guards)
    }

    /// The floor of `node`, reading each enclosing statement list's `guard #available` statements through
    /// `guards`, which remembers them per list: a file's sites cost time linear in its statements, where
    /// re-reading the earlier statements for every site cost time quadratic in them.
    public static func floor(around node: some SyntaxProtocol, guards: inout GuardIndex) -> [ApplePlatform: PlatformVersion] {
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
                raise(guards.floor(before: item, in: list))
            }
            // Only a declaration's attributes can say `@available` (a closure's or a type's cannot), and asking a
            // node for its attributes through the protocol is a dynamic cast: declarations only.
            if ancestor.is(DeclSyntax.self), let attributes = ancestor.asProtocol((any WithAttributesSyntax).self)?.attributes {
                for element in attributes {
                    guard let attribute = element.as(AttributeSyntax.self),
                          attribute.attributeName.trimmedText == "available",
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
                   let text = restriction.version?.trimmedText, let version = PlatformVersion(parsing: text) {
                    result[platform] = max(result[platform] ?? version, version)
                }
            case .token(let token):
                labeledPlatform = ApplePlatform(spelling: token.text)
            case .availabilityLabeledArgument(let labeled):
                if labeled.label.text == "introduced", let platform = labeledPlatform,
                   let version = PlatformVersion(parsing: labeled.value.trimmedText) {
                    result[platform] = max(result[platform] ?? version, version)
                }
            @unknown default:
                continue
            }
        }
        return result
    }
}

extension AvailabilityFloor {
    /// The `guard #available` statements of the statement lists seen so far (one file's worth), each with
    /// the floor it and the guards before it in its list establish.
    public struct GuardIndex {
        private var guardsByList: [SyntaxIdentifier: [(offset: Int, floor: [ApplePlatform: PlatformVersion])]] = [:]
        /// Statements read to build the index: the work the complexity test counts.
        public private(set) var statementsExamined = 0

        public init() {}

        /// The floor the guards before `item` in `list` establish.
        mutating func floor(before item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax) -> [ApplePlatform: PlatformVersion] {
            let guards = guardsByList[list.id] ?? index(list)
            // The last guard that starts before the item (guards are in source order).
            let offset = item.position.utf8Offset
            var low = 0, high = guards.count
            while low < high {
                let middle = (low + high) / 2
                if guards[middle].offset < offset { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? [:] : guards[low - 1].floor
        }

        private mutating func index(_ list: CodeBlockItemListSyntax) -> [(offset: Int, floor: [ApplePlatform: PlatformVersion])] {
            var guards: [(offset: Int, floor: [ApplePlatform: PlatformVersion])] = []
            var running: [ApplePlatform: PlatformVersion] = [:]
            for statement in list {
                statementsExamined += 1
                guard let guardStatement = statement.item.as(GuardStmtSyntax.self) else { continue }
                let versions = AvailabilityFloor.versions(in: guardStatement.conditions)
                guard !versions.isEmpty else { continue }
                running.merge(versions) { max($0, $1) }
                guards.append((statement.position.utf8Offset, running))
            }
            guardsByList[list.id] = guards
            return guards
        }
    }
}
