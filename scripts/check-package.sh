#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-package.sh BUILD_DIR SOURCE_DIR
#
# Makes the Debian package of BUILD_DIR (cpack -G DEB, into a scratch folder so
# the build's own package is left alone) and checks it as a user would get it:
# its Depends/Recommends, its desktop entry and AppStream metainfo (validators),
# then the programs extracted from it with dpkg-deb -x into a scratch root. They
# must find the instances and SDK under that root, not in the build tree: the
# search path follows the install prefix. Exit 77 (CTest: skipped) when cpack or
# dpkg-deb is missing.
set -u
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
app_id=io.github.kexbench.kexbench

for tool in cpack dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (scripts/install-deps.sh installs it)"; exit 77; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }
ok() { echo "ok: $*"; }

# ---------------------------------------------------------------- the package
if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg" >"$work/cpack.log" 2>&1; then
  tail -n 40 "$work/cpack.log"
  echo "FAIL: cpack -G DEB failed (log above)"
  exit 1
fi
debs=("$work"/pkg/kexbench_*.deb)
if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then
  ls -l "$work/pkg"
  echo "FAIL: expected one kexbench_<version>_<arch>.deb from cpack"
  exit 1
fi
deb=${debs[0]}
version=$(dpkg-deb -f "$deb" Version)
arch=$(dpkg-deb -f "$deb" Architecture)
[ "$(basename "$deb")" = "kexbench_${version}_${arch}.deb" ] && ok "file name $(basename "$deb")" ||
  fail "file name $(basename "$deb") is not kexbench_${version}_${arch}.deb"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
# One pattern per library the programs link, as Debian names its package.
for want in 'libqt6widgets6' 'libqcustomplot[^,]*qt6' 'libssl3' 'zlib1g'; do
  grep -Eq "(^|, )$want" <<<"$depends" && ok "Depends names $want" || fail "Depends does not name $want"
done
recommends=$(dpkg-deb -f "$deb" Recommends)
echo "Recommends: $recommends"
# The package names alone, one a line: "g++" is no pattern.
recommended=$(tr ',' '\n' <<<"$recommends" | sed 's/^ *//; s/ .*//')
for want in gcc g++ binutils; do
  grep -qxF "$want" <<<"$recommended" && ok "Recommends names $want" || fail "Recommends does not name $want"
done
section=$(dpkg-deb -f "$deb" Section)
[ "$section" = science ] && ok "Section science" || fail "Section is '$section', not science"

# ---------------------------------------------------------------- the packaged files
root="$work/root"
dpkg-deb -x "$deb" "$root" || { echo "FAIL: dpkg-deb -x $deb"; exit 1; }
desktop="$root/usr/share/applications/$app_id.desktop"
metainfo="$root/usr/share/metainfo/$app_id.metainfo.xml"
icon="$root/usr/share/icons/hicolor/scalable/apps/$app_id.svg"
for f in "$desktop" "$metainfo" "$icon" "$root/usr/share/doc/kexbench/copyright" \
         "$root/usr/share/doc/kexbench/README.md" "$root/usr/share/doc/kexbench/method.md" \
         "$root/usr/share/doc/kexbench/method.zh_CN.md" "$root/usr/share/kexbench/sdk/kexbench_shim.c"; do
  [ -f "$f" ] && ok "packaged ${f#"$root"}" || fail "the package has no ${f#"$root"}"
done
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$desktop" && ok "desktop-file-validate ${desktop#"$root"}" || fail "desktop-file-validate ${desktop#"$root"}"
else
  fail "desktop-file-validate not installed (desktop-file-utils)"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$metainfo" && ok "appstreamcli validate ${metainfo#"$root"}" ||
    fail "appstreamcli validate ${metainfo#"$root"}"
else
  fail "appstreamcli not installed (appstream)"
fi
grep -q "<release version=\"$version\"" "$metainfo" && ok "metainfo has a release entry for $version" ||
  fail "the metainfo has no <release version=\"$version\"> (resources/desktop/$app_id.metainfo.xml)"

# ---------------------------------------------------------------- the packaged programs
# Nothing from the environment may point them at the build tree.
run() { env -u KEXBENCH_INSTANCE_PATH -u KEXBENCH_SDK_DIR "$@"; }
cli="$root/usr/bin/kexbench-cli"
instances="$root/usr/lib/kexbench/instances"

if run "$cli" list >"$work/list.out" 2>&1; then
  cat "$work/list.out"
  listed=0
  for lib in "$instances"/lib*.so; do
    [ -f "$lib" ] || continue
    if grep -qF "$lib" "$work/list.out"; then listed=$((listed + 1)); else fail "list does not name $lib"; fi
  done
  [ "$listed" -gt 0 ] && ok "list names the $listed instances under the scratch root" ||
    fail "no instances under $instances"
  ! grep -qF "$build" "$work/list.out" || fail "list names files in the build tree $build"
else
  cat "$work/list.out"
  fail "kexbench-cli list exited non-zero"
fi

if run "$cli" kat --all --out "$work/kat" >"$work/kat.out" 2>&1; then
  cat "$work/kat.out"
  ok "kat --all passes"
else
  cat "$work/kat.out"
  fail "kexbench-cli kat --all did not pass"
fi

# build-instance compiles with the SDK under the scratch root (<bin>/../share/kexbench/sdk).
if run "$cli" build-instance "$source_dir/tests/fixtures/submission-toy" --out "$work/toy" >"$work/toy.out" 2>&1 &&
   [ -f "$work/toy/libTOY-KEX-128.so" ]; then
  ok "build-instance compiles a submission with the packaged SDK"
else
  cat "$work/toy.out"
  fail "kexbench-cli build-instance of tests/fixtures/submission-toy"
fi

shot="$work/shot.png"
if QT_QPA_PLATFORM=offscreen run "$root/usr/bin/kexbench" --screenshot "$shot" >"$work/shot.out" 2>&1 &&
   [ "$(head -c 8 "$shot" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
  ok "kexbench --screenshot wrote a PNG ($(stat -c %s "$shot") bytes)"
else
  cat "$work/shot.out"
  fail "kexbench --screenshot did not write a PNG"
fi

exit $failed
