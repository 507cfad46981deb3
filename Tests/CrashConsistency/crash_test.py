#!/usr/bin/env python3
"""Kills `locmerge` while it writes, again and again, and checks what every kill leaves behind.

    Tests/CrashConsistency/crash_test.py --binary .build/release/locmerge --kills 1000
    Tests/CrashConsistency/crash_test.py --binary .build/debug/locmerge --kills 30 --command build

Each round changes the sources a little (values, languages and tables come and go, so that
outputs are rewritten, created and removed), runs the command, and kills it with SIGKILL:

- at a random moment of the run (`--mode random`), or
- at one chosen file-system call (`--mode inject`): `strace -e inject=CALL:signal=KILL:when=N`
  stops the process at the N-th `write`, `rename*`, `unlink*`, `mkdir*` or `openat` of the run,
  counted beforehand on a copy of the outputs (needs strace);
- `--mode both` (the default) alternates the two.

The command (`--command`, default `all`: the rounds go to each in turn):

- `merge`: three layers into one destination, with a depfile;
- `build`: `locmerge build` of every target of a project file (a base, two brands, four
  targets), each into its own destination;
- `extract`: `locmerge extract` of four full copies into a new folder;
- `xcode`: `locmerge xcode install --remove-copies` on a copy of the BrandApp fixture (two app
  targets with their own copies, an extension) with a base and an overlay per target; each round
  first takes the phase out of some targets and sometimes puts back `locmerge.json` as the user
  wrote it, so that the killed install changes the project, `locmerge.json` and the file lists.

After each kill it checks: the sources are untouched; every output is whole (its bytes are
either those it had before the run or those of a clean run; for `xcode`: `project.pbxproj`,
`locmerge.json` and each file list); no temporary file lies among the
outputs; a new folder from `extract` is absent or complete. Then it runs the command normally
and checks: exit status 0; no temporary file anywhere (what the killed run left beside a new
folder is removed by the next run); exactly the files of a clean run into an empty folder, with
the same bytes (no orphan table); the depfile written in full.

Exit status 0 when every round passed, 1 otherwise. Nothing outside a fresh temporary folder is
touched; `--keep` leaves that folder for inspection.
"""

import argparse
import hashlib
import json
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
INJECTABLE = ["write", "rename", "renameat", "renameat2", "unlink", "unlinkat", "mkdir", "mkdirat", "openat"]
BOOKKEEPING = ".locmerge"  # DEST/.locmerge/ (and, for older builds, DEST/.locmerge-*.json)
COMMANDS = ["merge", "build", "extract", "xcode"]
FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "xcodeproj", "BrandApp")


def random_word(rng, length):
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(length))


class Workload:
    """Layers (or copies) whose tables change from round to round. A full layer has every table
    in every language, and always the English ones; the others a few tables in a few languages.
    Full layers mostly share their values, as copies of one app's tables do."""

    def __init__(self, root, rng, layers, full):
        self.root = root
        self.rng = rng
        self.layers = layers
        self.full = set(full)
        self.keys = [random_word(rng, 12) for _ in range(60)]
        self.shared = {key: random_word(rng, 7) for key in self.keys}
        # Which (layer, language, table) exist.
        self.present = set()
        for layer in layers:
            if layer in self.full:
                for language in LANGUAGES:
                    for table in TABLES:
                        self.present.add((layer, language, table))
            else:
                for language in rng.sample(LANGUAGES, 4):
                    for table in rng.sample(TABLES, 2):
                        self.present.add((layer, language, table))
        for item in sorted(self.present):
            self.write(*item)

    def path(self, layer, language, table):
        if "{lang}" in table:
            return os.path.join(self.root, layer, table.format(lang=language))
        return os.path.join(self.root, layer, f"{language}.lproj", table)

    def value(self, key):
        rng = self.rng
        if rng.random() < 0.6:
            return self.shared[key]
        return " ".join(random_word(rng, rng.randint(2, 9)) for _ in range(rng.randint(1, 12)))

    def write(self, layer, language, table):
        rng = self.rng
        keys = self.keys if layer in self.full else rng.sample(self.keys, rng.randint(3, 20))
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
                lines.append(f'"{key}" = "{self.value(key)}";')
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
            layer = rng.choice(self.layers)
            language = rng.choice(LANGUAGES)
            table = rng.choice(TABLES)
            item = (layer, language, table)
            if choice < 0.5:
                existing = sorted(self.present)
                self.write(*rng.choice(existing))
            elif item in self.present:
                if layer in self.full and language == "en":
                    continue
                self.present.discard(item)
                self.remove(*item)
            else:
                self.present.add(item)
                self.write(*item)

    def digest(self):
        """The sources' bytes, to see that no run changed them."""
        return digest({k: v for k, v in tree(self.root).items() if any(k.startswith(p + os.sep) for p in self.layers)})


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
    return any(part.startswith(BOOKKEEPING) for part in relative.split(os.sep))


