extension SourceMask {
    /// One reading of a file by sub-file parsing: the ``Tokenizer``'s tokens through the ``Scopes`` pass and, in
    /// ``Marks`` mode, the passes that cut what nothing reads (``DeclarationTrim``, ``LeafStatements``,
    /// ``CompoundStatements``, ``DeclaredNames``, ``TypeSkeleton``), then, once the file is read, what they
    /// decided at its end and ``UnreadMembers``. Each pass keeps its own state; this type only hands each token
    /// to them in order, decides which bodies and closures go (a member body, closure or accessor holding nothing
    /// read), and collects what they blank (``MaskRanges``).
    ///
    /// ```swift
    /// var scan = SourceMask.MaskScan(buffer, mode: .marks(marks))
    /// if scan.run() == nil { scan.output.ranges }   // what goes
    /// ```
    struct MaskScan {
        let source: SourceBytes
        let mode: Mode
        let marks: Marks
        /// Whether there are marks (``Mode/marks(_:)``): in ``Mode/memberBodies(keep:)`` mode only member bodies go
        /// and none of the cutting passes runs.
        let hasMarks: Bool
        private var tokenizer: Tokenizer
        private(set) var scopes: Scopes
        private(set) var output = MaskRanges()
        private var declarations: DeclarationTrim
        private var leaves: LeafStatements
        private var compounds: CompoundStatements
        private var names: DeclaredNames
        private var skeleton = TypeSkeleton()

        init(_ bytes: UnsafeBufferPointer<UInt8>, mode: Mode) {
            let source = SourceBytes(bytes)
            self.source = source
            self.mode = mode
            var marks: Marks?
            if case .marks(let given) = mode { marks = given }
            hasMarks = marks != nil
            let effective = marks ?? Marks(sites: [], kept: [], reads: MaskReads())
            self.marks = effective
            tokenizer = Tokenizer(source)
            scopes = Scopes(source: source, marks: marks)
            declarations = DeclarationTrim(source: source, marks: effective)
            leaves = LeafStatements(source: source, marks: effective)
            compounds = CompoundStatements(source: source, marks: effective)
            names = DeclaredNames(source: source, reads: effective.reads)
        }

        /// Reads the whole file; the reason it gave up, or nil.
        mutating func run() -> Uncertainty? {
            do {
                while let token = try tokenizer.next() {
                    if let failure = read(token) { return failure }
                }
            } catch {
                return error
            }
            guard scopes.depth == 0 else { return .unbalancedBrackets }
            if hasMarks { finish() }
            return nil
        }

