#!/usr/bin/env bash
# Installs what alloc-tidy needs to build and test against one LLVM release,
# from Debian's packages, without prompts. Installs only what is missing, so
# it costs a second when everything is there.
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
  # libclangdMain references clangd's remote index, built on gRPC.
  libgrpc++-dev libprotobuf-dev protobuf-compiler-grpc
  libgtest-dev
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
  # test/ci: git repositories for the CI examples and the pre-commit hook,
  # the pre-commit framework, and GCC as a project's compiler under
  # CMAKE_CXX_CLANG_TIDY.
  git pre-commit g++
  # The other supported release's clang-tidy: the plugin must refuse it.
  "clang-tidy-$([[ $version == 19 ]] && echo 22 || echo 19)"
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

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
