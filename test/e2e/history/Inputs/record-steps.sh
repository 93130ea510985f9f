# Records runs FIRST to LAST of steps.c's program into DIR, one profile each, in run order
# (their files' times too), with real-time priority where the machine allows it. A run whose
# wait overran (exit 3: a loaded machine woke it late) is recorded again, up to 5 times, so
# that the history's noise is the planted one.
#   record-steps.sh STEPS DIR FIRST LAST [SLOW]
set -u
steps=$1 dir=$2 first=$3 last=$4
shift 4
rt=""
if chrt -f 1 true 2>/dev/null; then rt="chrt -f 1"; fi
mkdir -p "$dir/.try"
for i in $(seq "$first" "$last"); do
  for try in 1 2 3 4 5; do
    rm -f "$dir/.try"/*.hotline
    STEPS_EXACT=1 HOTLINE_QUIET=1 HOTLINE_DIR="$dir/.try" $rt "$steps" "$i" "$@" > /dev/null
    status=$?
    [ $status -eq 3 ] || break
  done
  [ $status -eq 0 ] || { echo "record-steps.sh: run $i: exit $status" >&2; exit 1; }
  mv "$dir/.try"/*.hotline "$dir/"
done
rmdir "$dir/.try"
