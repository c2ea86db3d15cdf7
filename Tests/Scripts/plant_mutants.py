#!/usr/bin/env python3
"""Writes the mutation tree: this package with every planted fault of Tests/Mutants behind a switch, for
Tests/Scripts/mutants.sh. The product's sources hold no switch; the faults exist only in this scratch copy.

    plant_mutants.py --check      no source file holds a switch; each patch applies alone to this checkout and switches
                                  its own fault; nothing written
    plant_mutants.py TREE         writes the mutation tree at TREE and prints one "NAME<TAB>GUARD" line per fault

Each Tests/Mutants/NAME.patch is a unified diff against this checkout that plants one fault behind
`Mutant.isPlanted("NAME")`, after a header of two lines: "Planted fault: what breaks" and "Guard: the swift test
--filter regex of the tests that must fail". Tests/Mutants/Support/*.patch are applied too: changes the tree needs
that plant no fault. The tree gains a module, Mutants (Tests/Mutants/Mutant.swift and the list of names), which every
file a fault touches imports and every target that holds one depends on. The tree is written file by file, only
where its bytes changed, so a second run leaves the build up to date. Exit 0, or 2 with one line per patch that does
not apply, naming it (the mutation run then cannot prove that patch's guard).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
MUTANTS = os.path.join(ROOT, "Tests", "Mutants")
SWITCH = re.compile(r'Mutant\.isPlanted\("([^"]*)"\)')


class Patch:
    """One patch of Tests/Mutants: its name, its header's description and guard, and the files it changes."""

    def __init__(self, path, support):
        self.path, self.support = path, support
        self.name = os.path.basename(path)[: -len(".patch")]
        text = open(path, encoding="utf-8").read()
        self.header, _, diff = text.partition("\n--- a/")
        self.files = sorted(set(re.findall(r"^\+\+\+ b/(\S+)", text, re.M)))
        fields = dict(re.findall(r"^(Planted fault|Guard): (.+)$", self.header, re.M))
        self.description, self.guard = fields.get("Planted fault"), fields.get("Guard")
        self.switches = set(SWITCH.findall("\n".join(l for l in diff.splitlines() if l.startswith("+"))))

    def defects(self):
        """What is wrong with the patch as written, before it is applied: each defect one phrase."""
        if self.support:
            return [] if not self.switches else ["a support patch switches a fault"]
        found = []
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", self.name):
            found.append("its name is not lowercase words joined by '-'")
        if not self.description or not self.guard:
            found.append("its header lacks a 'Planted fault:' or 'Guard:' line")
        if self.switches != {self.name}:
            found.append(f'it must switch its fault with Mutant.isPlanted("{self.name}") alone, '
                         f"not {sorted(self.switches)}")
        if not all(f.startswith("Sources/") for f in self.files):
            found.append("it changes files outside Sources")
        return found


def patches():
    listed = [Patch(os.path.join(MUTANTS, n), False) for n in sorted(os.listdir(MUTANTS)) if n.endswith(".patch")]
    support = os.path.join(MUTANTS, "Support")
    listed += [Patch(os.path.join(support, n), True) for n in sorted(os.listdir(support)) if n.endswith(".patch")]
    return listed


def git_apply(patch, tree, check):
    """Applies `patch` in `tree` (outside any repository, where git apply is a plain patch tool): None, or git's
    words."""
    arguments = ["git", "apply", "--whitespace=nowarn"] + (["--check"] if check else []) + [patch.path]
    result = subprocess.run(arguments, cwd=tree, capture_output=True, text=True)
    if result.returncode == 0:
        return None
    return " ".join(result.stderr.split()) or f"git apply exited {result.returncode}"


