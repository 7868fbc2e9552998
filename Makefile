# alloc-tidy: the two commands a newcomer types are `make demo` and
# `make test`. Both install what is missing (Debian packages, as root) and
# build incrementally, so they take seconds once everything is in place.

LLVM ?= 22
BUILD ?= build
CMAKE_FLAGS ?=

.PHONY: all deps configure build test demo test-llvm19 clean

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

test: build
	@bash scripts/run-tests.sh $(BUILD) $(LLVM)

demo: build
	@bash scripts/demo.sh $(BUILD) $(LLVM)

# The same suites against LLVM 19, in a build directory of its own.
test-llvm19:
	@$(MAKE) --no-print-directory test LLVM=19 BUILD=build-llvm19

clean:
	rm -rf $(BUILD) build-llvm19 build-windows
