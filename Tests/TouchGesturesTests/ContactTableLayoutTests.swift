@testable import TouchGestures
import Testing

/// The engine hands the contact table to every recognizer it calls, as a copy the compiler
/// makes in registers up to 128 bytes and through `memcpy` above (BENCHMARKS.md, "Engine").
/// A field added to the table must keep it within that, or say why not here.
struct ContactTableLayoutTests {
    @Test func theTableFitsTheCopyInRegisters() {
        #expect(MemoryLayout<ContactTable>.size <= 128, "ContactTable is \(MemoryLayout<ContactTable>.size) bytes")
    }
}
