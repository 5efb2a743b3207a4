#!/usr/bin/env bash
# Checks that kexbench's own C and C++ sources follow .clang-format, naming
# each file that does not; --fix rewrites them. tests/fixtures/ is left as it
# is: those trees stand for candidates' submissions, written in their style.
# Exits 77 (a skipped test) when clang-format is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
fix=0
[ "${1:-}" = --fix ] && fix=1
if ! command -v clang-format >/dev/null 2>&1; then
  echo "check-format: clang-format is not installed (scripts/install-deps.sh installs it); not checked"
  exit 77
fi
if [ -d .git ] || [ -f .git ]; then
  mapfile -t files < <(git ls-files -- '*.c' '*.cpp' '*.h' ':!:tests/fixtures/*')
else
  mapfile -t files < <(find app core kex tests ui -name '*.c' -o -name '*.cpp' -o -name '*.h' | grep -v '^tests/fixtures/' | sort)
fi
if [ "$fix" = 1 ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
# One clang-format for all files; each file that differs is named in its warnings.
mapfile -t bad < <(clang-format --dry-run "${files[@]}" 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
if [ ${#bad[@]} -ne 0 ]; then
  echo "check-format: ${#bad[@]} of ${#files[@]} files do not follow .clang-format (scripts/check-format.sh --fix rewrites them):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "check-format: ${#files[@]} files follow .clang-format"
