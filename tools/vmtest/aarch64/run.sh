#!/usr/bin/env bash
# The aarch64 daemon on a real kernel of its CPU: boots Debian's arm64 kernel under
# qemu-system-aarch64 (-M virt, software emulation) with a busybox initramfs (Debian's arm64
# busybox-static, evemu-tools and the libraries it links), in which touch-gestured as tools/cross
# builds it reads a virtual touchscreen through the kernel's evdev (uinput, evemu-device) and runs
# its bindings: Sxmo's own start hook with the daemon as lisgd (a swipe from the bottom edge, from
# the top edge, in the middle, from the right edge), and a tap and a two-finger double tap bound
# in a configuration file. One PASS/FAIL line per case, then "N passed, N failed".
#
#   tools/vmtest/aarch64/run.sh [WORK]      (default WORK: /tmp/touchgestures-vmtest-aarch64)
#
# The packages of the target are fetched with `apt-get download` through a private apt state
# (the machine's architectures and lists are left alone), never installed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=${1:-/tmp/touchgestures-vmtest-aarch64}
timeout_s=${VMTEST_TIMEOUT:-600}
mkdir -p "$work"
work=$(cd "$work" && pwd)
fail() { echo "vmtest-aarch64: $*"; echo "0 passed, 1 failed"; exit 1; }

source "$root/tools/deps"
need_packages qemu-system-arm cpio || fail "cannot install qemu-system-arm and cpio"
# CROSS_DIR: an aarch64 build tools/cross made already (tools/test hands over tools/cross-test's).
if [ -n "${CROSS_DIR:-}" ]; then
  [ -x "$CROSS_DIR/bin/touch-gestured" ] || fail "CROSS_DIR=$CROSS_DIR holds no bin/touch-gestured"
  cross_dir=$CROSS_DIR
else
  "$root/tools/cross" aarch64 "$work/cross" > "$work/cross.log" 2>&1 || { cat "$work/cross.log"; fail "tools/cross aarch64 failed"; }
  cross_dir="$work/cross"
fi
(cd "$root" && swift build --product touchtrace > "$work/touchtrace-build.log" 2>&1 && swift build --product touch-gestured >> "$work/touchtrace-build.log" 2>&1) \
  || fail "touchtrace and touch-gestured do not build"
tt="$root/.build/debug/touchtrace"

# The target's packages: the kernel, busybox, evemu-tools and what it links.
if [ ! -f "$work/debs/.complete" ]; then
  rm -rf "$work/debs"
  download_for arm64 "$work/debs" linux-image-arm64 busybox-static evemu-tools libevemu3 libevdev2 libc6 \
    || fail "cannot fetch the arm64 packages"
  touch "$work/debs/.complete"
fi
x="$work/x"
rm -rf "$x" && mkdir -p "$x"
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$x"; done
kver=$(ls "$x/lib/modules")

# Sxmo's own start hook (Debian's sxmo-utils, not kept in the repository).
sxmo="$root/.build/cross/sxmo"
if [ ! -f "$sxmo/usr/share/sxmo/default_hooks/sxmo_hook_lisgdstart.sh" ]; then
  rm -rf "$sxmo" && mkdir -p "$sxmo"
  (cd "$sxmo" && apt-get download -q sxmo-utils > /dev/null 2>&1 && dpkg-deb -x sxmo-utils_*.deb .) || fail "cannot fetch sxmo-utils"
fi

# Root filesystem.
r="$work/rootfs"
rm -rf "$r"
mkdir -p "$r"/{bin,sbin,usr/bin,usr/local/bin,lib/modules,proc,sys,dev,tmp,test/g,test/sxmo,usr/share/sxmo/default_hooks}
cp "$x/bin/busybox" "$r/bin/"
for applet in $(qemu-aarch64-static "$r/bin/busybox" --list 2>/dev/null || QEMU_LD_PREFIX=/usr/aarch64-linux-gnu qemu-aarch64 "$r/bin/busybox" --list); do
  [ -e "$r/bin/$applet" ] || ln -s busybox "$r/bin/$applet"
