# Sourced by daemons-build.sh and tools/daemon-order (which define here, root, work, r and
# bindir): one evemu recording per gesture of daemon-gestures.tsv in $r/test/g, what each should
# do in $work/daemon-truth.txt, and for both daemons the same -g bindings (every direction from
# every edge or none, 1 to 4 fingers) in $r/test/lisgd.sh and $r/test/ours.sh, each appending
# what it saw to /tmp/WHO.log. touch-gestured also binds taps, long presses and pinches, which
# lisgd cannot ($r/test/ours.toml).

mkdir -p "$r/test/g"
: > "$work/daemon-truth.txt"
n=0
while IFS=$'\t' read -r truth statements; do
  case "$truth" in \#*) continue ;; esac
  [ -z "$statements" ] && continue
  id=$(printf %02d $n)
  case "$statements" in
    @*)
      file=${statements#@}
      src="$here/data/$file"; [ -f "$src" ] || src="$root/../shared/data/evemu/$file"
      [ -f "$src" ] || { echo "vmtest: $file not found; that gesture is left out" >&2; continue; }
      # A recording assumes the slot it starts in is slot 0, as on the device it came from;
      # the virtual device may be left in another by the gesture before: select slot 0 first.
      awk 'BEGIN{done=0} /^E:/ && !done {print "E: 0.000000 0003 002f 0000"; print "E: 0.000000 0000 0000 0000"; done=1} {print}' \
        "$src" > "$r/test/g/$id.evemu" ;;
    *)
      "$bindir/touchtrace" synth -e "device 800x480 res 5; $statements" "$work/g$id.json" >/dev/null
      "$bindir/touchtrace" export "$work/g$id.json" --evemu "$r/test/g/$id.evemu" >/dev/null ;;
  esac
  printf '%s\t%s\t%s\n' "$id" "$truth" "$statements" >> "$work/daemon-truth.txt"
  n=$((n+1))
done < "$here/daemon-gestures.tsv"

# The bindings: lisgd's gesture and edge codes, and the names the truth uses.
codes="LR:right RL:left DU:up UD:down DLUR:upRight DRUL:upLeft URDL:downLeft ULDR:downRight"
# Corners before sides: in lisgd as here, a side's binding also takes the corners touching it.
edges="N:none TL:topLeft TR:topRight BL:bottomLeft BR:bottomRight L:left R:right T:top B:bottom"
for who in lisgd ours; do
  {
    echo '#!/bin/sh'
    if [ $who = lisgd ]; then printf 'exec lisgd -d "$1" -w 800 -h 480'; else printf 'exec touch-gestured -d "$1" -c /test/ours.toml -w 800 -h 480'; fi
    for f in 1 2 3 4; do
      for c in $codes; do
        for e in $edges; do
          printf " -g '%s,%s,%s,*,R,echo swipe %s %s %s >> /tmp/%s.log'" "$f" "${c%%:*}" "${e%%:*}" "${c#*:}" "${e#*:}" "$f" "$who"
        done
      done
    done
    echo
  } > "$r/test/$who.sh"
  chmod +x "$r/test/$who.sh"
done
{
  for f in 1 2 3 4; do
    for taps in 1 2; do
      printf '[[binding]]\ngesture = "tap"\ntaps = %s\nfingers = %s\nshell = "echo tap %s %s >> /tmp/ours.log"\n' $taps $f $taps $f
    done
    printf '[[binding]]\ngesture = "longPress"\nfingers = %s\nshell = "echo longPress %s >> /tmp/ours.log"\n' $f $f
  done
  for way in in out; do
    printf '[[binding]]\ngesture = "pinch"\ndirection = "%s"\nshell = "echo pinch %s >> /tmp/ours.log"\n' $way $way
  done
} > "$r/test/ours.toml"
