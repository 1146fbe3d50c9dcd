import Foundation
import Testing
@testable import TouchGestures

/// The engine's own atan2 and acos (Angles.swift): the same bits on every build, and as accurate
/// as the C library's.
@Suite("The engine's angles")
struct AnglesTests {
    /// How many doubles lie between `a` and `b` (units in the last place).
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        if a == b { return 0 }
        guard a.sign == b.sign else { return .max }
        let (x, y) = (a.bitPattern, b.bitPattern)
        return x > y ? x - y : y - x
    }

    /// Values computed with 200-bit arithmetic (mpmath's atan2 of the same doubles), rounded once.
    @Test("Within one unit in the last place of values computed with 200-bit arithmetic")
    func exactValues() {
        let table: [(Double, Double, Double)] = [
            (1.0, 1.0, 0x1.921fb54442d18p-1),
            (0.5, 1.0, 0x1.dac670561bb4fp-2),
            (1e-300, 1.0, 0x1.56e1fc2f8f359p-997),
            (3.0, -4.0, 0x1.3fc176b7a8560p+1),
            (-2.5, -0.1, -0x1.9c5bc055fe183p+0),
            (0.0625, 1.0, 0x1.ff55bb72cfdeap-5),
            (0.1875, 1.0, 0x1.7b97b4bce5b02p-3),
            (1.0, 0.0625, 0x1.82250768ac529p+0),
            (123.456, -7.89, 0x1.a27662fe8b2cap+0),
            (-1e-05, 2.0, -0x1.4f8b588e2a8cap-18),
            (0.3, 0.7, 0x1.9e9bf3d20dc71p-2),
            (7.0, 24.0, 0x1.229aec47638ddp-2),
            (0.9999999, 1.0, 0x1.921fb396c3a67p-1),
            (-0.41421356237309503, 1.0, -0x1.921fb54442d18p-2),
        ]
        for (y, x, exact) in table {
            let got = Angles.atan2(y, x)
            #expect(Self.ulps(got, exact) <= 1, "atan2(\(y), \(x)) = \(got), exact \(exact)")
        }
    }

    /// 200,000 pairs, of every octant and of scales from 10⁻³ to 10⁴ (touch deltas and
    /// cross/dot products of them), beside glibc's atan2: ours is within 2 ulps of the exact
    /// value (Angles.swift), glibc's within 1, so the two within 3.
    @Test("Within three units in the last place of the C library's atan2 over 200,000 pairs")
    func besideTheCLibrary() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func unit() -> Double {   // SplitMix64: the same pairs every run
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        var worst: UInt64 = 0
        var worstAt = (0.0, 0.0)
        for _ in 0..<200_000 {
            let y = (unit() * 2 - 1) * pow(10, unit() * 7 - 3)
            let x = (unit() * 2 - 1) * pow(10, unit() * 7 - 3)
            let d = Self.ulps(Angles.atan2(y, x), Foundation.atan2(y, x))
            if d > worst { worst = d; worstAt = (y, x) }
        }
        #expect(worst <= 3, "atan2\(worstAt): \(worst) ulps from the C library's")
    }

    @Test("C's rules for zeros, infinities and NaN")
    func specialValues() {
        let inf = Double.infinity
        let cases: [(Double, Double)] = [
            (0, 0), (-0.0, 0), (0, -0.0), (-0.0, -0.0), (0, 5), (-0.0, 5), (0, -5), (-0.0, -5),
            (5, 0), (-5, 0), (5, -0.0), (inf, 1), (-inf, 1), (1, inf), (1, -inf), (-1, -inf),
            (inf, inf), (inf, -inf), (-inf, inf), (-inf, -inf), (1e-320, 1), (1, 1e-320), (1e308, 1e-308),
        ]
        for (y, x) in cases {
            let got = Angles.atan2(y, x), want = Foundation.atan2(y, x)
            #expect(got == want && got.sign == want.sign, "atan2(\(y), \(x)) = \(got), C: \(want)")
        }
        #expect(Angles.atan2(.nan, 1).isNaN)
        #expect(Angles.atan2(1, .nan).isNaN)
    }

    @Test("acos as the angle of (c, √(1 − c²))")
    func arcCosine() {
        var worst: UInt64 = 0
        for k in -1000...1000 {
            let c = Double(k) / 1000
            worst = max(worst, Self.ulps(Angles.acos(c), Foundation.acos(c)))
        }
        #expect(worst <= 2)
        #expect(Angles.acos(1) == 0)
        #expect(Angles.acos(-1) == Foundation.acos(-1))
        #expect(Angles.acos(1.5).isNaN)
    }
}
