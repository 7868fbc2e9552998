# alloc-tidy: the two commands a newcomer types are `make demo` and
# `make test`. Both install what is missing (Debian packages, as root) and
# build incrementally, so they take seconds once everything is in place.
# `make validate` runs the fix-its over the validation corpus (examples/) on
# Linux and Windows and writes docs/validation.md; `make bench` runs the
# benchmarks of bench/; `make real-code` runs every front end over real
# projects prepared outside the tree and reports crashes and fix-its that
# break the build (docs/robustness.md), then their findings at default
# options against the labels of test/real-code/labels (precision per check,
# unlabelled findings, lost TPs: docs/precision.md); `make fuzz` builds the libFuzzer
# harness of fuzz/ (instrumented, in build-fuzz) and runs it for FUZZ_SECONDS
# (default 300), failing with the reproducer's path when it finds a crash
# (docs/robustness.md, "Fuzzing"). Neither is part of `make test`.

LLVM ?= 22
BUILD ?= build
CMAKE_FLAGS ?=

.PHONY: all deps configure build windows test demo validate bench real-code profile-real profile-proof fuzz test-llvm19 clean

all: build

deps:
	@bash scripts/install-deps.sh $(LLVM)

$(BUILD)/build.ninja: | deps
	cmake -G Ninja -S . -B $(BUILD) -DALLOC_TIDY_LLVM_VERSION=$(LLVM) \
	  -DCMAKE_CXX_COMPILER=clang++-$(LLVM) $(CMAKE_FLAGS) >/dev/null

configure: $(BUILD)/build.ninja

build: deps configure
	@ninja -C $(BUILD) > $(BUILD)/ninja.log 2>&1 || { cat $(BUILD)/ninja.log; exit 1; }
	@grep -v '^ninja: \(Entering\|no work\)' $(BUILD)/ninja.log || true

# heapcount for Windows, cross-compiled with mingw-w64 (scripts/run-tests.sh
# builds it too, for the Windows tests).
WINDOWS_BUILD ?= $(or $(ALLOC_TIDY_WINDOWS_BUILD),build-windows)

$(WINDOWS_BUILD)/build.ninja: | deps
	cmake -G Ninja -S . -B $(WINDOWS_BUILD) \
	  -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake >/dev/null

windows: deps $(WINDOWS_BUILD)/build.ninja
	@ninja -C $(WINDOWS_BUILD) > $(WINDOWS_BUILD)/ninja.log 2>&1 || { cat $(WINDOWS_BUILD)/ninja.log; exit 1; }

test: build
	@bash scripts/run-tests.sh $(BUILD) $(LLVM)

demo: build
	@bash scripts/demo.sh $(BUILD) $(LLVM)

validate: build windows
	@bash scripts/validate.sh --windows $(WINDOWS_BUILD) $(BUILD) $(LLVM)

# Speed: check overhead over real projects (scripts/real-projects.sh puts
# them outside the tree), alloc-layout's, heapcount's (bench/README.md).
bench: build
	@bash bench/run-all.sh $(BUILD)

# Every alloc-* check, alloc-layout and alloc-clangd over every translation
# unit of real projects, and --fix on a copy of each that must still compile
# (docs/robustness.md). The projects are extracted from the mirrors into
# PROJECTS, outside the tree; one whose mirror is absent is skipped.
PROJECTS ?= $(or $(ALLOC_TIDY_PROJECTS_DIR),/work/real-projects)

real-code: build
	@bash scripts/real-projects.sh --dir $(PROJECTS) --cxx clang++-$(LLVM)
	@python3 scripts/real-code-report.py --projects-dir $(PROJECTS) \
	  --bin-dir $(BUILD)/bin -j2 --markdown $(PROJECTS)/report.md
	@python3 scripts/precision.py --projects-dir $(PROJECTS) \
	  --bin-dir $(BUILD)/bin -j2 --review $(PROJECTS)/review.tsv \
	  --markdown $(PROJECTS)/precision.md

# A real project ranked by its own test suite's profile: ninja (prepared in
# PROJECTS by scripts/real-projects.sh) built again there with -O2 -g and its
# tests, ninja_test run under heapcount --profile, alloc-run --profile over
# it; writes docs/profile-real.md (linked from docs/validation.md). Skips
# with a message when the project, a tool or GoogleTest is absent.
profile-real: build
	@python3 scripts/profile-real.py --projects-dir $(PROJECTS) \
	  --bin-dir $(BUILD)/bin --cxx clang++-$(LLVM)

# The proof on real programs (issue 33): each program of
# scripts/proof-corpus.json (nineteen, from ninja to nuspell,
# prepared in PROJECTS)
# built there at -O2 -g, its real workload run natively, under heapcount
# --profile and counted; alloc-run --profile's fix-its applied to a copy,
# built again (and with AddressSanitizer), the output compared byte for byte
# and counted again; each fix-it checked alone (at most 8 per program, the
# largest predictions first): its "would save about N allocations" against
# the drop it makes. Writes docs/proof-results.json, the table in
# docs/validation.md and alloc-run's --explain in PROOF_TOP_SITES. Skips
# with a message when a project, a tool or an input is absent.
PROOF_TOP_SITES ?= /tmp/proof/top-sites.md

profile-proof: build
	@python3 scripts/profile-proof.py --projects-dir $(PROJECTS) \
	  --bin-dir $(BUILD)/bin --cxx clang++-$(LLVM) --cc clang-$(LLVM) \
	  --apply-replacements clang-apply-replacements-$(LLVM) \
	  --top-sites $(PROOF_TOP_SITES)

# libFuzzer over every alloc-* check and lib/layout (fuzz/), in a build
# directory of its own: everything in it is compiled with coverage
# instrumentation and AddressSanitizer. Crash reproducers go to
# $(FUZZ_BUILD)/fuzz/artifacts; the corpus grows in $(FUZZ_BUILD)/fuzz/corpus.
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 300

$(FUZZ_BUILD)/build.ninja: | deps
	cmake -G Ninja -S . -B $(FUZZ_BUILD) -DALLOC_TIDY_LLVM_VERSION=$(LLVM) \
	  -DCMAKE_CXX_COMPILER=clang++-$(LLVM) -DALLOC_TIDY_FUZZ=ON \
	  $(CMAKE_FLAGS) >/dev/null

fuzz: deps $(FUZZ_BUILD)/build.ninja
	@ninja -C $(FUZZ_BUILD) alloc-tidy-fuzz > $(FUZZ_BUILD)/ninja.log 2>&1 || { cat $(FUZZ_BUILD)/ninja.log; exit 1; }
	@bash scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# The same suites against LLVM 19, in a build directory of its own.
test-llvm19:
	@$(MAKE) --no-print-directory test LLVM=19 BUILD=build-llvm19

clean:
	rm -rf $(BUILD) build-llvm19 build-windows $(FUZZ_BUILD)
