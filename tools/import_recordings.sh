#!/usr/bin/env bash
# Convert the real recordings of ../shared/data/evemu into traces/recorded-*.json with
# `touchtrace import`, each with the expectations its recorder's label implies:
#   fast taps → that many taps (quick pairs count as double taps);
#   two fingers put down, held 0.82 s and lifted → a two-finger long press (it passes 0.5 s);
#   drags → vertical swipes that change no row and select nothing.
# The recordings are MIT-licensed (traces/NOTICE). Usage: tools/import_recordings.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
src=../shared/data/evemu
out="${1:-traces}"
tt=.build/debug/touchtrace
[ -x "$tt" ] || swift build --product touchtrace >/dev/null
atmel=Atmel_maXTouch_Touchscreen
no_rows='rowSwipe,select'

"$tt" import "$src/$atmel.1-finger-fast-taps.events" "$out/recorded-atmel-fast-taps.json" \
  --expect '[{"type": "tap", "taps": 2, "fingers": 1}, {"type": "tap", "taps": 2, "fingers": 1},
             {"type": "tap", "taps": 2, "fingers": 1}, {"type": "tap", "taps": 2, "fingers": 1},
             {"type": "tap", "taps": 1, "fingers": 1}]' \
  --expect-none "swipe,rowSwipe"
"$tt" import "$src/$atmel.2-fingers-touch-release.events" "$out/recorded-atmel-two-finger-long-press.json" \
  --expect '[{"type": "won", "recognizer": "longPress", "t": 0.5}]' --expect-none "tap,swipe,rowSwipe,pan"
"$tt" import "$src/$atmel.1-finger-drag-up-down.events" "$out/recorded-atmel-drag-up-down.json" \
  --expect '[{"type": "swipe", "direction": "up", "fingers": 1}]' --expect-none "$no_rows,tap"
"$tt" import "$src/$atmel.4-finger-drag-down.events" "$out/recorded-atmel-four-finger-drag-down.json" \
  --expect '[{"type": "swipe", "direction": "down", "fingers": 4}]' --expect-none "$no_rows,tap"
"$tt" import "$src/ELAN_CANDO_Windows7.1-finger-drag-up-down.events" "$out/recorded-elan-drag-up-down.json" \
  --desc "$src/ELAN_CANDO_Windows7.desc" \
  --expect '[{"type": "swipe", "direction": "up", "fingers": 1}]' --expect-none "$no_rows,tap"
