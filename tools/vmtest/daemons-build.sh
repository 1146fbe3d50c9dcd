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
# For VMTEST_PROFILE=1 (tools/daemon-order --vm): callgrind, to list what the daemon runs.
if [ -n "${VMTEST_PROFILE:-}" ]; then
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
