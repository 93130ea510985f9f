#!/usr/bin/env bash
# Installs what is missing, builds hotline, profiles the example pipeline, prints the report.
set -euo pipefail
source "$(dirname "$0")/common.sh"

install_missing_packages
configure_and_build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log "running examples/pipeline, instrumented (profile goes to $work)"
HOTLINE_DIR=$work "$HOTLINE_BUILD/examples/pipeline/pipeline"
log "hotline report"
"$HOTLINE_BUILD/tools/hotline/hotline" report "$work"/pipeline.*.hotline
log "hotline tree (call paths above 2%)"
"$HOTLINE_BUILD/tools/hotline/hotline" tree --min-percent 2 "$work"/pipeline.*.hotline
