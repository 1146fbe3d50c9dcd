/// Writes 8-bit RGB pictures as PNG files, with no library: each scanline filtered with PNG's
/// Sub filter (a flat area becomes a run of zeros) and compressed as one deflate block of fixed
/// Huffman codes whose only matches repeat the previous byte. A flat 800 × 480 frame is a few
/// kilobytes, a frame of a list with text some tens.
package enum PNGEncoder {
    /// The PNG file of a `width` × `height` picture, `rgb` holding 3 bytes a pixel, row by row.
    package static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(rgb.count == width * height * 3, "3 bytes a pixel")
        // Filtered scanlines: a filter byte (1: Sub), then each byte minus the one 3 before it.
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            raw.append(1)
            let row = y * width * 3
            for i in 0..<(width * 3) {
                raw.append(rgb[row + i] &- (i >= 3 ? rgb[row + i - 3] : 0))
            }
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]      // 8 bits, RGB, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, into: &out)
        chunk("IDAT", zlib(raw), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count))
        out += typeBytes
        out += data
        out += bigEndian(crc32(typeBytes + data))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// Bits, least significant first, as deflate packs them.
    private struct Bits {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var count = 0
        mutating func put(_ value: UInt32, _ n: Int) {
            current |= value << UInt32(count)
            count += n
            while count >= 8 {
                bytes.append(UInt8(current & 0xFF))
                current >>= 8
                count -= 8
            }
        }
        /// A Huffman code, which deflate writes most significant bit first.
        mutating func code(_ value: UInt32, _ n: Int) {
            var reversed: UInt32 = 0
            for k in 0..<n { reversed |= ((value >> UInt32(k)) & 1) << UInt32(n - 1 - k) }
            put(reversed, n)
        }
        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(current & 0xFF)) }
            return bytes
        }
    }

    // RFC 1951's fixed code: base lengths of codes 257…285 and their extra bits.
    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                            67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    private static func symbol(_ v: Int, _ bits: inout Bits) {
        switch v {
        case 0...143: bits.code(UInt32(0x30 + v), 8)
        case 144...255: bits.code(UInt32(0x190 + v - 144), 9)
        case 256...279: bits.code(UInt32(v - 256), 7)
        default: bits.code(UInt32(0xC0 + v - 280), 8)
        }
    }

    /// A zlib stream of `data`: one fixed-Huffman block, matches only at distance 1.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var bits = Bits()
        bits.put(1, 1)      // the last block
        bits.put(1, 2)      // fixed Huffman codes
        var i = 0
        while i < data.count {
            var run = 0
            if i > 0 {
                while run < 258, i + run < data.count, data[i + run] == data[i - 1] { run += 1 }
            }
            if run >= 3 {
                var k = lengthBase.count - 1
                while lengthBase[k] > run { k -= 1 }
                symbol(257 + k, &bits)
                if lengthExtra[k] > 0 { bits.put(UInt32(run - lengthBase[k]), lengthExtra[k]) }
                bits.code(0, 5)  // distance code 0: distance 1
                i += run
            } else {
                symbol(Int(data[i]), &bits)
                i += 1
            }
        }
        symbol(256, &bits)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return [0x78, 0x01] + bits.finish() + bigEndian(b << 16 | a)
    }
}
