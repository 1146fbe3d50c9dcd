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
    /// The rows docs/trace-format.md's "Settings" table must hold, from the catalog.
    static var expectedRows: [String] {
        GestureSettings.catalog.map { s in
            let value = s.defaultValue.map { formatJSONNumber($0) + (s.unit.symbol.isEmpty ? "" : " " + s.unit.symbol) } ?? "none"
            let range = "\(formatJSONNumber(s.plausible.lowerBound))–\(formatJSONNumber(s.plausible.upperBound))"
            return "| `\(s.name)` | \(s.unit.rawValue)\(s.allowsNone ? " (or `null`: \(s.noneMeaning))" : "") | \(value) | \(range) | \(s.source) |"
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
        for s in GestureSettings.catalog {
            if let d = s.defaultValue { #expect(s.plausible.contains(d), "\(s.name): default \(d) outside \(s.plausible)") } else { #expect(s.allowsNone, "\(s.name)") }
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

    @Test("every numeric settings field has its catalog row, and each row sets its own field and no other")
    func everyFieldHasItsRow() {
        let defaults = Self.numericFields(of: GestureSettings())
        let named = Set(GestureSettings.catalog.map { $0.name })
        #expect(defaults.count == GestureSettings.catalog.count, "\(defaults.count) numeric fields, \(GestureSettings.catalog.count) rows")
        for name in defaults.keys.sorted() {
            #expect(named.contains(name), "GestureSettings has \(name), which the catalog (GestureSettingsCatalog.swift) has no row for: add it, with its unit, range and source")
        }
        for row in GestureSettings.catalog {
            // A value of its range that no default has: set through the row, it must land in the
            // field of the row's name and in no other.
            let value = row.plausible.lowerBound + (row.plausible.upperBound - row.plausible.lowerBound) * 0.37
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
