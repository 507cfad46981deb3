#!/bin/sh
# Checks this example's code as CI would: 'locmerge usage' compares each target's code with the
# tables its stack ships, and prints what is missing, untranslated and unused; 'locmerge usage
# --json' the same as one document. The shared cart asks for "checkout.express", which only the
# Acme brand defines: GlobexGo alone gets missing-key, at the line. Acme overrides "promo.banner",
# which no target's code looks up: unused-override. Nothing is written in the example's folder.
# Usage: Examples/UsageCheck/check.sh OUTPUT_DIR   (a new folder; CI diffs it with expected/)
# Set LOCMERGE to a built binary to skip the build step.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: check.sh OUTPUT_DIR}
if [ -z "${LOCMERGE:-}" ]; then
  (cd "$here/../.." && swift build --product locmerge >/dev/null)
  LOCMERGE="$here/../../.build/debug/locmerge"
fi
mkdir -p "$out"
cd "$here"
# Paths are printed absolute (Xcode needs that); the expected output names them from here.
"$LOCMERGE" usage > "$out/usage.txt" 2> "$out/usage-diagnostics.txt"
echo "exit status $?" >> "$out/usage.txt"
"$LOCMERGE" usage --json --quiet > "$out/usage.json"
"$LOCMERGE" lint > "$out/lint.txt" 2>&1
echo "exit status $?" >> "$out/lint.txt"
for file in "$out"/*; do
  sed "s|$here/||g" "$file" > "$file.tmp" && mv "$file.tmp" "$file"
done
