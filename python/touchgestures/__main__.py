"""python3 -m touchgestures replay [--explain] TRACE: the lines `touchtrace replay --json` prints.

Exit status: 0, 2 for a trace that cannot be read or is invalid (after the lines before its
errors, which go to standard error with where they are), 64 for a wrong command line, 1 when the
C library cannot be loaded."""
from __future__ import annotations

import sys
from typing import List

from . import TouchGesturesError, replay_lines


def main(argv: List[str]) -> int:
    args = argv[1:]
    explain = "--explain" in args
    args = [a for a in args if a != "--explain"]
    if len(args) != 2 or args[0] != "replay":
        sys.stderr.write("usage: python3 -m touchgestures replay [--explain] TRACE\n")
        return 64
    out = sys.stdout.buffer
    try:
        for line in replay_lines(args[1], explain):
            out.write(line)
            out.write(b"\n")
    except TouchGesturesError as error:
        out.flush()
        sys.stderr.write("%s\n%s: not a valid trace\n" % (error, args[1]))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
