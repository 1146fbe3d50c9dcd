#!/usr/bin/env bash
# The live-input test: boots Debian's stock kernel in QEMU (software emulation) with a small
# initramfs, makes virtual touchscreens through uinput, replays recordings into them, and checks
# what `touchtrace record` read through libevdev. One PASS/FAIL line per case, then
# "N passed, N failed"; exit 0 only when every case passed.
#
#   tools/vmtest/run.sh [WORK]      (default WORK: /tmp/touchgestures-vmtest)
#
# For measuring the daemons (their CPU figures are not comparable in these modes):
#   VMTEST_PROFILE=1  touch-gestured and lisgd under callgrind (instructions, by function)
#   VMTEST_PERF=1     perf samples both over the same-work round (time by program, library,
#                     function, the kernel's included)
#   VMTEST_STRACE=1   strace counts each daemon's system calls over the same-work round
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-/tmp/touchgestures-vmtest}
timeout_s=${VMTEST_TIMEOUT:-600}

source "$root/tools/deps"
# libinput10, libwayland-client0 and libx11-6: what lisgd links (it is fetched, not installed).
need_packages qemu-system-x86 busybox-static libevdev-dev evemu-tools cpio libinput10 libwayland-client0 libx11-6 \
  || { echo "vmtest: cannot install what it needs"; exit 1; }
"$here/build.sh" "$work" || { echo "vmtest: build failed"; exit 1; }

kernel="$work/vmlinux"; [ -s "$kernel" ] || kernel="$work/vmlinuz"
serial="$work/serial.log"
rm -f "$serial"
start=$(date +%s)
timeout "$timeout_s" qemu-system-x86_64 -accel tcg -cpu qemu64 -m 1024 -smp 1 -nodefaults \
  -display none -no-reboot -serial "file:$serial" \
  -kernel "$kernel" -initrd "$work/initramfs.cpio.gz" -append "console=ttyS0 quiet panic=-1${VMTEST_PROFILE:+ vmprofile}${VMTEST_STRACE:+ vmstrace}${VMTEST_PERF:+ vmperf}" </dev/null
qrc=$?
echo "vmtest: VM ran $(( $(date +%s) - start )) s (qemu exit $qrc)"
if ! grep -q VMTEST-DONE "$serial"; then
  echo "vmtest: the VM did not finish (timeout ${timeout_s}s?); last lines:"
  tail -30 "$serial"
  echo "0 passed, 1 failed"
  exit 1
fi

tt="$work/swift-build/release/touchtrace"
tr -d '\r' < "$serial" > "$work/serial.txt"   # the serial console ends lines with \r\n
# trace NAME: the trace the VM printed for case NAME, into $work/NAME.jsonl
trace() { sed -n "/^VMTRACE-BEGIN $1\$/,/^VMTRACE-END\$/p" "$work/serial.txt" | sed '1d;$d' > "$work/$1.jsonl"; }
[ -n "${VMTEST_PROFILE:-}" ] && trace daemons-profile
if [ -n "${VMTEST_PERF:-}" ]; then
  trace daemons-perf; echo "vmtest: where each daemon's time went over the same-work round (perf, cpu-clock):"; cat "$work/daemons-perf.jsonl"
fi
if [ -n "${VMTEST_STRACE:-}" ]; then
  for who in lisgd ours; do trace "daemons-strace-$who"; echo "vmtest: $who's system calls over the same-work round:"; cat "$work/daemons-strace-$who.jsonl"; done
fi
rc_of() { sed -n "s/^VMCASE $1 \([0-9]*\).*/\1/p" "$work/serial.txt"; }
logs() { sed -n "s/^VMLOG $1: //p" "$work/serial.txt"; }
# gestures FILE: the replay's output without times (recording in the VM shifts them slightly)
gestures() {
  "$tt" replay --json "$1" | python3 -c '
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    print(o["type"], *(f"{k}={o[k]}" for k in ("direction", "fingers", "taps", "row", "swiped") if k in o))'
}
passed=0; failed=0
verdict() {  # NAME OK DETAIL
  if [ "$2" = 1 ]; then passed=$((passed+1)); echo "PASS $1: $3"; else failed=$((failed+1)); echo "FAIL $1: $3"; fi
}

