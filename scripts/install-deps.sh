#!/usr/bin/env bash
# Installs the Debian 12 packages kexbench builds, tests and runs with.
# Idempotent: when every package is already present it changes nothing and
# does not touch the network. Runs as root, or through sudo otherwise.
set -euo pipefail

native_packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libssl-dev zlib1g-dev nlohmann-json3-dev
  googletest libgtest-dev libbenchmark-dev
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libqcustomplot-dev libqcustomplot2.1-qt6
  xvfb xauth poppler-utils fonts-wqy-microhei
  g++-aarch64-linux-gnu qemu-user
  clang libclang-rt-14-dev
  # the format check (scripts/check-format.sh, a test): the code follows .clang-format
  clang-format
  openssh-client openssh-server
  # make package and its test: dpkg-shlibdeps, file (CPack's ELF check), the two validators
  dpkg-dev file desktop-file-utils appstream
)
# Qt-free part of kexbench cross-compiled for aarch64 links these.
arm64_packages=(libssl-dev:arm64 zlib1g-dev:arm64 libgtest-dev:arm64)

if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi

is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

wanted=()
for p in "${native_packages[@]}"; do is_installed "$p" || wanted+=("$p"); done

arch=$(dpkg --print-architecture)
cross_ok=0
if [ "$arch" = amd64 ]; then
  cross_ok=1
  for p in "${arm64_packages[@]}"; do is_installed "$p" || wanted+=("$p"); done
fi

if [ ${#wanted[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

echo "install-deps: installing ${wanted[*]}"
if [ "$cross_ok" = 1 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  "${as_root[@]}" dpkg --add-architecture arm64
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${wanted[@]}"
