# Shared by scripts/demo.sh and scripts/test.sh: install what is missing, configure, build.
# shellcheck shell=bash

HOTLINE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOTLINE_BUILD=${HOTLINE_BUILD:-$HOTLINE_ROOT/build}

# Debian packages hotline needs to build, test and run its examples.
HOTLINE_PACKAGES=(
  clang-22 llvm-22-dev libclang-22-dev llvm-22-tools libclang-rt-22-dev
  cmake ninja-build python3 python3-psutil
  libfmt-dev libgtest-dev googletest libbenchmark-dev
  libstb-dev libeigen3-dev
  libjemalloc-dev
  nodejs npm chromium
  valgrind lcov
)

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

install_missing_packages() {
  local missing=()
  for package in "${HOTLINE_PACKAGES[@]}"; do
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

configure_and_build() {
  log "configuring and building in $HOTLINE_BUILD"
  cmake -S "$HOTLINE_ROOT" -B "$HOTLINE_BUILD" -G Ninja \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 "$@" >/dev/null
  cmake --build "$HOTLINE_BUILD"
}
