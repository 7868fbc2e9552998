#!/usr/bin/env bash
# `make validate`: runs alloc-tidy's fix-its over the validation corpus and
# measures what they do. For each program (a directory of the corpus with an
# `expect` file), in a work directory of its own:
#   1. build it ("before") linked with heapcount's counting library
#      (libheapcount.so, as AllocTidy::heapcount links it: no heapcount
#      command, no LD_PRELOAD), run it and keep the library's report;
#   2. profile it with `heapcount --profile` (when heapcount has it);
#   3. run alloc-tidy --fix with every alloc-* check on the file that was
#      built and profiled, with the profile as the global option
#      ProfileFile, so that every check that reads profiles reads it (and
#      notes the allocations each finding would save);
#   4. build the fixed file ("after"), run and count it again; the same for
#      a hand-written after.cpp ("hand") when the program has one;
#   5. the same builds with mingw-w64, linked with heapcount.dll's import
#      library, run under Wine.
# scripts/validate_report.py then checks that every version prints the same
# on both platforms, that the fix-its compiled and that the program's
# `expect` lines hold (each drop is a budget of `heapcount diff
# --min-decrease` on the two reports), and writes the report
# (docs/validation.md) whether they do or not.
#
#   scripts/validate.sh [options] BUILD LLVM_VERSION
#     --corpus DIR    the programs (default: examples; $VALIDATE_CORPUS)
#     --report FILE   the report (default: docs/validation.md;
#                     $VALIDATE_REPORT)
#     --work DIR      the work directories (default: BUILD/validate)
#     --windows PATH  heapcount for Windows: a build directory holding
#                     bin/heapcount.dll and lib/libheapcount.dll.a, or
#                     its bin/heapcount.exe or bin/heapcount.dll (default:
#                     $ALLOC_TIDY_WINDOWS_BUILD, else build-windows)
#     --no-windows    Linux only (the report says so)
#
# Exit status: 0 when every check holds, 1 when one fails (the report is
# written and the failures are listed on stderr), 2 when a tool is missing
# or the command line is wrong (nothing is measured, the report is left as
# it was).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${VALIDATE_CORPUS:-$root/examples}"
report="${VALIDATE_REPORT:-$root/docs/validation.md}"
work=""
windows="${ALLOC_TIDY_WINDOWS_BUILD:-$root/build-windows}"
use_windows=1

die() { # die MESSAGE: a usage or set-up error
  echo "validate: error: $*" >&2
  exit 2
}

