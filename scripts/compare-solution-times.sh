#!/bin/sh
# compare-solution-times.sh — warm grading time of each lesson's solution, before and after.
#
# Usage: scripts/compare-solution-times.sh BEFORE_KATA AFTER_KATA [runs]
#        LESSONS="lesson01 lesson03" scripts/compare-solution-times.sh ...
#
# BEFORE_KATA and AFTER_KATA are two checkouts of the kata (e.g. a clone at the old commit and
# one at the new). For each lesson it warms both up, then runs `./grade.sh --solutions` in
# each, alternately, `runs` times (default 3), and prints the times, the medians and the
# ratio after / before. Alternating keeps a busy machine from favouring one side. Run it by
# hand; timings are not asserted anywhere.
set -eu

before=$1
after=$2
runs=${3:-3}
lessons=${LESSONS:-lesson01 lesson02 lesson03 lesson04 lesson05 lesson06}

now() { perl -MTime::HiRes=time -e 'printf "%.3f\n", time'; }

timed() {
  start=$(now)
  (cd "$1" && ./grade.sh --solutions "$2" >/dev/null 2>&1) || true
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}

median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for lesson in $lessons; do
  timed "$before" "$lesson" >/dev/null
  timed "$after" "$lesson" >/dev/null
  b=''
  a=''
  i=1
  while [ "$i" -le "$runs" ]; do
    b="$b $(timed "$before" "$lesson")"
    a="$a $(timed "$after" "$lesson")"
    i=$((i + 1))
  done
  mb=$(printf '%s' "$b" | median)
  ma=$(printf '%s' "$a" | median)
  printf '%s  before:%s (median %s)  after:%s (median %s)  ratio %s\n' "$lesson" "$b" "$mb" \
    "$a" "$ma" "$(awk -v x="$ma" -v y="$mb" 'BEGIN { printf "%.2f", x / y }')"
done
