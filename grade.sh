#!/bin/sh
# grade.sh — grade your work on the Dependency Injection kata.
#
# Usage:
#   ./grade.sh lesson01          grade one lesson (also: 1, 01, lesson1)
#   ./grade.sh                   every lesson, one line each
#   ./grade.sh --solutions 03    grade the reference solution instead of your code
#   ./grade.sh --verify          prove the kata (maintainers and CI)
#   ./grade.sh --help            everything else
#
# Exit status: 0 every graded test passed, 1 something failed, 2 could not run.
#
# This script only finds Swift, builds the grader once (again when its sources' contents change) and
# hands over to it; the grader itself lives in Grader/.
set -eu

# Follow symbolic links to the script itself, so a link to it elsewhere finds the kata.
script=$0
while [ -L "$script" ]; do
  target=$(readlink "$script")
  case $target in
    /*) script=$target ;;
    *) script=$(dirname -- "$script")/$target ;;
  esac
done
root=$(CDPATH='' cd -- "$(dirname -- "$script")" && pwd -P)
# SwiftPM would build somewhere else than the folders this script and the grader name.
unset SWIFTPM_BUILD_DIR
scratch="$root/.build/grader"
# The maintainers' commands are a program of their own (Grader/Package.swift), built only when
# one of them is asked for: a learner's first run does not compile them.
product=kata-grader
for argument in "$@"; do
  case $argument in
    --) break ;; # what follows is lessons, as the grader reads it
    --verify | --mutants | --save-variant | --update-checksums) product=kata-maintainer ;;
  esac
done
grader="$scratch/debug/$product"

# When the grader must be built on a first run, the one lesson asked for is built beside it:
# the grader's build and the lesson's are the two longest steps of a first verdict, and each
# leaves a core idle on a two-core machine. It is the build the grader itself runs
# next, in the same folder, with the same arguments and variables (Builder.arguments and
# Grading.environment in Grader/; GradeScriptTests keeps them equal), so the grader finds it
# done. Its output goes nowhere: a compile error is the grader's to report, from its own build.
# The two files it touches are the grader's record of when its last build ran (BuildClock).
prebuild_pid=''
prebuild_lesson=''
# Prints the folder for SwiftPM's TMPDIR, made: `$1`, a folder of the grader's, so SwiftPM's
# lock files are not left in /tmp; unless its path holds a letter outside ASCII, with which
# SwiftPM 6.3 does not start, or it cannot be made: then the system's. A file or a link in
# its place (a damaged .build) is removed first: the folder is the grader's own.
own_temporary_folder() {
  if printf '%s' "$1" | LC_ALL=C grep -q '[^ -~]'; then
    printf '%s\n' "${TMPDIR:-/tmp}"
    return 0
  fi
  if [ -L "$1" ] || { [ -e "$1" ] && [ ! -d "$1" ]; }; then
    rm -f "$1" 2>/dev/null || :
  fi
  if mkdir -p "$1" 2>/dev/null; then
    printf '%s\n' "$1"
  else
    printf '%s\n' "${TMPDIR:-/tmp}"
  fi
}
case $# in
  1)
    case $1 in
      lesson[0-9][0-9]) prebuild_lesson=$1 ;;
      lesson[0-9]) prebuild_lesson=lesson0${1#lesson} ;;
      [0-9][0-9]) prebuild_lesson=lesson$1 ;;
      [0-9]) prebuild_lesson=lesson0$1 ;;
    esac
    ;;
esac
if [ -n "$prebuild_lesson" ] \
  && ! grep -q "\"Lesson${prebuild_lesson#lesson}[A-Z]" "$root/Package.swift" 2>/dev/null; then
  prebuild_lesson=''
fi
# Only before the grader ever ran here (its run lock's file, RunLock, does not exist yet): the
# lesson's build takes no run lock, and beside a grading in another terminal it could replace
# that grading's test binary between its build and its tests.
if [ -e "$root/.build/kata-grader.lock" ]; then
  prebuild_lesson=''
fi
start_prebuild() {
  clock="$root/.build/exercises/kata-grader"
  mkdir -p "$clock" || return 0
  tmp=$(own_temporary_folder "$clock/tmp")
  prebuild_log="$clock/prebuild-output.txt"
  : >"$clock/build-started"
  (cd "$root" && TMPDIR="$tmp" KATA_SOURCE=exercises KATA_LESSONS="$prebuild_lesson" KATA_TASK='' \
    exec swift build --build-tests --build-system native --scratch-path .build/exercises \
    -Xswiftc -index-ignore-system-modules -Xswiftc -module-cache-path -Xswiftc "$module_cache") \
    >"$prebuild_log" 2>&1 &
  prebuild_pid=$!
  # Ctrl-C, Ctrl-\, a closed terminal or `kill` stop it too (in a script, a background job
  # may not hear the terminal's Ctrl-C or Ctrl-\).
  trap 'stop_prebuild; printf "\nInterrupted; the grader was not built yet, nothing was graded.\n" >&2; exit 130' INT
  trap 'stop_prebuild; exit 143' TERM
  trap 'stop_prebuild; exit 129' HUP
  trap 'stop_prebuild; exit 131' QUIT
}
# Waits for the lesson's build; when it ended well, records its end as the grader would.
# When it waits for another SwiftPM process that holds the build folder (a test process left
# by a grading killed outright, which only the grader knows to end), it is stopped and the
# grader builds the lesson itself.
finish_prebuild() {
  if [ -n "$prebuild_pid" ]; then
    while kill -0 "$prebuild_pid" 2>/dev/null; do
      if grep -q 'Another instance of SwiftPM' "$prebuild_log" 2>/dev/null; then
        stop_prebuild
        break
      fi
      sleep 0.2
    done
    if [ -n "$prebuild_pid" ] && wait "$prebuild_pid"; then
      : >"$root/.build/exercises/kata-grader/build-ended"
    fi
    prebuild_pid=''
    rm -f "$prebuild_log"
    trap - INT TERM HUP QUIT
  fi
}
# Stops the lesson's build (the grader's did not build). SwiftPM ends its compilers on SIGINT,
# but a signal that comes before it starts is lost (a background job of a script ignores
# SIGINT until SwiftPM sets its own handler): after two seconds, SIGTERM ends it anyway.
stop_prebuild() {
  if [ -n "$prebuild_pid" ]; then
    kill -INT "$prebuild_pid" 2>/dev/null || true
    tries=0
    while kill -0 "$prebuild_pid" 2>/dev/null && [ "$tries" -lt 20 ]; do
      sleep 0.1
      tries=$((tries + 1))
    done
    kill -TERM "$prebuild_pid" 2>/dev/null || true
    wait "$prebuild_pid" 2>/dev/null || true
    prebuild_pid=''
  fi
}

fail() {
  stop_prebuild
  printf 'error: %s\n' "$1" >&2
  exit 2
}

# Two places SwiftPM cannot build in, said before it fails with a message about its own files.
if [ -e "$root/.build" ] && [ ! -d "$root/.build" ]; then
  fail "$root/.build is a file, not a folder: everything is built there. Move it away (mv .build .build.old), then run ./grade.sh again."
fi
case $root in
  *'"'*) fail "The kata's folder path has a double quote (\") in it, and SwiftPM cannot build there. Move or clone the kata to a path without one, then run ./grade.sh again." ;;
esac

if ! command -v swift >/dev/null 2>&1; then
  fail "Swift was not found on PATH. Install Swift 6.2 or newer (swift.org/install; on macOS, Xcode 26 or newer), then run ./grade.sh again."
fi

# On a Mac, /usr/bin/swift runs Swift from the developer folder that xcode-select (or
# DEVELOPER_DIR) picks. Swift Testing ships with Xcode, not with the Command Line Tools: with
# those selected every test file fails with "no such module 'Testing'", which reads like a
# broken kata. Say so. (A swift.org toolchain on PATH, or TOOLCHAINS, brings its own.)
# KATA_SWIFT_SHIM exists for the grader's own tests, which stub these commands.
if [ "$(uname -s 2>/dev/null)" = Darwin ] && [ -z "${TOOLCHAINS:-}" ] \
  && [ "$(command -v swift)" = "${KATA_SWIFT_SHIM:-/usr/bin/swift}" ]; then
  developer=${DEVELOPER_DIR:-}
  if [ -z "$developer" ]; then
    developer=$(xcode-select -p 2>/dev/null) || developer=''
  fi
  case ${developer%/} in
    */CommandLineTools)
      fail "The Command Line Tools are selected instead of Xcode, and they have no Swift Testing (every test would fail with \"no such module 'Testing'\"). Select Xcode 26 or newer with: sudo xcode-select -s /Applications/Xcode.app"
      ;;
  esac
  if [ -z "$developer" ] || [ ! -d "$developer" ]; then
    fail "No Xcode is selected (xcode-select -p names no folder). Install Xcode 26 or newer from the App Store, then run: sudo xcode-select -s /Applications/Xcode.app"
  fi
