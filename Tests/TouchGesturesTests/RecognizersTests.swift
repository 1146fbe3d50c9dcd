@testable import TouchGestures
import Testing

/// The one list of recognizers (`Recognizers`) agrees with their names: what keeps a new
/// recognizer from being stepped out of the arena's order, or not at all.
struct RecognizersTests {
    private struct Names: MemberStepper {
        var names: [RecognizerName] = []
        mutating func step<R: Recognizer>(_ member: R.Type, emit: (GestureEvent) -> Void) { names.append(R.name) }
    }

    private struct Seen: RecognizerVisitor {
        var name: RecognizerName?
        mutating func visit<R: Recognizer>(_ recognizer: inout R) { name = R.name }
    }

    @Test func stepsEveryRecognizerOnceInTheNamesOrder() {
        var names = Names()
        Recognizers.inOrder(&names) { _ in }
        #expect(names.names == RecognizerName.allCases)
    }

    @Test func visitHandsEachNameItsOwnRecognizer() {
        var members = Recognizers(settings: GestureSettings())
        for name in RecognizerName.allCases {
            var seen = Seen()
            members.visit(name, &seen)
            #expect(seen.name == name)
        }
    }

    @Test func indexIsThePlaceInTheOrder() {
        for (i, name) in RecognizerName.allCases.enumerated() {
            #expect(name.index == i)
            #expect(RecognizerSet(name).names == [name])
        }
    }
}
