#!/usr/bin/env bash
# The KEXBENCH_GUI=OFF build (ARM boards without Qt) must not need Qt:
# no Qt library among the NEEDED entries of its programs.
set -u
build=$1
progs=("$build/bin/kexbench-cli" "$build/bin/kexbench-runner")
for p in "${progs[@]}"; do
  if [ ! -x "$p" ]; then echo "SKIP: $p not built (make build-nogui)"; exit 77; fi
done
status=0
for p in "${progs[@]}"; do
  needed=$(readelf -d "$p" | grep NEEDED)
  if echo "$needed" | grep -qi qt; then echo "FAIL: $p links Qt:"; echo "$needed"; status=1; fi
done
[ -d "$build/ui" ] && { echo "FAIL: $build has a ui/ tree although KEXBENCH_GUI=OFF"; status=1; }
[ $status = 0 ] && echo "OK: ${progs[*]} link no Qt"
exit $status
