/// Writes ``TraceRecorder`` records as Chrome Trace Event JSON.
///
/// Format (the "JSON Object Format" of the Trace Event spec): metadata naming the process, then for each
/// interval an async nestable begin (`b`) and end (`e`) with the same `cat` and `id`, so that each interval gets
/// its own track named by its message. Events inside an interval are async instants (`n`) on that interval's
/// track; events outside any interval are process-scoped instants (`i`). Timestamps are microseconds with
/// nanosecond decimals.
enum ChromeTraceEncoder {
    static let processID = 1

    static func encode(_ records: [TraceRecorder.Record], processName: String) -> String {
        var out = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        out.reserveCapacity(64 + records.count * 160)
        out += "{\"ph\":\"M\",\"pid\":\(processID),\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":"
        appendQuoted(processName, to: &out)
        out += "}}"
        // End records carry no message; look it up from the begin so the pair has one name. Events inside an
        // interval take its category too: viewers put async events on one track by (category, id).
        var messages: [UInt64: String] = [:]
        var categories: [UInt64: String] = [:]
        for record in records where record.phase == .begin {
            messages[record.id] = record.message
            categories[record.id] = record.name.description
        }
        var ended = Set<UInt64>()
        for record in records {
            // An interval ends once: a second end (closing twice is ignored, per `TaskTracer`) or an end whose begin is
            // not in the recording would reach a viewer as an unmatched `e`.
            if record.phase == .end, messages[record.id] == nil || !ended.insert(record.id).inserted { continue }
            out += ",\n{\"ph\":"
            switch record.phase {
            case .begin:
                appendAsync("b", category: record.name.description, name: record.message, id: record.id, to: &out)
            case .end:
                appendAsync(
                    "e", category: record.name.description, name: messages[record.id] ?? record.name.description,
                    id: record.id, to: &out)
            case .event where record.id != 0:
                appendAsync(
                    "n", category: categories[record.id] ?? record.name.description, name: record.message,
                    id: record.id, to: &out)
            case .event:
                out += "\"i\",\"s\":\"p\",\"cat\":"
                appendQuoted(record.name.description, to: &out)
                out += ",\"name\":"
                appendQuoted(record.message, to: &out)
            }
            out += ",\"pid\":\(processID),\"tid\":0,\"ts\":"
            appendMicroseconds(record.time, to: &out)
            if record.phase == .event {
                out += ",\"args\":{\"event\":"
                appendQuoted(record.name.description, to: &out)
                out += "}"
            }
            if record.phase == .begin {
                out += ",\"args\":{\"task\":\(record.task),\"parentTask\":\(record.parentTask),"
                out += "\"interval\":\(record.id),\"parentInterval\":\(record.parent)}"
            }
            out += "}"
        }
        out += "\n]}\n"
        return out
    }

    /// Appends the phase, category, name and id of an async event (`b`, `e` or `n`): the fields by which a
    /// viewer puts it on its interval's track.
    static func appendAsync(_ phase: String, category: String, name: String, id: UInt64, to out: inout String) {
        out += "\"\(phase)\",\"cat\":"
        appendQuoted(category, to: &out)
        out += ",\"name\":"
        appendQuoted(name, to: &out)
        out += ",\"id\":\"0x\(String(id, radix: 16))\""
    }

    /// Appends `duration` as microseconds with three decimals (nanoseconds), e.g. `1500.250`.
    static func appendMicroseconds(_ duration: Duration, to out: inout String) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1000)
        out += "\(sign)\(magnitude / 1000)."
        out += String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Appends `text` as a JSON string literal.
    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"  // harmless in JSON; keeps `</script>` out of HTML that embeds it
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