for c in "protocolB atmel.desc atmel-fast-taps.events" "singleTouch single-touch.desc single-touch.events"; do
  set -- $c
  trace "$1"
  "$tt" import "$here/data/$3" "$work/$1-imported.json" --desc "$here/data/$2" >/dev/null 2>&1
  live=$(gestures "$work/$1.jsonl" 2>&1); direct=$(gestures "$work/$1-imported.json" 2>&1)
  ok=0
  [ "$(rc_of "$1")" = 0 ] && [ -n "$direct" ] && [ "$live" = "$direct" ] && ok=1
  verdict "$1" $ok "recorded on the virtual device: [$(echo "$live" | paste -sd';')]; imported directly: [$(echo "$direct" | paste -sd';')]"
done

# touchtrace synth → export → evemu-play in the VM → touchtrace record → the same taps and swipes.
trace roundTrip
only_gestures() { gestures "$1" | grep -E "^(tap|swipe) "; }
live=$(only_gestures "$work/roundTrip.jsonl" 2>&1); original=$(only_gestures "$work/synth.json" 2>&1)
ok=0
[ "$(rc_of roundTrip)" = 0 ] && [ -n "$original" ] && [ "$live" = "$original" ] && ok=1
verdict roundTrip $ok "exported, played and recorded: [$(echo "$live" | paste -sd';')]; the trace: [$(echo "$original" | paste -sd';')]"

