#!/usr/bin/env python3
"""Kills `locmerge` while it writes, again and again, and checks what every kill leaves behind.

    Tests/CrashConsistency/crash_test.py --binary .build/release/locmerge --kills 1000

Each round changes the layers a little (values, languages and tables come and go, so that outputs
are rewritten, created and removed), runs a merge, and kills it with SIGKILL:

- at a random moment of the run (`--mode random`), or
- at one chosen file-system call (`--mode inject`): `strace -e inject=CALL:signal=KILL:when=N`
  stops the process at the N-th `write`, `rename*`, `unlink*`, `mkdir*` or `openat` of the run,
  counted beforehand on a copy of the destination (needs strace);
- `--mode both` (the default) alternates the two.

After each kill it checks: the sources are untouched; every file in DEST is whole (its bytes are
either those it had before the run or those of a clean merge); no temporary file lies among the
outputs. Then it runs the merge normally and checks: exit status 0; no temporary file anywhere;
exactly the files of a clean merge into an empty folder, with the same bytes (no orphan table);
the depfile written in full.

Exit status 0 when every round passed, 1 otherwise. Nothing outside a fresh temporary folder is
touched; `--keep` leaves that folder for inspection.
"""

import argparse
import hashlib
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

LANGUAGES = ["en", "de", "fr", "es", "it", "ja", "pt-BR", "zh-Hans"]
TABLES = [
    "Localizable.strings",
    "InfoPlist.strings",
    "Localizable.stringsdict",
    "Settings.bundle/{lang}.lproj/Root.strings",
]
LAYERS = ["Base", "Brand", "Target"]
INJECTABLE = ["write", "rename", "renameat", "renameat2", "unlink", "unlinkat", "mkdir", "mkdirat", "openat"]
BOOKKEEPING = ".locmerge"  # DEST/.locmerge/ (and, for older builds, DEST/.locmerge-*.json)


def random_word(rng, length):
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(length))


class Workload:
    """Three layers whose tables change from round to round."""

    def __init__(self, root, rng):
        self.root = root
        self.rng = rng
        self.keys = [random_word(rng, 12) for _ in range(60)]
        # Which (layer, language, table) exist; the base always has every table in English.
        self.present = set()
        for language in LANGUAGES:
            for table in TABLES:
                self.present.add(("Base", language, table))
        for layer in LAYERS[1:]:
            for language in rng.sample(LANGUAGES, 4):
                for table in rng.sample(TABLES, 2):
                    self.present.add((layer, language, table))
        for item in sorted(self.present):
            self.write(*item)

    def path(self, layer, language, table):
        if "{lang}" in table:
            return os.path.join(self.root, layer, table.format(lang=language))
        return os.path.join(self.root, layer, f"{language}.lproj", table)

    def write(self, layer, language, table):
        rng = self.rng
        keys = self.keys if layer == "Base" else rng.sample(self.keys, rng.randint(3, 20))
        path = self.path(layer, language, table)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if table.endswith(".stringsdict"):
            entries = "".join(
                f"\t<key>{key}.count</key>\n\t<dict>\n"
                "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@items@</string>\n"
                "\t\t<key>items</key>\n\t\t<dict>\n"
                "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
                "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>lld</string>\n"
                f"\t\t\t<key>one</key>\n\t\t\t<string>%lld {random_word(rng, 5)}</string>\n"
                f"\t\t\t<key>other</key>\n\t\t\t<string>%lld {random_word(rng, 6)}</string>\n"
                "\t\t</dict>\n\t</dict>\n"
                for key in keys[:8]
            )
            text = (
                '<?xml version="1.0" encoding="UTF-8"?>\n'
                '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
                '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
                f'<plist version="1.0">\n<dict>\n{entries}</dict>\n</plist>\n'
            )
        else:
            lines = []
            for key in keys:
                if rng.random() < 0.3:
                    lines.append(f"/* {random_word(rng, 8)} */")
                value = " ".join(random_word(rng, rng.randint(2, 9)) for _ in range(rng.randint(1, 12)))
                lines.append(f'"{key}" = "{value}";')
            text = "\n".join(lines) + "\n"
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)

    def remove(self, layer, language, table):
        path = self.path(layer, language, table)
        os.remove(path)
        folder = os.path.dirname(path)
        while folder != os.path.join(self.root, layer) and not os.listdir(folder):
            os.rmdir(folder)
            folder = os.path.dirname(folder)

    def mutate(self):
        """One to four changes: rewrite a table, or make one appear or disappear."""
        rng = self.rng
        for _ in range(rng.randint(1, 4)):
            choice = rng.random()
            layer = rng.choice(LAYERS)
            language = rng.choice(LANGUAGES)
            table = rng.choice(TABLES)
            item = (layer, language, table)
            if choice < 0.5:
                existing = sorted(self.present)
                self.write(*rng.choice(existing))
            elif item in self.present:
                if layer == "Base" and language == "en":
                    continue
                self.present.discard(item)
                self.remove(*item)
            else:
                self.present.add(item)
                self.write(*item)


