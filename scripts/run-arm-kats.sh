#!/usr/bin/env bash
# Runs the aarch64 runner's KAT of every built-in instance under qemu-user and
# compares each file byte for byte with the x86-64 runner's KAT of the same
# instance: the instances must give the same answers on both architectures, and
# the runner must exit cleanly after answering (a crash at exit would fail every
# record on an ARM board). Exit 77 (CTest: skipped) when the cross build or qemu
# is not there.
set -u
arm_build=$1
host_build=$2
arm_runner="$arm_build/bin/kexbench-runner"
host_runner="$host_build/bin/kexbench-runner"
if ! command -v qemu-aarch64 >/dev/null; then echo "SKIP: qemu-aarch64 not installed"; exit 77; fi
if [ ! -x "$arm_runner" ]; then echo "SKIP: no aarch64 build at $arm_build (make build-aarch64)"; exit 77; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0 checked=0
for arm_lib in "$arm_build"/lib/kexbench/instances/lib*.so; do
  name=$(basename "$arm_lib" .so); name=${name#lib}
  host_lib="$host_build/lib/kexbench/instances/lib$name.so"
  [ -f "$host_lib" ] || { echo "FAIL $name: no x86-64 library $host_lib"; failed=1; continue; }
  rc=0
  (qemu-aarch64 -L /usr/aarch64-linux-gnu "$arm_runner" kat "$arm_lib" --out "$work/$name.arm" \
    >"$work/$name.arm.json" 2>"$work/$name.arm.err") 2>/dev/null || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "FAIL $name: aarch64 runner exited with $rc: $(head -n 1 "$work/$name.arm.err")"; failed=1; continue
  fi
  "$host_runner" kat "$host_lib" --out "$work/$name.host" >/dev/null 2>&1 || { echo "FAIL $name: x86-64 runner failed"; failed=1; continue; }
  if cmp -s "$work/$name.arm" "$work/$name.host"; then
    echo "same KAT on aarch64 and x86-64: $name ($(sha256sum < "$work/$name.arm" | cut -c1-16)…)"
  else
    echo "FAIL $name: the aarch64 KAT differs from the x86-64 one"; failed=1
  fi
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || { echo "FAIL: no instance libraries in $arm_build"; exit 1; }
exit $failed