# touch-demo --log on the virtual device prints the events a replay of the recording gives.
trace demo
"$tt" import "$here/data/atmel-fast-taps.events" "$work/demo-imported.json" --desc "$here/data/atmel.desc" >/dev/null 2>&1
strip() { python3 -c '
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    print(o["type"], *(f"{k}={o[k]}" for k in ("direction", "fingers", "taps", "row", "swiped") if k in o))'; }
live=$(strip < "$work/demo.jsonl" 2>&1); direct=$(gestures "$work/demo-imported.json" 2>&1)
ok=0
[ "$(rc_of demo)" = 0 ] && [ -n "$direct" ] && [ "$live" = "$direct" ] && ok=1
verdict demo $ok "touch-demo --log on the device: [$(echo "$live" | paste -sd';')]; replay of the import: [$(echo "$direct" | paste -sd';')]"

trace dropped
v=$("$tt" validate "$work/dropped.jsonl" 2>&1); vrc=$?
ok=0
[ "$(rc_of dropped)" = 0 ] && [ $vrc = 0 ] && ! echo "$v" | grep -q "still down" && logs dropped | grep -q "recovered from" && ok=1
verdict dropped $ok "$(logs dropped | tail -1); validate: $(echo "$v" | tail -1)$(echo "$v" | grep -q 'still down' && echo ' (a contact was left down)')"

trace removed
v=$("$tt" validate "$work/removed.jsonl" 2>&1); vrc=$?
ok=0
[ "$(rc_of removed)" = 0 ] && [ $vrc = 0 ] && logs removed | grep -q "the device was removed" && ok=1
verdict removed $ok "exit $(rc_of removed); $(logs removed | grep -m1 removed); validate: $(echo "$v" | tail -1)"

trace killed
v=$("$tt" validate "$work/killed.jsonl" 2>&1); vrc=$?
live=$(gestures "$work/killed.jsonl" 2>&1); direct=$(gestures "$work/protocolB-imported.json" 2>&1)
ok=0
[ $vrc = 0 ] && [ -n "$direct" ] && [ "$live" = "$direct" ] && ok=1
verdict killed $ok "after kill -9 the file is $(echo "$v" | tail -1 | sed 's/.*: //'); its replay $([ "$live" = "$direct" ] && echo matches || echo 'does not match') the import's"

ok=0
[ "$(rc_of demoRemoved)" = 0 ] && logs demoRemoved | grep -q "the device was removed" && ok=1
verdict demoRemoved $ok "touch-demo exit $(rc_of demoRemoved); $(logs demoRemoved | grep -m1 removed)"

# 6: the daemons side by side. A gesture is right when the lines its bindings wrote are the truth.
trace daemons-lisgd; trace daemons-ours
python3 - "$work/daemon-truth.txt" "$work/daemons-lisgd.jsonl" "$work/daemons-ours.jsonl" "$work/serial.txt" > "$work/daemons.txt" <<'PY'
import re, sys
truth = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
def seen(path):
    out, cur = {}, []
    for line in open(path):
        line = line.strip()
        if line.startswith("--- "):
            out[line[4:]] = cur; cur = []
        elif line:
            cur.append(line)
    return out
lisgd, ours = seen(sys.argv[2]), seen(sys.argv[3])
logs = [l[len("VMLOG daemons: "):].strip() for l in open(sys.argv[4]) if l.startswith("VMLOG daemons: ")]
rows, regressions, ours_right, lisgd_right = [], 0, 0, 0
for gid, t, statements in truth:
    want = [] if t == "-" else t.split(";")
    l, o = lisgd.get(gid, ["(no marker)"]), ours.get(gid, ["(no marker)"])
    lr, orr = l == want, o == want
    lisgd_right += lr; ours_right += orr
    if lr and not orr: regressions += 1
    rows.append((statements, "; ".join(want) or "-", "; ".join(l) or "-", "; ".join(o) or "-", lr, orr))
w = max(len(r[0]) for r in rows)
print(f"{'gesture played':<{w}}  {'truth':<24} {'lisgd':<28} touch-gestured")
for s, t, l, o, lr, orr in rows:
    print(f"{s:<{w}}  {t:<24} {('' if lr else '✗ ') + l:<28} {('' if orr else '✗ ') + o}")
print(f"right: lisgd {lisgd_right}/{len(rows)}, touch-gestured {ours_right}/{len(rows)}; "
      f"gestures lisgd gets right and touch-gestured wrong: {regressions}")
for line in logs: print(line)
# Idle, the daemon and touch-demo sleep in the kernel: no wake-up in 10 s without a touch.
idle = {l.split()[0]: l.split("=")[1] for l in logs if "idle_wakeups=" in l}
sleepy = [who for who in ("ours", "touch-demo") if idle.get(who) != "0"]
if sleepy: print("woke while idle: " + ", ".join(f"{w} ({idle.get(w, 'not measured')})" for w in sleepy))
sys.exit(1 if regressions or ours_right == 0 or sleepy else 0)
PY
drc=$?
cat "$work/daemons.txt"
ok=0
[ "$(rc_of daemons)" = 0 ] && [ $drc = 0 ] && ok=1
verdict daemons $ok "$(grep '^right:' "$work/daemons.txt")"

# 7: a touchscreen plugged in after the daemon started is read; SIGHUP reloads; SIGTERM exits 0.
trace hotplug
ok=0
[ "$(rc_of hotplug)" = 0 ] && [ "$(paste -sd, "$work/hotplug.jsonl")" = "first,second" ] \
  && logs hotplug | grep -q "touchscreen plugged in" && logs hotplug | grep -q "reloaded" && ok=1
verdict hotplug $ok "exit $(rc_of hotplug); commands run: [$(paste -sd, "$work/hotplug.jsonl")]; $(logs hotplug | grep -m1 'plugged in')"

# 8: live --dry-run output in a file is there while the daemon runs.
trace liveOutput
ok=0
explained=$(logs liveOutput | grep "explain " | sed 's/.*explain [0-9.]* s: //')
[ "$(rc_of liveOutput)" = 0 ] && [ "$(cat "$work/liveOutput.jsonl")" = "up from the bottom" ] \
  && [ "$(echo "$explained" | sed 's/swipe up [0-9.]* mm/swipe up N mm/')" = "swipe up N mm, 1 finger, from the bottom edge: -g #1 runs up from the bottom
touch with 1 finger: no gesture a binding waits for (swipes)" ] && ok=1
verdict liveOutput $ok "exit $(rc_of liveOutput); in the file before SIGTERM: [$(paste -sd, "$work/liveOutput.jsonl")]; --explain: [$(echo "$explained" | paste -sd'|')]"

# 9: every misfire a trace: the trace the daemon saved on SIGUSR2, replayed alone on the host,
# runs the commands the daemon ran (its own bindings come with it).
trace saveTrace-ran; trace saveTrace-trace
replayed=$("$work/swift-build/release/touch-gestured" --replay "$work/saveTrace-trace.jsonl" --dry-run 2> "$work/saveTrace-replay.err")
ran=$(sed 's#.*#echo & >> /tmp/ring.log#' "$work/saveTrace-ran.jsonl")
ok=0
[ "$(rc_of saveTrace)" = 0 ] && [ -n "$ran" ] && [ "$replayed" = "$ran" ] && logs saveTrace | grep -q "saved " && ok=1
verdict saveTrace $ok "exit $(rc_of saveTrace); the daemon ran [$(paste -sd, "$work/saveTrace-ran.jsonl")]; the saved trace replayed runs [$(echo "$replayed" | sed 's#echo \(.*\) >> /tmp/ring.log#\1#' | paste -sd,)]; $(logs saveTrace | grep -m1 'saved ' | cut -c1-120)"

# 10: latency: from the kernel's timestamp of the frame that ended each swipe (its lift, as
# touchtrace record read it) to the start of the command the daemon ran for it (stamp's
# CLOCK_MONOTONIC), for lisgd and touch-gestured at read-interval 0 and at its default.
for who in lisgd ours0 ours25; do trace "latency-$who-stamps"; trace "latency-$who-frames"; done
python3 - "$work" "$work/serial.txt" > "$work/latency.txt" <<'PY'
import json, re, statistics, sys
work, serial = sys.argv[1], open(sys.argv[2]).read()
out, ok = [], True
figures, each = {}, {}
for who in ("lisgd", "ours0", "ours25"):
    m = re.search(rf"VMLOG latency: {who}: recorded .*its time 0 is ([0-9.]+) s", serial)
    cpu = re.search(rf"VMLOG latency: {who} cpu_us=([0-9]+)", serial)
    lines = [l for l in open(f"{work}/latency-{who}-frames.jsonl") if l.strip()]
    lifts = []
    for l in lines[1:]:
        e = json.loads(l)
        if e.get("phase") == "up": lifts.append(float(m.group(1)) + e["t"] if m else None)
    stamps = [l.split() for l in open(f"{work}/latency-{who}-stamps.jsonl") if l.strip()]
    if not m or len(lifts) != 24 or len(stamps) != 24 or None in lifts:
        out.append(f"{who}: incomplete: {len(lifts)} lifts recorded, {len(stamps)} commands run (24 each expected)")
        ok = False
        continue
    ms = [1000 * (float(s[0]) - t) for s, t in zip(stamps, lifts)]
    each[who] = ms
    figures[who] = (statistics.median(ms), max(ms), int(cpu.group(1)) if cpu else -1)
    out.append(f"{who}: median {statistics.median(ms):.1f} ms, worst {max(ms):.1f} ms, best {min(ms):.1f} ms over 24 swipes; "
               f"CPU {figures[who][2]} µs; each: " + " ".join(f"{x:.1f}" for x in ms))
print("\n".join(out))
if ok:
    l0, o0, o25 = figures["lisgd"], figures["ours0"], figures["ours25"]
    # Pair by pair: the same swipe, played on lisgd's device and then on ours, moments apart.
    paired = [o - l for o, l in zip(each["ours0"], each["lisgd"])]
    faster = sum(1 for d in paired if d < 0)
    print(f"latency: median lisgd {l0[0]:.1f} ms, touch-gestured {o0[0]:.1f} ms at read-interval 0, {o25[0]:.1f} ms at 25 ms; "
          f"worst {l0[1]:.1f}, {o0[1]:.1f}, {o25[1]:.1f} ms; paired (ours at 0 − lisgd, same swipe) median {statistics.median(paired):+.1f} ms, "
          f"ours faster on {faster} of 24; CPU {l0[2]}, {o0[2]}, {o25[2]} µs")
sys.exit(0 if ok else 1)
PY
lrc=$?
cat "$work/latency.txt"
ok=0
[ "$(rc_of latency)" = 0 ] && [ $lrc = 0 ] && ok=1
verdict latency $ok "$(grep '^latency:' "$work/latency.txt" || tail -1 "$work/latency.txt")"

# 11: Sxmo's own hook, with the daemon as lisgd: each gesture ran what the hook binds it to, by
# lisgd's rules (the first binding that matches, in the hook's order), and nothing else. 40 mm
# swipes on a 160 x 96 mm panel: up from the bottom and down from the top are the edges' own
# bindings, written before the "medium" third (32 mm up and down) that a plain 40 mm swipe up
# would take; right in the middle is not a medium third across (53 mm): oneright. The slide up
# the right edge runs its P binding every 60 units (6 mm at the device's 10 units/mm): six times
# in 40 mm, then no swipe at the lift.
trace sxmoHook
expected="upbottomedge
--- 11
downtopedge
--- 10
oneright
--- 00
leftrightedge
--- 09
twoup
--- 20
twodowntopedge
--- 22
uprightedge
uprightedge
uprightedge
uprightedge
uprightedge
uprightedge
--- slide"
ok=0
[ "$(rc_of sxmoHook)" = 0 ] && [ "$(cat "$work/sxmoHook.jsonl")" = "$expected" ] \
  && logs sxmoHook | grep -q "lisgd is /usr/bin/touch-gestured" && ok=1
verdict sxmoHook $ok "exit $(rc_of sxmoHook); $(logs sxmoHook | grep -m1 'lisgd is'); ran [$(paste -sd, "$work/sxmoHook.jsonl")]; expected [$(echo "$expected" | paste -sd,)]"

# 12: streaming bindings, live: a reader that keeps up, a slow one, one that quits early.
for who in stream stream2 slow quit; do trace "stream-$who"; trace "stream-$who-right"; done
python3 - "$work" > "$work/stream.txt" <<'PY'
import statistics, sys
work = sys.argv[1]
def lines(who):
    out = []
    for l in open(f"{work}/stream-{who}.jsonl"):
        f = l.split()
        if len(f) == 7:
            out.append((float(f[0]), f[1], float(f[2]), float(f[3]), float(f[4]), float(f[5]), int(f[6])))
    return out
def stamps(who):
    return {l.split()[1]: float(l.split()[0]) for l in open(f"{work}/stream-{who}-right.jsonl") if len(l.split()) == 2}
problems = []
s = lines("stream")
events = [l[1] for l in s]
if len(s) < 3 or events[0] != "begin" or events[-1] != "commit" or any(e != "update" for e in events[1:-1]):
    problems.append(f"stream: events {events[:2]}…{events[-2:]} ({len(s)} lines), expected begin, updates, commit")
else:
    times = [l[2] for l in s]; values = [l[4] for l in s]
    frame = statistics.median(b - a for a, b in zip(times, times[1:]))
    late = [1000 * (l[0] - l[2]) for l in s]
    updates = late[1:-1]
    if any(b < a for a, b in zip(times, times[1:])): problems.append("stream: times out of order")
    if any(b < a - 0.5 for a, b in zip(values, values[1:-1])): problems.append("stream: progress went back while the finger went on")
    if not 50 <= values[-1] <= 56: problems.append(f"stream: the drag of 55 mm ended at {values[-1]} mm")
    # The first update, from its frame or, when the reader was still starting (its command is
    # started at the begin line), from the begin line's arrival: the daemon's share. The better
    # of two runs: a delay of the daemon's own is in both, a stall of the emulated machine (one
    # run's first update once came 11.7 ms after its frame, where the others took 1.1-3.0 ms)
    # seldom is.
    def first(run): return 1000 * (run[1][0] - max(run[1][2], run[0][0]))
    s2 = lines("stream2")
    if len(s2) < 3 or s2[0][1] != "begin" or s2[-1][1] != "commit":
        problems.append(f"stream2: events {[l[1] for l in s2][:2]}…, expected begin, updates, commit")
        first_share = first(s)
    else:
        first_share = min(first(s), first(s2))
        print(f"stream2: {len(s2)} lines; its first update {first(s2):.1f} ms after its frame or the reader's start (the first run's: {first(s):.1f} ms)")
    if first_share > 1000 * frame: problems.append(f"stream: the first update came {first_share:.1f} ms after its frame (or the reader's start) in the better of two runs, over one frame ({1000 * frame:.1f} ms)")
    if statistics.median(updates) > 1000 * frame: problems.append(f"stream: the updates' median {statistics.median(updates):.1f} ms is over one frame")
    print(f"stream: {len(s)} lines; from the kernel's frame to the reader: begin {late[0]:.1f} ms (the command's start), "
          f"first update {updates[0]:.1f} ms ({first_share:.1f} ms after its frame or the reader's start, the better of two runs), updates median {statistics.median(updates):.1f} ms, worst {max(updates):.1f} ms, "
          f"last line {late[-1]:.1f} ms; a frame every {1000 * frame:.1f} ms; progress {s[0][3]:.2f} → {s[-1][3]:.2f}")
w = lines("slow"); r = stamps("slow")
events = [l[1] for l in w]
if len(w) < 2 or events[0] != "begin" or events[-1] not in ("commit",) or any(e != "update" for e in events[1:-1]):
    problems.append(f"slow: events {events}")
elif len(w) >= len(s):
    problems.append(f"slow: {len(w)} lines, as many as the reader that kept up ({len(s)}): nothing coalesced")
if "right" not in r or "played" not in r:
    problems.append(f"slow: the swipe right's command did not run beside the slow reader: {r}")
else:
    gap = 1000 * (r["right"] - r["played"])
    if gap > 50: problems.append(f"slow: the swipe right's command started {gap:.1f} ms after its swipe was played (over 50 ms)")
    print(f"slow: the reader took {len(w)} lines (coalesced from the {len(s)} a prompt reader took), the last a {events[-1] if events else '-'}; "
          f"the swipe right's command started {gap:+.1f} ms from the end of its playing")
q = lines("quit"); r = stamps("quit")
if [l[1] for l in q] != ["begin"]: problems.append(f"quit: the reader wrote {[l[1] for l in q]}, expected its first line only")
if "right" not in r: problems.append("quit: the swipe right after the reader quit did not run")
print("quit: the reader took 1 line and exited; the swipe after it ran" if not [p for p in problems if p.startswith("quit")] else "quit: see the problems")
for p in problems: print("PROBLEM " + p)
PY
src=$?
cat "$work/stream.txt"
for who in stream stream2 slow quit; do
  ok=0
  [ $src = 0 ] && [ "$(rc_of "stream-$who")" = 0 ] && grep -q "^VMCASE stream-$who 0 alive=1" "$work/serial.txt" \
    && ! grep -q "^PROBLEM $who:" "$work/stream.txt" && ok=1
  [ $who = quit ] && ! logs stream-quit | grep -q "its reader stopped reading" && ok=0
  verdict "stream-$who" $ok "exit $(rc_of "stream-$who"); $(grep "^$who:" "$work/stream.txt" | head -1)$(grep "^PROBLEM $who:" "$work/stream.txt" | sed 's/^PROBLEM / /' | paste -sd';')"
done

echo "$passed passed, $failed failed"
[ $failed = 0 ]
