import TouchGestures
import TouchTrace

extension Binding {
    /// lisgd's gesture codes: where the stroke goes from and to (`LR` left to right, `DLUR` down-left
    /// to up-right, …).
    static let lisgdGestures: [String: SwipeDirection] = [
        "LR": .right, "RL": .left, "DU": .up, "UD": .down,
        "DLUR": .upRight, "URDL": .downLeft, "ULDR": .downRight, "DRUL": .upLeft,
    ]
    static let lisgdEdges: [String: GesturePattern.Edge] = [
        "*": .any, "N": .none, "L": .edge(.left), "R": .edge(.right), "T": .edge(.top), "B": .edge(.bottom),
        "TL": .edge(.topLeft), "TR": .edge(.topRight), "BL": .edge(.bottomLeft), "BR": .edge(.bottomRight),
    ]
    static let lisgdDistances: [String: Distance] = ["*": .any, "S": .short, "M": .medium, "L": .long]

    /// A binding written as lisgd's `-g` takes it: `nfingers,gesture,edge,distance,actmode,command`
    /// (`1,DU,B,*,R,sxmo_appmenu.sh`), where `actmode` (`R` on release, `P` repeatedly while
    /// pressed) may be left out as lisgd allows, and the command (a shell command line, as lisgd
    /// takes it; see `Binding.Command.shell`) may hold commas. `index` numbers the flag in errors; `repeatStep` (mm) is the
    /// step of a `P` binding.
    package init(lisgd spec: String, index: Int, repeatStep: Double) throws(DiagnosticError) {
        let origin = "-g #\(index)"
        let fields = spec.utf8.split(separator: UInt8(ascii: ","), maxSplits: 5, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        func fail(_ k: Int, _ what: String) -> DiagnosticError {
            DiagnosticError("in \"\(spec)\": field \(k + 1) (\(what)), found '\(k < fields.count ? fields[k] : "")'",
                            at: SourceLocation(file: origin))
        }
        guard fields.count >= 5 else {
            throw DiagnosticError("in \"\(spec)\": expected nfingers,gesture,edge,distance[,actmode],command (\(fields.count) field\(fields.count == 1 ? "" : "s") given)",
                                  at: SourceLocation(file: origin))
        }
        guard let n = Int(fields[0]), (1...10).contains(n) else { throw fail(0, "expected a finger count from 1 to 10") }
        guard let direction = Self.lisgdGestures[fields[1]] else {
            throw fail(1, "expected a gesture: LR, RL, DU, UD, DLUR, DRUL, URDL or ULDR")
        }
        guard let edge = Self.lisgdEdges[fields[2]] else {
            throw fail(2, "expected an edge: * (any), N (none), L, R, T, B, TL, TR, BL or BR")
        }
        guard let distance = Self.lisgdDistances[fields[3]] else {
            throw fail(3, "expected a distance: * (any), S, M or L")
        }
        var mode = Mode.release
        var command: String
        if fields.count == 5, fields[4] == "R" || fields[4] == "P" {
            // lisgd reads a lone R or P as the mode, with no command after it.
            throw fail(4, "expected a command after the mode \(fields[4])")
        }
        if fields.count == 6, fields[4] == "R" || fields[4] == "P" {
            mode = fields[4] == "P" ? .repeating(step: repeatStep) : .release
            command = fields[5]
        } else if fields.count == 6, fields[4].isEmpty {
            // An empty mode field (`…,*,,command`): lisgd's strtok skips it, and the command
            // is what follows, not ",command".
            command = fields[5]
        } else {
            // The five-field form of older lisgd: everything after the distance is the command.
            command = fields[4]
            if fields.count == 6 { command += "," + fields[5] }
        }
        guard !command.isBlank else { throw fail(fields.count - 1, "expected a command") }
        self.init(gesture: GesturePattern(.swipe, direction: direction, fingers: n, edge: edge), distance: distance,
                  mode: mode, command: .shell(command), origin: origin)
    }
}
