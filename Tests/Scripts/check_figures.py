#!/usr/bin/env python3
"""Checks that every figure in README.md, ARCHITECTURE.md and docs/*.md comes from a committed report.

A figure is a number with a unit (ms, s, MiB, %, ×, ...) outside code, or a count in its sentence ("4 of 10"). Each one must sit under a marker,
an HTML comment on a line of its own that holds until the next marker or heading:

    <!-- figures: Reports/cache/cache.md Reports/sweep/results.md -->   every figure below occurs in one of these files
    <!-- figures: design -->                                            figures below are the design's: defaults, limits, rules;
                                                                        each must occur in docs/design-figures.md, which
                                                                        `bench schema design` prints from the code's constants

A cited file must be committed, unchanged since its commit, and must record the commit it was made at (a summary
may leave that to the run reports in its folder), never one with uncommitted changes ("-dirty"). Exit 0 when every figure is found, 1 with one line per problem otherwise.

    Tests/Scripts/check_figures.py              check README.md, ARCHITECTURE.md and docs/*.md
    Tests/Scripts/check_figures.py --self-test  also show that editing one checked figure in README fails the check
"""
import glob
import gzip
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# The design's figures, printed from the code's constants (`bench schema design`; DesignFiguresTests holds the file to it).
DESIGN = "docs/design-figures.md"
UNITS = r"(?:ns|µs|ms|s|min|B|KiB|MiB|GiB|KB|MB|GB|%|×|x|fps|Hz|px)"
NUMBER = r"[−+-]?\d[\d,]*(?:\.\d+)?"
# A figure, or a range of two ("0.41–0.45 s", "+3.7% to +8.2%" is two figures already): each end is checked with the unit.
FIGURE = re.compile(r"(?<![\w.#/×-])(?:(" + NUMBER + r")\s?[–-]\s?)?(" + NUMBER + r")(\s?)(" + UNITS + r")(?![\w/])")
# A count in its sentence: "4 of 10", "378 of 378" (a count without a unit is still a result).
COUNT = re.compile(r"(?<![\w.,/-])(\d+(?:,\d{3})*) of (\d+(?:,\d{3})*)(?![\w.,]*\d)(?![\w%×])")
MARKER = re.compile(r"^<!--\s*figures:\s*(.*?)\s*-->\s*$")


def normalise(text):
    text = text.replace("−", "-").replace("\u2009", " ").replace("\u00a0", " ")
    return re.sub(r"(\d) us\b", r"\1 µs", text)


def committed(path):
    tracked = git("ls-files", "--error-unmatch", path).returncode == 0
    changed = git("diff", "--quiet", "HEAD", "--", path).returncode != 0
    return tracked and not changed


def figures_of(line):
    line = re.sub(r"`[^`]*`", " ", line)
    line = re.sub(r"\]\([^)]*\)", "]", line)  # link targets are paths, not figures
    found = [f"{count.group(1)} of {count.group(2)}" for count in COUNT.finditer(line)]
    for match in FIGURE.finditer(line):
        low, high, space, unit = match.groups()
        if low is not None:
            found.append(normalise(low + space + unit))
        found.append(normalise(high + space + unit))
    return found


def walk(text):
    """The document's lines that matter, in order: ("marker", number, sources) for a marker line, and
    ("figures", number, line, figures, sources) for a line with figures outside code, under the sources in force."""
    sources, fenced = None, False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        marker = MARKER.match(line.strip())
        if marker:
            sources = marker.group(1).split()
            yield ("marker", number, sources)
        elif line.startswith("#"):
            sources = None
        elif found := figures_of(line):
            yield ("figures", number, line, found, sources)


