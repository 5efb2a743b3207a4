# SPDX-License-Identifier: GPL-3.0-or-later
# make run  : install dependencies, configure, build, run the main job
# make test : install dependencies, build (with Qt, without Qt, aarch64 cross), run every test via CTest
# make package : the release build's Debian package
JOBS ?= $(shell nproc)

.PHONY: all deps build build-nogui build-aarch64 build-fuzz run test package asan clean

all: build

deps:
	bash scripts/install-deps.sh

build: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS)

build-nogui: deps
	cmake --preset nogui
	cmake --build --preset nogui -j $(JOBS)

# The cross compiler is looked for when this recipe runs, after deps has
# installed it: a fresh machine's first `make test` builds the aarch64 tree.
build-aarch64: deps
	@if command -v aarch64-linux-gnu-g++ >/dev/null 2>&1; then \
	  cmake --preset aarch64 && cmake --build --preset aarch64 -j $(JOBS); \
	else \
	  echo "aarch64-linux-gnu-g++ not found: skipping the aarch64 cross build"; \
	fi

build-fuzz: deps
	cmake --preset fuzz
	cmake --build --preset fuzz -j $(JOBS) --target fuzz_record fuzz_bundle

run: build
	bash scripts/main-job.sh build/release

test: build build-nogui build-aarch64 build-fuzz
	ctest --preset release -j $(JOBS)

# The Debian package of the release build: build/release/kexbench_<version>_<arch>.deb
# (install it with `apt install ./build/release/kexbench_*.deb`).
package: build
	cmake --build --preset release --target package

asan: deps
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

clean:
	rm -rf build