positional=()
while [[ $# -gt 0 ]]; do
  case "$1" in
  --corpus) [[ $# -ge 2 ]] || die "--corpus needs a directory"; corpus="$2"; shift 2 ;;
  --report) [[ $# -ge 2 ]] || die "--report needs a file"; report="$2"; shift 2 ;;
  --work) [[ $# -ge 2 ]] || die "--work needs a directory"; work="$2"; shift 2 ;;
  --windows) [[ $# -ge 2 ]] || die "--windows needs a path"; windows="$2"; shift 2 ;;
  --no-windows) use_windows=0; shift ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  -*) die "unknown option $1 (see --help)" ;;
  *) positional+=("$1"); shift ;;
  esac
done
[[ ${#positional[@]} -le 2 ]] || die "too many arguments: ${positional[*]} (see --help)"
build="${positional[0]:-build}"
version="${positional[1]:-22}"
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
build="$(absolute "$build")"
corpus="$(absolute "$corpus")"
report="$(absolute "$report")"
work="$(absolute "${work:-$build/validate}")"
windows="$(absolute "$windows")"

# --- tools ------------------------------------------------------------------
# Every tool is checked before anything runs: a missing one would otherwise
# show up as a failed program, and the report would blame the program.
tidy="$build/bin/alloc-tidy"
heapcount="$build/bin/heapcount"
cxx="clang++-$version"
need_file() { # need_file PATH HOW-TO-GET-IT
  [[ -f "$1" ]] || die "$1 is missing ($2)"
}
need_command() { # need_command NAME HOW-TO-GET-IT
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing ($2)"
}
need_file "$tidy" "build it: make build, or ninja -C $build alloc-tidy"
need_file "$heapcount" "build it: make build, or ninja -C $build heapcount"
need_file "$build/lib/libheapcount.so" \
  "build it: make build, or ninja -C $build heapcount-runtime"
need_command "$cxx" "make deps installs clang-$version"
need_command python3 "make deps installs it"
python3 -c 'import yaml' 2>/dev/null ||
  die "python3 cannot import yaml (make deps installs python3-yaml)"
[[ -d /usr/include/boost ]] ||
  die "/usr/include/boost is missing (make deps installs libboost-dev)"
[[ -d "$corpus" ]] || die "the corpus $corpus is not a directory"

if [[ $use_windows -eq 1 ]]; then
  case "$windows" in
  *.exe | *.dll) windows_bin="$(dirname "$windows")" ;;
  *) windows_bin="$windows/bin" ;;
  esac
  heapcount_dll="$windows_bin/heapcount.dll"
  need_file "$heapcount_dll" \
    "build it: make windows, or --no-windows for Linux only"
  heapcount_import="$(dirname "$windows_bin")/lib/libheapcount.dll.a"
  need_file "$heapcount_import" \
    "build it: make windows, or --no-windows for Linux only"
  mingw_cxx=x86_64-w64-mingw32-g++-posix
  need_command "$mingw_cxx" "make deps installs mingw-w64, or --no-windows"
  need_command wine "make deps installs wine, or --no-windows"
  need_command wineserver "make deps installs wine, or --no-windows"
fi

programs=()
for dir in "$corpus"/*/; do
  [[ -f "$dir/expect" && -f "$dir/main.cpp" ]] && programs+=("$(basename "$dir")")
done
[[ ${#programs[@]} -gt 0 ]] ||
  die "no program in $corpus (a program is a directory with main.cpp and expect)"

# Without heapcount --profile, or checks that read profiles (ProfileFile),
# the profile step is skipped and the report says so.
# (The outputs are read whole: grep -q could end the pipe early, and with
# pipefail the writer's SIGPIPE would read as "not supported".)
profile_note=""
heapcount_help="$("$heapcount" --help 2>&1 || true)"
tidy_config="$("$tidy" --checks='-*,alloc-small-vector' --dump-config 2>/dev/null || true)"
if [[ "$heapcount_help" != *--profile* ]]; then
  profile_note="heapcount has no --profile option yet: the programs are not profiled and alloc-small-vector makes only its static suggestions"
elif [[ "$tidy_config" != *alloc-small-vector.ProfileFile* ]]; then
  profile_note="alloc-tidy's checks have no ProfileFile option: the programs are profiled but the profile is not used"
fi
[[ -z "$profile_note" ]] || echo "validate: note: $profile_note" >&2

include="$root/lib/heapcount/include"
cxxflags=(-std=c++17 -O1 -g -I"$include")
# Linked with the counting library, as a test links AllocTidy::heapcount.
linux_link=("$build/lib/libheapcount.so" -Wl,-rpath,"$build/lib")
mkdir -p "$work"

if [[ $use_windows -eq 1 ]]; then
  # The mingw build sees Boost through a directory that holds only a link to
  # it: -I/usr/include would put glibc's headers in front of mingw-w64's.
  mkdir -p "$work/mingw-include"
  ln -sfn /usr/include/boost "$work/mingw-include/boost"
  mingw_flags=(-std=c++17 -O1 -g -static -I"$include" -I"$work/mingw-include")
  # heapcount.dll's import library, with the option AllocTidy::heapcount
  # adds on Windows (the program calls none of its functions by name).
  mingw_link=(-Wl,-u,heapcount_attach "$heapcount_import")
  # Wine: the caller's prefix, else the one the lit tests use in the build
  # directory (made once: its first start takes seconds); one server for
  # all the runs.
  export WINEPREFIX="${WINEPREFIX:-$build/test/wine-prefix}" WINEDEBUG=-all \
    WINEDLLOVERRIDES="mscoree,mshtml="
  if [[ ! -f "$WINEPREFIX/system.reg" ]]; then
    echo "validate: making the Wine prefix $WINEPREFIX" >&2
    mkdir -p "$WINEPREFIX"
    wineboot -i >/dev/null 2>&1 || die "wineboot -i failed for $WINEPREFIX"
  fi
  wineserver -p 60 >/dev/null 2>&1 || true
fi

# --- one program ------------------------------------------------------------
# Each step appends "STEP ok|fail|skip DETAIL" to $w/steps; the report is made
# from those lines and the files the steps leave.
step() { echo "$1 $2 ${3:-}" >>"$w/steps"; }

# wine_count PROGRAM BASE: runs PROGRAM under Wine, its output to BASE.out
# and BASE.err and heapcount.dll's report to BASE.json.
wine_count() {
  local status=0
  rm -f "$2.json"
  # Started by cmd from the program's directory by a relative name:
  # mingw-w64's start-up copies the command line to the heap, so a longer
  # path would count more bytes and the totals would depend on where the
  # work directory is (wine PROGRAM passes the full path). The report is
  # written there too (heapcount.dll takes the path as Windows sees it).
  (cd "$(dirname "$1")" && rm -f report.json &&
    HEAPCOUNT_OUTPUT=report.json wine cmd /c "$(basename "$1")" \
      "${args[@]}" >"$2.out" 2>"$2.err") || status=$?
  [[ ! -f "$(dirname "$1")/report.json" ]] ||
    mv "$(dirname "$1")/report.json" "$2.json"
  return $status
}

# count PLATFORM VARIANT PROGRAM: runs PROGRAM (with the args of the expect
# file), which is linked with the counting library: the library writes its
# report to $HEAPCOUNT_OUTPUT, $w/PLATFORM-VARIANT.json; the program's
# output goes to .out. No report means the library was not in the process.
count() {
  local platform="$1" variant="$2" status=0
  shift 2
  local base="$w/$platform-$variant"
  rm -f "$base.json"
  if [[ $platform == linux ]]; then
    HEAPCOUNT_OUTPUT="$base.json" "$1" "${args[@]}" \
      >"$base.out" 2>"$base.err" || status=$?
  else
    wine_count "$1" "$base" || status=$?
    # Twice in fresh-clone CI runs (a lit test's, then this harness's) Wine
    # exited with 1 having started nothing: no output and no report, which
    # heapcount.dll writes even when the program fails (not reproduced in
    # 70 runs here, idle, with the cores busy and with the server
    # restarting). Such a run is tried once more and the first attempt's
    # stderr kept: a program that fails by itself still fails, and the
    # cause can be read next time.
    if [[ $status -ne 0 && ! -s "$base.out" && ! -s "$base.json" ]]; then
      mv "$base.err" "$base.first-attempt.err"
      echo "validate: note: $(basename "$w"): Wine started nothing ($platform-$variant, exit status $status); one retry (see $base.first-attempt.err)" >&2
      # A test run shows only these lines: the start of what Wine said.
      head -3 "$base.first-attempt.err" | sed 's/^/validate: note:   /' >&2
      status=0
      wine_count "$1" "$base" || status=$?
    fi
  fi
  if [[ $status -ne 0 ]]; then
    step "run-$platform-$variant" fail "exit status $status (see $base.err)"
    return 1
  fi
  if [[ ! -s "$base.json" ]]; then
    step "run-$platform-$variant" fail "no report (see $base.err): the counting library was not in the process"
    return 1
  fi
  step "run-$platform-$variant" ok
}

# compile PLATFORM VARIANT SOURCE: builds $w/PLATFORM-VARIANT/program(.exe),
# linked with the counting library. The file name is the same for every
# variant: `heapcount diff` compares the reports of one program.
compile() {
  local platform="$1" variant="$2" source="$3"
  local log="$w/build-$platform-$variant.log"
  mkdir -p "$w/$platform-$variant"
  if [[ $platform == linux ]]; then
    "$cxx" "${cxxflags[@]}" "$source" -o "$w/$platform-$variant/program" \
      "${linux_link[@]}" >"$log" 2>&1
  else
    cp "$heapcount_dll" "$w/$platform-$variant/" &&
    "$mingw_cxx" "${mingw_flags[@]}" "$source" \
      -o "$w/$platform-$variant/program.exe" "${mingw_link[@]}" >"$log" 2>&1
  fi || {
    step "build-$platform-$variant" fail "$(basename "$source") does not compile (see $log)"
    return 1
  }
  step "build-$platform-$variant" ok
}

validate_program() {
  local name="$1"
  local dir="$corpus/$name"
  w="$work/$name"
  rm -rf "$w"
  mkdir -p "$w/src" "$w/original"
  cp "$dir"/*.cpp "$w/src/"
  cp "$dir"/*.h "$w/src/" 2>/dev/null || true
  cp "$w/src/"* "$w/original/"
  : >"$w/steps"
  # Arguments for the program: an `args` line of its expect file.
  args=()
  local line
  line="$(sed -n 's/^args:[[:space:]]*//p' "$dir/expect" | head -1)"
  [[ -z "$line" ]] || read -r -a args <<<"$line"

  echo "validate: $name" >&2
  local source="$w/src/main.cpp"
  # Nothing else can be measured without the original's counts.
  compile linux before "$source" || return 0
  count linux before "$w/linux-before/program" || return 0

  # Profiled and fixed in place: the profile names the file by path and
  # hash, so alloc-tidy must see the very file that was built.
  # Check options: the `option:` lines of the expect file, and the profile.
  local check_options=()
  while IFS= read -r line; do
    check_options+=("$line")
  done < <(sed -n 's/^option:[[:space:]]*//p' "$dir/expect")
  if [[ -z "$profile_note" ]]; then
    if "$heapcount" --profile "$w/profile.json" -- "$w/linux-before/program" \
      "${args[@]}" >/dev/null 2>"$w/profile.err"; then
      step profile ok
      # The global option: every check that reads profiles reads it.
      check_options+=("ProfileFile: '$w/profile.json'")
    else
      step profile fail "heapcount --profile failed (see $w/profile.err)"
    fi
  else
    step profile skip "$profile_note"
  fi
  local config='{}'
  if [[ ${#check_options[@]} -gt 0 ]]; then
    config="$(printf '%s, ' "${check_options[@]}")"
    config="{CheckOptions: {${config%, }}}"
  fi
  local status=0
  (cd "$w/src" && "$tidy" --checks='-*,alloc-*' --config="$config" --fix \
    --export-fixes="$w/fixes.yaml" "$source" -- "${cxxflags[@]}") \
    >"$w/tidy.out" 2>"$w/tidy.err" || status=$?
  if [[ $status -ne 0 ]] || grep -q ' error: ' "$w/tidy.out" "$w/tidy.err"; then
    step tidy fail "alloc-tidy failed with status $status (see $w/tidy.out, $w/tidy.err)"
    return 0
  fi
  [[ -f "$w/fixes.yaml" ]] || : >"$w/fixes.yaml"
  step tidy ok "$(grep -o 'applied [0-9]* of [0-9]* suggested fixes' "$w/tidy.err" | head -1)"
  diff -u --label "original/main.cpp" --label "fixed/main.cpp" \
    "$w/original/main.cpp" "$source" >"$w/fixes.diff" || true

  # A failed step is recorded; the other versions are still measured.
  if compile linux after "$source"; then
    count linux after "$w/linux-after/program" || true
  fi
  if [[ -f "$w/src/after.cpp" ]] && compile linux hand "$w/src/after.cpp"; then
    count linux hand "$w/linux-hand/program" || true
  fi
  if [[ $use_windows -eq 1 ]]; then
    local variant
    for variant in before after hand; do
      local file="$source"
      [[ $variant != before ]] || file="$w/original/main.cpp"
      [[ $variant != hand ]] || file="$w/src/after.cpp"
      [[ -f "$file" ]] || continue
      if compile windows "$variant" "$file"; then
        count windows "$variant" "$w/windows-$variant/program.exe" || true
      fi
    done
  fi
}

for name in "${programs[@]}"; do
  validate_program "$name"
done

# --- the report ---------------------------------------------------------------
# The toolchain, for the report's header (no dates: a rerun on the same
# toolchain writes the same report).
glibcxx() { # glibcxx COMPILER: libstdc++'s release and date
  printf '#include <cstddef>\nGCC _GLIBCXX_RELEASE (__GLIBCXX__)\n' |
    "$1" -std=c++17 -E -P -x c++ - 2>/dev/null | tail -1
}
versions=("clang=$("$cxx" --version | head -1)")
versions+=("libstdc++=$(glibcxx "$cxx")")
versions+=("Boost=$(printf '#include <boost/version.hpp>\nBOOST_LIB_VERSION\n' |
  "$cxx" -E -P -x c++ - 2>/dev/null | tail -1 | tr -d '"' | tr _ .)")
versions+=("alloc-tidy=$("$tidy" --version 2>/dev/null | grep -o 'LLVM version [0-9.]*' | head -1)")
if [[ $use_windows -eq 1 ]]; then
  versions+=("mingw-w64=$("$mingw_cxx" --version | head -1)")
  versions+=("mingw-w64 libstdc++=$(glibcxx "$mingw_cxx")")
  versions+=("Wine=$(wine --version 2>/dev/null)")
fi
command_line="scripts/validate.sh"
[[ $use_windows -eq 1 ]] || command_line+=" --no-windows"
options=(--root "$root" --corpus "$corpus" --work "$work" --report "$report"
  --command "$command_line" --profile-note "$profile_note"
  --heapcount "$heapcount")
[[ $use_windows -eq 1 ]] || options+=(--no-windows)
status=0
python3 "$root/scripts/validate_report.py" "${options[@]}" \
  "${versions[@]/#/--version=}" "${programs[@]}" || status=$?
exit "$status"
