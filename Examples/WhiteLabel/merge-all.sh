#!/bin/sh
# Builds every target of this example, as CI would: one 'locmerge build' reads locmerge.json,
# reads the base and each brand once, and merges each target's stack (Base, its brand, the target).
# InitechGo moved to String Catalogs: its stack is Base, a base catalog, the Initech overlay
# catalog and a legacy .strings overlay; the build writes the compiled tables the bundle needs.
# The entry InitechGo-catalogs has the same stack with "catalogs": "merged": it writes the merged
# catalog instead, as a team that adds one catalog per flavor to each target would.
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
exec "$LOCMERGE" build -d "$out/{target}"
