#!/usr/bin/env bash
# Installs what is missing, builds hotline, and runs every test (lit suites and unit tests).
set -euo pipefail
source "$(dirname "$0")/common.sh"

install_missing_packages
configure_and_build
log "running the tests"
cd "$HOTLINE_BUILD"
ctest --output-on-failure "$@"