fi

# The grader is rebuilt when its sources' contents change, not their dates: an update
# unpacked from an archive (or copied with cp -p, rsync -a) may bring older dates. The list of
# every file's checksum, size and name, in a fixed order, is kept beside the binary.
sources=$(cd "$root/Grader" && find Sources Package.swift -type f -exec cksum {} + | LC_ALL=C sort) || sources=unknown
built_from="$scratch/$product.sources"
needs_build=no
if [ ! -x "$grader" ]; then
  needs_build=first
elif [ ! -f "$built_from" ] || [ "$(cat "$built_from")" != "$sources" ]; then
  needs_build=yes
  # SwiftPM decides by dates: a changed file no newer than the last build would keep its old
  # objects (and the old binary), so then the grader is built from nothing, as on a first run.
  changed=$(printf '%s\n' "$sources" | LC_ALL=C comm -13 "$built_from" - 2>/dev/null) || changed='? ? ?'
  while read -r _ _ name; do
    if [ -n "$name" ] && [ -z "$(find "$root/Grader/$name" -newer "$built_from" 2>/dev/null)" ]; then
      rm -rf "$scratch"
      needs_build=anew
      break
    fi
  done <<END_OF_LIST
$changed
END_OF_LIST
fi

if [ "$needs_build" != no ]; then
  about=$(swift --version 2>&1) || true
  case $about in
    *"xcodebuild -license"* | *"agreed to the Xcode license"*)
      fail "Xcode's licence has not been accepted yet, so Swift will not run. Accept it once with: sudo xcodebuild -license accept"
      ;;
  esac
  version=$(printf '%s\n' "$about" | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -n 1)
  major=${version% *}
  minor=${version#* }
  if [ -z "$version" ] || [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 2 ]; }; then
    found=$(printf '%s\n' "$about" | head -n 1)
    fail "The kata needs Swift 6.2 or newer; this machine has: ${found:-an unknown version}. Install a newer toolchain (swift.org/install; on macOS, Xcode 26 or newer)."
  fi
  module_cache="$root/.build/module-cache"
  also=''
  if [ "$product" = kata-grader ] && [ -n "$prebuild_lesson" ]; then
    also=" and $prebuild_lesson"
    start_prebuild
  fi
  if [ "$product" = kata-maintainer ]; then
    printf "Building the maintainers' grader (once, and when its sources change)...\n" >&2
  elif [ "$needs_build" = first ]; then
    printf 'Building the grader%s (first run only; up to a minute)...\n' "$also" >&2
  elif [ "$needs_build" = anew ]; then
    printf 'Building the grader anew, as its sources changed%s (this takes a minute)...\n' "${also:+; $prebuild_lesson too}" >&2
  fi
  # SwiftPM's own build system, whose layout ($scratch/debug/kata-grader) this script and the
  # grader read; the next SwiftPM defaults to Swift Build. Swift 6.2 accepts the option too.
  # No index: nothing reads one for the grader, and it cost a third of the first build.
  # SwiftPM's lock files go to TMPDIR: a folder of the grader's (own_temporary_folder), kept
  # after the build: a second terminal's first run may be building with it (its lock file
  # there is what keeps the two builds apart).
  # The module cache is the one the grader's lesson builds use (Builder.moduleCachePath):
  # Foundation's modules, compiled here, are not compiled again for the first lesson.
  build_grader() {
    tmp=$(own_temporary_folder "$scratch/tmp")
    status=0
    log=$(TMPDIR="$tmp" swift build --build-system native --package-path "$root/Grader" --scratch-path "$scratch" --product "$product" --disable-index-store -Xswiftc -module-cache-path -Xswiftc "$module_cache" 2>&1) || status=$?
    return $status
  }
  if ! build_grader; then
    case $log in
      *"was compiled with module cache path"*)
        # The kata was copied or moved with its .build: the grader's old build names the old
        # place. That folder is the grader's own, so it is built again from nothing.
        printf 'Building the grader anew, as .build was made where the kata was before...\n' >&2
        stop_prebuild
        rm -rf "$scratch" "$module_cache"
        build_grader || status=1
        ;;
      *"/.build/module-cache/"*)
        # A damaged module in the cache every build of the grader's shares (a full disk, a
        # file written over): the cache is made again on the next build.
        printf 'Building the grader again, with a fresh module cache...\n' >&2
        stop_prebuild
        rm -rf "$module_cache"
        build_grader || status=1
        ;;
    esac
    if [ "$status" -ne 0 ]; then
      printf '%s\n' "$log" | grep -E 'error' | head -n 20 >&2
      fail "The grader did not build (see above). Is Grader/ intact? Try: git status Grader
If it is, the cause is in the grader's own build folder: rm -rf .build/grader, and run again."
    fi
  fi
  printf '%s\n' "$sources" >"$built_from"
  finish_prebuild
fi

KATA_ROOT="$root"
export KATA_ROOT
exec "$grader" "$@"