def check(paths, read=lambda p: open(os.path.join(ROOT, p), encoding="utf-8").read()):
    problems, checked = [], 0
    sources_ok = {}
    for path in paths:
        for item in walk(read(path)):
            if item[0] == "marker":
                _, number, sources = item
                for source in sources:
                    if source == "design":
                        if source not in sources_ok:
                            full = os.path.join(ROOT, DESIGN)
                            if not os.path.isfile(full):
                                problems.append(f"{path}:{number}: design figures need {DESIGN} (bench schema design > {DESIGN})")
                            sources_ok[source] = normalise(open(full, encoding="utf-8").read()) if os.path.isfile(full) else ""
                        continue
                    if source in sources_ok:
                        continue
                    full = os.path.join(ROOT, source)
                    if not os.path.isfile(full):
                        problems.append(f"{path}:{number}: cites {source}, which does not exist")
                    elif not committed(source):
                        problems.append(f"{path}:{number}: cites {source}, which is not committed as it is")
                    else:
                        commits = recorded_commits(full)
                        if not commits:
                            problems.append(f"{path}:{number}: cites {source}, which records no commit (nor do the run reports beside it)")
                        elif any(commit.endswith("-dirty") for commit in commits):
                            problems.append(f"{path}:{number}: cites {source}, made from a tree with uncommitted changes (-dirty)")
                        else:
                            problems += [f"{path}:{number}: cites {source}, {problem}" for problem in edited_after_made(source)]
                    sources_ok[source] = normalise(open(full, encoding="utf-8", errors="replace").read()) if os.path.isfile(full) else ""
                continue
            _, number, _, found, sources = item
            if sources is None:
                problems.append(f"{path}:{number}: {', '.join(found)} cite no report; put <!-- figures: REPORT --> or <!-- figures: design --> above")
                continue
            for figure in found:
                checked += 1
                if not any(occurs(figure, sources_ok.get(source, ""), cells=source != "design") for source in sources):
                    cited = [DESIGN + " (the code's constants)" if source == "design" else source for source in sources]
                    problems.append(f"{path}:{number}: {figure} is not in {' or '.join(cited)}")
    return problems, checked


COMMIT = re.compile(r'(?:git commit \| |"git_commit" ?: ?"|\bat commit )([0-9a-f]{7,40}(?:-dirty)?)\b')


def git(*arguments):
    return subprocess.run(["git", "-c", "core.fsmonitor=false", *arguments], cwd=ROOT, capture_output=True, text=True)


def report_figures(text):
    """Every figure of a report, in order: what an edit that keeps the recorded commit must leave alone."""
    return [figure for line in normalise(text).splitlines() for figure in figures_of(line)]


def read_text(path):
    """A report file's text; a raw JSON kept gzipped (Benchmarks/Scripts/compact_reports.py) is read unpacked."""
    if path.endswith(".gz"):
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
            return f.read()
    return open(path, encoding="utf-8", errors="replace").read()


def edited_after_made(source):
    """Problems with a report's history: a figure it was first committed with changed or went in a later commit while
    it still records the commit it was made at (a hand edit, not a new run; figures added by a later rendering of the
    same data may stay), or, beside a results.json, the two record different commits."""
    problems = []
    own = set(COMMIT.findall(open(os.path.join(ROOT, source), encoding="utf-8", errors="replace").read()))
    beside = os.path.join(os.path.dirname(source), "results.json")
    if not os.path.isfile(os.path.join(ROOT, beside)):
        beside += ".gz"
    if own and os.path.basename(source) == "results.md" and os.path.isfile(os.path.join(ROOT, beside)):
        theirs = set(COMMIT.findall(read_text(os.path.join(ROOT, beside))))
        if theirs and not own & theirs:
            problems.append(f"which records commit {', '.join(sorted(own))} but the {beside} it was rendered from records {', '.join(sorted(theirs))}")
    if not own or SHALLOW:
        return problems
    current = open(os.path.join(ROOT, source), encoding="utf-8", errors="replace").read()
    made, made_text = None, None
    for version in git("log", "--format=%H", "--", source).stdout.split():
        text = git("show", f"{version}:{source}").stdout
        if set(COMMIT.findall(text)) != own:
            break
        made, made_text = version, text
    before, after = (report_figures(made_text), report_figures(current)) if made is not None else ([], [])
    # Text and figures may be added (a script renders more from the same data); a figure made may not change or go.
    rest = iter(after)
    kept = all(any(figure == other for other in rest) for figure in before)
    if not kept:
        changed = next(((a, b) for a, b in zip(before, after) if a != b), (f"{len(before)} figures", f"{len(after)}"))
        problems.append(f"edited after it was made: it still records commit {', '.join(sorted(own))}, but its figures differ from "
                        f"the version committed in {made[:12]} ({changed[0]} became {changed[1]}); run its script again")
    return problems


