#!/bin/sh
# Merges every target of this example: Base, then its brand, then the target itself.
# Usage: Examples/WhiteLabel/merge-all.sh [OUTPUT_DIR]   (default: Examples/WhiteLabel/build)
# Set LOCMERGE to a built binary to skip the build step.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/build"}
if [ -z "${LOCMERGE:-}" ]; then
  (cd "$here/../.." && swift build --product locmerge >/dev/null)
  LOCMERGE="$here/../../.build/debug/locmerge"
fi
cd "$here"
status=0
merge() {
  target=$1
  shift
  echo "== $target"
  "$LOCMERGE" -b Base "$@" -d "$out/$target" || status=1
}
merge AcmeLite -s Brands/Acme -s Targets/AcmeLite
merge AcmePro -s Brands/Acme -s Targets/AcmePro
merge GlobexGo -s Brands/Globex -s Targets/GlobexGo
exit $status
