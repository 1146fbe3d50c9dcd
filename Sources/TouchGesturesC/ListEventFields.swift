internal import CPlatform
import TouchGestures
import TouchList
import TouchTrace
import TouchReplay

// The list outputs' fields, as `tg_event_get_*` gives them (Events.swift has the queue and the
// gestures' fields).

// MARK: List fields

/// `tg_event_get_row()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_row")
public func tg_event_get_row(_ event: OpaquePointer?) -> Int32 {
    switch listEvent(event) {
    case .rowSwipe(let row, _)?, .select(let row)?, .deselect(let row)?, .check(let row, _)?,
         .rowOffset(let row, _)?, .fullSwipe(let row, _)?, .rowAction(let row, _, _)?,
         .rowDeleted(let row)?, .rowInserted(let row)?:
        Int32(clamping: row)
    default: -1
    }
}

/// `tg_event_get_index()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_index")
public func tg_event_get_index(_ event: OpaquePointer?) -> Int32 {
    switch listEvent(event) {
    case .rowAction(_, _, let index)?: Int32(clamping: index)
    default: -1
    }
}

/// `tg_event_get_from()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_from")
public func tg_event_get_from(_ event: OpaquePointer?) -> Int32 {
    if case .rowMoved(let from, _)? = listEvent(event) { return Int32(clamping: from) }
    return -1
}

/// `tg_event_get_to()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_to")
public func tg_event_get_to(_ event: OpaquePointer?) -> Int32 {
    if case .rowMoved(_, let to)? = listEvent(event) { return Int32(clamping: to) }
    return -1
}

/// The three yes-or-no facts of list events, each for the one output that has it.
private func swiped(_ kind: ListEvent.Kind) -> Bool? { if case .rowSwipe(_, let side) = kind { side != nil } else { nil } }
private func checked(_ kind: ListEvent.Kind) -> Bool? { if case .check(_, let v) = kind { v } else { nil } }
private func momentum(_ kind: ListEvent.Kind) -> Bool? { if case .scroll(_, let v) = kind { v } else { nil } }

/// 1 or 0 for `fact` of the event, -1 for an event that has no such fact.
@inline(__always) private func oneOrZero(_ event: OpaquePointer?, _ fact: (ListEvent.Kind) -> Bool?) -> Int32 {
    guard let kind = listEvent(event), let value = fact(kind) else { return -1 }
    return value ? 1 : 0
}

/// `tg_event_get_swiped()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_swiped")
public func tg_event_get_swiped(_ event: OpaquePointer?) -> Int32 { oneOrZero(event, swiped) }

/// `tg_event_get_checked()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_checked")
public func tg_event_get_checked(_ event: OpaquePointer?) -> Int32 { oneOrZero(event, checked) }

/// `tg_event_get_momentum()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_momentum")
public func tg_event_get_momentum(_ event: OpaquePointer?) -> Int32 { oneOrZero(event, momentum) }

/// `tg_event_get_offset()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_offset")
public func tg_event_get_offset(_ event: OpaquePointer?) -> Double {
    switch listEvent(event) {
    case .scroll(let offset, _)?, .snap(let offset, _)?, .rowOffset(_, let offset)?: offset
    default: .nan
    }
}

/// `tg_event_get_snap()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_snap")
public func tg_event_get_snap(_ event: OpaquePointer?) -> Int32 {
    guard case .snap(_, let kind)? = listEvent(event) else { return 0 }
    return snapNumber(kind)
}

/// `tg_event_get_page()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_page")
public func tg_event_get_page(_ event: OpaquePointer?) -> Int32 {
    switch listEvent(event) {
    case .loadMore(let page)?, .page(let page, _)?: Int32(clamping: page)
    default: -1
    }
}

/// `tg_event_get_page_rows()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_page_rows")
public func tg_event_get_page_rows(_ event: OpaquePointer?) -> Int32 {
    guard case .page(_, let rows)? = listEvent(event) else { return -1 }
    return rows.map { Int32(clamping: $0) } ?? -1
}

/// `tg_event_get_side()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_side")
public func tg_event_get_side(_ event: OpaquePointer?) -> Int32 {
    switch listEvent(event) {
    case .fullSwipe(_, let side)?, .rowAction(_, let side, _)?: sideNumber(side)
    case .rowSwipe(_, let side?)?: sideNumber(side)
    default: 0
    }
}
