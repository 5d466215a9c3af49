import TaskWardenLint

/// `taskwarden fix [PATH…]`: names the tasks `unnamed-task` reports whose names read whole from the code, and
/// proposes the rest for review (`--all` names them too).
enum FixCommand: Subcommand {
    static let name = "fix"
    static let summary = "Insert name: where unnamed-task fires and the name reads whole from the code (--all: everywhere)."
    static let usage = """
        usage: taskwarden fix [--dry-run] [--all] [--suggest] [--format text|json] [--force] [--strict]
                              [--config FILE] [--quiet] [--follow-symlinks] [PATH…]
               taskwarden fix --write-plan PLAN [OPTIONS] [PATH…]
               taskwarden fix --plan PLAN [--dry-run] [OPTIONS] [PATH…]

        Inserts name: "…" at task creation sites that unnamed-task reports under each PATH (default: the
        current directory), and changes nothing else. Names are lowercase kebab-case: the enclosing type's
        prefix, then what the task does, unique across the tree. fix writes a name only where it reads whole
        from the code: the one call a one-statement task makes, or the function the task is all of. A name it
        would piece together (a task that does more, one step of its function, a button's or property's
        words, a clash's distinguishing word) is left for a person: each such site is listed with the name
        proposed for it; --write-plan puts them in a plan to review, --all writes them too.
        async let, SwiftUI .task (unless configured), .backgroundTask and BGTaskScheduler.register are left
        alone; so are sites where name: does not exist at the deployment targets (listed with the reason).

          --dry-run        print a unified diff and change nothing
          --all            also write the names left for review
          --write-plan PLAN
                           change no source; write the names fix would insert to PLAN, one site a line with
                           its file, line, kind, what the task does and where the name came from, for a
                           person to review (every name, those left for review marked "check"): edit
                           names, delete lines to leave sites unnamed
          --plan PLAN      insert exactly the names PLAN gives (each checked against the convention,
                           uniqueness within its program and availability first; nothing is written if one
                           fails); a file that changed since PLAN was written is refused. Run it
                           from the folder PLAN was written in: its paths are relative to that folder
          --suggest        change nothing; show where per-item tasks would profit from an identity segment
          --format FORMAT  text (default): one line per name, then the summary on standard error
                           json: {"edits": [{file, line, column, kind, name, …}], "leftUnnamed": [...],
                                  "problems": [...], "summary": "…", "dryRun": …}
          --force          also fix files that have syntax errors (skipped by default)
          --strict         exit 1 if any finding remains after the fix, not only error-severity ones
          --config FILE    use this configuration file for every path
          --quiet          no summary line on standard error
          --follow-symlinks
                           walk into directories reached through symbolic links inside the tree; even then
                           fix writes only files whose real path is under a PATH named on the command line

        Every changed file is parsed again before it is written; unless its only change is the inserted
        arguments it is left untouched (internal error). Writes are atomic and keep permissions; a file
        changed by someone else during the run is not overwritten.

        exit status: 0 done, 1 a file could not be fixed or a failing finding remains (as for lint),
        2 usage or input error.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let options = parseReportOptions(arguments, formats: ["text", "json"], defaultFormat: "text",
                                               options: ["--write-plan", "--plan"],
                                               flags: ["--dry-run", "--all", "--suggest", "--force", "--strict", "--quiet"], context: context)
        else { return .usageOrInputError }
        let (parsed, format) = options
        let writePlan = parsed.value("--write-plan")
        let applyPlan = parsed.value("--plan")
        if writePlan != nil, applyPlan != nil || parsed.has("--suggest") {
            return usageError("--write-plan writes a plan and changes no source; it takes neither --plan nor --suggest", context: context)
        }
        if applyPlan != nil, parsed.has("--suggest") {
            return usageError("--plan applies a reviewed plan; --suggest does not go with it", context: context)
        }
        // Read the plan before linting: a plan that cannot be read stops the run before any work.
        var reviewed: ReviewPlan?
        if let applyPlan {
            do throws(ReviewPlanError) {
                reviewed = try ReviewPlan.parse(ReviewPlanFile.read(absolute(applyPlan, in: context), name: applyPlan), source: applyPlan)
            } catch {
                context.printError(error.description)
                return .usageOrInputError
            }
        }
        let writes = !parsed.has("--dry-run") && !parsed.has("--suggest") && writePlan == nil
        // fix reads and writes no results cache: it edits syntax, so it always parses.
        var invocation = LintInvocation(parsed, paths: parsed.positionals, context: context)
        invocation.cacheDirectory = nil
        // Sub-file parsing, as lint, but keeping what naming reads around a site: argument lists beside it (a
        // button's title) and `label:` closures. The check before writing parses the old text's changed
        // statements itself (or the whole old file when it must).
        var engine = LintEngine(additionalReads: [SiteNamingContext.reads])
        // Besides the sites to name, only an error finding matters here (it fails the run), unless --strict.
        if !parsed.has("--strict") { engine.rulesKeptBesidesErrors = ["unnamed-task"] }
        let (result, hadInputErrors) = invocation.run(context: context, engine: engine)
        let unnamed = result.findings.filter { $0.ruleID == "unnamed-task" }
        // A plan proposes every name, marking those pieced together; applied, it writes what the person kept.
        // --suggest writes nothing either: it shows every per-item site.
        let fixer = TaskNameFixer(force: parsed.has("--force"), workingDirectory: context.workingDirectory,
                                  namesOnlyConfidentSites: !parsed.has("--all") && writePlan == nil && applyPlan == nil
                                      && !parsed.has("--suggest"))
        var plan: FixPlan
        if let reviewed, let applyPlan {
            switch ReviewPlanApplication(fixer: fixer).apply(reviewed, source: applyPlan, to: result.tree, unnamedTaskFindings: unnamed) {
            case .outcome(let outcome):
                plan = outcome.plan
                outcome.notes.forEach { context.printError(OutputLine.escaped($0)) }
            case .planProblems(let errors):
                errors.forEach { context.printError($0.description) }
                context.printError(OutputLine.escaped("\(applyPlan): \(errors.count) problem\(errors.count == 1 ? "" : "s") in the plan; nothing written"))
                return .usageOrInputError
            }
        } else {
            plan = fixer.plan(result.tree, unnamedTaskFindings: unnamed)
        }
        // Never write outside the paths named on the command line, whatever links led there.
        FixRoots(paths: parsed.positionals, workingDirectory: context.workingDirectory).confine(&plan)
        var rowsToReview = 0
        if let writePlan {
            let review = ReviewPlan(proposing: plan, absolutePath: { absolute($0, in: context) })
            rowsToReview = review.files.reduce(0) { $0 + $1.rows.count }
            do throws(ReviewPlanError) {
                try ReviewPlanFile.write(review.text, to: absolute(writePlan, in: context), name: writePlan)
            } catch {
                context.printError(error.description)
                return .usageOrInputError
            }
        }
        // main.swift has installed InterruptCleanup: Ctrl-C while writing removes the temporaries in flight.
        if writes { FixWriter().write(&plan) }

        switch format {
        case "json":
            context.writeOutput(FixReport.json(plan, dryRun: !writes))
        default:
            if parsed.has("--suggest") {
                FixReport.suggestionLines(plan).forEach(context.print)
            } else if let writePlan {
                context.print(OutputLine.escaped("wrote \(writePlan): \(rowsToReview) site\(rowsToReview == 1 ? "" : "s") to review"))
            } else if parsed.has("--dry-run") {
                context.writeOutput(FixReport.diff(plan))
            } else {
                FixReport.editLines(plan).forEach(context.print)
            }
            FixReport.leftUnnamedLines(plan).forEach(context.print)
        }
        for problem in plan.problems {
            context.printError(OutputLine.escaped("\(problem.file): \(problem.kind == .syntaxErrors ? "note" : "error"): \(problem.message)"))
        }
        if !parsed.has("--quiet") {
            let suggestions = FixReport.suggestionLines(plan).count
            context.printError(parsed.has("--suggest")
                ? "\(suggestions) per-item site\(suggestions == 1 ? "" : "s") could carry an identity segment; \(plan.summary) (nothing written)"
                : plan.summary + (writes ? "" : writePlan != nil ? " (plan only: no source written)" : " (dry run: nothing written)"))
        }

        if hadInputErrors { return .usageOrInputError }
        if plan.problems.contains(where: { $0.kind != .syntaxErrors }) { return .findings }
        // As for lint, judged on what remains once the names are in.
        let named = Set(plan.edits.map { "\($0.file):\($0.line):\($0.column)" })
        let remaining = result.findings.filter { finding in
            !(["unnamed-task", "task-label-collision"].contains(finding.ruleID)
              && named.contains("\(finding.position.file):\(finding.position.line):\(finding.position.column)"))
        }
        let failing = parsed.has("--strict") ? !remaining.isEmpty : remaining.contains { $0.severity == .error }
        return failing ? .findings : .success
    }
}
