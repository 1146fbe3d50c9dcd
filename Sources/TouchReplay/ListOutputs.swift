import TouchGestures
import TouchList
import TouchTrace

// The list's outputs in the trace format: the list half of what `touchtrace replay --json`
// writes and expectations are checked against (the gesture half is in TouchTrace).

extension ListEvent {
    /// `t`, `type`, then the type's fields.
    package func writeFields<Sink: OutputFieldSink>(to w: inout Sink) {
        w.number("t", time)
        w.string("type", kind.type)
        switch kind {
        case .rowSwipe(let row, let side):
            w.number("row", Double(row))
            w.bool("swiped", side != nil)
            if let side { w.string("side", side.rawValue) } else { w.null("side") }
        case .select(let row), .deselect(let row):
            w.number("row", Double(row))
        case .scroll(let offset, let momentum):
            w.number("offset", offset)
            w.bool("momentum", momentum)
        case .check(let row, let checked):
            w.number("row", Double(row))
            w.bool("checked", checked)
        case .snap(let offset, let kind):
            w.number("offset", offset)
            w.string("to", kind.rawValue)
        case .loadMore(let page):
            w.number("page", Double(page))
        case .refresh:
            break
        case .page(let page, let rows):
            w.number("page", Double(page))
            if let rows { w.number("rows", Double(rows)) } else { w.null("rows") }
            w.bool("failed", rows == nil)
        case .rowOffset(let row, let offset):
            w.number("row", Double(row))
            w.number("offset", offset)
        case .fullSwipe(let row, let side):
            w.number("row", Double(row))
            w.string("side", side.rawValue)
        case .rowAction(let row, let side, let index):
            w.number("row", Double(row))
            w.string("side", side.rawValue)
            w.number("index", Double(index))
        case .edit(let deleted, let inserted, let moved):
            w.number("deleted", Double(deleted))
            w.number("inserted", Double(inserted))
            w.number("moved", Double(moved))
        case .rowDeleted(let row), .rowInserted(let row):
            w.number("row", Double(row))
        case .rowMoved(let from, let to):
            w.number("from", Double(from))
            w.number("to", Double(to))
        }
    }
}

extension ListEvent {
    /// The event as the trace format's output object: `t`, `type`, then the type's fields.
    public var jsonObject: JSONObject {
        var sink = JSONObjectSink()
        writeFields(to: &sink)
        return sink.object
    }
}

extension ListController.Output {
    /// The output as the trace format's output object.
    public var jsonObject: JSONObject {
        switch self {
        case .gesture(let g): g.jsonObject
        case .list(let l): l.jsonObject
        }
    }

    /// One line of `touchtrace replay --json`.
    public var jsonLine: String { JSONValue.object(jsonObject).serialized() }
}

extension JSONLineBuffer {
    /// Appends `output`'s line and a newline.
    public func append(_ output: ListController.Output) {
        appendLine { w in
            switch output {
            case .gesture(let g): g.writeFields(to: &w)
            case .list(let l): l.writeFields(to: &w)
            }
        }
    }
}
