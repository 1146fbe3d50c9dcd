import TouchGestures
import TouchList

// The numbers of touchgestures.h's enums, each written here once, by hand, in a switch over the
// Swift cases: a case added to a Swift enum does not compile until it has its number, and no
// number is derived from an order (`tg_recognizer` was the arena's order plus one, so a
// recognizer added in the middle would have renumbered the rest of a published ABI).
// `TouchGesturesCTests` parses the header and holds every one of them to it.

/// `enum tg_event_type`'s number and the trace format's name of each kind.
@inline(__always) package func typeOf(_ output: ListController.Output) -> (Int32, StaticString) {
    switch output {
    case .gesture(let g): gestureTypeAndName(g.kind)
    case .list(let l):
        switch l.kind {
        case .rowSwipe: (20, "rowSwipe")
        case .select: (21, "select")
        case .deselect: (22, "deselect")
        case .check: (23, "check")
        case .scroll: (24, "scroll")
        case .snap: (25, "snap")
        case .loadMore: (26, "loadMore")
        case .refresh: (27, "refresh")
        case .page: (28, "page")
        case .rowOffset: (29, "rowOffset")
        case .fullSwipe: (30, "fullSwipe")
        case .rowAction: (31, "rowAction")
        case .edit: (32, "edit")
        case .rowMoved: (33, "rowMoved")
        case .rowDeleted: (34, "rowDeleted")
        case .rowInserted: (35, "rowInserted")
        }
    }
}

/// `enum tg_event_type`'s number for a kind of gesture a pattern names: its events' number, and
/// what `tg_engine_follow` takes for it.
@inline(__always) package func typeNumber(_ kind: GesturePattern.Kind) -> Int32 {
    switch kind {
    case .tap: 1
    case .swipe: 2
    case .longPress: 3
    case .pinch: 5
    case .rotate: 6
    case .sequence: 12
    }
}

/// A gesture's `enum tg_event_type` number and the trace format's name.
@inline(__always) package func gestureTypeAndName(_ kind: GestureEvent.Kind) -> (Int32, StaticString) {
    switch kind {
    case .tap: (typeNumber(.tap), "tap")
    case .swipe: (typeNumber(.swipe), "swipe")
    case .longPress: (typeNumber(.longPress), "longPress")
    case .pan: (4, "pan")
    case .pinch: (typeNumber(.pinch), "pinch")
    case .rotate: (typeNumber(.rotate), "rotate")
    case .fling: (7, "fling")
    case .drag: (11, "drag")
    case .sequence: (typeNumber(.sequence), "sequence")
    case .follow: (10, "follow")
    case .failed: (8, "failed")
    case .won: (9, "won")
    }
}

/// A way a followed pinch or rotation goes, as `tg_engine_follow` takes it.
package enum FollowWay: String, CaseIterable, Sendable {
    case `in`, out, clockwise, counterclockwise
}

/// `enum tg_way`'s number for `way`.
package func wayNumber(_ way: FollowWay) -> Int32 {
    switch way {
    case .in: 1
    case .out: 2
    case .clockwise: 3
    case .counterclockwise: 4
    }
}

/// `enum tg_recognizer`'s number for `name`.
@inline(__always) package func recognizerNumber(_ name: RecognizerName) -> Int32 {
    switch name {
    case .longPress: 1
    case .tap: 2
    case .pinch: 3
    case .rotate: 4
    case .swipe: 5
    case .pan: 6
    case .fling: 7
    case .drag: 8
    case .sequence: 9
    }
}

/// `enum tg_phase`'s number for `phase`.
@inline(__always) package func phaseNumber(_ phase: GesturePhase) -> Int32 {
    switch phase {
    case .began: 1
    case .changed: 2
    case .ended: 3
    case .cancelled: 4
    }
}

/// `enum tg_direction`'s number for `direction`.
@inline(__always) package func directionNumber(_ direction: SwipeDirection) -> Int32 {
    switch direction {
    case .left: 1
    case .right: 2
    case .up: 3
    case .down: 4
    case .upLeft: 5
    case .upRight: 6
    case .downLeft: 7
    case .downRight: 8
    }
}

/// `enum tg_edge`'s number for `edge`.
@inline(__always) package func edgeNumber(_ edge: ScreenEdge) -> Int32 {
    switch edge {
    case .left: 1
    case .right: 2
    case .top: 3
    case .bottom: 4
    case .topLeft: 5
    case .topRight: 6
    case .bottomLeft: 7
    case .bottomRight: 8
    }
}

/// `enum tg_snap`'s number for `kind`.
@inline(__always) package func snapNumber(_ kind: SnapKind) -> Int32 {
    switch kind {
    case .cell: 1
    case .section: 2
    case .edge: 3
    }
}

/// `enum tg_side`'s number for `side`.
@inline(__always) package func sideNumber(_ side: RowSide) -> Int32 {
    switch side {
    case .leading: 1
    case .trailing: 2
    }
}

/// `enum tg_cell_kind`'s number for what a cell shows.
@inline(__always) package func cellKindNumber(_ item: ListItem) -> Int32 {
    switch item {
    case .row: 0
    case .header: 1
    case .loadMore: 2
    case .loading: 3
    }
}
