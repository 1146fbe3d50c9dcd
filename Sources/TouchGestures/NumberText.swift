/// Numbers as text, in one place for the whole package (no Foundation): the three forms its
/// outputs use. `package`: shared by the modules, not part of the public API.
///
/// - ``formatFixed(_:digits:)``: exactly `digits` decimals (`0.700`), for times and columns;
/// - ``formatRounded(_:digits:)``: at most `digits` decimals, trailing zeros left out (`12`,
///   `11.8`), for measurements said in words;
/// - ``formatJSONNumber(_:)``: the shortest text that reads back as the same double (`0.1`,
///   `11.79245283018868`), for files read again (JSON, TOML).

/// Renders `value` with exactly `digits` decimals, without Foundation. Shared with the
/// package's other modules (`package`), not part of the public API.
package func formatFixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return value.description }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let negative = value < 0
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return value.description }
    let n = Int64(scaled)
    let whole = n / Int64(scale)
    var frac = String(n % Int64(scale))
    while frac.count < digits { frac = "0" + frac }
    let sign = negative && n != 0 ? "-" : ""
    return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(frac)"
}

/// The shortest text that reads back as exactly `n`: integers without a fraction, others in
/// Swift's shortest round-trip form. Non-finite values (which JSON cannot carry) become `null`.
package func formatJSONNumber(_ n: Double) -> String {
    guard n.isFinite else { return "null" }
    if n == n.rounded(), abs(n) < 1e15 {
        if n == 0 { return n.sign == .minus ? "-0" : "0" }
        return String(Int64(n))
    }
    return n.description
}

/// `value` rounded to at most `digits` decimals, with trailing zeros (and a bare point) left
/// out: `12`, `11.8`, `-0.1`. A value too large for its digits, or not finite, as Swift writes it.
package func formatRounded(_ value: Double, digits: Int = 1) -> String {
    var text = formatFixed(value, digits: digits)
    guard digits > 0, text.contains("."), !text.contains("e") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