def tree(folder):
    """Every file under a folder: relative path -> bytes (links are listed as 'link -> target')."""
    files = {}
    if not os.path.isdir(folder):
        return files
    for directory, folders, names in os.walk(folder):
        for name in names + [f for f in folders if os.path.islink(os.path.join(directory, f))]:
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, folder)
            if os.path.islink(path):
                files[relative] = b"link -> " + os.readlink(path).encode()
            else:
                with open(path, "rb") as handle:
                    files[relative] = handle.read()
    return files


def digest(files):
    hasher = hashlib.sha256()
    for name in sorted(files):
        hasher.update(name.encode() + b"\0" + files[name] + b"\0")
    return hasher.hexdigest()


def is_bookkeeping(relative):
    return relative.split(os.sep)[0].startswith(BOOKKEEPING)


def is_temporary(relative):
    name = os.path.basename(relative)
    return name.endswith(".tmp") or ".locmerge-" in name and not is_bookkeeping(relative)


class Runner:
    def __init__(self, binary, root):
        self.binary = binary
        self.root = root
        self.durations = []

    def arguments(self, destination, depfile):
        return [
            self.binary, "-b", "Base", "-s", "Brand", "-s", "Target", "-d", destination, "--depfile", depfile, "-q",
        ]

    def run(self, destination, depfile, prefix=()):
        start = time.monotonic()
        process = subprocess.run(
            list(prefix) + self.arguments(destination, depfile), cwd=self.root, capture_output=True, text=True
        )
        if not prefix:
            self.durations.append(time.monotonic() - start)
        return process

    def kill_at_random(self, destination, depfile, rng):
        typical = statistics.median(self.durations[-20:]) if self.durations else 0.02
        process = subprocess.Popen(
            self.arguments(destination, depfile), cwd=self.root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0, typical * 1.1))
        process.send_signal(signal.SIGKILL)
        process.wait()
        return process.returncode == -signal.SIGKILL, "random"

    def count_calls(self, destination, depfile):
        """How often the main thread makes each injectable call in a run from this state (on copies)."""
        copy = os.path.join(self.root, "count-dest")
        copy_depfile = os.path.join(self.root, "count-deps.d")
        shutil.rmtree(copy, ignore_errors=True)
        if os.path.isdir(destination):
            shutil.copytree(destination, copy, symlinks=True)
        if os.path.exists(depfile):
            shutil.copy2(depfile, copy_depfile)
        log = os.path.join(self.root, "count.strace")
        subprocess.run(
            ["strace", "-f", "-qq", "-e", "trace=" + ",".join(INJECTABLE), "-o", log]
            + self.arguments(copy, copy_depfile),
            cwd=self.root, capture_output=True,
        )
        counts = {}
        main = None
        with open(log, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                parts = line.split(None, 1)
                if len(parts) < 2:
                    continue
                main = main or parts[0]
                name = parts[1].split("(", 1)[0]
                if parts[0] == main and name in INJECTABLE:
                    counts[name] = counts.get(name, 0) + 1
        shutil.rmtree(copy, ignore_errors=True)
        for path in (copy_depfile, log):
            if os.path.exists(path):
                os.remove(path)
        return counts

    def kill_at_call(self, destination, depfile, rng):
        counts = self.count_calls(destination, depfile)
        if not counts:
            return self.kill_at_random(destination, depfile, rng)
        # Each kind of call equally often (reading the inputs makes most `openat`s), then one of its calls.
        name = rng.choice(sorted(counts))
        index = rng.randint(1, counts[name])
        process = self.run(
            destination, depfile, prefix=["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"inject={name}:signal=KILL:when={index}"]
        )
        # strace exits with the tracee's status; a tracee killed by a signal makes it kill itself the same way.
        return process.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL, 137), f"{name}#{index}"


def check_after_kill(destination, before, clean, sources_before, sources_now, depfile, depfiles):
    problems = []
    with open(depfile, "rb") as handle:
        if handle.read() not in depfiles:
            problems.append("the depfile is neither the old one nor the new one")
    if sources_now != sources_before:
        problems.append("a source file changed")
    for relative, data in tree(destination).items():
        if is_bookkeeping(relative):
            continue
        if is_temporary(relative):
            problems.append(f"temporary file among the outputs: {relative}")
        elif data != before.get(relative) and data != clean.get(relative):
            problems.append(f"partial or foreign content: {relative} ({len(data)} bytes)")
    return problems


def check_after_follow_up(destination, depfile, clean, clean_depfile, process, sources_before, sources_now):
    problems = []
    if process.returncode != 0:
        problems.append(f"follow-up run failed with status {process.returncode}: {process.stderr.strip()[:300]}")
    if sources_now != sources_before:
        problems.append("a source file changed")
    outputs = {}
    for relative, data in tree(destination).items():
        if is_temporary(relative):
            problems.append(f"temporary file left: {relative}")
        elif not is_bookkeeping(relative):
            outputs[relative] = data
    if outputs != clean:
        orphans = sorted(set(outputs) - set(clean))
        missing = sorted(set(clean) - set(outputs))
        different = sorted(name for name in set(outputs) & set(clean) if outputs[name] != clean[name])
        problems.append(f"outputs differ from a clean merge: orphans {orphans[:5]}, missing {missing[:5]}, different {different[:5]}")
    folder = os.path.dirname(depfile)
    for name in os.listdir(folder):
        if name.startswith("." + os.path.basename(depfile)) and name.endswith(".tmp"):
            problems.append(f"temporary file left next to the depfile: {name}")
    with open(depfile, "rb") as handle:
        written = handle.read()
    if written != clean_depfile.replace(b"clean-dest", b"dest"):
        problems.append("the depfile differs from a clean run's")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the locmerge executable to kill")
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--mode", choices=["random", "inject", "both"], default="both")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    inject = options.mode in ("inject", "both") and shutil.which("strace") is not None
    if options.mode == "inject" and not inject:
        sys.exit("crash_test: --mode inject needs strace")

    root = tempfile.mkdtemp(prefix="locmerge-crash-")
    workload = Workload(root, rng)
    runner = Runner(binary, root)
    destination = os.path.join(root, "dest")
    depfile = os.path.join(root, "lists", "deps.d")
    os.makedirs(os.path.dirname(depfile))
    first = runner.run(destination, depfile)
    if first.returncode != 0:
        sys.exit(f"crash_test: the first merge failed: {first.stderr}")

    failures = []
    killed = 0
    points = {}
    started = time.monotonic()
    for round_number in range(1, options.kills + 1):
        workload.mutate()
        sources = digest({k: v for k, v in tree(root).items() if k.split(os.sep)[0] in LAYERS})
        shutil.rmtree(os.path.join(root, "clean-dest"), ignore_errors=True)
        clean_depfile_path = os.path.join(root, "clean-deps.d")
        clean_run = runner.run(os.path.join(root, "clean-dest"), clean_depfile_path)
        if clean_run.returncode != 0:
            failures.append((round_number, "setup", [f"clean merge failed: {clean_run.stderr[:300]}"]))
            continue
        clean = {k: v for k, v in tree(os.path.join(root, "clean-dest")).items() if not is_bookkeeping(k)}
        with open(clean_depfile_path, "rb") as handle:
            clean_depfile = handle.read()
        before = tree(destination)
        with open(depfile, "rb") as handle:
            depfiles = (handle.read(), clean_depfile.replace(b"clean-dest", b"dest"))

        use_inject = inject and (options.mode == "inject" or round_number % 2 == 0)
        was_killed, point = (runner.kill_at_call if use_inject else runner.kill_at_random)(destination, depfile, rng)
        killed += was_killed
        kind = point.split("#")[0]
        points[kind] = points.get(kind, 0) + 1

        sources_now = digest({k: v for k, v in tree(root).items() if k.split(os.sep)[0] in LAYERS})
        problems = check_after_kill(destination, before, clean, sources, sources_now, depfile, depfiles)
        follow_up = runner.run(destination, depfile)
        sources_now = digest({k: v for k, v in tree(root).items() if k.split(os.sep)[0] in LAYERS})
        problems += check_after_follow_up(
            destination, depfile, clean, clean_depfile, follow_up, sources, sources_now
        )
        if round_number % 100 == 0:
            print(f"  … {round_number} rounds, {len(failures) + bool(problems)} with a problem", flush=True)
        if problems:
            failures.append((round_number, point, problems))
            # Start the next round from a clean state, so that one failure is not counted again.
            shutil.rmtree(destination, ignore_errors=True)
            for name in os.listdir(os.path.dirname(depfile)):
                if name.endswith(".tmp"):
                    os.remove(os.path.join(os.path.dirname(depfile), name))
            runner.run(destination, depfile)

    elapsed = time.monotonic() - started
    print(f"crash_test: {options.kills} rounds in {elapsed:.0f} s (seed {seed}, binary {binary})")
    print(f"  killed during the run: {killed}; finished before the kill: {options.kills - killed}")
    print("  kill points: " + ", ".join(f"{name} {count}" for name, count in sorted(points.items())))
    print(f"  rounds with a problem: {len(failures)}")
    for round_number, point, problems in failures[:20]:
        print(f"  round {round_number} (killed at {point}):")
        for problem in problems[:6]:
            print(f"    - {problem}")
    if options.keep:
        print(f"  scratch folder kept: {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