def is_temporary(relative):
    name = os.path.basename(relative)
    return name.endswith(".tmp") or ".locmerge-" in name and not is_bookkeeping(relative)


def outputs_of(files):
    return {k: v for k, v in files.items() if not is_bookkeeping(k)}


class Runner:
    """Runs, counts the calls of and kills one command, given as a function of its output path."""

    def __init__(self, root, arguments):
        self.root = root
        self.arguments = arguments
        self.durations = []

    def run(self, output, prefix=()):
        start = time.monotonic()
        process = subprocess.run(list(prefix) + self.arguments(output), cwd=self.root, capture_output=True, text=True)
        if not prefix:
            self.durations.append(time.monotonic() - start)
        return process

    def kill_at_random(self, output, rng):
        typical = statistics.median(self.durations[-20:]) if self.durations else 0.02
        process = subprocess.Popen(
            self.arguments(output), cwd=self.root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0, typical * 1.1))
        process.send_signal(signal.SIGKILL)
        process.wait()
        return process.returncode == -signal.SIGKILL, "random"

    def count_calls(self, copy):
        """How often the main thread makes each injectable call in a run writing to `copy` (which
        the caller made a copy of the outputs)."""
        log = os.path.join(self.root, "count.strace")
        subprocess.run(
            ["strace", "-f", "-qq", "-e", "trace=" + ",".join(INJECTABLE), "-o", log] + self.arguments(copy),
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
        os.remove(log)
        return counts

    def kill_at_call(self, output, counts, rng):
        if not counts:
            return self.kill_at_random(output, rng)
        # Each kind of call equally often (reading the inputs makes most `openat`s), then one of its calls.
        name = rng.choice(sorted(counts))
        index = rng.randint(1, counts[name])
        process = self.run(
            output, prefix=["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"inject={name}:signal=KILL:when={index}"]
        )
        # strace exits with the tracee's status; a tracee killed by a signal makes it kill itself the same way.
        return process.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL, 137), f"{name}#{index}"


def copy_tree(source, copy):
    shutil.rmtree(copy, ignore_errors=True)
    if os.path.isdir(source):
        shutil.copytree(source, copy, symlinks=True)


def check_outputs_after_kill(folder, before, clean):
    """Every output is whole: the bytes it had, or those of a clean run."""
    problems = []
    for relative, data in tree(folder).items():
        if is_bookkeeping(relative):
            continue
        if is_temporary(relative):
            problems.append(f"temporary file among the outputs: {relative}")
        elif data != before.get(relative) and data != clean.get(relative):
            problems.append(f"partial or foreign content: {relative} ({len(data)} bytes)")
    return problems


def check_outputs_after_follow_up(folder, clean, process):
    problems = []
    if process.returncode != 0:
        problems.append(f"follow-up run failed with status {process.returncode}: {process.stderr.strip()[:300]}")
    outputs = {}
    for relative, data in tree(folder).items():
        if is_temporary(relative):
            problems.append(f"temporary file left: {relative}")
        elif not is_bookkeeping(relative):
            outputs[relative] = data
    if outputs != clean:
        orphans = sorted(set(outputs) - set(clean))
        missing = sorted(set(clean) - set(outputs))
        different = sorted(name for name in set(outputs) & set(clean) if outputs[name] != clean[name])
        problems.append(f"outputs differ from a clean run: orphans {orphans[:5]}, missing {missing[:5]}, different {different[:5]}")
    return problems


def clean_run(runner, root, name, what):
    """The command run into a fresh folder `root/name`: the folder, its files, and the problem if
    the run failed."""
    folder = os.path.join(root, name)
    shutil.rmtree(folder, ignore_errors=True)
    process = runner.run(folder)
    if process.returncode != 0:
        return folder, {}, f"clean {what} failed: {process.stderr[:300]}"
    return folder, tree(folder), None


def temporaries_beside(path):
    """Temporary files and folders left next to a path (`.NAME.locmerge-…`)."""
    folder = os.path.dirname(path)
    prefix = "." + os.path.basename(path)
    return sorted(name for name in os.listdir(folder) if name.startswith(prefix) and name.endswith(".tmp"))


class MergeRounds:
    """`locmerge -b Base -s Brand -s Target -d dest --depfile lists/deps.d`."""

    layers = ["Base", "Brand", "Target"]

    def __init__(self, binary, root, rng):
        self.root = root
        self.workload = Workload(root, rng, self.layers, ["Base"])
        self.destination = os.path.join(root, "dest")
        self.depfile = os.path.join(root, "lists", "deps.d")
        os.makedirs(os.path.dirname(self.depfile))
        self.runner = Runner(root, lambda output: [
            binary, "-b", "Base", "-s", "Brand", "-s", "Target", "-d", output, "--depfile", self.depfile_of(output), "-q",
        ])
        first = self.runner.run(self.destination)
        if first.returncode != 0:
            sys.exit(f"crash_test: the first merge failed: {first.stderr}")

    def depfile_of(self, output):
        return {self.destination: self.depfile}.get(output, output + "-deps.d")

    def round(self, rng, use_inject):
        self.workload.mutate()
        sources = self.workload.digest()
        clean_destination, clean, failure = clean_run(self.runner, self.root, "clean-dest", "merge")
        if failure:
            return "setup", [failure]
        clean = outputs_of(clean)
        with open(self.depfile_of(clean_destination), "rb") as handle:
            clean_depfile = handle.read().replace(b"clean-dest", b"dest")
        before = tree(self.destination)
        with open(self.depfile, "rb") as handle:
            depfiles = (handle.read(), clean_depfile)

        if use_inject:
            copy = os.path.join(self.root, "count-dest")
            copy_tree(self.destination, copy)
            shutil.copy2(self.depfile, self.depfile_of(copy))
            counts = self.runner.count_calls(copy)
            shutil.rmtree(copy, ignore_errors=True)
            os.remove(self.depfile_of(copy))
            was_killed, point = self.runner.kill_at_call(self.destination, counts, rng)
        else:
            was_killed, point = self.runner.kill_at_random(self.destination, rng)

        problems = []
        with open(self.depfile, "rb") as handle:
            if handle.read() not in depfiles:
                problems.append("the depfile is neither the old one nor the new one")
        if self.workload.digest() != sources:
            problems.append("a source file changed")
        problems += check_outputs_after_kill(self.destination, before, clean)
        follow_up = self.runner.run(self.destination)
        if self.workload.digest() != sources:
            problems.append("a source file changed")
        problems += check_outputs_after_follow_up(self.destination, clean, follow_up)
        for name in temporaries_beside(self.depfile):
            problems.append(f"temporary file left next to the depfile: {name}")
        with open(self.depfile, "rb") as handle:
            if handle.read() != clean_depfile:
                problems.append("the depfile differs from a clean run's")
        if problems:
            # Start the next round from a clean state, so that one failure is not counted again.
            shutil.rmtree(self.destination, ignore_errors=True)
            for name in os.listdir(os.path.dirname(self.depfile)):
                if name.endswith(".tmp"):
                    os.remove(os.path.join(os.path.dirname(self.depfile), name))
            self.runner.run(self.destination)
        return (point if was_killed else "finished"), problems


class BuildRounds:
    """`locmerge build` of every target of a project file, each into `dest/<target>`."""

    layers = ["Base", "BrandA", "BrandB", "T1", "T2", "T3", "T4"]
    targets = {"T1": ["BrandA", "T1"], "T2": ["BrandA", "T2"], "T3": ["BrandB", "T3"], "T4": ["T4"]}

    def __init__(self, binary, root, rng):
        self.root = root
        self.workload = Workload(root, rng, self.layers, ["Base"])
        project = {
            "base": "Base",
            "destination": "dest/{target}",
            "targets": {name: {"layers": layers} for name, layers in self.targets.items()},
        }
        with open(os.path.join(root, "locmerge.json"), "w", encoding="utf-8") as handle:
            json.dump(project, handle, indent=2)
        self.destination = os.path.join(root, "dest")
        self.runner = Runner(root, lambda output: [binary, "build", "-d", output + "/{target}", "-q"])
        first = self.runner.run(self.destination)
        if first.returncode != 0:
            sys.exit(f"crash_test: the first build failed: {first.stderr}")

    def round(self, rng, use_inject):
        self.workload.mutate()
        sources = self.workload.digest()
        with open(os.path.join(self.root, "locmerge.json"), "rb") as handle:
            project = handle.read()
        _, clean, failure = clean_run(self.runner, self.root, "clean-dest", "build")
        if failure:
            return "setup", [failure]
        clean = outputs_of(clean)
        before = tree(self.destination)

        if use_inject:
            copy = os.path.join(self.root, "count-dest")
            copy_tree(self.destination, copy)
            counts = self.runner.count_calls(copy)
            shutil.rmtree(copy, ignore_errors=True)
            was_killed, point = self.runner.kill_at_call(self.destination, counts, rng)
        else:
            was_killed, point = self.runner.kill_at_random(self.destination, rng)

        def sources_changed():
            with open(os.path.join(self.root, "locmerge.json"), "rb") as handle:
                return self.workload.digest() != sources or handle.read() != project

        problems = ["a source file changed"] if sources_changed() else []
        problems += check_outputs_after_kill(self.destination, before, clean)
        follow_up = self.runner.run(self.destination)
        if sources_changed():
            problems.append("a source file changed")
        problems += check_outputs_after_follow_up(self.destination, clean, follow_up)
        if problems:
            shutil.rmtree(self.destination, ignore_errors=True)
            self.runner.run(self.destination)
        return (point if was_killed else "finished"), problems


class ExtractRounds:
    """`locmerge extract -o out -c out.json A=copies/A …` into a new folder, which must appear
    whole or not at all, and then its project file; the next run removes what a killed one left
    beside the folder."""

    copies = ["copies/A", "copies/B", "copies/C", "copies/D"]

    def __init__(self, binary, root, rng):
        self.root = root
        self.workload = Workload(root, rng, self.copies, self.copies)
        self.out = os.path.join(root, "out")
        named = [f"{os.path.basename(copy)}={copy}" for copy in self.copies]
        self.runner = Runner(
            root, lambda output: [binary, "extract", "-o", output, "-c", output + ".json"] + named + ["--prefer", "A"]
        )

    def remove(self, output):
        """What a user moves away before extracting again: the folder and its project file."""
        shutil.rmtree(output, ignore_errors=True)
        if os.path.exists(output + ".json"):
            os.remove(output + ".json")

    def round(self, rng, use_inject):
        self.workload.mutate()
        sources = self.workload.digest()
        self.remove(os.path.join(self.root, "clean-out"))
        _, clean, failure = clean_run(self.runner, self.root, "clean-out", "extract")
        if failure:
            return "setup", [failure]
        # extract writes a new folder: each round starts without one, as a user would.
        self.remove(self.out)

        if use_inject:
            copy = os.path.join(self.root, "count-out")
            self.remove(copy)
            counts = self.runner.count_calls(copy)
            self.remove(copy)
            was_killed, point = self.runner.kill_at_call(self.out, counts, rng)
        else:
            was_killed, point = self.runner.kill_at_random(self.out, rng)

        problems = ["a source file changed"] if self.workload.digest() != sources else []
        if os.path.exists(self.out) and tree(self.out) != clean:
            problems.append(f"the new folder is there but not whole ({len(tree(self.out))} of {len(clean)} files)")
        if os.path.exists(self.out + ".json") and not os.path.exists(self.out):
            problems.append("the project file is there without its folder")
        # The user runs it again from scratch; the killed run's staging folder goes with it.
        self.remove(self.out)
        follow_up = self.runner.run(self.out)
        if self.workload.digest() != sources:
            problems.append("a source file changed")
        problems += check_outputs_after_follow_up(self.out, clean, follow_up)
        if not os.path.exists(self.out + ".json"):
            problems.append("the follow-up run wrote no project file")
        for name in temporaries_beside(self.out):
            problems.append(f"left beside the new folder: {name}")
        if problems:
            for name in temporaries_beside(self.out):
                shutil.rmtree(os.path.join(self.root, name), ignore_errors=True)
        return (point if was_killed else "finished"), problems


class XcodeRounds:
    """`locmerge xcode install --remove-copies` on a copy of the BrandApp fixture, whose files
    must each be old or new after a kill, and exactly a clean install's after the next run."""

    layers = ["Localization/Base", "Localization/Targets/Acme", "Localization/Targets/Globex"]
    targets = ["Acme", "Globex"]
    project = os.path.join("BrandApp.xcodeproj", "project.pbxproj")

    def __init__(self, binary, root, rng):
        self.root = root
        self.binary = binary
        self.app = os.path.join(root, "app")
        shutil.copytree(FIXTURE, self.app)
        self.workload = Workload(self.app, rng, self.layers, ["Localization/Base"])
        self.config = json.dumps({
            "base": "Localization/Base",
            "destination": "$(DERIVED_FILE_DIR)/LocMerge",
            "targets": {name: {"layers": [f"Localization/Targets/{name}"]} for name in self.targets},
        }, indent=2).encode() + b"\n"
        with open(os.path.join(self.app, "locmerge.json"), "wb") as handle:
            handle.write(self.config)
        self.runner = Runner(root, lambda folder: self.command(folder, "install", "--remove-copies"))
        first = self.runner.run(self.app)
        if first.returncode != 0:
            sys.exit(f"crash_test: the first xcode install failed: {first.stderr}")

    def command(self, folder, *arguments):
        return [self.binary, "xcode", *arguments, "--project", os.path.join(folder, "BrandApp.xcodeproj"),
                "--config", os.path.join(folder, "locmerge.json")]

    def files(self, folder):
        """The files an install writes: the project, locmerge.json and the file lists."""
        files = {}
        for relative in [self.project, "locmerge.json"] + [
            os.path.join("Localization", name) for name in os.listdir(os.path.join(folder, "Localization"))
            if name.endswith(".xcfilelist")
        ]:
            with open(os.path.join(folder, relative), "rb") as handle:
                files[relative] = handle.read()
        return files

    def temporaries(self, folder):
        return sorted(
            os.path.relpath(os.path.join(directory, name), folder)
            for directory in [folder, os.path.join(folder, "BrandApp.xcodeproj"), os.path.join(folder, "Localization")]
            for name in os.listdir(directory) if is_temporary(name)
        )

    def sources(self):
        """The layers, and the old copies the targets no longer use."""
        copies = digest({k: v for k, v in tree(self.app).items() if k.split(os.sep)[0] in ("Acme", "Globex")})
        return self.workload.digest() + copies

    def round(self, rng, use_inject):
        self.workload.mutate()
        # Take the phase out of some targets, and sometimes put back locmerge.json as written.
        out = [name for name in self.targets if rng.random() < 0.6]
        if out:
            arguments = [item for name in out for item in ("-t", name)]
            setup = subprocess.run(self.command(self.app, "uninstall", *arguments), capture_output=True, text=True)
            if setup.returncode != 0:
                return "setup", [f"uninstall failed: {setup.stderr[:300]}"]
        if rng.random() < 0.5:
            with open(os.path.join(self.app, "locmerge.json"), "wb") as handle:
                handle.write(self.config)
        sources = self.sources()
        clean_folder = os.path.join(self.root, "clean-app")
        copy_tree(self.app, clean_folder)
        process = self.runner.run(clean_folder)
        if process.returncode != 0:
            return "setup", [f"clean install failed: {process.stderr[:300]}"]
        clean = self.files(clean_folder)
        before = self.files(self.app)

        if use_inject:
            copy = os.path.join(self.root, "count-app")
            copy_tree(self.app, copy)
            counts = self.runner.count_calls(copy)
            shutil.rmtree(copy, ignore_errors=True)
            was_killed, point = self.runner.kill_at_call(self.app, counts, rng)
        else:
            was_killed, point = self.runner.kill_at_random(self.app, rng)

        problems = ["a source file changed"] if self.sources() != sources else []
        after = self.files(self.app)
        for relative in sorted(set(before) | set(clean) | set(after)):
            if after.get(relative) not in (before.get(relative), clean.get(relative)):
                problems.append(f"partial or foreign content: {relative} ({len(after.get(relative) or b'')} bytes)")
        follow_up = self.runner.run(self.app)
        if follow_up.returncode != 0:
            problems.append(f"follow-up install failed with status {follow_up.returncode}: {follow_up.stderr[:300]}")
        if self.sources() != sources:
            problems.append("a source file changed")
        after = self.files(self.app)
        if after != clean:
            different = sorted(k for k in set(after) | set(clean) if after.get(k) != clean.get(k))
            problems.append(f"the files differ from a clean install's: {different[:5]}")
        problems += [f"temporary file left: {name}" for name in self.temporaries(self.app)]
        if problems:
            copy_tree(clean_folder, self.app)
        return (point if was_killed else "finished"), problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the locmerge executable to kill")
    parser.add_argument("--kills", type=int, default=50, help="rounds (with --command all, for each command)")
    parser.add_argument("--command", choices=COMMANDS + ["all"], default="all")
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

    commands = COMMANDS if options.command == "all" else [options.command]
    kinds = {"merge": MergeRounds, "build": BuildRounds, "extract": ExtractRounds, "xcode": XcodeRounds}
    root = tempfile.mkdtemp(prefix="locmerge-crash-")
    scenarios = {}
    for command in commands:
        folder = os.path.join(root, command)
        os.makedirs(folder)
        scenarios[command] = kinds[command](binary, folder, rng)

    failures = []
    killed = {command: 0 for command in commands}
    points = {}
    started = time.monotonic()
    for round_number in range(1, options.kills + 1):
        for command in commands:
            use_inject = inject and (options.mode == "inject" or round_number % 2 == 0)
            point, problems = scenarios[command].round(rng, use_inject)
            killed[command] += point not in ("finished", "setup")
            kind = f"{command} {point.split('#')[0]}"
            points[kind] = points.get(kind, 0) + 1
            if problems:
                failures.append((round_number, f"{command}, killed at {point}", problems))
        if round_number % 100 == 0:
            print(f"  … {round_number} rounds, {len(failures)} with a problem", flush=True)

    elapsed = time.monotonic() - started
    rounds = options.kills * len(commands)
    print(f"crash_test: {rounds} rounds ({', '.join(commands)}) in {elapsed:.0f} s (seed {seed}, binary {binary})")
    for command in commands:
        print(f"  {command}: killed during the run {killed[command]}, finished before the kill {options.kills - killed[command]}")
    print("  kill points: " + ", ".join(f"{name} {count}" for name, count in sorted(points.items())))
    print(f"  rounds with a problem: {len(failures)}")
    for round_number, point, problems in failures[:20]:
        print(f"  round {round_number} ({point}):")
        for problem in problems[:6]:
            print(f"    - {problem}")
    if options.keep:
        print(f"  scratch folder kept: {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
