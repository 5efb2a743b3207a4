#!/usr/bin/env bash
# The main job of `make run` until the workbench GUI lands: list the
# instances kexbench finds and check every one against its pinned KAT manifest.
set -euo pipefail
build=${1:-build/release}
cli="$build/bin/kexbench-cli"
"$cli" list
echo
"$cli" kat --all --out "$build/kat"
