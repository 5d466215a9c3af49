import TaskWardenInspect
import TaskWardenLint

/// A ``TaskSnapshot`` as one JSON object for scripts (`taskwarden tasks --format json`), keys in a fixed
/// order. Written by hand (no Foundation): the reader and this writer run in a statically linked binary.
///
/// ```json
/// {"pid":4242,"process":"price-check","runtime":{"release":"Swift 6.3.1",…},"count":14,"changedWhileRead":0,
///  "tasks":[{"id":19,"name":"price:4471","kind":"group-child","parent":4,"children":[],"state":"suspended",
///  "waitingOn":{"kind":"continuation"},"priority":"medium","basePriority":"medium","cancelled":false,
///  "address":"0x7f3c2c0047c0","frames":[{"function":"PriceService.quote(for:)","file":"/src/…/PriceService.swift","line":52,"image":"price-check","address":"0x55…"}]}]}
/// ```
enum TasksJSON {
    static func render(_ snapshot: TaskSnapshot, selection: TaskSelection = TaskSelection()) -> String {
        let shown = selection.apply(to: snapshot)
        var out = "{"
        out += "\"pid\":\(snapshot.pid),\"process\":\(string(snapshot.processName)),"
        out += "\"runtime\":{\"release\":\(string(snapshot.release)),\"file\":\(string(snapshot.runtime.path)),"
        out += "\"staticallyLinked\":\(snapshot.runtime.isStaticallyLinked),\"layoutVersion\":\(snapshot.runtime.layoutVersion),"
        out += "\"buildID\":\(snapshot.runtime.buildID.map(string) ?? "null")},"
        out += "\"readMicroseconds\":\(microseconds(snapshot.readTime)),"
        out += "\"frozenMicroseconds\":\(snapshot.frozenFor.map { String(microseconds($0)) } ?? "null"),"
        out += "\"bytesScanned\":\(snapshot.bytesScanned),\"candidates\":\(snapshot.candidates),"
        out += "\"count\":\(snapshot.tasks.count),\"changedWhileRead\":\(snapshot.changedWhileRead),\"tasks\":["
        var first = true
        for task in snapshot.tasks where shown.contains(task.id) {
            if !first { out += "," }
            first = false
            out += object(task)
        }
        return out + "]}"
    }

    static func object(_ task: InspectedTask) -> String {
        var out = "{\"id\":\(task.id),\"name\":\(task.name.map(string) ?? "null"),\"kind\":\(string(task.kind.rawValue)),"
        out += "\"parent\":\(task.parentID.map { String($0) } ?? "null"),"
        out += "\"children\":[\(task.childIDs.map(String.init).joined(separator: ","))],"
        out += "\"state\":\(string(task.state.rawValue)),\"waitingOn\":\(wait(task.waitingOn)),"
        out += "\"priority\":\(string(task.priority.description)),\"basePriority\":\(string(task.basePriority.description)),"
        out += "\"cancelled\":\(task.isCancelled),\"address\":\(string(hex(task.address))),\"frames\":["
        out += task.frames.map { frame in
            "{\"function\":\(frame.function.map(string) ?? "null"),\"file\":\(frame.file.map(string) ?? "null"),"
                + "\"line\":\(frame.line.map { String($0) } ?? "null"),\"image\":\(string(frame.image)),\"address\":\(string(hex(frame.address)))}"
        }.joined(separator: ",")
        return out + "]}"
    }

    static func wait(_ wait: TaskWait?) -> String {
        switch wait {
        case nil: return "null"
        case .task(let id, let name)?: return "{\"kind\":\"task\",\"task\":\(id),\"name\":\(name.map(string) ?? "null")}"
        case .continuation?: return "{\"kind\":\"continuation\"}"
        case .group(let children)?: return "{\"kind\":\"group\",\"children\":[\(children.map(String.init).joined(separator: ","))]}"
        case .executor(let executor)?:
            return "{\"kind\":\"executor\",\"address\":\(string(hex(executor.address))),\"type\":\(executor.typeName.map(string) ?? "null")}"
        }
    }

    static func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped.
    static func string(_ text: String) -> String { TextEscaping.jsonString.quoted(text) }
}
