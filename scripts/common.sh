# Shared by scripts/demo.sh and scripts/test.sh: install what is missing, configure, build.
# shellcheck shell=bash

HOTLINE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOTLINE_BUILD=${HOTLINE_BUILD:-$HOTLINE_ROOT/build}

# Debian packages hotline needs to build, test and run its examples.
HOTLINE_PACKAGES=(
  clang-22 llvm-22-dev libclang-22-dev llvm-22-tools libclang-rt-22-dev
  cmake ninja-build python3 python3-psutil
  libfmt-dev libgtest-dev googletest libbenchmark-dev
  libsqlite3-dev libpq-dev
  libstb-dev libeigen3-dev
  libjemalloc-dev
  openmpi-bin libopenmpi-dev
  nodejs npm chromium
  valgrind lcov
)
# What scripts/test.sh needs besides: the other supported LLVM (the plugin is built and its lit
# suites run against both), what the packaging tests build user projects with, and
# clang-apply-replacements, which applies the YAML of `hotline advise --export-fixes`;
# clang-format-22, which keeps the code's one style (test/style); strace and
# perf, the truth suite's independent measures (test/truth), nlohmann-json, which it uses
# from /usr/include, the PostgreSQL server the history's shared store is tested on, and Python's
# headers, pybind11 and NumPy, for the extension modules built with the plugin
# (test/e2e/python-*.test), and pip and setuptools, which `pip install .` builds one with
# (test/packaging/python-pip-install.test).
HOTLINE_TEST_PACKAGES=(
  clang-19 llvm-19-dev libclang-19-dev llvm-19-tools
  clang-tools-22 clang-format-22
  gcc g++ make pkgconf
  tmux strace linux-perf gdb uftrace
  nlohmann-json3-dev
  postgresql
  python3-dev pybind11-dev python3-numpy python3-pip python3-setuptools
)

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Installs those of the packages given (default: HOTLINE_PACKAGES) that are missing.
install_missing_packages() {
  local wanted=("$@") missing=()
  [ ${#wanted[@]} -eq 0 ] && wanted=("${HOTLINE_PACKAGES[@]}")
  for package in "${wanted[@]}"; do
    # NodeSource's nodejs brings its own npm, which Debian's npm package conflicts with.
    [ "$package" = npm ] && command -v npm >/dev/null && continue
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Configures and builds in HOTLINE_BUILD against LLVM HOTLINE_LLVM (22 unless set), with that
# LLVM's clang; arguments go to cmake. HOTLINE_TARGET, if set, builds that target only.
configure_and_build() {
  local llvm=${HOTLINE_LLVM:-22}
  log "configuring and building in $HOTLINE_BUILD (LLVM $llvm)"
  cmake -S "$HOTLINE_ROOT" -B "$HOTLINE_BUILD" -G Ninja -DLLVM_DIR="/usr/lib/llvm-$llvm/lib/cmake/llvm" \
    -DCMAKE_C_COMPILER="clang-$llvm" -DCMAKE_CXX_COMPILER="clang++-$llvm" "$@" >/dev/null
  cmake --build "$HOTLINE_BUILD" ${HOTLINE_TARGET:+--target "$HOTLINE_TARGET"}
}
