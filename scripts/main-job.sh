#!/usr/bin/env bash
# The main job of `make run`: the workbench when there is a display (run it
# under `xvfb-run -a make run` on a headless machine), otherwise the headless
# job: list the instances, check each against its pinned KAT manifest, then a
# short campaign over the default selection (a built-in, SM2-KEX and the
# post-quantum MLKEM-UAKE-768) and its report.
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
echo
# A quick plan (6 trials of about 0.05 s per operation): enough for a first look,
# not for publication; `kexbench-cli run --help` gives the full plan's options.
# 6 rather than the harness's 5 trials: the first count with a 95 % interval over trials.
# Each run gets its own folder, so an earlier run's data is never overwritten.
campaign="$build/main-job/campaign-$(date +%Y%m%d-%H%M%S)"
"$cli" run --target 0.05 --trials 6 --system-label "$(uname -m)_local" --out "$campaign"
"$cli" report "$campaign" --out "$campaign/report.md"
echo "Report of the default selection: $campaign/report.md"
