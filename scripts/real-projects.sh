#!/usr/bin/env bash
# Prepares the real projects that scripts/real-code-report.py runs the
# alloc-* checks, alloc-layout and alloc-clangd over (issue 11,
# "Robustness"). Their code is never copied into this repository: each one
# is extracted into a directory of its own outside it, configured there with
# CMake (compile database on, tests and benchmarks off) and the headers its
# translation units need generated.
#
#   scripts/real-projects.sh [options] [PROJECT...]
#     --dir DIR      where the projects go (default:
#                    ${ALLOC_TIDY_PROJECTS_DIR:-/work/real-projects})
#     --mirror DIR   the mirrors of public repositories, bare git
#                    directories named OWNER+NAME/repo (default:
#                    ${ALLOC_TIDY_MIRROR_DIR:-/work/.mirror})
#     --cxx CXX      the C++ compiler CMake is given (default: clang++-22)
#     --force        extract and configure again even when prepared
#     --list         print the known projects and exit
#
# PROJECT is one of the known projects (default: all of them):
#   ninja      github:ninja-build/ninja
#   leveldb    github:google/leveldb
#   yaml-cpp   github:jbeder/yaml-cpp
#   cppcheck   github:danmar/cppcheck
#   uncrustify github:uncrustify/uncrustify (not tuned on: precision only)
#   jsoncpp    github:open-source-parsers/jsoncpp (not tuned on: precision
#              only)
#   ftxui      github:ArthurSonzogni/FTXUI (not tuned on: precision only)
#   muparser   github:beltoforion/muparser (not tuned on: precision only)
#   ccache     github:ccache/ccache (not tuned on: precision only; needs
#              the zstd and xxHash headers and libraries: Debian's
#              libzstd-dev and libxxhash-dev)
#   taglib     github:taglib/taglib (not tuned on: precision only; needs
#              the utfcpp headers: Debian's libutfcpp-dev)
#   hunspell   github:hunspell/hunspell (built with the CMakeLists.txt of
#              scripts/overlays/hunspell; the proof's workload needs
#              Debian's hunspell-en-us dictionary)
#   glslang    github:KhronosGroup/glslang (not tuned on; the proof builds
#              its standalone compiler and compiles its test shaders)
#   cpp-peglib github:yhirose/cpp-peglib (not tuned on; its one header with
#              the peglint tool and the examples)
#   re2c       github:skvadrik/re2c (not tuned on; the re2c tool, its
#              lexers and parsers from the bootstrap copies)
#   pugixml    github:zeux/pugixml (not tuned on: precision only)
#   flatbuffers github:google/flatbuffers (not tuned on: precision only;
#              the flatc compiler and its library)
#   benchmark  github:google/benchmark (not tuned on: precision only; the
#              library, without its tests)
#   catch2     github:catchorg/Catch2 (not tuned on; the library, without
#              its self-test, which the proof builds in its own directory)
#   cppfront   github:hsutter/cppfront (not tuned on; the cppfront
#              translator, one unit, built with the CMakeLists.txt of
#              scripts/overlays/cppfront)
#   googletest github:google/googletest (not tuned on; GoogleTest and
#              GoogleMock, without their tests, which the proof builds in
#              its own directory)
#   tinyxml2   github:leethomason/tinyxml2 (not tuned on: precision only)
#   gflags     github:gflags/gflags (not tuned on: precision only)
#   zxing-cpp  github:zxing-cpp/zxing-cpp (not tuned on: precision only;
#              the library with its readers and the old writers)
#   fmt        github:fmtlib/fmt (not tuned on: precision only)
#   wabt       github:WebAssembly/wabt (not tuned on: precision only; its
#              library and tools, without libwasm and the tests, which need
#              git submodules; SHA-256 from the system's OpenSSL:
#              Debian's libssl-dev)
#   libsass    github:sass/libsass (not tuned on: precision only; the
#              library, built with the CMakeLists.txt of
#              scripts/overlays/libsass)
#   nuspell    github:nuspell/nuspell (not tuned on; the library, static,
#              and its command-line tool; needs ICU: Debian's libicu-dev)
#   alloc-tidy this repository's own sources (git HEAD of the checkout this
#              script is in)
#
# A project whose mirror is absent is skipped with a line
# "skipped: NAME not available (fetch github:OWNER/NAME)", one whose system
# headers are missing with "skipped: NAME needs HEADER (install PACKAGE)";
# neither is an error. For each project that is ready it prints
#   ready: NAME COMMIT UNITS DIR/NAME/build/compile_commands.json
# (UNITS: its C++ translation units, the .cc, .cpp and .cxx files)
# and writes DIR/NAME/project.json (name, origin, commit, source and build
# directories, CMake arguments), which scripts/real-code-report.py reads.
#
# Exit status: 0 when every project asked for is ready or skipped, 1 when
# one failed to extract or configure (its log is printed), 2 on a usage
# error.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${ALLOC_TIDY_PROJECTS_DIR:-/work/real-projects}"
mirror="${ALLOC_TIDY_MIRROR_DIR:-/work/.mirror}"
cxx="clang++-22"
force=0

