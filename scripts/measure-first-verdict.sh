#!/bin/sh
# measure-first-verdict.sh — how long a learner waits on a fresh clone.
#
# Usage: scripts/measure-first-verdict.sh [--verify]
#
# Clones this repository (its committed HEAD) into a temporary folder and times, there:
#   1. ./grade.sh lesson01    the first verdict: builds the grader, then the lesson
#   2. ./grade.sh lesson01    again, nothing changed
#   3. ./grade.sh             the course overview, the five other lessons still cold
#   4. ./grade.sh             the overview again, warm
#   5. swift build --build-tests, then ./grade.sh lesson01: a learner's own build of every
#      lesson in .build (the grader builds in .build/exercises, so this one starts cold),
#      then how long the grader takes for one after it
#   6. ./grade.sh --verify    only with --verify (minutes)
# The clone is removed at the end. Run it by hand on a quiet machine; timings are not
# asserted anywhere. For the warm edit-to-verdict ratio, see measure-grader-overhead.sh.
set -eu

root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd -P)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
git clone -q "$root" "$work/kata"
cd "$work/kata"

now() { perl -MTime::HiRes=time -e 'printf "%.3f\n", time'; }

step() {
  label=$1
  shift
  start=$(now)
  "$@" >/dev/null 2>&1 || true
  end=$(now)
  printf '%-58s %8.1f s\n' "$label" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"
}

printf 'Fresh clone of %s at %s\n' "$root" "$(git rev-parse --short HEAD)"
step "1. first verdict: ./grade.sh lesson01 (grader + lesson)" ./grade.sh lesson01
step "2. same again, nothing changed" ./grade.sh lesson01
step "3. overview, other lessons cold: ./grade.sh" ./grade.sh
step "4. overview again, warm" ./grade.sh
step "   (a learner's own build, cold: swift build --build-tests)" swift build --build-tests
step "5. ./grade.sh lesson01 after the learner's own build" ./grade.sh lesson01
if [ "${1:-}" = --verify ]; then
  step "6. ./grade.sh --verify" ./grade.sh --verify
fi
