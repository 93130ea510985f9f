#!/usr/bin/env bash
# Installs what is missing, builds hotline, and runs every test (lit suites and unit tests).
set -euo pipefail
source "$(dirname "$0")/common.sh"

install_missing_packages "${HOTLINE_PACKAGES[@]}" "${HOTLINE_TEST_PACKAGES[@]}"
configure_and_build
log "running the tests"
(cd "$HOTLINE_BUILD" && ctest --output-on-failure "$@")

# The unit tests (the reader, the analysis, the CLI pieces, the runtime's tables) built with
# ASan and UBSan, in a tree of their own: any report fails the run.
HOTLINE_BUILD=$HOTLINE_ROOT/build-asan HOTLINE_TARGET=hotline_unit_tests configure_and_build \
  "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
log "running the unit tests under ASan and UBSan"
ASAN_OPTIONS=detect_leaks=0 "$HOTLINE_ROOT/build-asan/test/unit/hotline_unit_tests" --gtest_brief=1

# The plugin against LLVM 19 too: the same lit suites, but for googletest's two builds (10
# minutes, and the third-party code is the same), in a tree of its own.
HOTLINE_BUILD=$HOTLINE_ROOT/build-llvm19 HOTLINE_LLVM=19 configure_and_build \
  "-DHOTLINE_LIT_ARGS=-sv --time-tests --filter-out=googletest"
log "running the lit suites against LLVM 19"
(cd "$HOTLINE_ROOT/build-llvm19" && ctest --output-on-failure -R '^lit$')
