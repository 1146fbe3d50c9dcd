/// Which recognizers take part, which recognize together, and which wait for others to fail.
///
/// The arena's rule, in one sentence: **a recognizer that claims a touch sequence wins it at
/// once unless a recognizer it waits for is still undecided — then its claim is held until that
/// one fails (and it wins) or wins (and it loses) — and every win rejects each undecided
/// recognizer that is not declared to recognize together with the winner, a pan locked to an
/// axis recognizing together only with swipes along that axis.**
///
/// Defaults: every recognizer takes part; pinch and rotation recognize together, and so do pan,
/// swipe and fling (a drag may be a swipe and end in a fling); nothing waits. The rest settles
/// by who claims first: a long press claims when its time passes, a pan when it passes its slop,
/// a tap when its fingers lift, so a press held still becomes a long press, a press that moves
/// becomes a pan, and a short one a tap. Whether a single tap waits for a double tap is the tap
/// recognizer's own business: it waits only while ``GestureSettings/Tap/maxCount`` is 2 or more.
public struct ArenaSettings: Hashable, Sendable {
    /// The recognizers that take part. Default: all but ``RecognizerName/drag``, which a list
    /// whose rows slide turns on.
    public var enabled: RecognizerSet = RecognizerSet(rawValue: RecognizerSet.all.rawValue & ~RecognizerSet(.drag).rawValue)
    // Per recognizer (by index): the recognizers it recognizes together with / waits for.
    private var togetherWith = [RecognizerSet](repeating: [], count: RecognizerName.allCases.count)
    private var waiting = [RecognizerSet](repeating: [], count: RecognizerName.allCases.count)

    /// The defaults: everyone but the drag takes part, pinch and rotation recognize together,
    /// and so do pan, swipe and fling; the drag recognizes together with everyone but the pan
    /// (a row that follows the finger leaves the rest of the touch as it was).
    public init() {
        recognizeTogether(.pinch, .rotate)
        recognizeTogether(.pan, .swipe)
        recognizeTogether(.pan, .fling)
        recognizeTogether(.swipe, .fling)
        for r in RecognizerName.allCases where r != .drag && r != .pan { recognizeTogether(.drag, r) }
    }

    /// Lets `a` and `b` both win the same touch sequence.
    public mutating func recognizeTogether(_ a: RecognizerName, _ b: RecognizerName) {
        togetherWith[a.index].insert(RecognizerSet(b))
        togetherWith[b.index].insert(RecognizerSet(a))
    }

    /// Makes `a` and `b` exclusive: the first to win rejects the other.
    public mutating func recognizeApart(_ a: RecognizerName, _ b: RecognizerName) {
        togetherWith[a.index].remove(RecognizerSet(b))
        togetherWith[b.index].remove(RecognizerSet(a))
    }

    /// Makes `a` wait for `b` to fail: a claim by `a` is held while `b` is undecided, granted
    /// when `b` fails and refused when `b` wins.
    public mutating func require(_ a: RecognizerName, toWaitFor b: RecognizerName) {
        waiting[a.index].insert(RecognizerSet(b))
    }

    /// Removes every waiting requirement of `a`.
    public mutating func removeRequirements(of a: RecognizerName) { waiting[a.index] = [] }

    /// True when `a` and `b` may both win the same touch sequence.
    @inlinable public func recognizeTogether(_ a: RecognizerName, with b: RecognizerName) -> Bool {
        together(a).contains(b)
    }

    /// The recognizers that may win together with `name`.
    public func together(_ name: RecognizerName) -> RecognizerSet { togetherWith[name.index] }

    /// The recognizers `name` waits for.
    public func waitsFor(_ name: RecognizerName) -> RecognizerSet { waiting[name.index] }

    /// Whether some recognizer waits for `name` to fail.
    func isAwaited(_ name: RecognizerName) -> Bool {
        var all: UInt16 = 0
        for w in waiting { all |= w.rawValue }
        return RecognizerSet(rawValue: all).contains(name)
    }
}