done
cp "$x/lib/modules/$kver/kernel/drivers/input/evdev.ko" "$x/lib/modules/$kver/kernel/drivers/input/misc/uinput.ko" "$r/lib/modules/"
# evemu's programs and the libraries they link (glibc, libevemu, libevdev), as Debian lays them out.
cp "$x/usr/bin/evemu-device" "$x/usr/bin/evemu-play" "$r/usr/bin/"
mkdir -p "$r/lib/aarch64-linux-gnu" "$r/usr/lib/aarch64-linux-gnu"
cp -a "$x/lib/ld-linux-aarch64.so.1" "$r/lib/" 2>/dev/null || true
cp -a "$x/lib/aarch64-linux-gnu/." "$r/lib/aarch64-linux-gnu/" 2>/dev/null || true
cp -a "$x/usr/lib/aarch64-linux-gnu/." "$r/usr/lib/aarch64-linux-gnu/"
cp "$cross_dir/bin/touch-gestured" "$r/usr/bin/"
ln -sfn /usr/bin/touch-gestured "$r/usr/local/bin/lisgd"
cp "$sxmo/usr/share/sxmo/default_hooks/sxmo_hook_lisgdstart.sh" "$r/usr/share/sxmo/default_hooks/"
cp "$sxmo/usr/bin/sxmo_common.sh" "$r/usr/bin/"
printf '#!/bin/sh\necho "$1" >> /tmp/sxmo.log\n' > "$r/test/sxmo/sxmo_hook_inputhandler.sh"
printf '#!/bin/sh\n[ "$1" = -f ] && shift\nexec "$@"\n' > "$r/test/sxmo/setsid"
chmod +x "$r/test/sxmo/sxmo_hook_inputhandler.sh" "$r/test/sxmo/setsid"
printf '[[binding]]\ngesture = "tap"\nshell = "echo tap >> /tmp/taps.log"\n\n[[binding]]\ngesture = "tap"\ntaps = 2\nfingers = 2\nshell = "echo double-tap-two-fingers >> /tmp/taps.log"\n' > "$r/test/taps.toml"
"$root/.build/debug/touch-gestured" --check-config --config "$r/test/taps.toml" > /dev/null 2>&1 || fail "the VM's configuration is refused by the daemon"
# The gestures, on an 800 x 480 panel of 5 units/mm (160 x 96 mm), as the amd64 VM test draws them.
while IFS='|' read -r name statement; do
  "$tt" synth -e "device 800x480 res 5; $statement" "$work/$name.json" > /dev/null || fail "touchtrace synth: $statement"
  "$tt" export "$work/$name.json" --evemu "$r/test/g/$name.evemu" > /dev/null || fail "touchtrace export: $name"
done <<'GESTURES'
up-from-bottom|swipe up 40mm at 400,474
down-from-top|swipe down 40mm at 400,6
right-in-the-middle|swipe right 40mm at 300,240
left-from-the-right-edge|swipe left 40mm at 794,240
tap|tap at 400,240
double-tap-two-fingers|double-tap at 400,240 fingers 2
GESTURES
printf '{"version": 1, "device": {"width": 800, "height": 480, "resolution": 5}, "events": [{"t": 0, "id": 1, "phase": "up", "x": 1, "y": 1}]}\n' > "$r/test/bad.json"
cp "$here/init" "$r/init"
(cd "$r" && find . | cpio -o -H newc 2>/dev/null | gzip -1) > "$work/initramfs.cpio.gz"

serial="$work/serial.log"
rm -f "$serial"
start=$(date +%s)
timeout "$timeout_s" qemu-system-aarch64 -M virt -cpu cortex-a53 -accel tcg -m 1024 -smp 1 -nodefaults \
  -display none -no-reboot -serial "file:$serial" \
  -kernel "$x/boot/vmlinuz-$kver" -initrd "$work/initramfs.cpio.gz" -append "console=ttyAMA0 quiet panic=-1" < /dev/null
