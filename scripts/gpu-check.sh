#!/usr/bin/env bash
# The GPU checks: build here, run on a machine with a GPU, check here (scripts/gpu_check.py,
# docs/cuda.md). `build` first installs what is missing and builds hotline, unless --as-built.
set -euo pipefail
here=$(dirname "$0")
if [ "${1:-}" = build ] && [[ " $* " != *" --as-built "* ]]; then
  source "$here/common.sh"
  install_missing_packages
  configure_and_build
fi
exec python3 "$here/gpu_check.py" "$@"