# name|origin|cmake arguments (space-separated, no spaces inside one).
# leveldb's CMakeLists asks for C++11, but util/no_destructor.h and
# util/env_posix.cc use std::is_standard_layout_v (C++17) since its commit
# 302786e (2025). cppcheck's units would include a precompiled header that
# only a build makes. ftxui would use ccache when it is installed; muparser
# needs OpenMP by default, which the measure does not. ccache cannot do
# without zstd and xxHash (the system's, see `needs`); DEPS=LOCAL makes it
# fail rather than download a missing dependency, and the Redis backend
# (hiredis) is off; its other dependencies (fmt, BLAKE3, cpp-httplib,
# tl-expected) are bundled. taglib cannot configure without utfcpp (the
# system's, see `needs`: its bundled copy is a git submodule, which the
# mirror's archive lacks); zlib is off so that the measure does not depend on
# whether its headers happen to be installed, and the C bindings are built.
# cppfront has no build files: scripts/overlays/cppfront/CMakeLists.txt
# builds its one unit, as hunspell's overlay does below.
# hunspell builds with autotools: scripts/overlays/hunspell/CMakeLists.txt,
# written for the corpus, is copied into its sources (a project's overlay
# replaces no file of its own).
# glslang's optimizer needs SPIRV-Tools under External/, which its script
# update_glslang_sources.py fetches: ENABLE_OPT and BUILD_EXTERNAL are off;
# its precompiled header is off, as for cppcheck, and so are its
# command-line tools. alloc-tidy's own precompiled headers are off too: its
# units would include a .pch that only a build makes, and every one failed
# to parse (128 of 173 'not analysed' after they came in).
known=(
  "ninja|ninja-build/ninja|-DBUILD_TESTING=OFF -DNINJA_PYTHON=python3"
  "leveldb|google/leveldb|-DLEVELDB_BUILD_TESTS=OFF -DLEVELDB_BUILD_BENCHMARKS=OFF -DLEVELDB_INSTALL=OFF -DCMAKE_CXX_STANDARD=17"
  "yaml-cpp|jbeder/yaml-cpp|-DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_INSTALL=OFF -DYAML_CPP_FORMAT_SOURCE=OFF"
  "cppcheck|danmar/cppcheck|-DBUILD_TESTS=OFF -DBUILD_GUI=OFF -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON"
  "uncrustify|uncrustify/uncrustify|-DBUILD_TESTING=OFF"
  "jsoncpp|open-source-parsers/jsoncpp|-DJSONCPP_WITH_TESTS=OFF -DJSONCPP_WITH_POST_BUILD_UNITTEST=OFF -DJSONCPP_WITH_EXAMPLE=OFF -DBUILD_STATIC_LIBS=OFF -DBUILD_OBJECT_LIBS=OFF"
  "ftxui|ArthurSonzogni/FTXUI|-DFTXUI_BUILD_TESTS=OFF -DFTXUI_BUILD_EXAMPLES=OFF -DFTXUI_BUILD_DOCS=OFF -DFTXUI_ENABLE_INSTALL=OFF -DFTXUI_ENABLE_CCACHE=OFF -DFTXUI_QUIET=ON"
  "muparser|beltoforion/muparser|-DBUILD_TESTING=OFF -DENABLE_SAMPLES=OFF -DENABLE_OPENMP=OFF"
  "ccache|ccache/ccache|-DENABLE_TESTING=OFF -DENABLE_BENCHMARKS=OFF -DENABLE_DOCUMENTATION=OFF -DREDIS_STORAGE_BACKEND=OFF -DDEPS=LOCAL"
  "taglib|taglib/taglib|-DBUILD_TESTING=OFF -DBUILD_EXAMPLES=OFF -DWITH_ZLIB=OFF -DENABLE_CCACHE=OFF"
  "hunspell|hunspell/hunspell|"
  "glslang|KhronosGroup/glslang|-DGLSLANG_TESTS=OFF -DENABLE_GLSLANG_BINARIES=OFF -DGLSLANG_ENABLE_INSTALL=OFF -DENABLE_OPT=OFF -DBUILD_EXTERNAL=OFF -DENABLE_PCH=OFF"
  "cpp-peglib|yhirose/cpp-peglib|-DBUILD_TESTS=OFF -DPEGLIB_BUILD_LINT=ON -DPEGLIB_BUILD_EXAMPLES=ON -DPEGLIB_BUILD_BENCHMARK=OFF"
  "re2c|skvadrik/re2c|-DRE2C_BUILD_TESTS=OFF -DRE2C_BUILD_BENCHMARKS=OFF -DRE2C_BUILD_LIBS=OFF -DRE2C_BUILD_RE2D=OFF -DRE2C_BUILD_RE2GO=OFF -DRE2C_BUILD_RE2HS=OFF -DRE2C_BUILD_RE2JAVA=OFF -DRE2C_BUILD_RE2JS=OFF -DRE2C_BUILD_RE2OCAML=OFF -DRE2C_BUILD_RE2PY=OFF -DRE2C_BUILD_RE2RUST=OFF -DRE2C_BUILD_RE2SWIFT=OFF -DRE2C_BUILD_RE2V=OFF -DRE2C_BUILD_RE2ZIG=OFF"
  "pugixml|zeux/pugixml|-DPUGIXML_BUILD_TESTS=OFF"
  "flatbuffers|google/flatbuffers|-DFLATBUFFERS_BUILD_TESTS=OFF -DFLATBUFFERS_BUILD_FLATHASH=OFF -DFLATBUFFERS_INSTALL=OFF"
  "benchmark|google/benchmark|-DBENCHMARK_ENABLE_TESTING=OFF -DBENCHMARK_ENABLE_GTEST_TESTS=OFF -DBENCHMARK_ENABLE_INSTALL=OFF -DBENCHMARK_ENABLE_WERROR=OFF"
  "catch2|catchorg/Catch2|-DCATCH_BUILD_TESTING=OFF -DCATCH_INSTALL_DOCS=OFF -DCATCH_INSTALL_EXTRAS=OFF"
  "cppfront|hsutter/cppfront|"
  "opencc|BYVoid/OpenCC|-DENABLE_GTEST=OFF -DENABLE_BENCHMARK=OFF -DBUILD_PYTHON=OFF -DBUILD_OPENCC_JIEBA_PLUGIN=OFF -DBUILD_DOCUMENTATION=OFF"
  "googletest|google/googletest|-DBUILD_GMOCK=ON -DINSTALL_GTEST=OFF"
  "tinyxml2|leethomason/tinyxml2|-DBUILD_TESTING=OFF -Dtinyxml2_BUILD_TESTING=OFF"
  "gflags|gflags/gflags|-DBUILD_TESTING=OFF -DINSTALL_HEADERS=OFF -DBUILD_gflags_nothreads_LIB=OFF"
  "zxing-cpp|zxing-cpp/zxing-cpp|-DZXING_WRITERS=OLD -DZXING_C_API=OFF -DZXING_EXAMPLES=OFF -DZXING_DEPENDENCIES=LOCAL -DZXING_DISABLE_PCH=ON"
  "fmt|fmtlib/fmt|-DFMT_TEST=OFF -DFMT_DOC=OFF -DFMT_INSTALL=OFF"
  "wabt|WebAssembly/wabt|-DBUILD_TESTS=OFF -DBUILD_LIBWASM=OFF -DWABT_INSTALL_RULES=OFF"
  "libsass|sass/libsass|"
  "nuspell|nuspell/nuspell|-DBUILD_TESTING=OFF -DBUILD_DOCS=OFF -DBUILD_SHARED_LIBS=OFF"
  "alloc-tidy|self|-DALLOC_TIDY_LLVM_VERSION=22 -DALLOC_TIDY_PRECOMPILED_HEADERS=OFF"
)