SHALLOW = git("rev-parse", "--is-shallow-repository").stdout.strip() == "true"


def recorded_commits(full):
    """The commits a report records: its own, or, for a summary that records none, those of the run reports in its
    folder (each `bench` report records the commit it was built from, with -dirty for a changed tree)."""
    def of(path):
        try:
            return set(COMMIT.findall(read_text(path)))
        except OSError:
            return set()
    own = of(full)
    if own or os.path.dirname(full) == os.path.join(ROOT, "Reports"):
        return own
    found = set()
    for folder, _, names in os.walk(os.path.dirname(full)):
        for name in names:
            if name.endswith((".md", ".json", ".txt", ".json.gz")):
                found |= of(os.path.join(folder, name))
    return found


def occurs(figure, text, cells=True):
    """The figure as written, as a whole token (no digit or point just before it, no digit just after: "4.4 MiB" is
    not found in "14.4 MiB", nor "35 ms" in "135 ms"), or, for a figure of three or more digits, its number alone as
    a table cell holds it (a column headed "ns/code" or "fast ÷ giflib" gives the unit once), unless `cells` is off."""
    if re.search(r"(?<![\d.,])" + re.escape(figure) + r"(?![\d])", text):
        return True
    if not cells:
        return False
    number = re.match(r"[+-]?[\d,.]+", figure).group(0)
    if sum(c.isdigit() for c in number) < 3:
        return False
    return re.search(r"(?<![\d.])" + re.escape(number) + r"(?![\d])(?!\.\d)", text) is not None


def documents():
    docs = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return ["README.md", "ARCHITECTURE.md"] + [doc for doc in docs if doc != DESIGN]


def bumped(figure):
    """The figure with its first digit raised by one (9 becomes 0): an edit a check must catch."""
    digits = re.search(r"\d", figure)
    return figure[:digits.start()] + str((int(figure[digits.start()]) + 1) % 10) + figure[digits.start() + 1:]


def self_test():
    """Edits the first checked figure of README.md in memory and expects the check to fail on that line."""
    lines = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read().splitlines()
    for item in walk("\n".join(lines)):
        if item[0] != "figures" or not item[4] or "design" in item[4]:
            continue
        _, number, line, found, _ = item
        figure = found[0]
        edited = bumped(figure)
        lines[number - 1] = line.replace(figure, edited, 1) if figure in line else line.replace(figure.replace("-", "−"), edited, 1)
        problems, _ = check(["README.md"], read=lambda p: "\n".join(lines))
        hit = [p for p in problems if p.startswith(f"README.md:{number}:")]
        print(f"self-test: README.md:{number}: {figure} edited to {edited}: "
              + (f"the check fails ({hit[0]})" if hit else "the check still passes"))
        # The figure's tail alone ("301.5 MiB" cut to "1.5 MiB") occurs inside the report's figure: a substring, not
        # the figure, so the check must fail on it too.
        digits = re.search(r"\d", figure)
        run = re.match(r"\d+", figure[digits.start():]).group(0)
        tail = figure[digits.start() + len(run) - 1:] if len(run) > 1 else None
        if tail is None:
            return bool(hit)
        lines[number - 1] = line.replace(figure, tail, 1)
        problems, _ = check(["README.md"], read=lambda p: "\n".join(lines))
        cut = [p for p in problems if p.startswith(f"README.md:{number}:")]
        print(f"self-test: README.md:{number}: {figure} cut to {tail}: "
              + (f"the check fails ({cut[0]})" if cut else "the check still passes"))
        return bool(hit) and bool(cut)
    print("self-test: README.md has no checked figure to edit")
    return False


def self_test_design():
    """Edits the first design figure of docs/bad-input.md in memory and expects the check to fail on that line: design
    figures are checked against docs/design-figures.md, not waved through."""
    path = "docs/bad-input.md"
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().splitlines()
    for item in walk("\n".join(lines)):
        if item[0] != "figures" or not item[4] or "design" not in item[4]:
            continue
        _, number, line, found, _ = item
        figure = found[0]
        edited = bumped(figure)
        lines[number - 1] = line.replace(figure, edited, 1)
        problems, _ = check([path], read=lambda p: "\n".join(lines))
        hit = [p for p in problems if p.startswith(f"{path}:{number}:")]
        print(f"self-test: {path}:{number}: design figure {figure} edited to {edited}: "
              + (f"the check fails ({hit[0]})" if hit else "the check still passes"))
        return bool(hit)
    print(f"self-test: {path} has no design figure to edit")
    return False


