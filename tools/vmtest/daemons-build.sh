# Sourced by build.sh (which defines copy, here, work, r and bindir): what the daemons case
# needs in the VM's root filesystem, from the release tools in $bindir: lisgd (Debian's package,
# fetched, not installed) and the libraries it loads, touch-gestured, and the gestures and
# bindings daemon-session.sh writes.

if [ ! -x "$work/lisgd/usr/bin/lisgd" ]; then
  rm -rf "$work/lisgd" && mkdir -p "$work/lisgd"
  (cd "$work/lisgd" && apt-get download -q lisgd >/dev/null 2>&1 && dpkg -x lisgd_*.deb .)
fi
copy "$work/lisgd/usr/bin/lisgd" /usr/bin
mkdir -p "$r/usr/share"
[ -d /usr/share/libinput ] && cp -r /usr/share/libinput "$r/usr/share/"
copy "$bindir/touch-gestured" /usr/bin
# Case 11: Sxmo's own start hook, as Debian's sxmo-utils ships it (fetched at build time, never
# installed, not kept in the repository), with the daemon answering to lisgd as
# `tools/install --as-lisgd /usr/local` makes it (/usr/local/bin/lisgd, a link to
# touch-gestured beside it), before the lisgd of /usr/bin in the PATH.
if [ ! -f "$work/sxmo/usr/share/sxmo/default_hooks/sxmo_hook_lisgdstart.sh" ]; then
  rm -rf "$work/sxmo" && mkdir -p "$work/sxmo"
  (cd "$work/sxmo" && apt-get download -q sxmo-utils >/dev/null 2>&1 && dpkg -x sxmo-utils_*.deb .) \
    || echo "vmtest: sxmo-utils could not be fetched (apt-get download sxmo-utils); the sxmoHook case will fail" >&2
fi
mkdir -p "$r/usr/share/sxmo/default_hooks" "$r/usr/local/bin" "$r/test/sxmo"
cp "$work/sxmo/usr/share/sxmo/default_hooks/sxmo_hook_lisgdstart.sh" "$r/usr/share/sxmo/default_hooks/" 2>/dev/null || true
cp "$work/sxmo/usr/bin/sxmo_common.sh" "$r/usr/bin/" 2>/dev/null || true
ln -sfn /usr/bin/touch-gestured "$r/usr/local/bin/touch-gestured"
ln -sfn touch-gestured "$r/usr/local/bin/lisgd"
# What the hook's bindings run, stood in for: Sxmo's input handler writes the gesture's name it was
# given to /tmp/sxmo.log; `setsid -f` (util-linux's; busybox's setsid has no -f) starts it.
printf '#!/bin/sh\necho "$1" >> /tmp/sxmo.log\n' > "$r/test/sxmo/sxmo_hook_inputhandler.sh"
printf '#!/bin/sh\n[ "$1" = -f ] && shift\nexec "$@"\n' > "$r/test/sxmo/setsid"
chmod +x "$r/test/sxmo/sxmo_hook_inputhandler.sh" "$r/test/sxmo/setsid"
# A slide up from the right edge, 40 mm: the hook's pressed (P) binding there, every 60 units.
"$bindir/touchtrace" synth -e "device 800x480 res 5; swipe up 40mm at 794,300" "$work/sxmo-slide.json" >/dev/null
"$bindir/touchtrace" export "$work/sxmo-slide.json" --evemu "$r/test/sxmo/slide.evemu" >/dev/null
# For VMTEST_PROFILE=1 (tools/daemon-order --vm): callgrind, to list what the daemon runs.
if [ -n "${VMTEST_PROFILE:-}" ]; then
  # Debian 12's valgrind cannot read the DWARF 5 of Swift 6.3: callgrind gets a copy without
  # the debug information (the symbol table, which it reads, stays).
  strip --strip-debug -o "$r/usr/bin/touch-gestured" "$bindir/touch-gestured"
  copy /usr/bin/valgrind.bin /usr/bin && cp /usr/bin/valgrind "$r/usr/bin/"
  mkdir -p "$r/usr/libexec/valgrind"
  cp /usr/libexec/valgrind/callgrind-amd64-linux /usr/libexec/valgrind/vgpreload_core-amd64-linux.so \
    /usr/libexec/valgrind/default.supp "$r/usr/libexec/valgrind/"
fi
# For VMTEST_STRACE=1: strace, to count each daemon's system calls over the same-work round.
[ -n "${VMTEST_STRACE:-}" ] && copy /usr/bin/strace /usr/bin
# For VMTEST_PERF=1: perf, to sample where each daemon spends its time over the same-work round.
[ -n "${VMTEST_PERF:-}" ] && copy "$(readlink -f /usr/bin/perf)" /usr/bin

. "$here/daemon-session.sh"
