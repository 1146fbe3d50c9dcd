import Testing
@testable import TouchGestures

/// The arena keeps one slot for each recognizer (`PerRecognizer`) and a set of them in the bits of
/// `RecognizerSet`'s raw value: both must hold every recognizer, each at its own index.
@Suite("The arena's capacity holds every recognizer")
struct ArenaCapacityTests {
    @Test("every recognizer has a slot and a bit of its own")
    func everyRecognizerHasASlot() {
        let indices = RecognizerName.allCases.map { $0.index }
        #expect(Set(indices).count == indices.count, "two recognizers share an index: \(indices)")
        #expect(indices.allSatisfy { $0 >= 0 && $0 < PerRecognizer<Int>.count }, "an index past the arena's \(PerRecognizer<Int>.count) slots: \(indices)")
        #expect(indices.allSatisfy { $0 < RecognizerSet.RawValue.bitWidth }, "an index past RecognizerSet's \(RecognizerSet.RawValue.bitWidth) bits: \(indices)")
        #expect(PerRecognizer<Int>.count == RecognizerSet.RawValue.bitWidth, "the arena's slots and the set's bits differ: raise both together")
    }
}
