import Foundation
import Testing
import TouchTrace
@testable import GestureBindings

/// The configuration reader held to TOML's own test suite: toml-test's cases for TOML 1.0.0
/// (Tests/Fixtures/toml-test, the list in its `files-toml-1.0.0`; MIT, from
/// github.com/toml-lang/toml-test at d168c2a). The reader reads a subset of TOML (see
/// ``ConfigReader``), so the rule it is held to is:
/// - an invalid file is refused, at a line and column;
/// - a valid file is read to exactly the values toml-test gives for it, or refused, at a line
///   and column, as using a part of TOML outside the subset ("… not supported"); never read to
///   other values, and never refused as if it were broken.
@Suite("The configuration reader against toml-test (TOML 1.0.0)")
struct TOMLSuiteTests {
    static let root = packageRoot.appendingPathComponent("Tests/Fixtures/toml-test")

    static var files: [String] {
        let list = (try? String(contentsOf: root.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)) ?? ""
        return list.split(separator: "\n").map(String.init)
    }

    enum Outcome {
        case read([ConfigTable])
        case refused(DiagnosticError)
    }

    /// What the daemon makes of the file's bytes: the UTF-8 check it reads a file with, then the
    /// reader.
    static func read(_ name: String) throws -> Outcome {
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(name)))
        if let bad = firstInvalidUTF8(bytes) {
            return .refused(DiagnosticError("byte 0x\(String(bytes[bad], radix: 16)) is not UTF-8 text",
                                            at: SourceLocation(file: name, line: 1, column: 1)))
        }
        do { return .read(try ConfigReader.parse(String(decoding: bytes, as: UTF8.self), file: name)) } catch {
            return .refused(error)
        }
    }

    /// The tables as toml-test's JSON writes a document: tables as objects, `[[x]]` as an array
    /// of objects, each value `{"type": …, "value": …}` (arrays as arrays).
    static func json(_ tables: [ConfigTable]) -> [String: Any] {
        func value(_ v: ConfigValue) -> Any {
            switch v.kind {
            case .string(let s): ["type": "string", "value": s]
            case .integer(let n): ["type": "integer", "value": String(n)]
            case .float(let d): ["type": "float", "value": d]
            case .bool(let b): ["type": "bool", "value": b ? "true" : "false"]
            case .array(let items): items.map(value)
            case .table(let members): Dictionary(members.map { ($0.key, value($0.value)) }, uniquingKeysWith: { a, _ in a })
            }
        }
        var root: [String: Any] = [:]
        for t in tables {
            var object: [String: Any] = [:]
            for e in t.entries { object[e.key] = value(e.value) }
            if t.name.isEmpty {
                root.merge(object) { a, _ in a }
            } else if t.isArrayElement {
                root[t.name] = ((root[t.name] as? [Any]) ?? []) + [object]
            } else if let dot = t.name.firstIndex(of: ".") {
                // A sub-table (`[a.b]`): inside its table, which may come before or after it.
                let (outer, inner) = (String(t.name[..<dot]), String(t.name[t.name.index(after: dot)...]))
                var parent = (root[outer] as? [String: Any]) ?? [:]
                parent[inner] = object
                root[outer] = parent
            } else {
                root[t.name] = object.merging((root[t.name] as? [String: Any]) ?? [:]) { a, _ in a }
            }
        }
        return root
    }

    /// Where `ours` differs from toml-test's `expected`, or nil when it does not.
    static func difference(_ ours: Any, _ expected: Any, at path: String = "") -> String? {
        if let e = expected as? [String: Any], let type = e["type"] as? String, let text = e["value"] as? String, e.count == 2 {
            guard let o = ours as? [String: Any], o["type"] as? String == type else {
                return "\(path): expected \(type) \(text), read \(ours)"
            }
            if type == "float" {
                guard let d = o["value"] as? Double else { return "\(path): not a float" }
                let want: Double? = switch text {
                case "inf", "+inf": .infinity
                case "-inf": -.infinity
                case "nan", "+nan", "-nan": .nan
                default: Double(text)
                }
                guard let w = want, (w.isNaN && d.isNaN) || w == d else { return "\(path): expected \(text), read \(d)" }
                return nil
            }
            if type == "integer" {
                return Int(text) == (o["value"] as? String).flatMap({ Int($0) }) ? nil : "\(path): expected \(text), read \(o["value"] ?? "?")"
            }
            return o["value"] as? String == text ? nil : "\(path): expected \(text), read \(o["value"] ?? "?")"
        }
        if let e = expected as? [String: Any] {
            guard let o = ours as? [String: Any] else { return "\(path): expected a table" }
            if Set(o.keys) != Set(e.keys) { return "\(path): keys \(o.keys.sorted()) instead of \(e.keys.sorted())" }
            for k in e.keys.sorted() { if let d = difference(o[k]!, e[k]!, at: path + "." + k) { return d } }
            return nil
        }
        if let e = expected as? [Any] {
            guard let o = ours as? [Any], o.count == e.count else { return "\(path): expected an array of \(e.count)" }
            for k in e.indices { if let d = difference(o[k], e[k], at: path + "[\(k)]") { return d } }
            return nil
        }
        return "\(path): unexpected \(expected)"
    }

    @Test("every invalid file is refused, at a line and column")
    func invalidFilesAreRefused() throws {
        let invalid = Self.files.filter { $0.hasPrefix("invalid/") }
        #expect(invalid.count == 499)
        var accepted: [String] = []
        for name in invalid {
            switch try Self.read(name) {
            case .read: accepted.append(name)
            case .refused(let e):
                #expect(e.diagnostics.first?.location.line != nil, "\(name): \(e)")
            }
        }
        #expect(accepted.isEmpty, "accepted: \(accepted.joined(separator: ", "))")
    }

    @Test("every valid file is read to toml-test's values, or refused as outside the subset; never misread")
    func validFilesAreReadOrRefusedAsUnsupported() throws {
        let valid = Self.files.filter { $0.hasPrefix("valid/") && $0.hasSuffix(".toml") }
        #expect(valid.count == 210)
        var same = 0, unsupported: [String: Int] = [:], problems: [String] = []
        for name in valid {
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent(String(name.dropLast(5)) + ".json")))
            switch try Self.read(name) {
            case .read(let tables):
                if let d = Self.difference(Self.json(tables), expected) { problems.append("\(name) misread: \(d)") } else { same += 1 }
            case .refused(let e):
                let message = e.diagnostics.first?.message ?? ""
                if message.contains("not supported") {
                    unsupported[message, default: 0] += 1
                } else {
                    problems.append("\(name) refused as broken: \(e)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Not every file refused as unsupported: the 98 the subset reads must still be read (a
        // reader that refused all of them would otherwise pass).
        #expect(same >= 98, "only \(same) valid files read to toml-test's values")
        print("toml-test valid: \(same) read to the same values; refused as outside the subset: "
              + unsupported.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: "; "))
    }
}