qrc=$?
echo "vmtest-aarch64: VM ran $(( $(date +%s) - start )) s (qemu exit $qrc)"
grep -q VMTEST-DONE "$serial" || { tail -30 "$serial"; fail "the VM did not finish (timeout ${timeout_s}s?)"; }
tr -d '\r' < "$serial" > "$work/serial.txt"
grep "^VMLOG machine" "$work/serial.txt" | sed 's/^VMLOG /vmtest-aarch64: /'
trace() { sed -n "/^VMTRACE-BEGIN $1\$/,/^VMTRACE-END\$/p" "$work/serial.txt" | sed '1d;$d'; }
rc_of() { sed -n "s/^VMCASE $1 \([0-9]*\).*/\1/p" "$work/serial.txt"; }
passed=0; failed=0
verdict() { if [ "$2" = 1 ]; then passed=$((passed+1)); echo "PASS $1: $3"; else failed=$((failed+1)); echo "FAIL $1: $3"; fi; }

# Sxmo's bindings, by lisgd's rule (the first that matches, in the hook's order), as the amd64 VM
# test has them for the same strokes: 40 mm up from the bottom edge and down from the top edge are
# those edges' own bindings; 40 mm right in the middle is no medium third across the 160 mm panel
# (53 mm): oneright; 40 mm left from the right edge is leftrightedge.
expected="upbottomedge
--- up-from-bottom
downtopedge
--- down-from-top
oneright
--- right-in-the-middle
leftrightedge
--- left-from-the-right-edge"
got=$(trace sxmoHook)
ok=0
[ "$(rc_of sxmoHook)" = 0 ] && [ "$got" = "$expected" ] && grep -q "lisgd is /usr/bin/touch-gestured" "$work/serial.txt" && ok=1
verdict sxmoHook $ok "exit $(rc_of sxmoHook); ran [$(paste -sd, <<< "$got")]; expected [$(paste -sd, <<< "$expected")]"

expected="tap
--- tap
double-tap-two-fingers
--- double-tap-two-fingers"
got=$(trace taps)
ok=0
[ "$(rc_of taps)" = 0 ] && [ "$got" = "$expected" ] && ok=1
verdict taps $ok "exit $(rc_of taps); ran [$(paste -sd, <<< "$got")]; expected [$(paste -sd, <<< "$expected")]"

# The invalid trace's errors, by its short name and on standard input: what the host's daemon says.
expected=$(cd "$r/test" && "$root/.build/debug/touch-gestured" --replay bad.json --dry-run -g '1,DU,*,*,x' 2>&1; \
           "$root/.build/debug/touch-gestured" --replay - --dry-run -g '1,DU,*,*,x' < bad.json 2>&1)
got=$(trace shortName)
ok=0
[ "$(sed -n 's/^VMCASE shortName //p' "$work/serial.txt")" = "1 1" ] && [ "$got" = "$expected" ] && ok=1
verdict shortName $ok "exit $(sed -n 's/^VMCASE shortName //p' "$work/serial.txt"); printed [$(paste -sd'|' <<< "$got")]; the host [$(paste -sd'|' <<< "$expected")]"

# The daemon lists the virtual touchscreen with its kind and a resolution (touchtrace export
# writes its own device's), and a device that is not there is an input error (1) that points to
# the list.
got=$(trace listDevices)
node=$(sed -n 's/^node //p' <<< "$got")
ok=0
[ "$(sed -n 's/^VMCASE listDevices //p' "$work/serial.txt")" = "0 1" ] && [ -n "$node" ] \
  && grep -q "^$node  \".*\"  touchscreen, multitouchB, .*, [1-9][0-9]*×[1-9][0-9]* units/mm\$" <<< "$got" \
  && grep -q "^touch-gestured: /dev/input/event99: no such device (list them with \`touch-gestured --list-devices\`" <<< "$got" && ok=1
verdict listDevices $ok "exit $(sed -n 's/^VMCASE listDevices //p' "$work/serial.txt"); printed [$(paste -sd'|' <<< "$got")]"

echo "$passed passed, $failed failed"
[ $failed = 0 ]