# name|a folder of the sources that the project marks export-ignore (git
# archive leaves it out) and a proof's workload reads: zxing-cpp's sample
# images (scripts/proof-corpus.json).
exported_apart=(
  "zxing-cpp|test/samples"
)

# name|system header|the Debian package that has it: a project that cannot
# configure without the header is skipped when the compiler does not find it.
needs=(
  "ccache|zstd.h|libzstd-dev"
  "ccache|xxhash.h|libxxhash-dev"
  "taglib|utf8cpp/utf8.h|libutfcpp-dev"
  "wabt|openssl/sha.h|libssl-dev"
  "nuspell|unicode/uchar.h|libicu-dev"
)

# Extracts NAME's folders of exported_apart: archived as a tree of their
# own, whose attributes do not name them export-ignore.
extract_apart() {
  local name="$1" git_dir="$2" src="$3" entry folder
  for entry in "${exported_apart[@]}"; do
    [[ "${entry%%|*}" == "$name" ]] || continue
    folder="${entry#*|}"
    mkdir -p "$src/$folder"
    git --git-dir="$git_dir" archive --format=tar "HEAD:$folder" | tar -x -C "$src/$folder" || return 1
  done
}

die() {
  echo "real-projects: error: $*" >&2
  exit 2
}

wanted=()
while [[ $# -gt 0 ]]; do
  case "$1" in
  --dir) [[ $# -ge 2 ]] || die "--dir needs a directory"; dir="$2"; shift 2 ;;
  --mirror) [[ $# -ge 2 ]] || die "--mirror needs a directory"; mirror="$2"; shift 2 ;;
  --cxx) [[ $# -ge 2 ]] || die "--cxx needs a compiler"; cxx="$2"; shift 2 ;;
  --force) force=1; shift ;;
  --list)
    for entry in "${known[@]}"; do
      IFS='|' read -r name origin _ <<<"$entry"
      echo "$name $origin"
    done
    exit 0
    ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  -*) die "unknown option $1 (see --help)" ;;
  *) wanted+=("$1"); shift ;;
  esac
done

entry_of() { # entry_of NAME: the line of `known` for NAME
  local entry
  for entry in "${known[@]}"; do
    [[ "${entry%%|*}" == "$1" ]] && { echo "$entry"; return 0; }
  done
  return 1
}

if [[ ${#wanted[@]} -eq 0 ]]; then
  for entry in "${known[@]}"; do wanted+=("${entry%%|*}"); done
fi
for name in "${wanted[@]}"; do
  entry_of "$name" >/dev/null || die "unknown project $name (see --list)"
done
command -v cmake >/dev/null || die "cmake is not installed"
command -v ninja >/dev/null || die "ninja is not installed"
# Fetched code stays out of the repository: a directory inside the checkout
# is refused unless git ignores it (a build tree, as the tests use).
dir="$(realpath -m "$dir")"
case "$dir/" in
"$(realpath -m "$root")"/*)
  git -C "$root" check-ignore -q "$dir" 2>/dev/null ||
    die "$dir is inside the repository: fetched code stays outside it"
  ;;
esac
mkdir -p "$dir"

# The bare git directory of a mirrored repository, or nothing.
mirror_of() { # mirror_of OWNER/NAME
  local base="$mirror/${1/\//+}"
  for candidate in "$base/repo" "$base"; do
    if git --git-dir="$candidate" rev-parse --verify -q 'HEAD^{commit}' >/dev/null 2>&1; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

# Pathspecs that leave out the files of HEAD whose contents a mirror lacks
# (a snapshot can list its largest files without them: OpenCC's segmentation
# dictionaries, of a plugin the corpus does not build), one per line.
absent_files() { # absent_files GIT_DIR
  python3 - "$1" <<'EOF'
import subprocess, sys
git = ['git', '--git-dir=' + sys.argv[1]]
tree = subprocess.run(git + ['ls-tree', '-r', '-z', 'HEAD'], check=True,
                      capture_output=True).stdout.split(b'\0')
blobs = [(meta.split()[2], path) for meta, _, path in
         (entry.partition(b'\t') for entry in tree if entry)
         if meta.split()[1] == b'blob']
found = subprocess.run(git + ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
                       input=b''.join(sha + b'\n' for sha, _ in blobs),
                       check=True, capture_output=True).stdout.split(b'\n')
for (sha, path), line in zip(blobs, found):
    if line.endswith(b' missing'):
        print(':(exclude)' + path.decode())
EOF
}

# Runs the custom commands whose outputs are headers (ninja's browse_py.h,
# say) or sources (uncrustify's options.cpp): translation units include or
# are them, and a build that was only configured does not have them yet.
# Custom targets (their stamps under CMakeFiles/, such as uncrustify's
# format-*.h, which run the project's own tool) are not outputs. Only the commands themselves run (ninja -t commands
# -s), not the libraries CMake orders before them.
generate_headers() { # generate_headers BUILD LOG
  local header command
  while read -r header; do
    [[ -n "$header" ]] || continue
    command="$(ninja -C "$1" -t commands -s "$header")" || return 1
    (cd "$1" && mkdir -p "$(dirname "$header")") || return 1
    echo "\$ (in $1) $command" >>"$2"
    (cd "$1" && sh -c "$command") >>"$2" 2>&1 || return 1
  done < <(ninja -C "$1" -t targets all 2>/dev/null |
    awk -F': ' '$2 == "CUSTOM_COMMAND" && $1 !~ /(^|\/)CMakeFiles\// &&
                $1 ~ /\.(h|hh|hpp|hxx|inc|def|c|cc|cpp|cxx)$/ { print $1 }')
}

write_json() { # write_json FILE NAME ORIGIN COMMIT SRC BUILD ARGS...
  python3 - "$@" <<'EOF'
import json, sys
out, name, origin, commit, src, build, *args = sys.argv[1:]
with open(out, 'w') as f:
    json.dump({'name': name, 'origin': origin, 'commit': commit,
               'source': src, 'build': build, 'cmake_args': args},
              f, indent=2)
    f.write('\n')
EOF
}

status=0
for name in "${wanted[@]}"; do
  IFS='|' read -r _ origin cmake_args <<<"$(entry_of "$name")"
  if [[ "$origin" == self ]]; then
    git_dir="$(git -C "$root" rev-parse --absolute-git-dir 2>/dev/null)" || {
      echo "skipped: $name not available ($root is not a git checkout)"
      continue
    }
    label="this repository"
  else
    git_dir="$(mirror_of "$origin")" || {
      echo "skipped: $name not available (fetch github:$origin)"
      continue
    }
    missing=""
    for need in "${needs[@]}"; do
      IFS='|' read -r needer header package <<<"$need"
      [[ "$needer" == "$name" ]] || continue
      printf '#include <%s>\n' "$header" | "$cxx" -E -x c++ - >/dev/null 2>&1 ||
        missing+="${missing:+, }$header (install $package)"
    done
    if [[ -n "$missing" ]]; then
      echo "skipped: $name needs $missing"
      continue
    fi
    label="github:$origin"
  fi
  commit="$(git --git-dir="$git_dir" rev-parse HEAD)"
  project="$dir/$name"
  src="$project/src"
  build="$project/build"
  log="$project/prepare.log"
  read -r -a args <<<"$cmake_args"
  args=(-G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_CXX_COMPILER="$cxx" "${args[@]}")
  overlay="$root/scripts/overlays/$name"
  if [[ -d "$overlay" ]]; then
    # Its files' hash is part of what was prepared: a change prepares again.
    args+=(-DALLOC_TIDY_OVERLAY="$(cd "$overlay" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)")
  fi

  # Prepared already, from the same commit with the same arguments: kept.
  wanted_json="$(mktemp)"
  write_json "$wanted_json" "$name" "$label" "$commit" "$src" "$build" "${args[@]}"
  if [[ $force -eq 0 && -f "$build/compile_commands.json" ]] &&
    cmp -s "$wanted_json" "$project/project.json"; then
    rm -f "$wanted_json"
  else
    rm -rf "$project"
    mkdir -p "$src"
    echo "preparing $name ($label at ${commit:0:12})" >&2
    mapfile -t absent < <(absent_files "$git_dir")
    if [[ ${#absent[@]} -gt 0 ]]; then
      printf 'left out, absent from the mirror: %s\n' "${absent[@]#:(exclude)}" >"$log"
    else
      : >"$log"
    fi
    if ! { git --git-dir="$git_dir" archive --format=tar HEAD -- . "${absent[@]}" | tar -x -C "$src"; } >>"$log" 2>&1 ||
      ! extract_apart "$name" "$git_dir" "$src" >>"$log" 2>&1 ||
      { [[ -d "$overlay" ]] && ! cp -rn "$overlay/." "$src/" >>"$log" 2>&1; } ||
      ! cmake -S "$src" -B "$build" "${args[@]}" >>"$log" 2>&1 ||
      ! generate_headers "$build" "$log"; then
      echo "failed: $name (log: $log)" >&2
      tail -n 30 "$log" >&2
      rm -f "$wanted_json"
      status=1
      continue
    fi
    mv "$wanted_json" "$project/project.json"
  fi
  # The C++ units, which the scripts analyse (not C or assembly).
  units="$(python3 -c 'import json, sys; print(len({e["file"] for e in json.load(open(sys.argv[1]))
                                                   if e["file"].endswith((".cc", ".cpp", ".cxx"))}))' \
    "$build/compile_commands.json")"
  echo "ready: $name ${commit:0:12} $units $build/compile_commands.json"
done
exit $status
