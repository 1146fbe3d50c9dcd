#!/usr/bin/env bash
# Build what the live-input VM test boots: Debian's stock kernel and its evdev/uinput modules,
# and a busybox initramfs holding evemu-tools, a release `touchtrace` (static Swift runtime),
# the device descriptions and recordings the cases replay, and the in-VM script (init).
#
#   tools/vmtest/build.sh WORK        (WORK outside the checkout; reused between runs)
#
# Needs Debian packages qemu-system-x86 busybox-static libevdev-dev evemu-tools cpio (run.sh
# installs them). The kernel .deb is fetched with `apt-get download`, never installed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:?usage: build.sh WORK}
mkdir -p "$work"
work=$(cd "$work" && pwd)

# Kernel: vmlinuz, evdev.ko, uinput.ko from the linux-image package (once).
if [ ! -s "$work/vmlinuz" ]; then
  pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
  [ -n "$pkg" ] || { echo "vmtest: cannot resolve linux-image-amd64 (apt-get update first)" >&2; exit 1; }
  rm -rf "$work/deb" && mkdir -p "$work/deb"
  (cd "$work/deb" && apt-get download -q "$pkg" >/dev/null)
  dpkg -x "$work"/deb/*.deb "$work/deb/x"
  kver=$(ls "$work/deb/x/lib/modules")
  mkdir -p "$work/modules"
  cp "$work/deb/x/lib/modules/$kver/kernel/drivers/input/evdev.ko" \
     "$work/deb/x/lib/modules/$kver/kernel/drivers/input/misc/uinput.ko" "$work/modules/"
  cp "$work/deb/x/boot/vmlinuz-$kver" "$work/vmlinuz"
  rm -rf "$work/deb"
fi
# The uncompressed ELF kernel boots through its PVH entry and skips XZ decompression under TCG.
if [ ! -s "$work/vmlinux" ]; then
  python3 - "$work/vmlinuz" "$work/vmlinux" <<'PY' || rm -f "$work/vmlinux"
import lzma, sys
data = open(sys.argv[1], "rb").read()
at = data.find(b"\xfd7zXZ\x00")
if at < 0:
    sys.exit("vmlinuz is not XZ-compressed; booting it as it is")
elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[at:])
if elf[:4] != b"\x7fELF":
    sys.exit("no ELF image inside vmlinuz")
open(sys.argv[2], "wb").write(elf)
PY
fi

# touchtrace, release, with the Swift runtime linked in (one file to copy).
for product in touchtrace touch-demo; do
  swift build --package-path "$root" -c release --product "$product" --static-swift-stdlib \
    --scratch-path "$work/swift-build" 2>&1 | grep -E "error|warning: unable" || true
done
# The daemon as the amd64 packages ship it (tools/install takes it from tools/cross x86_64); for
# VMTEST_PROFILE (tools/daemon-order --vm) the SwiftPM build, whose code layout that profile writes.
rm -f "$work/swift-build/release/touch-gestured"
if [ -n "${VMTEST_PROFILE:-}" ]; then
  "$root/tools/build-daemon" "$work/swift-build-static" >/dev/null || true
  cp "$work/swift-build-static/release/touch-gestured" "$work/swift-build/release/touch-gestured" 2>/dev/null
else
  "$root/tools/cross" x86_64 "$work/cross-x86_64" >/dev/null || true
  cp "$work/cross-x86_64/bin/touch-gestured" "$work/swift-build/release/touch-gestured" 2>/dev/null
fi
bin="$work/swift-build/release/touchtrace"
[ -x "$bin" ] && [ -x "$work/swift-build/release/touch-demo" ] && [ -x "$work/swift-build/release/touch-gestured" ] \
  || { echo "vmtest: touchtrace, touch-demo or touch-gestured did not build" >&2; exit 1; }

# Root filesystem.
r="$work/rootfs"
rm -rf "$r"
mkdir -p "$r"/{bin,sbin,usr/bin,lib/modules,proc,sys,dev,tmp,test}
cp /bin/busybox "$r/bin/"
for applet in $("$r/bin/busybox" --list); do [ -e "$r/bin/$applet" ] || ln -s busybox "$r/bin/$applet"; done
cp "$work"/modules/*.ko "$r/lib/modules/"
copy() {   # a program and every shared library ldd names for it
  cp "$1" "$r$2/"
  { ldd "$1" 2>/dev/null || true; } | awk '/=> \//{print $3} /^\t\/[^ ]+ \(/{print $1}' | while read -r lib; do
    [ -e "$r$lib" ] && continue
    mkdir -p "$r$(dirname "$lib")"
    cp -L "$lib" "$r$lib"
  done
}
# stamp: a command's start time on CLOCK_MONOTONIC, for the latency case (static: no libc to copy).
gcc -static -O2 -o "$work/stamp" "$here/stamp.c"
cp "$work/stamp" "$r/usr/bin/"
# streamrec: a streaming binding's reader that writes each line's arrival time (the stream case).
gcc -static -O2 -o "$work/streamrec" "$here/streamrec.c"
cp "$work/streamrec" "$r/usr/bin/"
copy /usr/bin/evemu-device /usr/bin
copy /usr/bin/evemu-play /usr/bin
copy "$bin" /usr/bin
copy "$work/swift-build/release/touch-demo" /usr/bin
cp "$here"/data/* "$r/test/"
# synth → export → (in the VM) evemu-play → record must round-trip: the same gestures.
"$bin" synth -e "list rows 8 height 60; jitter 0.3mm; seed 5; swipe right 40mm at 300,90; tap at 400,330; double-tap at 380,390; swipe up 30mm at 600,400 fingers 2; fling left at 500,210" "$work/synth.json" >/dev/null
"$bin" export "$work/synth.json" --evemu "$r/test/demo-session.evemu" >/dev/null
# The stream case: a slow drag up from the bottom edge, 55 mm in 1 s (120 frames), for a
# streaming binding to follow.
"$bin" synth -e "device 800x480 res 5; drag from 400,474 to 400,200 in 1s" "$work/stream-drag.json" >/dev/null
"$bin" export "$work/stream-drag.json" --evemu "$r/test/stream-drag.evemu" >/dev/null
bindir="$work/swift-build/release"
. "$here/daemons-build.sh"
cp "$here/init" "$r/init"
chmod +x "$r/init"
(cd "$r" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -1 > "$work/initramfs.cpio.gz"
echo "vmtest: built $(du -h "$work/initramfs.cpio.gz" | cut -f1) initramfs, kernel $(ls "$work"/vmlinu[xz] | xargs -n1 basename | tr '\n' ' ')"
