import Testing
@testable import TouchGestures

/// ``GesturePattern``: the one test of a recognized gesture against the gesture a binding or a
/// follow request names, written from its rules.
@Suite("Gesture patterns: which gesture, and the first test a gesture fails")
struct GesturePatternTests {
    static let swipeUp = GesturePattern(.swipe, direction: .up, fingers: 1, edge: .edge(.bottom))

    @Test("a field left nil or any takes every value")
    func unsetFieldsTakeAnything() {
        let any = GesturePattern(.swipe)
        for d in SwipeDirection.allCases {
            for edge in [nil] + ScreenEdge.allCases {
                #expect(any.mismatch(GesturePattern(.swipe, direction: d, fingers: 3, edge: .init(edge))) == nil)
            }
        }
    }

    @Test("the tests come in order: kind, fingers, the kind's own field, edge")
    func testsInOrder() {
        let wrongEverything = GesturePattern(.swipe, direction: .left, fingers: 2, edge: .edge(.top))
        #expect(Self.swipeUp.mismatch(GesturePattern(.tap, fingers: 2)) == .kind)
        #expect(Self.swipeUp.mismatch(wrongEverything) == .fingers(1))
        #expect(Self.swipeUp.mismatch(GesturePattern(.swipe, direction: .left, fingers: 1, edge: .edge(.top))) == .direction(.up))
        #expect(Self.swipeUp.mismatch(GesturePattern(.swipe, direction: .up, fingers: 1, edge: .edge(.top))) == .edge)
        #expect(Self.swipeUp.mismatch(GesturePattern(.swipe, direction: .up, fingers: 1, edge: .edge(.bottom))) == nil)
        let pinchOut = GesturePattern(.pinch, pinch: .out)
        #expect(pinchOut.mismatch(GesturePattern(.pinch, pinch: .in, fingers: 2, edge: .none)) == .pinch(.out))
        let clockwise = GesturePattern(.rotate, turn: .clockwise)
        #expect(clockwise.mismatch(GesturePattern(.rotate, turn: .counterclockwise, fingers: 2, edge: .none)) == .turn(.clockwise))
        #expect(GesturePattern(.tap, taps: 2).mismatch(GesturePattern(.tap, taps: 1, fingers: 1, edge: .none)) == .taps(2))
    }

    @Test("a kind's own field is tested for that kind only: a tap's count never fails a swipe")
    func ownFieldOnly() {
        var swipe = GesturePattern(.swipe)
        swipe.taps = 2
        swipe.pinch = .in
        #expect(swipe.mismatch(GesturePattern(.swipe, direction: .up, fingers: 1, edge: .none)) == nil)
    }

    @Test("a side takes the corners that touch it; a corner only itself; none only a gesture from no edge")
    func edges() {
        let bottom = GesturePattern.Edge.edge(.bottom)
        #expect(bottom.admits(.bottom) && bottom.admits(.bottomLeft) && bottom.admits(.bottomRight))
        #expect(!bottom.admits(.top) && !bottom.admits(.topLeft) && !bottom.admits(nil))
        let corner = GesturePattern.Edge.edge(.bottomLeft)
        #expect(corner.admits(.bottomLeft) && !corner.admits(.bottom) && !corner.admits(.left))
        #expect(GesturePattern.Edge.none.admits(nil) && !GesturePattern.Edge.none.admits(.left))
        #expect(GesturePattern.Edge(nil) == .none && GesturePattern.Edge(.top) == .edge(.top))
        #expect(GesturePattern.Edge.any.screenEdge == nil && GesturePattern.Edge.edge(.top).screenEdge == .top)
    }

    @Test("each kind is its recognizer's, and back; the pan, the fling and the drag are no kind")
    func kindsAndRecognizers() {
        for k in GesturePattern.Kind.allCases { #expect(GesturePattern.Kind(k.recognizer) == k) }
        for r in RecognizerName.allCases where ![.pan, .fling, .drag].contains(r) { #expect(GesturePattern.Kind(r)?.recognizer == r) }
        #expect(GesturePattern.Kind(.pan) == nil && GesturePattern.Kind(.fling) == nil && GesturePattern.Kind(.drag) == nil)
        #expect(GesturePattern.Kind(.sequence) == .sequence)
    }

    @Test("a sequence's pattern tests its index, and any sequence when it gives none")
    func sequenceIndices() {
        let done = GesturePattern(.sequence, fingers: 1, sequence: 2)
        #expect(GesturePattern(.sequence, sequence: 2).mismatch(done) == nil)
        #expect(GesturePattern(.sequence).mismatch(done) == nil)
        #expect(GesturePattern(.sequence, sequence: 0).mismatch(done) == .sequence(0))
        #expect(GesturePattern(.swipe).mismatch(done) == .kind)
        // Plain values, as the follow reports that carry them are copied as bytes; the index
        // adds 7 bytes to the 26 a pattern had (a String name made every event 40 bytes longer).
        #expect(_isPOD(GesturePattern.self) && MemoryLayout<GesturePattern>.size <= 33)
    }
}
