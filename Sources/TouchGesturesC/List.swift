import TouchGestures
import TouchList
import TouchTrace
import TouchReplay

/// `struct tg_list`: a list's controller, the touches being gathered, its event queue, and
/// the cells last laid out.
final class CList: TouchSession<ListController> {
    @exclusivity(unchecked) var cells: [VisibleCell] = []
}

/// `tg_list_new()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_new")
public func tg_list_new(_ traceJSON: UnsafePointer<CChar>?) -> OpaquePointer? {
    made { () throws(Refusal) in
        let text = try bytes(traceJSON, "tg_list_new", "trace_json")
        // The header alone: the events are documented as ignored, so they are not read (a trace
        // whose events were invalid was refused).
        let read = TraceReader.diagnoseHeader(bytes: text, name: "trace")
        guard let trace = read.trace else { throw Refusal(.badInput, message(read.diagnostics)) }
        let header = trace.header
        // A trace's edits are its record of what an app did; a list made here is edited by its
        // caller (they were dropped without a word).
        if let edits = header.sceneList?.edits, !edits.isEmpty {
            throw Refusal(.badInput, "tg_list_new: `scene.list.edits` is a trace's record of an app's edits (\(edits.count) here); a list made by tg_list_new is edited with tg_list_edit()")
        }
        let controller = TraceReplay.makeController(header: header)
        // A trace's points are in its surface's units, unturned.
        let feed = TouchFeed(rotation: .none, panelWidth: header.surface.width, panelHeight: header.surface.height)
        return CList(core: controller, feed: feed)
    }
}

/// `tg_list_destroy()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_destroy")
public func tg_list_destroy(_ list: OpaquePointer?) { release(list, as: CList.self) }

/// `tg_list_touch()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_touch")
public func tg_list_touch(_ list: OpaquePointer?, _ time: Double, _ id: Int32, _ phase: Int32, _ x: Double, _ y: Double) -> Int32 {
    CList.touch(list, "tg_list_touch", "list", time: time, id: id, phase: phase, x: x, y: y)
}

/// `tg_list_frame()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_frame") @inline(__always)
public func tg_list_frame(_ list: OpaquePointer?) -> Int32 { CList.frame(list, "tg_list_frame", "list") }

/// `tg_list_advance()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_advance")
public func tg_list_advance(_ list: OpaquePointer?, _ time: Double) -> Int32 {
    CList.advance(list, "tg_list_advance", "list", to: time)
}

/// `tg_list_edit()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_edit")
public func tg_list_edit(_ list: OpaquePointer?, _ time: Double,
                         _ deleted: UnsafePointer<Int32>?, _ deletedCount: Int,
                         _ inserted: UnsafePointer<Int32>?, _ insertedCount: Int,
                         _ moves: UnsafePointer<Int32>?, _ moveCount: Int) -> Int32 {
    with(list, "tg_list_edit", "list") { (l: CList) in
        attempt { () throws(Refusal) in
            try l.feed.check(advanceTo: time, function: "tg_list_edit")
            func rows(_ p: UnsafePointer<Int32>?, _ n: Int, _ what: String) throws(Refusal) -> [Int] {
                guard n != 0 else { return [] }
                guard n > 0, n <= 10_000_000 else { throw Refusal(.invalidArgument, "tg_list_edit: \(what) count \(n) is out of range (0 to 10,000,000)") }
                guard let p else { throw Refusal(.invalidArgument, "tg_list_edit: \(what) is NULL with a count of \(n)") }
                return (0..<n).map { Int(p[$0]) }
            }
            let gone = try rows(deleted, deletedCount, "deleted")
            let new = try rows(inserted, insertedCount, "inserted")
            guard moveCount >= 0, moveCount <= 5_000_000 else { throw Refusal(.invalidArgument, "tg_list_edit: move count \(moveCount) is out of range") }
            let pairs = try rows(moves, moveCount * 2, "moves")
            let edits = ListEdits(deleting: gone, inserting: new,
                                  moving: stride(from: 0, to: pairs.count, by: 2).map { RowMove(from: pairs[$0], to: pairs[$0 + 1]) })
            do throws(ListEditError) {
                // Checked before anything happens: a refused edit changes nothing.
                try l.core.list.validate(edits)
                // A frame gathered and not yet run is earlier than the edit: it goes first.
                l.runGathered()
                try l.core.performEdits(edits, at: time) { l.queue.put($0) }
                l.feed.passed(to: time)
            } catch {
                throw Refusal(.invalidArgument, "tg_list_edit: \(error)")
            }
        }
    }
}

/// `tg_list_next_deadline()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_next_deadline")
public func tg_list_next_deadline(_ list: OpaquePointer?) -> Double { CList.nextDeadline(list) }

/// `tg_list_is_animating()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_is_animating")
public func tg_list_is_animating(_ list: OpaquePointer?) -> Int32 {
    on(list, else: 0) { (l: CList) in l.core.isAnimating ? 1 : 0 }
}

