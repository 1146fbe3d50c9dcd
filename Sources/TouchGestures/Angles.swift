// The engine's inverse tangent, written out: the same bits on every build.

/// Angles the engine measures (a turn, the angle between two headings), computed with `+`, `-`,
/// `*`, `/` and `sqrt` alone, which IEEE 754 rounds the same on every machine.
///
/// Why not the C library's `atan2` and `acos`: they are each C library's own approximations,
/// and the last bit differs between them. Replayed with glibc (the host), musl (the phones'
/// daemon) and wasi-libc (`touchtrace view`'s WebAssembly engine), 2 of the 184 golden traces
/// (`pinch-and-rotate-together`, with and without `--explain`) printed a rotation's angle with
/// a different last digit, so the page's engine could not be held byte for byte to `touchtrace
/// replay --json`, nor the phones' builds to the host. With this function every build prints
/// the same bytes (tools/test compares them on the whole corpus), and a threshold a turn meets
/// is met at the same frame everywhere.
///
/// Accuracy: within 2 units in the last place (ulps) of the exact value. Measured against
/// mpmath at 120 bits on 200,000 random pairs of scales from 10⁻³ to 10⁴: 91.3 % exact to the
/// last bit, 8.7 % 1 ulp off, 0.01 % 2 ulps (where atan(k/8) and the rest nearly cancel).
/// `AnglesTests` holds it to 200-bit values at given points, and to within 3 ulps of glibc's
/// `atan2` (within 1 of its own) on 200,000 pairs.
package enum Angles {
    /// atan(k/8) for k = 0…8, each as the double nearest it and the rest (mpmath, 200 bits).
    private static let atanHi: [Double] = [
        0, 0x1.fd5ba9aac2f6ep-4, 0x1.f5b75f92c80ddp-3, 0x1.6f61941e4def1p-2, 0x1.dac670561bb4fp-2,
        0x1.1e00babdefeb4p-1, 0x1.4978fa3269ee1p-1, 0x1.700a7c5784634p-1, 0x1.921fb54442d18p-1,
    ]
    private static let atanLo: [Double] = [
        0, -0x1.cd37686760c17p-59, 0x1.8ab6e3cf7afbdp-57, -0x1.c63aae6f6e918p-56, 0x1.a2b7f222f65e2p-56,
        -0x1.928df287a668fp-58, 0x1.2419a87f2a458p-56, -0x1.8c34d25aadef6p-56, 0x1.1a62633145c07p-55,
    ]
    /// π/2 and π, each as the nearest double and the rest.
    private static let halfPiHi = 0x1.921fb54442d18p+0, halfPiLo = 0x1.1a62633145c07p-54
    private static let piHi = 0x1.921fb54442d18p+1, piLo = 0x1.1a62633145c07p-53

    /// atan(t) for 0 ≤ t ≤ 1: atan(c) for the nearest c = k/8, plus atan of what is left,
    /// t' = (t − c)/(1 + tc), |t'| ≤ 1/16, by its series to t'¹⁵ (the next term is below
    /// 2⁻⁵⁶ t').
    private static func atanUnit(_ t: Double) -> Double {
        let k = Int((t * 8).rounded())
        let c = Double(k) / 8
        // t − c is exact (Sterbenz: t and c are within a factor of 2 of each other, or c is 0).
        let r = (t - c) / (1 + t * c)
        let z = r * r
        var p = -1.0 / 15
        p = p * z + 1.0 / 13
        p = p * z - 1.0 / 11
        p = p * z + 1.0 / 9
        p = p * z - 1.0 / 7
        p = p * z + 1.0 / 5
        p = p * z - 1.0 / 3
        return atanHi[k] + (atanLo[k] + (r + r * z * p))
    }

    /// The angle of the point (x, y) from the positive x axis, in radians (−π … π), with C's
    /// `atan2` rules for zeros, infinities and NaN.
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return x + y }
        let ax = x.magnitude, ay = y.magnitude
        let negativeX = x.sign == .minus
        var a: Double
        if ay == 0 {
            a = negativeX ? piHi : 0
        } else if ax.isInfinite && ay.isInfinite {
            a = negativeX ? 3 * (piHi / 4) : piHi / 4
        } else if ax.isInfinite || ay == .infinity {
            a = ay.isInfinite ? halfPiHi : (negativeX ? piHi : 0)
        } else {
            // The smaller over the larger, in [0, 1]; the octant put back with π/2 or π, each
            // added once (π − (π/2 − a) as two roundings put a result left of the y axis 1 ulp off).
            let swap = ay > ax
            let u = atanUnit(swap ? ax / ay : ay / ax)
            switch (swap, negativeX) {
            case (false, false): a = u
            case (true, false): a = halfPiHi - (u - halfPiLo)
            case (true, true): a = halfPiHi + (u + halfPiLo)
            case (false, true): a = piHi - (u - piLo)
            }
        }
        return y.sign == .minus ? -a : a
    }

    /// acos(c) for −1 ≤ c ≤ 1, in radians (0 … π), as the angle of (c, √(1 − c²)); NaN outside.
    package static func acos(_ c: Double) -> Double {
        guard c >= -1, c <= 1 else { return .nan }
        return atan2(((1 - c) * (1 + c)).squareRoot(), c)
    }
}
