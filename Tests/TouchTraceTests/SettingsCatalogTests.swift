import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchTrace

/// The settings catalog is the one table of the recognizers' thresholds: the trace format and
/// `--settings` read through it (names, units, plausible ranges), and docs/trace-format.md's
/// table of settings is held to it here, row by row.
@Suite("Settings: one catalog")
struct SettingsCatalogTests {
    /// The rows docs/trace-format.md's "Settings" table must hold, from the catalog: a number
    /// with its unit, default and plausible range; a choice with what it takes and its default.
    static var expectedRows: [String] {
        GestureSettings.catalog.map { s in
            let defaults = GestureSettings()
            switch s.kind {
            case .number:
                let unit = s.unit ?? .count, plausible = s.plausible ?? 0...0
                let value = s.defaultValue.map { formatJSONNumber($0) + (unit.symbol.isEmpty ? "" : " " + unit.symbol) } ?? "none"
                let range = "\(formatJSONNumber(plausible.lowerBound))–\(formatJSONNumber(plausible.upperBound))"
                return "| `\(s.name)` | \(unit.rawValue)\(s.allowsNone ? " (or `null`: \(s.noneMeaning))" : "") | \(value) | \(range) | \(s.source) |"
            case .word(let words):
                let value = defaults.word(of: s) ?? words[0]
                return "| `\(s.name)` | one of \(words.map { "`\"\($0)\"`" }.joined(separator: ", ")) | `\"\(value)\"` | — | \(s.source) |"
            case .flag:
                return "| `\(s.name)` | `true` or `false` | `\(defaults.flag(of: s) ?? false)` | — | \(s.source) |"
            case .recognizers:
                let names = (defaults.recognizers(of: s) ?? []).names.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                return "| `\(s.name)` | a list of recognizer names | `[\(names)]` | — | \(s.source) |"
            case .recognizerPairs:
                return "| `\(s.name)` | a list of pairs of recognizer names | `[]` | — | \(s.source) |"
            case .sequences:
                return "| `\(s.name)` | a list of declared sequences | `[]` | — | \(s.source) |"
            }
        }
    }

