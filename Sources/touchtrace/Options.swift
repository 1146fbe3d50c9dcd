import ArgumentParser

/// `--explain`, for the commands that replay a trace: the arena's decisions too.
struct ExplainOption: ParsableArguments {
    @Flag(help: "Also show the arena's decisions: which recognizer won each touch sequence, and why each other one failed or was rejected (measured value and limit).")
    var explain = false
}

/// `--json`, for the commands that print records: one JSON object a line instead of text.
struct JSONLinesOption: ParsableArguments {
    @Flag(help: "Print one JSON object a line instead of text (replay: the output events, as the trace format specifies them; velocity: {\"id\", \"strategy\", \"velocity\"} per contact; eval: one object, the tables and the misses).")
    var json = false
}
