#!/bin/sh
# Migrates this example as a user would, in a copy of it: 'locmerge init --xcodeproj' finds the
# tables the three targets copy (InfoPlist.strings in Branding/<target>, Localizable.strings and
# .stringsdict in <target>/Resources) and extracts them into Localization/ with locmerge.json
# beside the project; 'locmerge xcode install --remove-copies' adds the phase to each target and
# takes the old copies out of Copy Bundle Resources; 'locmerge build' merges every target.
# Legal.strings (the same files in every target) and Onboarding.strings (Initech only) stay.
# Usage: Examples/XcodeMigration/migrate.sh OUTPUT_DIR   (a new folder; CI diffs it with expected/)
# Set LOCMERGE to a built binary to skip the build step.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: migrate.sh OUTPUT_DIR}
if [ -z "${LOCMERGE:-}" ]; then
  (cd "$here/../.." && swift build --product locmerge >/dev/null)
  LOCMERGE="$here/../../.build/debug/locmerge"
fi
mkdir -p "$out"
for item in Shop.xcodeproj Shared Branding Acme Globex Initech; do cp -R "$here/$item" "$out/"; done
cd "$out"
"$LOCMERGE" init --xcodeproj Shop.xcodeproj
"$LOCMERGE" xcode install --remove-copies
"$LOCMERGE" build -d 'build/{target}'