/// `tg_list_finish()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_finish")
public func tg_list_finish(_ list: OpaquePointer?) -> Int32 { CList.finish(list, "tg_list_finish", "list") }

/// `tg_list_next_event()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_next_event") @inline(__always)
public func tg_list_next_event(_ list: OpaquePointer?) -> OpaquePointer? { CList.nextEvent(list) }

/// `tg_list_row_count()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_row_count")
public func tg_list_row_count(_ list: OpaquePointer?) -> Int32 {
    on(list, else: 0) { (l: CList) in Int32(clamping: l.core.list.rowCount) }
}

/// `tg_list_content_offset()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_content_offset")
public func tg_list_content_offset(_ list: OpaquePointer?) -> Double {
    on(list, else: .nan) { (l: CList) in l.core.list.contentOffset }
}

/// `tg_list_row_offset()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_row_offset")
public func tg_list_row_offset(_ list: OpaquePointer?, _ row: Int32) -> Double {
    on(list, else: .nan) { (l: CList) in
        row >= 0 && Int(row) < l.core.list.rowCount ? l.core.list.rowSwipes.offset(ofRow: Int(row)) : .nan
    }
}

/// `tg_list_row_is_swiped()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_row_is_swiped")
public func tg_list_row_is_swiped(_ list: OpaquePointer?, _ row: Int32) -> Int32 {
    on(list, else: -1) { (l: CList) in
        row >= 0 && Int(row) < l.core.list.rowCount ? (l.core.list.rowSwipes.isSwiped(Int(row)) ? 1 : 0) : -1
    }
}

/// `tg_list_selected_row()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_selected_row")
public func tg_list_selected_row(_ list: OpaquePointer?) -> Int32 {
    on(list, else: -1) { (l: CList) in l.core.list.selectedRow.map { Int32(clamping: $0) } ?? -1 }
}

/// `tg_list_layout()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_layout")
public func tg_list_layout(_ list: OpaquePointer?) -> Int32 {
    with(list, "tg_list_layout", "list") { (l: CList) in
        l.cells = l.core.list.layoutCells()
        return Int32(l.cells.count)
    }
}

/// `tg_list_cell_drawn()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_cell_drawn")
public func tg_list_cell_drawn(_ list: OpaquePointer?, _ index: Int32, _ y: UnsafeMutablePointer<Double>?,
                               _ height: UnsafeMutablePointer<Double>?) -> Int32 {
    with(list, "tg_list_cell_drawn", "list") { (l: CList) in
        guard index >= 0, Int(index) < l.cells.count else {
            return refuse(.invalidArgument, "tg_list_cell_drawn: index \(index) is not among the \(l.cells.count) cells of the last tg_list_layout()")
        }
        // Before any time was given there is no animation to apply: the cell as laid out.
        let time = l.core.time.isFinite ? l.core.time : 0
        let drawn = l.core.list.drawn(l.cells[Int(index)], at: time)
        y?.pointee = drawn.y
        height?.pointee = drawn.height
        return Status.ok.rawValue
    }
}

/// `tg_list_cell()` of touchgestures.h, where it is documented.
@_cdecl("tg_list_cell")
public func tg_list_cell(_ list: OpaquePointer?, _ index: Int32, _ cell: UnsafeMutableRawPointer?) -> Int32 {
    with(list, "tg_list_cell", "list") { (l: CList) in
        guard let cell else { return refuse(.invalidArgument, "tg_list_cell: cell is NULL") }
        guard index >= 0, Int(index) < l.cells.count else {
            return refuse(.invalidArgument, "tg_list_cell: index \(index) is not among the \(l.cells.count) cells of the last tg_list_layout()")
        }
        let c = l.cells[Int(index)]
        let kind = cellKindNumber(c.item)
        let number: Int32 = switch c.item {
        case .row(let r): Int32(clamping: r)
        case .header(let s): Int32(clamping: s)
        case .loadMore, .loading: -1
        }
        // `struct tg_cell`: four ints, then two doubles (offsets 0, 4, 8, 12, 16, 24 on every
        // ABI with 4-byte ints and 8-byte aligned doubles; Tests/CAPI/checks.c reads them back).
        cell.storeBytes(of: kind, toByteOffset: 0, as: Int32.self)
        cell.storeBytes(of: number, toByteOffset: 4, as: Int32.self)
        cell.storeBytes(of: Int32(clamping: c.slot), toByteOffset: 8, as: Int32.self)
        cell.storeBytes(of: c.pinned ? 1 : 0, toByteOffset: 12, as: Int32.self)
        cell.storeBytes(of: c.y, toByteOffset: 16, as: Double.self)
        cell.storeBytes(of: c.height, toByteOffset: 24, as: Double.self)
        return Status.ok.rawValue
    }
}