def self_test_count():
    """Edits the first count ("4 of 10") under a report in README.md and expects the check to fail on that line."""
    lines = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read().splitlines()
    for item in walk("\n".join(lines)):
        if item[0] != "figures" or not item[4] or "design" in item[4]:
            continue
        _, number, line, found, _ = item
        counts = [figure for figure in found if " of " in figure]
        if not counts:
            continue
        first, total = counts[0].split(" of ")
        # An edit the cited report does not hold elsewhere (a count matches as a token, wherever it stands there).
        cited = " ".join(normalise(open(os.path.join(ROOT, source), encoding="utf-8").read()) for source in item[4])
        edits = [f"{(int(first.replace(',', '')) + step) % 10} of {total}" for step in range(1, 10)]
        edited = next((edit for edit in edits if not occurs(edit, cited)), edits[0])
        lines[number - 1] = line.replace(counts[0], edited, 1)
        problems, _ = check(["README.md"], read=lambda p: "\n".join(lines))
        hit = [p for p in problems if p.startswith(f"README.md:{number}:")]
        print(f"self-test: README.md:{number}: count {counts[0]} edited to {edited}: "
              + (f"the check fails ({hit[0]})" if hit else "the check still passes"))
        return bool(hit)
    print("self-test: README.md has no count under a report to edit")
    return False


def self_test_history():
    """In a scratch clone, edits one figure of Reports/default-suite/results.md that no document cites, commits it,
    and expects the check to fail: the report still records the commit it was made at, with another figure."""
    if SHALLOW:
        print("self-test: a shallow clone has no report history to test")
        return True
    report = "Reports/default-suite/results.md"
    with tempfile.TemporaryDirectory() as scratch:
        clone = os.path.join(scratch, "clone")
        subprocess.run(["git", "-c", "core.fsmonitor=false", "clone", "-q", "--no-hardlinks", ROOT, clone], check=True)
        script = os.path.join(clone, "Tests", "Scripts", "check_figures.py")
        with open(os.path.abspath(__file__), encoding="utf-8") as mine, open(script, "w", encoding="utf-8") as theirs:
            theirs.write(mine.read())
        text = open(os.path.join(clone, report), encoding="utf-8").read()
        lines = text.splitlines(keepends=True)
        # The last table row's last figure: a retained-bytes cell no document quotes.
        row = max(i for i, line in enumerate(lines) if line.startswith("|") and figures_of(line))
        figure = figures_of(lines[row])[-1]
        edited = bumped(figure)
        lines[row] = lines[row][::-1].replace(figure[::-1], edited[::-1], 1)[::-1]
        open(os.path.join(clone, report), "w", encoding="utf-8").write("".join(lines))
        subprocess.run(["git", "-C", clone, "-c", "core.fsmonitor=false", "-c", "user.name=self-test", "-c", "user.email=self-test@localhost",
                        "commit", "-qam", "Edit a report by hand"], check=True)
        run = subprocess.run([sys.executable, script], cwd=clone, capture_output=True, text=True)
        hit = [line for line in run.stderr.splitlines() if report in line and "edited after it was made" in line]
        print(f"self-test: {report}: {figure} edited to {edited} and committed: "
              + (f"the check fails ({hit[0].split(': ', 1)[1][:140]}…)" if run.returncode == 1 and hit else "the check still passes"))
        return run.returncode == 1 and bool(hit)


def main():
    if SHALLOW:
        print("figures: a shallow clone: reports edited after they were made cannot be told apart (git fetch --unshallow)", file=sys.stderr)
    problems, checked = check(documents())
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"figures: {len(problems)} problems in {', '.join(documents())}", file=sys.stderr)
        return 1
    print(f"figures: {checked} figures in {len(documents())} documents found in the reports they cite")
    if "--self-test" in sys.argv[1:] and not (self_test() & self_test_design() & self_test_count() & self_test_history()):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
