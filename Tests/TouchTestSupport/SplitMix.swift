import TouchPlatform

extension SplitMix {
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func double() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// A small deterministic generator (SplitMix64), so that a seed gives the same input everywhere.
public struct SplitMix {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }
    /// A standard normal sample (Box–Muller).
    public mutating func gaussian() -> Double {
        let u = uniform(), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