        /// Hands one token to the passes.
        private mutating func read(_ token: Token) -> Uncertainty? {
            let current = token.byte
            if hasMarks, current > 0x20 {
                compounds.token(current)
                leaves.token(current, at: token.start, scopes: scopes)
            }
            switch token.kind {
            case .newline:
                if hasMarks {
                    compounds.newline(scopes: scopes)
                    leaves.newline(at: token.start, scopes: scopes, compounds: &compounds, into: &output)
                    declarations.newline(at: token.start, scopes: scopes, into: &output)
                }
                scopes.newline()
            case .lineComment, .blockComment:
                // A comment at member level (file headers, documentation) is not parsed: suppression directives
                // are read from the source, not from the tree.
                if hasMarks, scopes.atMemberLevel, token.end - token.start >= 2 { output.blankComment(token.range) }
            case .slash, .regex, .hashes, .dot, .bangOrQuestion:
                break
            case .string:
                if hasMarks {
                    leaves.string(token.range, compounds: &compounds)
                    if marks.reads.stringConstants { skeleton.string(at: scopes.topOpener) }
                    declarations.string(token.range, scopes: scopes, into: &output)
                }
            case .rawString:
                if hasMarks {
                    if marks.reads.stringConstants { skeleton.string(at: scopes.topOpener) }
                    declarations.rawString()
                }
            case .conditionDirective:
                if hasMarks {
                    declarations.directive()
                    skeleton.loseHeader()
                }
                scopes.conditionDirective()
            case .directive:
                if hasMarks { declarations.directive() }
            case .backtick:
                if hasMarks {
                    declarations.backtick()
                    if skeleton.isReadingHeader { skeleton.read(source.text((token.start + 1)..<(token.end - 1))) }
                }
            case .open:
                if current == UInt8(ascii: "{") {
                    openBrace(token)
                } else {
                    let outer = scopes.context
                    let level = scopes.openBracket(token)
                    if hasMarks {
                        declarations.openBracket(token, level: level, outer: outer)
                        leaves.openBracket()
                        skeleton.openBracket()
                    }
                }
            case .close:
                if current == UInt8(ascii: "}") { return closeBrace(token) }
                guard let level = scopes.closeBracket(token) else { return .unbalancedBrackets }
                if hasMarks {
                    declarations.closeBracket(at: token.start, level: level, scopes: scopes, into: &output)
                    leaves.closeBracket()
                    skeleton.closeBracket()
                }
            case .semicolon:
                if hasMarks {
                    leaves.finish(at: token.start, scopes: scopes, compounds: &compounds, into: &output)
                    declarations.semicolon(scopes: scopes)
                    skeleton.cancelHeader()
                }
                scopes.semicolon()
            case .equals:
                scopes.equals(at: token.start)
                if hasMarks { skeleton.endName() }
            case .lessThan:
                scopes.angle(token)
                if hasMarks { skeleton.endName() }
            case .greaterThan:
                scopes.angle(token)
            case .word:
                word(token)
            case .other:
                if hasMarks {
                    if current == UInt8(ascii: "@") { declarations.at(token.start, scopes: scopes) }
                    // `:`, `,` and operators end a type's name.
                    skeleton.endName()
                }
                if current == UInt8(ascii: ":") { scopes.colon() }
                // `var a = 1, b = 2`: several bindings are left whole.
                if current == UInt8(ascii: ","), hasMarks, scopes.isMemberLevelComma {
                    declarations.memberLevelComma()
                    names.memberLevelComma()
                }
            }
            return nil
        }

        /// An identifier, keyword or number.
        private mutating func word(_ token: Token) {
            let effect = scopes.word(token)
            guard hasMarks else { return }
            names.word(token, inTypeBraces: skeleton.isInTypeBraces)
            compounds.word(token)
            leaves.word(token, scopes: scopes, compounds: &compounds)
            declarations.word(token, scopes: scopes, into: &output)
            if skeleton.isReadingHeader { skeleton.read(source.text(token.range)) }
            switch effect {
            case .begin(member: true):
                // `import class UIKit.UIView` names no type of this file.
                if !scopes.afterImport { skeleton.beginHeader(declarationStart: source.removableDeclarationStart(keyword: token.start)) }
            case .begin(member: false):
                skeleton.beginHeader()
            case .cancel:
                skeleton.cancelHeader()
            case .none:
                break
            }
        }

        private mutating func openBrace(_ token: Token) {
            let depthBefore = scopes.depth
            let opening = scopes.openBrace(at: token.start)
            guard hasMarks else { return }
            declarations.openBrace(at: token.start, opening: opening)
            var isTypeBody = false
            var isClosure = false
            switch opening.level.opener {
            case .typeBody: isTypeBody = true
            case .closure: isClosure = true
            default: break
            }
            skeleton.openBrace(isTypeBody: isTypeBody)
            compounds.openBrace(isClosure: isClosure, depth: depthBefore)
            leaves.openBrace()
        }

