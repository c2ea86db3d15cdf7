#!/usr/bin/env python3
"""Checks the package's layers (ARCHITECTURE.md) against Package.swift and every `import` line in the sources.

The rules, each one line per breach:

- the parent's modules neither depend on nor import the measuring child's own module, BenchCore;
- the child's modules (bench-case and everything it depends on) import no Foundation: its pages would show in the
  peak RSS the child reports (CI's `ldd` check proves the binary; this names the file);
- a source file imports only its target's direct dependencies;
- an import names something: the file mentions at least one name the imported module declares public or package
  (a type, a top-level function or constant, or a member it adds to another module's type). A heuristic: a use by
  conformance alone, or through a value whose type the file never names, is not seen, and a build without the
  import is the proof (at 85ecb21 every import it flagged was removed, and the build confirmed each);
- ARCHITECTURE.md's module table names every library and executable target, and each module it says one uses is
  one of that target's dependencies, direct or not;
- sizes: no source file of a library or executable target over 300 lines, no such target over 2,500.

Exit 0 when all hold, 1 with one line per breach.

    Tests/Scripts/check_layers.py              check the package (runs `swift package dump-package`)
    Tests/Scripts/check_layers.py --self-test  also plant one breach of each rule and show it caught
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CHILD_MODULE = "BenchCore"
PARENT_MODULES = ["BenchPlan", "BenchReplay", "BenchRunning", "BenchVerdicts", "BenchReports", "BenchCLI",
                  "BenchCommands"]
CHILD_EXECUTABLE = "bench-case"
IMPORT = re.compile(r"^(?:@_exported\s+|@testable\s+)?import\s+(?:struct\s+|enum\s+|class\s+|func\s+)?(\w+)", re.M)
PUBLIC_NAME = re.compile(
    r"\b(?:public|open|package)\s+(?:(?:static|final|class|mutating|nonisolated|override|indirect|convenience|required|"
    r"nonmutating|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*"
    r"(?:struct|enum|class|protocol|typealias|func|var|let|actor|case|associatedtype)\s+`?(\w+)")
MAX_FILE_LINES, MAX_MODULE_LINES = 300, 2500
EXTENSION = re.compile(r"^\s*(?:public\s+)?extension\s+(\w+)", re.M)


def package_targets():
    """Each Swift target's name, type, dependencies and source folder, from `swift package dump-package`."""
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    targets = {}
    for target in dump["targets"]:
        if target["type"] in ("system", "plugin", "binary", "macro"):
            targets[target["name"]] = {"type": target["type"], "dependencies": [], "path": None}
            continue
        names = []
        for dependency in target["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
        targets[target["name"]] = {"type": target["type"], "dependencies": names, "path": folder}
    return targets


def swift_files(targets):
    """Every Swift source of every target, by target: {target: {path: text}}."""
    files = {}
    for name, target in targets.items():
        files[name] = {}
        if not target["path"]:
            continue
        for folder, _, names in os.walk(os.path.join(ROOT, target["path"])):
            for file in sorted(names):
                if file.endswith(".swift"):
                    path = os.path.join(folder, file)
                    with open(path, encoding="utf-8") as handle:
                        files[name][os.path.relpath(path, ROOT)] = handle.read()
    return files


def closure(targets, name):
    """`name`'s dependencies, direct or not."""
    seen, pending = set(), list(targets.get(name, {}).get("dependencies", []))
    while pending:
        other = pending.pop()
        if other not in seen:
            seen.add(other)
            pending.extend(targets.get(other, {}).get("dependencies", []))
    return seen


def declared_names(texts):
    """The names a use of a module goes through: the types, functions and constants it declares public (or package)
    at the top level, and the public members it adds to another module's types."""
    texts = list(texts)
    types = set()
    for text in texts:
        types.update(re.findall(r"^(?:@\w+\s+)*(?:public|open|package)\s+(?:final\s+|indirect\s+)?(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)",
                                text, re.M))
    names = set(types)
    for text in texts:
        names.update(re.findall(r"^(?:@\w+\s+)*(?:public|package)\s+(?:func|var|let)\s+`?(\w+)", text, re.M))
        # A public extension of a type declared elsewhere: its members are used by their own names.
        if any(extended not in types for extended in EXTENSION.findall(text)):
            names.update(PUBLIC_NAME.findall(text))
    return names


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def breaches(targets, files, architecture):
    """One line per broken rule."""
    problems = []
    package_modules = set(targets)
    # The parent never reaches the child's module.
    for parent in PARENT_MODULES:
        if CHILD_MODULE in closure(targets, parent):
            problems.append(f"{parent} depends on {CHILD_MODULE}, the measuring child's module (Package.swift)")
        for path, text in files.get(parent, {}).items():
            if CHILD_MODULE in IMPORT.findall(text):
                problems.append(f"{path}: imports {CHILD_MODULE}, the measuring child's module")
    # The child imports no Foundation.
    for module in sorted(closure(targets, CHILD_EXECUTABLE) | {CHILD_EXECUTABLE}):
        for path, text in files.get(module, {}).items():
            if "Foundation" in IMPORT.findall(text):
                problems.append(f"{path}: imports Foundation, in the measuring child ({module})")
    # Imports: only direct dependencies, and each one named.
    public_names = {name: declared_names(texts.values()) for name, texts in files.items()}
    for target, texts in files.items():
        direct = set(targets[target]["dependencies"])
        for path, text in texts.items():
            body = strip_comments(IMPORT.sub("", text))
            words = set(re.findall(r"\w+", body))
            for module in IMPORT.findall(text):
                if module == target:
                    problems.append(f"{path}: imports {module}, its own module (the compiler ignores it, with a warning)")
                    continue
                if module not in package_modules:
                    continue
                if module not in direct:
                    problems.append(f"{path}: imports {module}, which is not one of {target}'s dependencies")
                elif public_names.get(module) and not public_names[module] & words:
                    problems.append(f"{path}: imports {module} and names nothing it declares")
    # ARCHITECTURE.md's table against the targets.
    rows = {}
    for line in architecture.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("| `") else []
        if len(cells) >= 3:
            modules = re.findall(r"`([\w/-]+)`", cells[0])
            uses = re.findall(r"`(\w[\w-]*)`", cells[-1])
            for module in modules:
                rows[module.split("/")[-1]] = uses
    for name, target in targets.items():
        if target["type"] in ("regular", "executable", "system") and name not in rows and name != "TestFixtures":
            problems.append(f"ARCHITECTURE.md: the module table does not name {name}")
    for name, target in targets.items():
        if target["type"] not in ("regular", "executable"):
            continue
        total = 0
        for path, text in files.get(name, {}).items():
            lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
            total += lines
            if lines > MAX_FILE_LINES:
                problems.append(f"{path}: {lines} lines, over {MAX_FILE_LINES}: split it where a seam runs")
        if total > MAX_MODULE_LINES:
            problems.append(f"{name}: {total} lines of Swift, over {MAX_MODULE_LINES}: split the module where a seam runs")
    for module, uses in rows.items():
        if module not in targets:
            problems.append(f"ARCHITECTURE.md: the module table names {module}, which is not a target")
            continue
        for used in uses:
            if used in targets and used not in closure(targets, module):
                problems.append(f"ARCHITECTURE.md: {module} is said to use {used}, which is not among its dependencies")
    return problems


def self_test(targets, files, architecture):
    """Plants one breach of each rule in a copy and shows each one caught."""
    plants = []
    copy = json.loads(json.dumps(targets))
    copy["BenchPlan"]["dependencies"].append(CHILD_MODULE)
    plants.append(("BenchPlan depending on BenchCore", copy, files, architecture, "depends on BenchCore"))
    planted = json.loads(json.dumps(files))
    path = next(iter(planted["CaseModel"]))
    planted["CaseModel"][path] = "import Foundation\n" + planted["CaseModel"][path]
    plants.append(("CaseModel importing Foundation", targets, planted, architecture, "imports Foundation"))
    planted = json.loads(json.dumps(files))
    path = next(iter(planted["BenchCLI"]))
    planted["BenchCLI"][path] = "import ImageCache\n" + planted["BenchCLI"][path]
    plants.append(("BenchCLI importing a module it does not depend on", targets, planted, architecture,
                   "not one of BenchCLI's dependencies"))
    planted = json.loads(json.dumps(files))
    planted["BenchReports"]["Sources/BenchReports/Planted.swift"] = "import BenchPlan\nstruct Planted {}\n"
    plants.append(("an import that names nothing", targets, planted, architecture, "names nothing it declares"))
    planted = json.loads(json.dumps(files))
    path = next(iter(planted["CaseModel"]))
    planted["CaseModel"][path] = "import CaseModel\n" + planted["CaseModel"][path]
    plants.append(("a file importing its own module", targets, planted, architecture, "its own module"))
    plants.append(("a module missing from ARCHITECTURE.md", targets, files,
                   re.sub(r"^\| `Playback`.*$", "", architecture, flags=re.M), "does not name Playback"))
    planted = json.loads(json.dumps(files))
    planted["CaseModel"]["Sources/CaseModel/Planted.swift"] = "// a line\n" * (MAX_FILE_LINES + 1)
    plants.append(("a file over the size limit", targets, planted, architecture, "over 300"))
    failed = False
    for title, planted_targets, planted_files, planted_architecture, expected in plants:
        caught = [line for line in breaches(planted_targets, planted_files, planted_architecture) if expected in line]
        print(f"self-test: {title}: {'caught' if caught else 'NOT caught'}")
        failed |= not caught
    return not failed


def main():
    targets = package_targets()
    files = swift_files(targets)
    with open(os.path.join(ROOT, "ARCHITECTURE.md"), encoding="utf-8") as handle:
        architecture = handle.read()
    problems = breaches(targets, files, architecture)
    for problem in problems:
        print(problem)
    if "--self-test" in sys.argv[1:] and not self_test(targets, files, architecture):
        return 1
    if not problems:
        print(f"layers: {sum(len(texts) for texts in files.values())} files in {len(files)} targets keep the rules")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