    @Test("docs/trace-format.md lists every setting of the catalog, with its unit, default, range and source")
    func theDocumentationsTableIsTheCatalog() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/trace-format.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Settings\n").dropFirst().first, "no ## Settings section")
        let rows = section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        #expect(rows == Self.expectedRows, "expected:\n\(Self.expectedRows.joined(separator: "\n"))")
    }

    func object(_ pairs: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(pairs.map { .init($0.0, $0.1) })) }

    @Test("a value outside its plausible range is an error that names the unit and the range")
    func outOfRangeSaysTheUnit() throws {
        // Milliseconds where seconds go: a long press of 800 s turned long presses off.
        #expect(throws: DiagnosticError.self) { try GestureSettings.from(json: object([("longPress.minDuration", .number(800))]), source: "s.json") }
        do {
            _ = try GestureSettings.from(json: object([("longPress.minDuration", .number(800)), ("swipe", object([("minDistance", .number(0.2))]))]), source: "s.json")
        } catch {
            let text = error.description
            #expect(text.contains("`longPress.minDuration` is seconds; 0.1–10: 800 is outside that"), "\(text)")
            #expect(text.contains("`swipe.minDistance` is millimeters; 1–100: 0.2 is outside that"), "\(text)")
        }
        // Within the range, and null where a setting has no limit: taken.
        let s = try GestureSettings.from(json: object([("longPress.minDuration", .number(0.8)), ("swipe.maxDrift", .null),
                                                                             ("tap.maxCount", .number(3))]), source: "s.json")
        #expect(s.longPress.minDuration == 0.8 && s.swipe.maxDrift == nil && s.tap.maxCount == 3)
        // A whole number where a count goes; null where a number is needed.
        for (key, value, words) in [("tap.maxCount", JSONValue.number(2.5), "whole number"), ("swipe.minDistance", .null, "must be a number (millimeters; 1–100)")] {
            do {
                _ = try GestureSettings.from(json: object([(key, value)]), source: "s.json")
                Issue.record("\(key) = \(value) was taken")
            } catch {
                #expect(error.description.contains(words), "\(error.description)")
            }
        }
    }

    @Test("every default lies in its plausible range, and every name reads back through the catalog")
    func defaultsArePlausible() {
        for s in GestureSettings.catalog where s.kind == .number {
            if let d = s.defaultValue { #expect(s.plausible?.contains(d) == true, "\(s.name): default \(d) outside \(s.plausible)") } else { #expect(s.allowsNone, "\(s.name)") }
            #expect(GestureSettings.setting(named: s.name)?.name == s.name)
        }
        #expect(GestureSettings.setting(named: "pinch.minArc")?.name == "rotate.minArc")
        #expect(Set(GestureSettings.catalog.map(\.name)).count == GestureSettings.catalog.count)
    }

    /// Every numeric field of the recognizers' settings, by the catalog's spelling
    /// (`group.field`), read through reflection: what the catalog must hold a row for.
    static func numericFields(of settings: GestureSettings) -> [String: Double?] {
        var out: [String: Double?] = [:]
        for group in Mirror(reflecting: settings).children {
            guard let g = group.label else { continue }
            for field in Mirror(reflecting: group.value).children {
                guard let f = field.label else { continue }
                switch field.value {
                case let d as Double: out["\(g).\(f)"] = d
                case let d as Double?: out["\(g).\(f)"] = .some(d)
                case let n as Int: out["\(g).\(f)"] = Double(n)
                default: break
                }
            }
        }
        return out
    }

    /// Every field of the settings, whatever its kind, read through reflection: `group.field`
    /// for a group's (`swipe.axis`, `arena.enabled`), the name alone for one of no group
    /// (`velocityStrategy`, `sequences`).
    static func allFields(of settings: GestureSettings) -> [String] {
        var out: [String] = []
        for child in Mirror(reflecting: settings).children {
            guard let name = child.label else { continue }
            let inner = Mirror(reflecting: child.value)
            if inner.displayStyle == .struct {
                out += inner.children.compactMap { $0.label.map { name + "." + $0 } }
            } else {
                out.append(name)
            }
        }
        return out
    }

    @Test("every field of the settings, whatever its kind, has its catalog row, and every row but a preset its field")
    func everyFieldOfEveryKindHasItsRow() {
        // The arena keeps its pairs as a table a recognizer: two rows change one, one the other.
        let storedAs = ["arena.togetherWith": ["arena.together", "arena.apart"], "arena.waiting": ["arena.waitsFor"]]
        // A preset sets other fields and has none of its own.
        let presets: Set<String> = ["swipe.rule"]
        let fields = Self.allFields(of: GestureSettings())
        let rows = Set(GestureSettings.catalog.map { $0.name })
        #expect(fields.count >= 30, "\(fields)")
        var covered: Set<String> = presets
        for field in fields {
            let named = storedAs[field] ?? [field]
            for name in named {
                #expect(rows.contains(name), "GestureSettings has \(name), which the catalog (GestureSettingsCatalog.swift) has no row for: add it, with its kind and source")
            }
            covered.formUnion(named)
        }
        #expect(rows.subtracting(covered).isEmpty, "rows with no field: \(rows.subtracting(covered).sorted())")
    }

    @Test("every choice set through its row lands in its own field, and reads back through the row")
    func everyChoiceSetsItsOwnField() {
        let defaults = GestureSettings()
        for row in GestureSettings.catalog where row.kind != .number && row.name != "swipe.rule" {
            var s = defaults
            switch row.kind {
            case .word(let words):
                let other = words.first { $0 != defaults.word(of: row) }!
                s.set(row, word: other)
                #expect(s.word(of: row) == other, "\(row.name)")
            case .flag:
                s.set(row, flag: !(defaults.flag(of: row) ?? false))
                #expect(s.flag(of: row) == !(defaults.flag(of: row) ?? false), "\(row.name)")
            case .recognizers:
                s.set(row, recognizers: RecognizerSet([.tap, .drag]))
                #expect(s.recognizers(of: row) == RecognizerSet([.tap, .drag]), "\(row.name)")
            case .recognizerPairs:
                // A pair none of the defaults has in any of the three lists.
                s.add(row, pair: (.longPress, .pinch))
                if row.name == "arena.apart" { s.add(row, pair: (.pinch, .rotate)) }
                #expect(!s.pairs(of: row).isEmpty, "\(row.name)")
            case .sequences, .number:
                continue
            }
            #expect(s != defaults, "\(row.name) set nothing")
            // Its own field, and no other row's value.
            for other in GestureSettings.catalog where other.name != row.name && other.kind != .number {
                #expect(s.word(of: other) == defaults.word(of: other) && s.flag(of: other) == defaults.flag(of: other)
                        && s.recognizers(of: other) == defaults.recognizers(of: other)
                        && s.pairs(of: other).map { "\($0.first)\($0.second)" } == defaults.pairs(of: other).map { "\($0.first)\($0.second)" },
                        "setting \(row.name) changed \(other.name)")
            }
        }
    }

    @Test("every numeric settings field has its catalog row, and each row sets its own field and no other")
    func everyFieldHasItsRow() throws {
        let defaults = Self.numericFields(of: GestureSettings())
        let numbers = GestureSettings.catalog.filter { $0.kind == .number }
        let named = Set(numbers.map { $0.name })
        #expect(defaults.count == numbers.count, "\(defaults.count) numeric fields, \(numbers.count) rows")
        for name in defaults.keys.sorted() {
            #expect(named.contains(name), "GestureSettings has \(name), which the catalog (GestureSettingsCatalog.swift) has no row for: add it, with its unit, range and source")
        }
        for row in numbers {
            // A value of its range that no default has: set through the row, it must land in the
            // field of the row's name and in no other.
            let plausible = try #require(row.plausible)
            let value = plausible.lowerBound + (plausible.upperBound - plausible.lowerBound) * 0.37
            var s = GestureSettings()
            let written = row.unit == .count ? value.rounded() : value
            #expect(s.set(row, to: written) == nil)
            let after = Self.numericFields(of: s)
            for (name, old) in defaults {
                if name == row.name {
                    #expect(after[name] == .some(written), "\(row.name) set \(written), its field reads \(String(describing: after[name]))")
                } else {
                    #expect(after[name] == old, "setting \(row.name) changed \(name)")
                }
            }
        }
    }
}
