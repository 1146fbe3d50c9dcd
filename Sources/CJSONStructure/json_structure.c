// The bracket scan behind TouchTrace's streamed documents: a document's members are read before
// its events, so the events array is first skipped to its end. Going 64 bytes at a time, as
// simdjson finds a document's structure (Langdale and Lemire, "Parsing gigabytes of JSON per
// second", 2019): one bit per quote and per square bracket, the bits inside strings from a
// running exclusive-or of the quote bits, and only the brackets outside strings counted. A block
// with a backslash (an escaped quote would fool the exclusive-or) is scanned a byte at a time.
//
// Only square brackets are counted: in valid JSON they balance by themselves, whatever the
// braces do, and the events are checked by the parser when they are read. An event is an
// object with no array in it, so most blocks hold no bracket to count at all.

#include "json_structure.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// One byte, the state updated; the offset past the closing bracket, -1 or -2 as the header says.
static inline long step(uint8_t c, long k, json_bracket_state *s, long max_depth) {
    if (s->escaped) { s->escaped = 0; return -1; }
    if (s->in_string) {
        if (c == '\\') s->escaped = 1;
        else if (c == '"') s->in_string = 0;
        return -1;
    }
    if (c == '"') {
        s->in_string = 1;
    } else if (c == '[') {
        if (++s->depth > max_depth) return -2;
    } else if (c == ']') {
        if (--s->depth == 0) return k + 1;
    }
    return -1;
}

#if defined(__SSE2__)
static inline uint64_t equal_bits(__m128i a, __m128i b, __m128i c, __m128i d, __m128i v) {
    uint64_t m0 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, v));
    uint64_t m1 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, v));
    uint64_t m2 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(c, v));
    uint64_t m3 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(d, v));
    return m0 | (m1 << 16) | (m2 << 32) | (m3 << 48);
}
#else
/// The high bit of each byte of `word` equal to `byte`, and no other bit.
static inline uint64_t equal_high_bits(uint64_t word, uint8_t byte) {
    uint64_t v = word ^ (0x0101010101010101ULL * byte);
    return ~(((v & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | v | 0x7F7F7F7F7F7F7F7FULL);
}
/// Those high bits as eight bits, byte 0 in bit 0.
static inline uint64_t gather(uint64_t high) { return ((high >> 7) * 0x0102040810204080ULL) >> 56; }
#endif

long json_skip_brackets(const uint8_t *text, long from, long to, json_bracket_state *s, long max_depth) {
    long k = from;
    while (k < to) {
        if (to - k < 64 || s->escaped) {
            long stop = to - k < 64 ? to : k + 64;
            for (; k < stop; k++) {
                long r = step(text[k], k, s, max_depth);
                if (r != -1) return r;
            }
            continue;
        }
        uint64_t quotes, opens, closes, backslashes;
#if defined(__SSE2__)
        const __m128i *p = (const __m128i *)(text + k);
        __m128i a = _mm_loadu_si128(p), b = _mm_loadu_si128(p + 1), c = _mm_loadu_si128(p + 2), d = _mm_loadu_si128(p + 3);
        backslashes = equal_bits(a, b, c, d, _mm_set1_epi8('\\'));
        quotes = equal_bits(a, b, c, d, _mm_set1_epi8('"'));
        opens = equal_bits(a, b, c, d, _mm_set1_epi8('['));
        closes = equal_bits(a, b, c, d, _mm_set1_epi8(']'));
#else
        quotes = opens = closes = backslashes = 0;
        for (int w = 0; w < 8; w++) {
            uint64_t word;
            __builtin_memcpy(&word, text + k + 8 * w, 8);   // little-endian assumed below
            backslashes |= equal_high_bits(word, '\\');
            quotes |= gather(equal_high_bits(word, '"')) << (8 * w);
            opens |= gather(equal_high_bits(word, '[')) << (8 * w);
            closes |= gather(equal_high_bits(word, ']')) << (8 * w);
        }
#endif
        if (backslashes) {
            long stop = k + 64;
            for (; k < stop; k++) {
                long r = step(text[k], k, s, max_depth);
                if (r != -1) return r;
            }
            continue;
        }
        // Bit n of `inside` is set when byte n is inside a string (or is its opening quote).
        uint64_t inside = quotes;
        inside ^= inside << 1;
        inside ^= inside << 2;
        inside ^= inside << 4;
        inside ^= inside << 8;
        inside ^= inside << 16;
        inside ^= inside << 32;
        if (s->in_string) inside = ~inside;
        s->in_string = (int)(inside >> 63);
        uint64_t brackets = (opens | closes) & ~inside;
        while (brackets) {
            int bit = __builtin_ctzll(brackets);
            if ((opens >> bit) & 1) {
                if (++s->depth > max_depth) return -2;
            } else if (--s->depth == 0) {
                return k + bit + 1;
            }
            brackets &= brackets - 1;
        }
        k += 64;
    }
    return -1;
}
