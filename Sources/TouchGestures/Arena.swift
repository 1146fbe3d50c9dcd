/// Names the recognizers, in the order the arena settles claims made in the same frame.
public enum RecognizerName: String, Hashable, Sendable, CaseIterable {
    case longPress, tap, pinch, rotate, swipe, pan, fling

    /// Position in `allCases`: the bit of this recognizer in a ``RecognizerSet``.
    @inlinable public var index: Int {
        switch self {
        case .longPress: 0
        case .tap: 1
        case .pinch: 2
        case .rotate: 3
        case .swipe: 4
        case .pan: 5
        case .fling: 6
        }
    }
}

/// A set of recognizers, as bits: allocation-free, so the arena can test it per frame.
public struct RecognizerSet: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding only `name`.
    @inlinable public init(_ name: RecognizerName) { rawValue = 1 << UInt8(name.index) }
    /// The set holding `names`.
    public init(_ names: [RecognizerName]) {
        rawValue = 0
        for n in names { insert(RecognizerSet(n)) }
    }

    /// Every recognizer.
    public static let all = RecognizerSet(RecognizerName.allCases)

    @inlinable public func contains(_ name: RecognizerName) -> Bool { rawValue & (1 << UInt8(name.index)) != 0 }

    /// The names in the set, in `RecognizerName.allCases` order.
    public var names: [RecognizerName] { RecognizerName.allCases.filter { contains($0) } }
}

/// Which recognizers take part, which recognise together, and which wait for others to fail.
///
/// The arena's rule, in one sentence: **a recognizer that claims a touch sequence wins it at
/// once unless a recognizer it waits for is still undecided — then its claim is held until that
/// one fails (and it wins) or wins (and it loses) — and every win rejects each undecided
/// recognizer that is not declared to recognise together with the winner, a pan locked to an
/// axis recognising together only with swipes along that axis.**
///
/// Defaults: every recognizer takes part; pinch and rotation recognise together, and so do pan,
/// swipe and fling (a drag may be a swipe and end in a fling); nothing waits. The rest settles
/// by who claims first: a long press claims when its time passes, a pan when it passes its slop,
/// a tap when its fingers lift, so a press held still becomes a long press, a press that moves
/// becomes a pan, and a short one a tap. Whether a single tap waits for a double tap is the tap
/// recognizer's own business: it waits only while ``GestureSettings/Tap/maxCount`` is 2 or more.
public struct ArenaSettings: Hashable, Sendable {
    /// The recognizers that take part. Default: all.
    public var enabled: RecognizerSet = .all
    // Per recognizer (by index): the recognizers it recognises together with / waits for.
    private var togetherWith = [RecognizerSet](repeating: [], count: RecognizerName.allCases.count)
    private var waiting = [RecognizerSet](repeating: [], count: RecognizerName.allCases.count)

    public init() {
        recogniseTogether(.pinch, .rotate)
        recogniseTogether(.pan, .swipe)
        recogniseTogether(.pan, .fling)
        recogniseTogether(.swipe, .fling)
    }

    /// Lets `a` and `b` both win the same touch sequence.
    public mutating func recogniseTogether(_ a: RecognizerName, _ b: RecognizerName) {
        togetherWith[a.index].insert(RecognizerSet(b))
        togetherWith[b.index].insert(RecognizerSet(a))
    }

    /// Makes `a` and `b` exclusive: the first to win rejects the other.
    public mutating func recogniseApart(_ a: RecognizerName, _ b: RecognizerName) {
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
    @inlinable public func recogniseTogether(_ a: RecognizerName, with b: RecognizerName) -> Bool {
        together(a).contains(b)
    }

    /// The recognizers that may win together with `name`.
    public func together(_ name: RecognizerName) -> RecognizerSet { togetherWith[name.index] }

    /// The recognizers `name` waits for.
    public func waitsFor(_ name: RecognizerName) -> RecognizerSet { waiting[name.index] }
}

/// A recognizer's standing in the arena of the current touch sequence.
public enum ArenaStanding: Hashable, Sendable {
    /// Taking part and not yet decided.
    case undecided
    /// Claimed, but waiting for a recognizer it must wait for to fail.
    case held
    /// Won the sequence: its output is delivered.
    case won
    /// Failed on its own or was rejected: no more output from it until the next sequence.
    case lost
    /// Not taking part (disabled).
    case absent
}

/// The arena of one touch sequence: each recognizer's standing. The engine opens it when a
/// sequence begins and asks it to settle each claim; see ``ArenaSettings`` for the rule.
struct Arena: Sendable {
    var settings: ArenaSettings
    private(set) var standing: InlineArray<7, ArenaStanding> = .init(repeating: .absent)

    init(settings: ArenaSettings) { self.settings = settings }

    subscript(_ r: RecognizerName) -> ArenaStanding {
        get { standing[r.index] }
        set { standing[r.index] = newValue }
    }

    /// Opens a new sequence: every enabled recognizer is undecided.
    mutating func open() {
        for r in RecognizerName.allCases {
            standing[r.index] = settings.enabled.contains(r) ? .undecided : .absent
        }
    }

    /// What becomes of a claim.
    enum Verdict { case win, hold, lose }

    /// Settles a claim by `r`: win, hold (a recognizer it waits for is undecided) or lose
    /// (one it waits for has won). Does not change any standing.
    func verdict(for r: RecognizerName) -> Verdict {
        let waits = settings.waitsFor(r)
        if waits.rawValue == 0 { return .win }
        var hold = false
        for w in RecognizerName.allCases where waits.contains(w) {
            switch standing[w.index] {
            case .won: return .lose
            case .undecided, .held: hold = true
            case .lost, .absent: break
            }
        }
        return hold ? .hold : .win
    }

    /// The undecided or held recognizers a win by `winner` rejects.
    func rejectedBy(_ winner: RecognizerName) -> RecognizerSet {
        var out = RecognizerSet()
        let together = settings.together(winner)
        for r in RecognizerName.allCases where r != winner {
            let s = standing[r.index]
            if (s == .undecided || s == .held) && !together.contains(r) { out.insert(RecognizerSet(r)) }
        }
        return out
    }
}
