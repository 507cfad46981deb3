#!/usr/bin/env python3
"""Baseline for locmerge-bench: the kind of build-phase script locmerge replaces.

A reconstruction, written for this benchmark, of the workaround described in the project brief
(`build_localization.py -b BASE -s TARGET -d DEST`): for each language of the base, overlay the
target's <lang>.lproj/Localizable.strings on the base's, parsing with a line regex, and write
every output file on every run. It keeps that script's known defects on purpose (escaped quotes,
UTF-16, comments, languages the target lacks), so it is a timing baseline, not a reference.
"""
import argparse
import os
import re

LINE = re.compile(r'^\s*"(.+?)"\s*=\s*"(.*)";\s*$')


def read_strings(path):
    table = {}
    if not os.path.exists(path):
        return table
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            match = LINE.match(line)
            if match:
                table[match.group(1)] = match.group(2)
    return table


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-b", dest="base", required=True)
    parser.add_argument("-s", dest="target", required=True)
    parser.add_argument("-d", dest="dest", required=True)
    args = parser.parse_args()
    for folder in sorted(os.listdir(args.base)):
        if not folder.endswith(".lproj"):
            continue
        merged = read_strings(os.path.join(args.base, folder, "Localizable.strings"))
        merged.update(read_strings(os.path.join(args.target, folder, "Localizable.strings")))
        out = os.path.join(args.dest, folder)
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "Localizable.strings"), "w", encoding="utf-8") as handle:
            for key, value in merged.items():
                handle.write('"%s" = "%s";\n' % (key, value))


if __name__ == "__main__":
    main()
