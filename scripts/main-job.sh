#!/usr/bin/env bash
# The main job of `make run`: the workbench when there is a display (run it
# under `xvfb-run -a make run` on a headless machine), otherwise the headless
# job: list the instances and check each against its pinned KAT manifest.
set -euo pipefail
build=${1:-build/release}
cli="$build/bin/kexbench-cli"
gui="$build/bin/kexbench"
if [ -x "$gui" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  exec "$gui"
fi
[ -x "$gui" ] && echo "No display: running the headless job (use 'xvfb-run -a make run' for the workbench)."
"$cli" list
echo
"$cli" kat --all --out "$build/kat"
