internal import CPlatform

/// MT19937, seeded from a whole number the way CPython's `random.Random(seed)` is, with its
/// `random()` (53 random bits) and `gauss()` (Box–Muller, two deviates a time). The golden
/// corpus was first generated with Python's generator; this one reproduces every jittered
/// sample of it, so the traces did not change when their generator became Swift.
package struct MersenneTwister: Sendable {
    private var mt = [UInt32](repeating: 0, count: 624)
    private var index = 624
    private var nextGauss: Double?

    /// A generator seeded with `seed` (its 32-bit words, least significant first, as the key of
    /// MT19937's `init_by_array`).
    package init(seed: UInt64) {
        var key: [UInt32] = []
        var s = seed
        repeat {
            key.append(UInt32(truncatingIfNeeded: s))
            s >>= 32
        } while s != 0
        mt[0] = 19_650_218
        for i in 1..<624 { mt[i] = 1_812_433_253 &* (mt[i - 1] ^ (mt[i - 1] >> 30)) &+ UInt32(i) }
        var i = 1, j = 0
        for _ in 0..<max(624, key.count) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
            i += 1
            j += 1
            if i >= 624 { mt[0] = mt[623]; i = 1 }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<623 {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 { mt[0] = mt[623]; i = 1 }
        }
        mt[0] = 0x8000_0000
    }

    private mutating func next32() -> UInt32 {
        if index >= 624 {
            for k in 0..<624 {
                let y = (mt[k] & 0x8000_0000) | (mt[(k + 1) % 624] & 0x7fff_ffff)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (y & 1 == 0 ? 0 : 0x9908_b0df)
            }
            index = 0
        }
        var y = mt[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c_5680
        y ^= (y << 15) & 0xefc6_0000
        y ^= y >> 18
        return y
    }

    /// A number in [0, 1) with 53 random bits.
    package mutating func random() -> Double {
        let a = Double(next32() >> 5), b = Double(next32() >> 6)
        return (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A normal deviate with mean `mu` and standard deviation `sigma`.
    package mutating func gauss(mu: Double = 0, sigma: Double = 1) -> Double {
        let z: Double
        if let g = nextGauss {
            z = g
            nextGauss = nil
        } else {
            let x2pi = random() * 2 * Double.pi
            let g2rad = (-2.0 * log(1.0 - random())).squareRoot()
            z = cos(x2pi) * g2rad
            nextGauss = sin(x2pi) * g2rad
        }
        return mu + z * sigma
    }
}
