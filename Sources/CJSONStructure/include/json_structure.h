#ifndef JSON_STRUCTURE_H
#define JSON_STRUCTURE_H

#include <stddef.h>
#include <stdint.h>

/// Where a bracket scan stands between two pieces of text.
typedef struct {
    /// Square brackets open, counted from the array the scan began at.
    long depth;
    /// Inside a string.
    int in_string;
    /// The byte before was a backslash inside a string.
    int escaped;
} json_bracket_state;

/// Scans `text[from..<to)` for the `]` that closes the array the scan began at (the state
/// starts zeroed, at its `[`), minding strings and their escapes and counting square brackets
/// only (in valid JSON they balance by themselves), checking nothing else. Returns the offset
/// one past that bracket; -1 when it is not in this piece (the state is kept for the next); -2
/// when arrays nest deeper than `max_depth`.
long json_skip_brackets(const uint8_t *text, long from, long to, json_bracket_state *state, long max_depth);

#endif
