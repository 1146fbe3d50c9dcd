import Testing
import TouchGestures
import TouchTools

/// The tools print numbers through the package's one formatter (`formatFixed`, `formatRounded`)
/// and align them with `rightAligned`, as `String(format:)` did: these hold the columns and the
/// two cases where the one formatter and C's printf differ, on purpose.
@Suite("Numbers in the tools' tables")
struct NumberFormattingTests {
    @Test("a column of numbers is right-aligned, and a frame's number zero-padded, as %6.2f and %05d were")
    func alignment() {
        #expect(rightAligned(formatFixed(3.14159, digits: 2), 6) == "  3.14")
        #expect(rightAligned(String(42), 8) == "      42")
        #expect(rightAligned(String(7), 5, padding: "0") == "00007")
        #expect(rightAligned(String(123_456), 5, padding: "0") == "123456")
        #expect(rightAligned(formatFixed(59.94, digits: 0), 4) == "  60")
    }

    @Test("a value that rounds to zero has no minus sign, and a half rounds away from zero, as everywhere in the package's outputs")
    func theOneRounding() {
        // printf gave "-0.0" and, on exact binary halves, rounded to even ("8.12", "371.2").
        #expect(formatFixed(-0.04, digits: 1) == "0.0")
        #expect(formatFixed(8.125, digits: 2) == "8.13")
        #expect(formatFixed(371.25, digits: 1) == "371.3")
        #expect(formatFixed(-371.25, digits: 1) == "-371.3")
        #expect(formatRounded(-0.04, digits: 1) == "0")
        #expect(formatRounded(11.75, digits: 1) == "11.8")
    }
}