        private mutating func closeBrace(_ token: Token) -> Uncertainty? {
            let index = token.start
            if hasMarks {
                leaves.finish(at: index, scopes: scopes, compounds: &compounds, into: &output)
                compounds.finishCase(at: index, scopes: scopes)
            }
            guard let top = scopes.closeBrace(at: index), top.opener.isBrace else { return .unbalancedBrackets }
            let inside = (top.start + 1)..<index
            var frame = DeclarationTrim.Frame()
            if hasMarks {
                leaves.closeBrace(inside: inside)
                compounds.closeBrace(depth: scopes.depth)
                frame = declarations.closeBrace()
                skeleton.closeBrace(top.opener, outer: scopes.topOpener, inside: inside, marks: marks)
            }
            switch top.opener {
            case .body(let isVariable):
                var inProtocol = false
                if case .typeBody(let isProtocol)? = scopes.topOpener { inProtocol = isProtocol }
                let blankable = !inProtocol && inside.count >= SourceMask.minimumBlankedLength && !(isVariable && hasObservers(inside))
                // ``MemberBody`` mode hears of every body (a short one names what its function calls too).
                if !blankable, case .memberBodies(let keep) = mode { _ = keep(source.bytes, memberBody(inside, of: top, isBlankable: false)) }
                if blankable, !keeps(inside, body: top) {
                    if hasMarks {
                        if !declarations.blankMember(frame, open: top.start, close: index, into: &output) {
                            declarations.noteTrimmedMember(frame.member, end: index + 1)
                        }
                    } else {
                        output.blank(inside)
                    }
                } else {
                    keepWholeIfRead(inside)
                }
            case .closure:
                // A `label:` closure of a call no site stands in (in its arguments or closures) is not read.
                let unreadLabel = top.isKeptForCall && !marks.hasSite(in: (scopes.lastBrace?.callStart ?? top.start)..<index)
                if !top.keptWhole || top.isKeptForModifier || unreadLabel, scopes.keptWholeDepth == 0 {
                    blankUnlessRead(inside)
                } else {
                    keepWholeIfRead(inside)
                }
            case .otherBrace where top.isAccessor && scopes.keptWholeDepth == 0 && scopes.isMemberVariableBraces(scopes.depth - 1):
                // An accessor of a member property is a frame of its own, like a member function's body.
                blankUnlessRead(inside)
            default:
                break
            }
            if hasMarks { declarations.closedBraces(top.start..<(index + 1), into: &output) }
            scopes.finishClosing(top)
            if hasMarks { declarations.finishClosing() }
            return nil
        }

        /// Whether a member body (`body`, whose braces hold `inside`), or a range of one, holds something that must
        /// be parsed.
        private func keeps(_ inside: Range<Int>, body: Scopes.Level) -> Bool {
            switch mode {
            case .memberBodies(let keep):
                return keep(source.bytes, memberBody(inside, of: body, isBlankable: true))
            case .marks(let marks):
                return marks.hasSite(in: inside) || marks.hasKept(in: inside)
            }
        }

        /// What ``Mode/memberBodies(keep:)`` is told of a member body.
        private func memberBody(_ inside: Range<Int>, of level: Scopes.Level, isBlankable: Bool) -> MemberBody {
            MemberBody(inside: inside, isFunction: level.function != nil, name: level.function?.name, isBlankable: isBlankable,
                       keyword: level.function.map { $0.keywordEnd - 4 })
        }

        /// Blanks braces below member level (a closure, an accessor) that are long enough and hold no site, kept
        /// token or observer; else keeps them whole if a reader reads them.
        private mutating func blankUnlessRead(_ inside: Range<Int>) {
            if inside.count >= SourceMask.minimumBlankedLength, !hasObservers(inside), hasMarks, !marks.hasSite(in: inside),
               !marks.hasKept(in: inside) {
                output.blank(inside)
            } else {
                keepWholeIfRead(inside)
            }
        }

        /// A body or closure holding a reader's body word is read whole: nothing in it is blanked.
        private mutating func keepWholeIfRead(_ inside: Range<Int>) {
            guard hasMarks, marks.hasKeptWhole(in: inside) else { return }
            output.keep(from: inside.lowerBound)
            leaves.keepWhole(from: inside.lowerBound)
            compounds.keepWhole(from: inside.lowerBound)
        }

        /// Whether `inside` holds `didSet` or `willSet` (found once per file in ``Marks`` mode: nested closures
        /// would otherwise be scanned once per level).
        private func hasObservers(_ inside: Range<Int>) -> Bool {
            if hasMarks { return marks.hasObservers(in: inside) }
            return ["didSet", "willSet"].contains {
                CreationTokenScanner.contains(source.bytes, Array($0.utf8), from: inside.lowerBound, to: inside.upperBound)
            }
        }

        /// Once the file is read: what the statement passes left for the end, whole type bodies, and members
        /// nothing names.
        private mutating func finish() {
            leaves.finish(names: names, into: &output)
            compounds.finish(names: names, into: &output)
            output.replace(with: skeleton.finish(blanked: output.ranges, keepingSiteTypes: marks.reads.enclosingTypes,
                                                 keepingTypesNamed: marks.reads.typesNamed))
            UnreadMembers(source: source, reads: marks.reads, trimmedMembers: declarations.trimmedMembers,
                          siteClosures: scopes.siteClosures).leaveOut(from: &output)
        }
    }
}
