# The history's flow on the PostgreSQL server that with-postgresql.py started (HOTLINE_DB).
#   postgresql-flow.sh HOTLINE RUNS C D CORRUPT
# RUNS: the 30 runs' profiles; C, D: two more sets, added by two writers at once; CORRUPT: a
# folder with a good profile and a cut one. Prints what postgresql.test checks; stops at the
# first unexpected status.
set -u
hotline=$1 runs=$2 c=$3 d=$4 corrupt=$5
step() { echo "== $*"; }
fail() { echo "UNEXPECTED: $*"; exit 1; }

step add
"$hotline" history add "$runs"/*.hotline | tail -n 1 || fail add
step changes
"$hotline" history changes --kinds function.self || fail changes
step gate run 25
"$hotline" history check --run 25 --baseline id=1-19 --fail-above 10
echo "status $?"
step gate run 10
"$hotline" history check --run 10 --baseline id=1-19 --fail-above 10
echo "status $?"

step two writers
"$hotline" history add "$c"/*.hotline > /dev/null & first=$!
"$hotline" history add "$d"/*.hotline > /dev/null & second=$!
wait $first || fail first writer
wait $second || fail second writer
"$hotline" history list | head -n 1

step corrupt
"$hotline" history export > before.csv || fail export
"$hotline" history add "$corrupt"/*.hotline
echo "status $?"
"$hotline" history export | cmp - before.csv && echo unchanged

step newer schema
psql -q -c "UPDATE hotline_schema SET version = 99" || fail psql
"$hotline" history list
echo "status $?"
psql -q -c "UPDATE hotline_schema SET version = 1" || fail psql

step rm
"$hotline" history rm 1 2 || fail rm
"$hotline" history list | head -n 1
psql -At -c "SELECT count(*) FROM measures WHERE run_id IN (1, 2)"
