import Foundation

/// `taskwarden trace render TRACE.json -o timeline.html`: the logic behind the subcommand, kept here so the
/// command-line file only wires it up (and so it is tested without a process).
///
/// ```swift
/// let options = try TraceRenderCommand.parse(["render", "trace.json", "-o", "timeline.html"])
/// let summary = try TraceRenderCommand.run(options, workingDirectory: "/tmp")
/// print(summary)   // wrote timeline.html: 312 rows in 3 groups, 312 spans over 2.41 s
/// ```
public enum TraceRenderCommand {
    public static let summary = "Render a Chrome trace (TaskWarden's or any tool's) as a self-contained HTML timeline."

    public static let usage = """
        usage: taskwarden trace render TRACE.json [-o OUTPUT.html] [--title TITLE]

        Reads Chrome Trace Event JSON (as written by TaskWarden's TraceRecorder, Perfetto's JSON export,
        chrome://tracing or other tools) and writes one HTML file with no external resources: one row per
        task, labelled with its name, grouped by name prefix, with hover details and zoom. Events it cannot
        use (no "ph", no finite "ts", ...) are skipped and named on standard error.

        The trace must be a regular file. The page is written only as a regular file, and replaces only an
        earlier page: an OUTPUT that is a symbolic link, FIFO, device or directory, is the trace itself, or is
        any other non-empty file that does not start like a timeline trace render wrote (a Swift source, say)
        is refused (exit status 2). Rendering again over the previous timeline replaces it.

        options:
          -o, --output PATH   where to write the page (default: TRACE with the extension .html)
          --title TITLE       the page title (default: the trace's file name)
          -h, --help          show this help
        """

    /// What to render, from the command line.
    public struct Options: Equatable, Sendable {
        public var tracePath: String
        public var outputPath: String
        public var title: String

        public init(tracePath: String, outputPath: String, title: String) {
            self.tracePath = tracePath
            self.outputPath = outputPath
            self.title = title
        }
    }

    /// A command line that cannot be run, with the reason.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    /// Parses the arguments after `trace`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        guard let verb = arguments.first else {
            throw UsageError(description: "missing action: expected 'taskwarden trace render TRACE.json -o OUTPUT.html'")
        }
        guard verb == "render" else {
            throw UsageError(description: "unknown action '\(verb)' for 'taskwarden trace' (known: render)")
        }
        var trace: String?
        var output: String?
        var title: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "-o", "--output", "--title":
                guard let value = rest.popFirst() else { throw UsageError(description: "\(argument) needs a value") }
                // An empty output is a shell variable that expanded to nothing: resolved, it would name the
                // working folder.
                if value.isEmpty, argument != "--title" { throw UsageError(description: "\(argument): the path is empty") }
                if argument == "--title" { title = value } else { output = value }
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    throw UsageError(description: "unknown option '\(argument)' for 'taskwarden trace render'")
                }
                guard trace == nil else {
                    throw UsageError(description: "unexpected extra argument '\(argument)' (one trace file at a time)")
                }
                trace = argument
            }
        }
        guard let trace else { throw UsageError(description: "missing TRACE.json: the trace file to render") }
        let defaultOutput = (trace as NSString).deletingPathExtension + ".html"
        return Options(
            tracePath: trace, outputPath: output ?? defaultOutput,
            title: title ?? (trace as NSString).lastPathComponent)
    }

    /// Reads, renders and writes; returns a one-line summary. Relative paths are resolved against
    /// `workingDirectory`. Events that were skipped are reported through `warn`, one line per reason naming the
    /// first of them (`'t.json': skipped 1 event with a non-finite or out-of-range "ts": event 3 "price:1" (ts
    /// inf)`); they do not fail the run while something is left to draw.
    ///
    /// The trace must be a regular file. The page is written as a regular file only: an output path holding
    /// a symbolic link, FIFO, device or directory is refused, and so are the trace itself and any non-empty
    /// file that is not an earlier page (``TraceFiles``).
    public static func run(
        _ options: Options, workingDirectory: String, warn: (String) -> Void = { _ in }
    ) throws(TimelineError) -> String {
        let input = resolve(options.tracePath, in: workingDirectory)
        let output = resolve(options.outputPath, in: workingDirectory)
        let trace = try TraceFiles.openTrace(at: input, name: options.tracePath)
        defer { close(trace.descriptor) }
        // Refuse a bad output before reading what may be a large trace; checked again before the rename.
        try TraceFiles.checkOutput(at: output, name: options.outputPath, trace: trace)
        let timeline = try ChromeTraceParser.parse(
            ByteInput(.file(descriptor: trace.descriptor, path: options.tracePath)), source: options.tracePath)
        for explanation in timeline.skipped.explanations {
            warn("'\(options.tracePath)': skipped \(explanation)")
        }
        try TraceFiles.replace(output, name: options.outputPath, trace: trace) { writer throws(TimelineError) in
            var work = RenderWork()
            try TimelineHTMLRenderer.write(timeline, title: options.title, to: &writer, work: &work)
        }
        let seconds = (timeline.end - timeline.start) / 1_000_000
        var line = "wrote \(options.outputPath): \(timeline.tracks.count) rows in \(timeline.groups.count) groups, "
            + "\(timeline.spanCount) spans over \(String(format: "%.3f", seconds)) s"
        if timeline.skipped.total > 0 { line += " (\(timeline.skipped.total) events skipped)" }
        return line
    }

    static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
