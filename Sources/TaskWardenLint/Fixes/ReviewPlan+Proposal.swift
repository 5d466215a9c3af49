extension ReviewPlan {
    /// The plan of what `fix` would write (`fix --write-plan`): a row for every name in `plan`, and a row
    /// without a name for every site in a forwarding helper (``UnnamedSite/forwardingAdvice``). Each file's
    /// SHA-256 is that of the bytes the names were computed from; a file with only helper rows is read with
    /// `readBytes(path)` (absolute path; files that cannot be read are left out).
    ///
    /// ```swift
    /// let plan = TaskNameFixer().plan(tree, unnamedTaskFindings: unnamed)
    /// try ReviewPlan(proposing: plan, absolutePath: { "/work/app/" + $0 }).text.write(…)
    /// ```
    public init(proposing plan: FixPlan, absolutePath: (String) -> String,
                readBytes: (String) -> [UInt8]? = AtomicSourceWriter.readBytes) {
        var files: [String: File] = [:]
        for file in plan.files {
            let rows = file.edits.map { edit in
                Row(line: edit.line, column: edit.column, kind: edit.kind, name: edit.name,
                    note: Self.note(perItem: edit.isPerItem, advice: nil, body: edit.bodyFirstLine, enclosing: edit.enclosing,
                                    provenance: edit.provenance, check: !edit.isConfident))
            }
            files[file.path] = File(path: file.path, sha256: SHA256.hex(file.oldBytes), rows: rows)
        }
        for site in plan.leftUnnamed {
            guard let advice = site.forwardingAdvice else { continue }
            if files[site.file] == nil {
                guard let bytes = readBytes(absolutePath(site.file)) else { continue }
                files[site.file] = File(path: site.file, sha256: SHA256.hex(bytes), rows: [])
            }
            files[site.file]?.rows.append(Row(
                line: site.line, column: site.column, kind: site.kind, name: nil,
                note: Self.note(perItem: false, advice: advice, body: site.bodyFirstLine ?? "", enclosing: site.enclosing ?? "",
                                provenance: "")))
        }
        self.init(files: Array(files.values))
    }

    /// `per item · does: await check(release) · in: PriceCheck.refresh() · from: the function refresh()`; a name
    /// pieced together starts with `check`.
    static func note(perItem: Bool, advice: String?, body: String, enclosing: String, provenance: String,
                     check: Bool = false) -> String {
        var parts: [String] = []
        // A name pieced together (not one call's or function's whole name): the rows to read most carefully.
        if check { parts.append("check") }
        if let advice { parts.append("forwarding helper: " + advice) }
        if perItem { parts.append("per item") }
        if !body.isEmpty { parts.append("does: " + body) }
        if !enclosing.isEmpty { parts.append("in: " + enclosing) }
        if !provenance.isEmpty { parts.append("from: " + provenance) }
        return parts.joined(separator: " · ")
    }
}
