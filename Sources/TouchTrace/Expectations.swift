import TouchGestures

/// Compares a replay's output with a trace's `expect` and `expectNone` (see the format doc).
///
/// A replay passes when the output events whose type occurs in `expect`, in order, are exactly
/// as many as the expectations and each contains every field of its expectation with an equal
/// value: numbers within 1e-6 relative, or within the absolute tolerance an expectation's
/// `"tolerance"` object gives for a field (applied to every number inside that field). No
/// output event may have a type listed in `expectNone`.
public enum ExpectationCheck {
    /// Relative tolerance for numbers without an explicit tolerance.
    public static let relativeTolerance = 1e-6

    /// Compares a replay's output with the expectations as it comes, one output at a time, in
    /// memory bounded by the expectations (not by the output: a trace of 10⁷ taps is checked
    /// in the same few kilobytes as one of ten).
    public struct Checker: Sendable {
        let header: TraceHeader
        let types: Set<String>
        let banned: Set<String>
        /// The outputs of the expected types, as many as there are expectations.
        var relevant: [JSONObject] = []
        /// Outputs of expected types past the expectations: the first few, and how many.
        var extra: [JSONObject] = []
        var extraCount = 0
        /// Outputs of banned types: the first few, and how many.
        var forbidden: [JSONObject] = []
        var forbiddenCount = 0
        /// Most extra or forbidden outputs quoted; the rest are counted.
        static let quoted = 20

        /// The expectations a trace's header holds.
        public init(header: TraceHeader) {
            self.header = header
            types = Set((header.expect ?? []).compactMap { $0["type"]?.stringValue })
            banned = Set(header.expectNone ?? [])
        }

        /// Takes the next output, of type `type`; its object is built only when an
        /// expectation or `expectNone` names the type. (TouchReplay's `observe(_:)` takes a
        /// replay's outputs through it.)
        package mutating func observe(type: String, object: @autoclosure () -> JSONObject) {
            let expected = types.contains(type), isBanned = banned.contains(type)
            guard expected || isBanned else { return }
            let o = object()
            if expected {
                if relevant.count < (header.expect?.count ?? 0) {
                    relevant.append(o)
                } else {
                    extraCount += 1
                    if extra.count < Self.quoted { extra.append(o) }
                }
            }
            if isBanned {
                forbiddenCount += 1
                if forbidden.count < Self.quoted { forbidden.append(o) }
            }
        }

        /// Every difference so far, in words; empty when the replay passes.
        public func differences() -> [String] {
            var problems: [String] = []
            if let expect = header.expect {
                for (k, exp) in expect.enumerated() {
                    let label = "expect[\(k)] \(JSONValue.object(exp).serialized())"
                    guard k < relevant.count else {
                        problems.append("\(label): missing (the replay produced only \(relevant.count) event\(relevant.count == 1 ? "" : "s") of the expected types)")
                        continue
                    }
                    let got = relevant[k]
                    let tolerance = exp["tolerance"]?.objectValue
                    for m in exp.members where m.key != "tolerance" {
                        let tol = tolerance?[m.key]?.numberValue
                        guard let actual = got[m.key] else {
                            problems.append("\(label): output \(JSONValue.object(got).serialized()) has no `\(m.key)`")
                            continue
                        }
                        if !matches(m.value, actual, tolerance: tol) {
                            problems.append("\(label): `\(m.key)` expected \(m.value.serialized()), found \(actual.foundDescription) in \(JSONValue.object(got).serialized())")
                        }
                    }
                }
                for e in extra { problems.append("unexpected extra event \(JSONValue.object(e).serialized())") }
                if extraCount > extra.count { problems.append("and \(extraCount - extra.count) more unexpected events of the expected types") }
            }
            for o in forbidden {
                problems.append("expectNone lists `\(o["type"]!.stringValue!)`, but the replay produced \(JSONValue.object(o).serialized())")
            }
            if forbiddenCount > forbidden.count { problems.append("and \(forbiddenCount - forbidden.count) more events of types expectNone lists") }
            return problems
        }
    }

    static func matches(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double?) -> Bool {
        switch (expected, actual) {
        case (.number(let a), .number(let b)):
            if let tolerance { return abs(a - b) <= tolerance }
            return a == b || abs(a - b) <= relativeTolerance * max(abs(a), abs(b))
        case (.object(let a), .object(let b)):
            return a.members.allSatisfy { m in b[m.key].map { matches(m.value, $0, tolerance: tolerance) } ?? false }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1, tolerance: tolerance) }
        default:
            return expected == actual
        }
    }
}

