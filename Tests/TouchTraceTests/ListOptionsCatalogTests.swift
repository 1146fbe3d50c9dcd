import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchList
@testable import TouchTrace
import TouchReplay

/// The list's options are one table (`ListOptionsCatalog`): the reader checks `scene.list` by it,
/// the replay sets `ListOptions` through one setter a name (`ListOptionFields`), and
/// docs/trace-format.md's table of `scene.list` says what it says. These hold the four together,
/// so that an option added to one and not the others fails here.
@Suite("List options: one table")
struct ListOptionsCatalogTests {
    /// `ListOptions`' fields (and its scroll physics') that a trace does not set, each with why.
    static let notInTraces: Set<String> = [
        "physics",          // its fields are options of their own (bounces, decelerationRate, …)
        "rowSwipePhysics",  // the row's spring and thresholds: the library's, not a trace's
        "reorderPhysics",   // the lifted row's autoscroll and settle: the same
    ]

    /// Every stored field of `ListOptions` and of its `ScrollPhysics`, by name and value.
    static func fields(_ o: ListOptions) -> [String: Any] {
        var out: [String: Any] = [:]
        for c in Mirror(reflecting: o).children { if let l = c.label { out[l] = c.value } }
        for c in Mirror(reflecting: o.physics).children { if let l = c.label { out[l] = c.value } }
        return out
    }

    @Test("every field of ListOptions is in the catalog or named as not a trace's, and every catalog name has its setter")
    func catalogCoversTheOptions() {
        let names = ListOptionsCatalog.entries.map(\.name)
        #expect(Set(names).count == names.count, "a name twice")
        let fields = Set(Self.fields(ListOptions()).keys)
        #expect(fields.subtracting(Self.notInTraces) == Set(names),
                "fields without a row: \(fields.subtracting(Self.notInTraces).subtracting(names).sorted()); rows without a field: \(Set(names).subtracting(fields).sorted())")
        #expect(Set(ListOptionFields.set.keys) == Set(names))
        // The reader knows every option, and no key but the layout, the options and the edits.
        #expect(SceneListReader.keys == SceneListReader.layoutKeys + names + ["edits"])
    }

    /// A value of `entry`'s kind that is not its default.
    static func sample(_ entry: ListOptionInfo) -> (JSONValue, ListOptionValue) {
        switch entry.kind {
        case .number:
            let n = entry.accepted == .betweenZeroAndOne ? 0.5 : 7.25
            return (.number(n), .number(n))
        case .whole: return (.number(7), .whole(7))
        case .flag:
            let b = !(entry.defaultText.hasPrefix("`true`"))
            return (.bool(b), .flag(b))
        case .choice(let set):
            let w = set.words.first { !entry.defaultText.contains("\"\($0)\"") }!
            return (.string(w), .word(w))
        case .actionWidths: return (.array([.number(80), .number(40)]), .numbers([80, 40]))
        case .rowsPerSection: return (.array([.number(3), .number(5)]), .wholes([3, 5]))
        case .heights: return (.array([.number(50), .number(70)]), .numbers([50, 70]))
        }
    }

    @Test("each option read from a trace reaches its own field of ListOptions, and only that one")
    func eachSetterSetsItsField() throws {
        let defaults = Self.fields(ListOptions())
        for entry in ListOptionsCatalog.entries {
            let (json, value) = Self.sample(entry)
            var problems: [Diagnostic] = []
            let scene = SceneListReader.read(.object(JSONObject([.init("rows", .number(8)), .init(entry.name, json)])),
                                             surface: Surface(width: 800, height: 480), at: SourceLocation(),
                                             locate: { _ in SourceLocation() }, problems: &problems)
            #expect(problems.isEmpty, "\(entry.name): \(problems)")
            #expect(scene[option: entry.name] == value && scene.options.compactMap { $0 }.count == 1, "\(entry.name) read as \(scene.options)")
            var o = ListOptions()
            let set = try #require(ListOptionFields.set[entry.name])
            set(&o, value)
            let changed = Self.fields(o).filter { "\($0.value)" != "\(defaults[$0.key]!)" }.map(\.key).filter { $0 != "physics" }
            #expect(changed == [entry.name], "\(entry.name) changed \(changed)")
        }
    }

    @Test("each default the catalog (and so the documentation) states is ListOptions' own")
    func defaultsAreTheFields() {
        let defaults = Self.fields(ListOptions())
        for entry in ListOptionsCatalog.entries {
            let field = "\(defaults[entry.name].map { "\($0)" } ?? "?")"
            let text = entry.defaultText
            switch entry.kind {
            case .flag, .choice:
                // `false`, `"single"`: the value, in backticks, first.
                let shown = text.split(separator: "`").first.map(String.init)?.replacingOccurrences(of: "\"", with: "") ?? ""
                #expect(shown == field, "\(entry.name): the table says \(text), the field is \(field)")
            case .number, .whole:
                if let n = Double(text.split(separator: " ").first.map(String.init)?.trimmingCharacters(in: CharacterSet(charactersIn: ":")) ?? "") {
                    let value = Double(field.replacingOccurrences(of: "Optional(", with: "").replacingOccurrences(of: ")", with: "")) ?? .nan
                    // As many decimals as the table gives (11.7 for 75 points at 163 per inch).
                    let decimals = text.split(separator: " ")[0].split(separator: ".").dropFirst().first?.count ?? 0
                    #expect(formatFixed(value, digits: decimals) == formatFixed(n, digits: decimals), "\(entry.name): the table says \(text), the field is \(field)")
                } else {
                    // "none: heights known", "a row", "one viewport height": no value until set.
                    #expect(field == "nil", "\(entry.name): the table says \(text), the field is \(field)")
                }
            case .actionWidths, .rowsPerSection, .heights:
                #expect(["nil", "[]"].contains(field) || field.contains("widths: []"), "\(entry.name): \(field)")
            }
        }
    }

    @Test("docs/trace-format.md's table of scene.list gives every option's unit, values and default as the catalog does")
    func theDocumentationsTableIsTheCatalog() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/trace-format.md"), encoding: .utf8)
        let start = try #require(text.range(of: "  | key | meaning | unit; values | default |"))
        let rows = text[start.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("  |") }.filter { $0.hasPrefix("  | `") }
        var documented: [String] = []
        for row in rows {
            let cells = row.dropFirst(4).dropLast(2).components(separatedBy: " | ")
            let keys = cells[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            let entries = keys.compactMap(ListOptionsCatalog.entry)
            if entries.isEmpty { continue }    // the layout's `offset`, the app's `edits`
            #expect(entries.count == keys.count, "a row mixing options and other keys: \(keys)")
            documented += keys
            func oneOrEach(_ texts: [String]) -> String {
                var seen: [String] = []
                for t in texts where !seen.contains(t) { seen.append(t) }
                return seen.joined(separator: "; ")
            }
            #expect(cells[2] == oneOrEach(entries.map(\.rangeText)), "\(keys): the documentation says \(cells[2])")
            #expect(cells[3] == oneOrEach(entries.map(\.defaultText)), "\(keys): the documentation says \(cells[3])")
        }
        #expect(documented == ListOptionsCatalog.entries.map(\.name), "the documentation's order or set of options differs from the catalog's")
    }
}
