import Foundation

/// What a run of one of the package's programs gave.
public struct ProgramRun: Sendable {
    public var status: Int32
    public var out: String
    public var err: String
}

/// The package's program `name` as built beside the tests, or `nil` when it was not built.
public func builtProgram(_ name: String) -> URL? {
    var dir = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}

/// Runs `program` with `arguments` in `directory`, as a user would, with help text wrapping
/// at 80 columns whatever the machine's terminal, and `environment` over the test's own;
/// `input`, when given, is its standard input (else it inherits the test's).
public func runProgram(_ program: URL, _ arguments: [String], in directory: URL,
                       environment: [String: String] = [:], input: Data? = nil) throws -> ProgramRun {
    let p = Process()
    p.executableURL = program
    p.arguments = arguments
    p.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["COLUMNS"] = "80"
    for (k, v) in environment { env[k] = v }
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    let stdin = input.map { _ in Pipe() }
    if let stdin { p.standardInput = stdin }
    try p.run()
    if let stdin, let input {
        // Written beside the reading, closed at its end: the program sees end of file.
        Thread.detachNewThread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
    }
    // Both pipes at once: a program that fills one while the other is read to its end would
    // wait forever.
    nonisolated(unsafe) var e = Data()
    let errDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        e = err.fileHandleForReading.readDataToEndOfFile()
        errDone.signal()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    errDone.wait()
    p.waitUntilExit()
    return ProgramRun(status: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
}
