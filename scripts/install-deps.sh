#!/usr/bin/env bash
# Installs what alloc-tidy needs to build and test against one LLVM release,
# from Debian's packages, without prompts, and the SARIF Multitool, which no
# package ships, into $ALLOC_TIDY_TOOLS_DIR (default /opt/alloc-tidy-tools).
# Installs only what is missing, so it costs a second when everything is
# there.
#
#   scripts/install-deps.sh [LLVM major version, default 22]
set -euo pipefail

version="${1:-22}"
packages=(
  cmake ninja-build python3 make
  "clang-$version" "clang-tidy-$version" "clangd-$version"
  # One formatter for the project whatever the LLVM it builds against.
  clang-format-22
  "llvm-$version-dev" "llvm-$version-tools"
  "libclang-$version-dev" "libclang-cpp$version-dev"
  "libc++-$version-dev" "libc++abi-$version-dev"
  # make fuzz: libFuzzer and AddressSanitizer's runtimes (-fsanitize=fuzzer).
  "libclang-rt-$version-dev"
  # libclangdMain references clangd's remote index, built on gRPC.
  libgrpc++-dev libprotobuf-dev protobuf-compiler-grpc
  libgtest-dev
  # test/heapcount: heapcount/budget.h's plain C++ form in Catch2 (v2, the
  # single header) and doctest programs.
  catch2 doctest-dev
  # The HTML layout report is tested in a real headless browser.
  chromium
  # lib/layout's what-if tests instantiate boost::container::small_vector.
  libboost-dev
  # valgrind memcheck is the oracle of heapcount's tests.
  valgrind
  # test/editors: headless Neovim is the LSP client of alloc-clangd.
  neovim
  # heapcount --stacks unwinds with libunwind's cached unw_backtrace (glibc's
  # backtrace, ten times slower, otherwise).
  libunwind8
  # heapcount for Windows: cross-compiled with mingw-w64, tested under Wine.
  mingw-w64 wine wine64
  # make validate and alloc-run read alloc-tidy's exported fixes (YAML).
  python3-yaml
  # cpack -G DEB: dpkg-shlibdeps computes the package's library dependencies
  # and file finds the executables (test/install).
  dpkg-dev file
  # lit stops a test that runs longer than test/lit.cfg.py allows (a hang
  # fails that test instead of the whole CI run); its timeout needs psutil.
  python3-psutil
  # test/alloc-run validates alloc-run's SARIF against the official schema;
  # curl fetches the SARIF Multitool (below).
  python3-jsonschema curl ca-certificates
  # test/ci: git repositories for the CI examples and the pre-commit hook,
  # the pre-commit framework, and GCC as a project's compiler under
  # CMAKE_CXX_CLANG_TIDY.
  git pre-commit g++
  # make real-code: ccache, a project of the precision corpus
  # (scripts/real-projects.sh), cannot configure without zstd and xxHash.
  libzstd-dev libxxhash-dev
  # make real-code: taglib, another project of the corpus, cannot configure
  # without utfcpp (its bundled copy is a git submodule).
  libutfcpp-dev
  # make real-code: wabt takes SHA-256 from OpenSSL's libcrypto.
  libssl-dev
  # make real-code and make profile-proof: nuspell's Unicode handling and
  # word breaking are ICU's.
  libicu-dev
  # make profile-proof: hunspell's workload checks English text against
  # Debian's en_US dictionary.
  hunspell-en-us
  # make profile-proof: zxing-cpp's ZXingReader reads its images with
  # stb_image (found through pkg-config, as ZXING_DEPENDENCIES=LOCAL asks).
  libstb-dev
  # The other supported release's clang-tidy: the plugin must refuse it.
  "clang-tidy-$([[ $version == 19 ]] && echo 22 || echo 19)"
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "install-deps: installing ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "install-deps: error: these packages are missing and this is not" \
           "root: apt-get install ${missing[*]}" >&2
      exit 1
    fi
  else
    sudo=()
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null
fi

# Microsoft's SARIF Multitool validates alloc-run's SARIF by the
# specification's rules and GitHub's (test/alloc-run/sarif-schema.test), and
# ships the official SARIF 2.1.0 schema. Its npm package is a self-contained
# Linux build, pinned by its sha256. Only those tests need it: they are
# skipped without it, so failing to get it is a warning, not an error.
multitool_version=5.7.0
multitool_sha256=27d8e3e96dde578a23b7c45035b8d741fece5731e2700aa068015b8c44d1514e
multitool_url="https://registry.npmjs.org/@microsoft/sarif-multitool-linux/-/sarif-multitool-linux-$multitool_version.tgz"
tools_dir="${ALLOC_TIDY_TOOLS_DIR:-/opt/alloc-tidy-tools}"
multitool_dir="$tools_dir/sarif-multitool-$multitool_version"

# Fetches, checks and unpacks the package in TMP, then copies it beside
# MULTITOOL_DIR and renames it into place, so that an interrupted install
# never passes for a complete one. On failure, says why in $why. (set -e does
# not apply in a function called in a condition, hence the explicit returns.)
install_multitool() { # install_multitool TMP
  local tmp="$1" as=()
  if ! command -v curl >/dev/null 2>&1; then
    why="no curl"
    return 1
  fi
  if ! why=$(curl -fsS --retry 2 --connect-timeout 30 \
               -o "$tmp/multitool.tgz" "$multitool_url" 2>&1); then
    why="${why##*$'\n'}"  # curl's last word, after any retry notices
    why="${why:-download failed}"
    return 1
  fi
  if ! echo "$multitool_sha256  $tmp/multitool.tgz" |
       sha256sum --check --status; then
    why="$multitool_url does not have the expected sha256"
    return 1
  fi
  why="cannot unpack $tmp/multitool.tgz"
  tar -xzf "$tmp/multitool.tgz" -C "$tmp" --no-same-owner &&
    chmod +x "$tmp/package/Sarif.Multitool" || return 1
  if ! { mkdir -p "$tools_dir" 2>/dev/null && [[ -w "$tools_dir" ]]; }; then
    if [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null 2>&1; then
      as=(sudo)
    else
      why="cannot write to $tools_dir"
      return 1
    fi
  fi
  why="cannot copy it to $multitool_dir"
  "${as[@]}" mkdir -p "$tools_dir" &&
    "${as[@]}" rm -rf "$multitool_dir.partial" &&
    "${as[@]}" cp -R "$tmp/package" "$multitool_dir.partial" &&
    "${as[@]}" rm -rf "$multitool_dir" &&
    "${as[@]}" mv -T "$multitool_dir.partial" "$multitool_dir"
}

if [[ ! -x "$multitool_dir/Sarif.Multitool" ||
      ! -f "$multitool_dir/sarif-2.1.0.json" ]]; then
  echo "install-deps: installing the SARIF Multitool $multitool_version in" \
       "$multitool_dir"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  why=""
  if ! install_multitool "$tmp"; then
    echo "install-deps: warning: could not install the SARIF Multitool" \
         "($why); the SARIF validator tests will be skipped" >&2
  fi
fi
