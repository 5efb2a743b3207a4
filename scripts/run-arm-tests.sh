#!/usr/bin/env bash
# Runs the aarch64 cross build's Qt-free unit tests under qemu-user.
# Exit 77 (CTest: skipped) when the cross build or qemu is not there.
set -u
arm_build=$1
tests="$arm_build/bin/kexbench_unit_tests"
if ! command -v qemu-aarch64 >/dev/null; then echo "SKIP: qemu-aarch64 not installed"; exit 77; fi
if [ ! -x "$tests" ]; then echo "SKIP: no aarch64 build at $arm_build (make build-aarch64)"; exit 77; fi
if ! readelf -h "$tests" | grep -q AArch64; then echo "FAIL: $tests is not an aarch64 binary"; exit 1; fi
# qemu-user 7.2 (Debian 12) never returns from pthread_create for this target (a five-line
# program that starts one thread hangs), so the unit tests that start a thread run
# natively only. A new one must be named here, or this run hangs until CTest's timeout.
starts_threads=(
  Disturbance.TheSnapshotsSeeAnotherThreadsCpuTime
  Affinity.EveryThreadLeavesTheMeasuringCpuAndGetsItBack
)
exclude=$(IFS=:; echo "${starts_threads[*]}")
exec qemu-aarch64 -L /usr/aarch64-linux-gnu "$tests" --gtest_brief=1 --gtest_filter="-$exclude"
