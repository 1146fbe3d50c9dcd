#ifndef JSON_STRUCTURE_H
#define JSON_STRUCTURE_H

#include <stddef.h>
#include <stdint.h>

/// Where a bracket scan stands between two pieces of text.
typedef struct {
    /// Brackets open (arrays and objects), counted from the value the scan began at.
    long depth;
    /// Inside a string.
    int in_string;
    /// The byte before was a backslash inside a string.
    int escaped;
} json_bracket_state;

/// Scans `text[from..<to)` for the bracket that closes the array or object the scan began at
/// (the state starts zeroed, at its opening bracket), minding strings and their escapes but
/// checking nothing else. Returns the offset one past that bracket; -1 when it is not in this
/// piece (the state is kept for the next); -2 when brackets nest deeper than `max_depth`.
long json_skip_brackets(const uint8_t *text, long from, long to, json_bracket_state *state, long max_depth);

#endif
