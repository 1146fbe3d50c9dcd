// Writes the golden corpus (see Corpus.swift): every family of traces, in order.
import Foundation

try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
swipesAndTaps()
gestures()
scrolling()
lists()
diagonals()
swipeRules()
rowSlides()
sequences()

// touch-demo plays the demo session when there is no touchscreen: it is compiled into the
// binary (a copied binary has no resource bundle beside it). Written when the corpus is made
// in place; a test holds it to traces/demo-session.json.
if CommandLine.arguments.count <= 1 {
    let session = try String(contentsOfFile: out + "/demo-session.json", encoding: .utf8)
    let close = "\"\"\"#"
    precondition(!session.contains(close), "the demo session cannot be a raw string literal")
    let source = "// Written by `swift run touch-corpus` from traces/demo-session.json: do not edit.\n\n"
        + "/// The bundled demo session (traces/demo-session.json), played when there is no touchscreen.\n"
        + "let demoSessionJSON = #\"\"\"\n" + session + close + "\n"
    let path = URL(fileURLWithPath: out).deletingLastPathComponent().appendingPathComponent("Sources/touch-demo/DemoSession.swift").path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
}