def copy_checkout(into):
    """Copies this checkout's files (tracked and untracked, not ignored) into `into`, keeping their times."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = os.path.join(ROOT, name)
        if os.path.isfile(source) and not os.path.islink(source):
            os.makedirs(os.path.dirname(os.path.join(into, name)), exist_ok=True)
            shutil.copy2(source, os.path.join(into, name))


def switches_in_sources(tree):
    """One line per source file of `tree` that names a fault switch: the product holds none."""
    found = []
    for folder, _, names in os.walk(os.path.join(tree, "Sources")):
        for name in sorted(n for n in names if n.endswith(".swift")):
            path = os.path.join(folder, name)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                if re.search(r"\bMutants?\b|GIF_FRAME_BENCH_MUTANT", line):
                    found.append(f"mutants: {os.path.relpath(path, tree)}:{number} holds a fault switch; "
                                 "faults are patches of Tests/Mutants")
    return found


def check_all(listed, tree):
    """One line per source file that holds a switch, and per patch that is malformed or does not apply alone to the
    pristine `tree`."""
    failures = switches_in_sources(tree)
    for patch in listed:
        defects = patch.defects()
        said = git_apply(patch, tree, check=True)
        if said:
            defects.append(f"it no longer applies: {said}")
        failures += [f"mutants: Tests/Mutants/{'Support/' if patch.support else ''}{patch.name}.patch: {d}"
                     for d in defects]
    return failures


def add_module(tree, faults):
    """The Mutants module in `tree`: its source, the names it knows, an import in each file a fault touches, and a
    dependency of each target that holds one."""
    module = os.path.join(tree, "Sources", "Mutants")
    os.makedirs(module, exist_ok=True)
    shutil.copy2(os.path.join(MUTANTS, "Mutant.swift"), module)
    names = ",\n".join(f'    "{p.name}"' for p in faults)
    with open(os.path.join(module, "Known.swift"), "w", encoding="utf-8") as known:
        known.write("/// The faults Tests/Mutants plants, written by plant_mutants.py.\n"
                    f"let knownMutants: Set<String> = [\n{names},\n]\n")
    targets = set()
    for name in sorted({f for p in faults for f in p.files}):
        path = os.path.join(tree, name)
        text = open(path, encoding="utf-8").read()
        open(path, "w", encoding="utf-8").write("import Mutants\n" + text)
        targets.add(name.split("/")[1])
    manifest = os.path.join(tree, "Package.swift")
    text = open(manifest, encoding="utf-8").read()
    text, added = re.subn(r"(let allTargets: \[Target\] = \[\n)", r'\1        .target(name: "Mutants"),\n', text)
    if added != 1:
        sys.exit("mutants: Package.swift has no 'let allTargets: [Target] = [' line to add the Mutants target to")
    for target in sorted(targets):
        text, added = re.subn(rf'(\.(?:executableT|t)arget\(\s*name: "{re.escape(target)}",\s*dependencies: \[)',
                              r'\1"Mutants", ', text)
        if added == 0:
            text, added = re.subn(rf'\.target\(name: "{re.escape(target)}"\)',
                                  f'.target(name: "{target}", dependencies: ["Mutants"])', text)
        if added != 1:
            sys.exit(f"mutants: Package.swift declares no target {target} to add the Mutants dependency to")
    open(manifest, "w", encoding="utf-8").write(text)


def sync(staged, tree):
    """Makes `tree` equal `staged`, writing only the files whose bytes differ, and removing those `staged` lacks."""
    wanted = set()
    for folder, _, names in os.walk(staged):
        for name in names:
            source = os.path.join(folder, name)
            relative = os.path.relpath(source, staged)
            wanted.add(relative)
            target = os.path.join(tree, relative)
            with open(source, "rb") as new:
                data = new.read()
            if os.path.isfile(target):
                with open(target, "rb") as old:
                    if old.read() == data:
                        continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(source, target)
            os.utime(target)  # changed now, whatever the source's time: the build must see it
    for folder, _, names in os.walk(tree):
        for name in names:
            path = os.path.join(folder, name)
            if os.path.relpath(path, tree) not in wanted:
                os.remove(path)


def main(arguments):
    if arguments not in (["--check"],) and (len(arguments) != 1 or arguments[0].startswith("-")):
        sys.exit(__doc__.split("\n\n")[1])
    listed = patches()
    faults = [p for p in listed if not p.support]
    with tempfile.TemporaryDirectory(prefix="mutation-tree-") as staged:
        copy_checkout(staged)
        failures = check_all(listed, staged)
        if failures:
            print("\n".join(failures), file=sys.stderr)
            return 2
        if arguments == ["--check"]:
            print(f"mutants: {len(faults)} faults and {len(listed) - len(faults)} support patches apply",
                  file=sys.stderr)
            return 0
        for patch in listed:
            said = git_apply(patch, staged, check=False)
            if said:
                print(f"mutants: Tests/Mutants/{patch.name}.patch applies alone but not beside the others: {said}",
                      file=sys.stderr)
                return 2
        add_module(staged, faults)
        tree = os.path.abspath(arguments[0])
        os.makedirs(tree, exist_ok=True)
        sync(staged, tree)
    # Tests find ../shared beside the package; the tree's neighbour is a link to this checkout's.
    shared, link = os.path.join(os.path.dirname(ROOT), "shared"), os.path.join(os.path.dirname(tree), "shared")
    if os.path.isdir(shared) and not os.path.lexists(link):
        os.symlink(shared, link)
    for patch in faults:
        print(f"{patch.name}\t{patch.guard}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
