#!/bin/sh
# measure-grader-overhead.sh — how much slower is ./grade.sh than SwiftPM alone?
#
# Usage: scripts/measure-grader-overhead.sh [lessonNN] [runs]     (default: lesson01 5)
#
# For each run it edits one exercise file (appends a comment, so the module rebuilds), then
# times `./grade.sh lessonNN`; edits it again, then times the bare SwiftPM commands that
# build and test that lesson alone, with the same environment the grader sets:
#
#   KATA_SOURCE=exercises KATA_LESSONS=lessonNN swift build --build-tests
#   KATA_SOURCE=exercises KATA_LESSONS=lessonNN swift test --skip-build
#
# It prints each pair and the medians, and the ratio grader / bare. The target is 1.3 or
# less. The exercise file is restored at the end, whatever happens. Run it by hand, on a
# quiet machine; timings are not asserted anywhere.
set -eu

lesson=${1:-lesson01}
runs=${2:-5}
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd -P)
cd "$root"

number=$(printf '%s' "$lesson" | sed 's/[^0-9]//g')
module=$(sed -n "s/^  \"\(Lesson${number}[A-Za-z]*\)\",.*/\1/p" Package.swift | head -n 1)
if [ -z "$module" ]; then
  printf 'error: no lesson %s in Package.swift\n' "$lesson" >&2
  exit 2
fi
file=$(grep -l 'TODO: Task' "Exercises/$module"/*.swift | head -n 1)
backup=$(mktemp)
cp "$file" "$backup"
trap 'cp "$backup" "$file"; rm -f "$backup"' EXIT INT TERM

now() { perl -MTime::HiRes=time -e 'printf "%.3f\n", time'; }

elapsed() {
  start=$(now)
  "$@" >/dev/null 2>&1 || true
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

bare() {
  KATA_SOURCE=exercises KATA_LESSONS="lesson$number" swift build --build-tests &&
    KATA_SOURCE=exercises KATA_LESSONS="lesson$number" swift test --skip-build
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf 'Warming up (%s, editing %s)...\n' "lesson$number" "$file"
./grade.sh "lesson$number" >/dev/null 2>&1 || true
bare >/dev/null 2>&1 || true

grader_times=''
bare_times=''
i=1
while [ "$i" -le "$runs" ]; do
  printf '// measure %s grader\n' "$i" >>"$file"
  g=$(elapsed ./grade.sh "lesson$number")
  printf '// measure %s bare\n' "$i" >>"$file"
  b=$(elapsed bare)
  printf 'run %s: grader %ss, bare %ss\n' "$i" "$g" "$b"
  grader_times="$grader_times$g
"
  bare_times="$bare_times$b
"
  i=$((i + 1))
done

g=$(printf '%s' "$grader_times" | median)
b=$(printf '%s' "$bare_times" | median)
printf 'median: grader %ss, bare %ss, ratio %s (target: 1.3 or less)\n' "$g" "$b" \
  "$(awk -v g="$g" -v b="$b" 'BEGIN { printf "%.2f", g / b }')"
