import TaskNaming

/// The results cache's encoding of a ``SiteRecord``: names and name availability as plain fields, so the
/// model types need no `Codable` of their own.
extension SiteRecord {
    enum CodingKeys: String, CodingKey {
        case position, kind, nameKind, nameValue, nameSegments, availability, availabilityReason
        case enclosingDeclaration, guessedLabel, calledThrough, parentSiteKind, isInsideLoop, tokenLength
        case nameText, namePosition, nameLength, firstArgumentText, isolation, frameCalls, enclosingTypeNames
        case usesUnqualifiedTask
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(kind, forKey: .kind)
        switch name {
        case .none: try container.encode("none", forKey: .nameKind)
        case .literal(let text):
            try container.encode("literal", forKey: .nameKind)
            try container.encode(text, forKey: .nameValue)
        case .other(let text):
            try container.encode("other", forKey: .nameKind)
            try container.encode(text, forKey: .nameValue)
        case .interpolated(let template):
            try container.encode("interpolated", forKey: .nameKind)
            // Each segment as [kind, text]: ["t", "price:"], ["h", "probe.releaseID"].
            try container.encode(template.segments.map { segment -> [String] in
                switch segment {
                case .text(let text): ["t", text]
                case .hole(let text): ["h", text]
                }
            }, forKey: .nameSegments)
        }
        switch nameAvailability {
        case .available: try container.encode("available", forKey: .availability)
        case .unavailable(let reason):
            try container.encode("unavailable", forKey: .availability)
            try container.encode(reason, forKey: .availabilityReason)
        case .notApplicable(let reason):
            try container.encode("notApplicable", forKey: .availability)
            try container.encode(reason, forKey: .availabilityReason)
        }
        try container.encode(enclosingDeclaration, forKey: .enclosingDeclaration)
        try container.encode(guessedLabel, forKey: .guessedLabel)
        try container.encodeIfPresent(calledThrough, forKey: .calledThrough)
        try container.encodeIfPresent(parentSiteKind, forKey: .parentSiteKind)
        try container.encode(isInsideLoop, forKey: .isInsideLoop)
        try container.encode(tokenLength, forKey: .tokenLength)
        try container.encodeIfPresent(nameText, forKey: .nameText)
        try container.encodeIfPresent(namePosition, forKey: .namePosition)
        try container.encode(nameLength, forKey: .nameLength)
        try container.encodeIfPresent(firstArgumentText, forKey: .firstArgumentText)
        try container.encodeIfPresent(isolation, forKey: .isolation)
        try container.encodeIfPresent(frameCalls, forKey: .frameCalls)
        try container.encode(enclosingTypeNames, forKey: .enclosingTypeNames)
        try container.encode(usesUnqualifiedTask, forKey: .usesUnqualifiedTask)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        position = try container.decode(SourcePosition.self, forKey: .position)
        kind = try container.decode(CreationSiteKind.self, forKey: .kind)
        switch try container.decode(String.self, forKey: .nameKind) {
        case "none": name = .none
        case "literal": name = .literal(try container.decode(String.self, forKey: .nameValue))
        case "other": name = .other(try container.decode(String.self, forKey: .nameValue))
        case "interpolated":
            let segments = try container.decode([[String]].self, forKey: .nameSegments).map { pair -> TaskNameTemplate.Segment in
                guard pair.count == 2, pair[0] == "t" || pair[0] == "h" else {
                    throw DecodingError.dataCorruptedError(forKey: .nameSegments, in: container, debugDescription: "bad segment")
                }
                return pair[0] == "t" ? .text(pair[1]) : .hole(pair[1])
            }
            name = .interpolated(TaskNameTemplate(segments: segments))
        default: throw DecodingError.dataCorruptedError(forKey: .nameKind, in: container, debugDescription: "unknown name kind")
        }
        switch try container.decode(String.self, forKey: .availability) {
        case "available": nameAvailability = .available
        case "unavailable": nameAvailability = .unavailable(reason: try container.decode(String.self, forKey: .availabilityReason))
        case "notApplicable": nameAvailability = .notApplicable(reason: try container.decode(String.self, forKey: .availabilityReason))
        default: throw DecodingError.dataCorruptedError(forKey: .availability, in: container, debugDescription: "unknown availability")
        }
        enclosingDeclaration = try container.decode(String.self, forKey: .enclosingDeclaration)
        guessedLabel = try container.decode(String.self, forKey: .guessedLabel)
        calledThrough = try container.decodeIfPresent(String.self, forKey: .calledThrough)
        parentSiteKind = try container.decodeIfPresent(CreationSiteKind.self, forKey: .parentSiteKind)
        isInsideLoop = try container.decode(Bool.self, forKey: .isInsideLoop)
        tokenLength = try container.decode(Int.self, forKey: .tokenLength)
        nameText = try container.decodeIfPresent(String.self, forKey: .nameText)
        namePosition = try container.decodeIfPresent(SourcePosition.self, forKey: .namePosition)
        nameLength = try container.decode(Int.self, forKey: .nameLength)
        firstArgumentText = try container.decodeIfPresent(String.self, forKey: .firstArgumentText)
        isolation = try container.decodeIfPresent(String.self, forKey: .isolation)
        frameCalls = try container.decodeIfPresent([String].self, forKey: .frameCalls)
        enclosingTypeNames = try container.decode([String].self, forKey: .enclosingTypeNames)
        usesUnqualifiedTask = try container.decode(Bool.self, forKey: .usesUnqualifiedTask)
    }
}
