#!/usr/bin/env python3
"""Wraps Swift source lines longer than 120 characters where a break cannot change what the code means.

    wrap_long_lines.py FILE...        rewrites each file in place and prints how many long lines are left
    wrap_long_lines.py --check FILE...   writes nothing; exit 1 naming each file with a line it could wrap
    wrap_long_lines.py --self-test     wraps planted lines and shows what it breaks, what it leaves and --check's verdict
    wrap_long_lines.py --carry REV PATCH...   rewrites each patch of Tests/Mutants made against REV's files so it
                                             applies to those files wrapped: both sides are wrapped and diffed again

A code line is broken after a comma whose innermost open bracket is `(` or `[` (never inside a string literal, a
string's interpolation or a comment), and the next line is aligned one column after that bracket, as the sources
already align arguments. A line that goes on with a list an earlier line opened (a call's later arguments) breaks
after a comma of that list, the next line at its own indent. A line still too long whose plain string literal runs past the limit is split at a space
of the literal (outside its interpolations) into two literals joined by `+`, the second on a new line aligned with
the first's opening quote, as the sources already continue a message: the string is the same, and Swift's `+` binds
tighter than every operator a literal meets here (`??`, `==`, `?:`). A literal is not split where it is a pattern or
raw value (`case "…"`), where a method is called on it (`"…".count`), or where too little of it fits before the limit.
A `///` or `//` comment line is broken at its last space before the limit, the rest on a
new comment line of the same indent. Lines inside a multi-line string literal (help texts) are left as they are,
since their breaks are the text. The same input always gives the same output, so a patch against the old text can
be carried over by wrapping both sides (--carry).
"""
import contextlib
import difflib
import io
import os
import re
import subprocess
import sys
import tempfile

LIMIT = 120
# A bracket that opens a pattern (`for (a, b) in`, `case .kind(k, w)`, `let (x, y) =`): its commas stay on one line.
SHORT_LIST = 40
# A line that declares a function or an initializer: its head before the body is a parameter list.
DECLARATION = re.compile(r"^\s*(@\w+(\([^)]*\))? )*((public|private|internal|fileprivate|package|static|class|mutating|"
                         r"nonmutating|override|final|nonisolated|convenience|required) )*(func\b|init\b|init\?)")
# A line that opens with an infix operator goes on with the expression before it, not with the list it sits in.
OPERATOR_CONTINUATION = re.compile(r"^\s*(\+|-|\*|/|%|&&|\|\||\?\?|==|!=|<=|>=|<|>|\?|:)\s")
PATTERN_HEAD = re.compile(r"(\bfor|\bcase|\blet|\bvar)\s*(\.\w+)?\s*$")
# The least of a literal's text each part keeps, and the rightmost column a split literal may open at.
STRING_KEEPS = 16
STRING_OPENS_BEFORE = 84


def structure(line):
    """The brackets and commas of `line` outside its strings and comment, as (index, character), and the index where a
    `//` comment starts (or None); None for a line whose string runs past its end."""
    marks, i = [], 0
    while i < len(line):
        c = line[i]
        if line.startswith("//", i):
            return marks, i
        if c == '"' or (c == "#" and re.match(r'#+"', line[i:])):
            i = skip_string(line, i)
            if i is None:
                return None
            continue
        if c in "([{)]},":
            marks.append((i, c))
        i += 1
    return marks, None


def scan(line):
    """The commas where the line may end, and for each the index of the `(` or `[` it sits in and how deep.

    Returns (breakable, opener, comment_at): breakable is a set of comma indexes, opener maps each to (index of its
    bracket, depth), comment_at the index where a `//` comment starts (or None)."""
    found = structure(line)
    if found is None:
        return set(), {}, None  # a string this line does not close: leave the line alone
    marks, comment_at = found
    breakable, opener = set(), {}
    stack = []  # (char, index) of open brackets
    body = []  # where a `{` opens outside every bracket: a statement's body or a trailing closure
    closer = {}  # the index of each bracket's opener -> the index of its closer on this line
    for i, c in marks:
        if c in "([{":
            if c == "{" and not stack:
                body.append(i)
            stack.append((c, i))
        elif c in ")]}":
            if stack:
                closer[stack.pop()[1]] = i  # a bracket of an earlier line closing leaves nothing to pop
        elif stack and stack[-1][0] in "([" and not any(b == "{" for b, _ in stack):
            breakable.add(i)
            opener[i] = (stack[-1][1], len(stack))
    return keep_heads(line, breakable, body, opener, closer), opener, comment_at


def keep_heads(line, breakable, body, opener, closer):
    """The commas that may end a line, without those before a body the line opens (`guard [a,` / `b].contains(x)
    else {` reads worse than one long line), those of a list a method is called on, and those of a short list
    (`check(writes: [("--summary",` / `summary)]`): a list of fewer than SHORT_LIST characters stays on one line."""
    def short(comma):
        start = opener[comma][0]
        return start in closer and closer[start] - start < SHORT_LIST

    def receiver(comma):
        # `[.a, .b].contains(x)`, `String(decoding: d, as: UTF8.self).split(…)`: what a method is called on stays whole.
        start = opener[comma][0]
        return start in closer and line[closer[start] + 1:closer[start] + 2] == "."
    # A declaration's parameters break before its body as any list does: `func f(a: A,` / `b: B) -> C {`.
    heads_break = DECLARATION.match(line) is not None
    return {comma for comma in breakable
            if (heads_break or not any(brace > comma for brace in body)) and not short(comma) and not receiver(comma)}


def open_bracket_at_end(line):
    """The column of the `(` or `[` a line leaves open last, when no `{` is open and no comment ends the line."""
    found = structure(line)
    if found is None or found[1] is not None:
        return None
    stack = []
    for i, c in found[0]:
        if c in "([{":
            stack.append((c, i))
        elif c in ")]}" and stack:
            stack.pop()
    if not stack or stack[-1][0] not in "([" or any(b == "{" for b, _ in stack):
        return None
    return stack[-1][1]


def skip_string(line, i):
    """The index after the single-line string literal starting at i, or None when the line does not close it."""
    hashes = 0
    while line[i] == "#":
        hashes += 1
        i += 1
    if line.startswith('"""', i):
        return None
    i += 1
    close = '"' + "#" * hashes
    while i < len(line):
        if line[i] == "\\" and hashes == 0:
            if line.startswith("\\(", i):
                j = skip_interpolation(line, i + 2)
                if j is None:
                    return None
                i = j
                continue
            i += 2
            continue
        if hashes and line.startswith("\\" + "#" * hashes + "(", i):
            j = skip_interpolation(line, i + 2 + hashes)
            if j is None:
                return None
            i = j
            continue
        if line.startswith(close, i):
            return i + len(close)
        i += 1
    return None


def skip_interpolation(line, i):
    """The index after the `)` that closes an interpolation whose contents start at i."""
    depth = 1
    while i < len(line):
        c = line[i]
        if c == '"' or (c == "#" and re.match(r'#+"', line[i:])):
            j = skip_string(line, i)
            if j is None:
                return None
            i = j
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def wrap_code(line):
    """The line as one or more lines, each within the limit where a comma or a string literal allows."""
    return split_strings(wrap_commas(line))


def wrap_commas(line):
    """The line as one or more lines, each within the limit where a comma allows."""
    if len(line) <= LIMIT:
        return [line]
    breakable, opener, comment_at = scan(line)
    if not breakable:
        return [line]
    out = []
    start = len(line) - len(line.lstrip(" "))
    column = {}  # index in line -> column in the output
    base, indent = start, line[:start]
    while True:
        first_column = len(indent)
        # The columns of this output line's characters, from index `base`.
        for k in range(base, len(line)):
            column[k] = first_column + (k - base)
        if first_column + (len(line) - base) <= LIMIT:
            out.append(indent + line[base:])
            return out
        candidates = []
        for comma in sorted(breakable):
            if comma < base or (comment_at is not None and comma > comment_at):
                continue
            if column[comma] + 1 > LIMIT:
                break
            anchor, depth = opener[comma]
            if anchor not in column or PATTERN_HEAD.search(line[:anchor]):
                continue
            nxt = comma + 1
            while nxt < len(line) and line[nxt] == " ":
                nxt += 1
            if nxt >= len(line) or (comment_at is not None and nxt >= comment_at):
                continue
            # A break must shorten the line that follows it.
            if column[anchor] + 1 >= column[nxt]:
                continue
            candidates.append((depth, -comma, nxt, column[anchor] + 1))
        if not candidates:
            out.append(indent + line[base:])
            return out
        # The outermost bracket's last comma that fits: arguments break before the arguments of an argument.
        _, comma, nxt, next_indent = min(candidates)
        comma = -comma
        out.append(indent + line[base:comma + 1])
        base, indent = nxt, " " * next_indent


def string_literals(line):
    """The plain single-line string literals of `line` outside its comment, as (index of the opening quote, index after
    the closing one); raw (`#"…"#`) and multi-line literals are left out."""
    found, i = [], 0
    while i < len(line):
        c = line[i]
        if line.startswith("//", i):
            break
        if c == '"' or (c == "#" and re.match(r'#+"', line[i:])):
            end = skip_string(line, i)
            if end is None:
                break
            if c == '"':
                found.append((i, end))
            i = end
            continue
        i += 1
    return found


def split_string(line):
    """`line` as two lines with the literal that runs past the limit split at a space of its text, or None."""
    for start, end in string_literals(line):
        if end <= LIMIT or start > STRING_OPENS_BEFORE:
            continue
        before = line[:start]
        # A pattern or a raw value must stay a literal, and a method called on the literal would take the second part.
        if re.search(r"\bcase\b[^:]*$", before) or line[end:end + 1] in (".", "["):
            return None
        spaces, i = [], start + 1
        while i < end - 1:
            if line.startswith("\\(", i):
                i = skip_interpolation(line, i + 2)
                continue
            if line[i] == "\\":
                i += 2
                continue
            if line[i] == " ":
                spaces.append(i)
            i += 1
        # The first line ends with the space and a closing quote within the limit; each part keeps some of the text.
        fits = [space for space in spaces
                if space + 2 <= LIMIT and space - start >= STRING_KEEPS and end - space >= STRING_KEEPS]
        if not fits:
            return None
        space = fits[-1]
        # A literal that already continues a message (`+ "…"`) goes on under that `+`, as a hand-made one does.
        column = len(before) - len(before.lstrip()) if before.strip() == "+" else start
        return [line[:space + 1] + '"', " " * column + '+ "' + line[space + 1:]]
    return None


def split_strings(lines):
    """`lines` with each one still over the limit split at its literal, again while the rest is over the limit."""
    out = []
    for line in lines:
        while len(line) > LIMIT:
            parts = split_string(line)
            if parts is None:
                break
            out.append(parts[0])
            line = parts[1]
        out.append(line)
    return out


def list_commas(line):
    """The commas of a line that goes on with a list an earlier line opened: those outside every bracket the line
    opens, before any bracket of an earlier line closes; empty when a `//` comment or an unclosed string is in it."""
    found = structure(line)
    if found is None or found[1] is not None:
        return []
    depth, commas = 0, []
    for i, c in found[0]:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                break
        elif depth == 0:
            commas.append(i)
    return commas


def wrap_list_line(line):
    """A line inside a list an earlier line opened, broken after that list's commas, each part at the line's indent;
    a part still too long is wrapped as any line is."""
    indent = line[:len(line) - len(line.lstrip(" "))]
    parts, rest = [], line
    while len(rest) > LIMIT:
        commas = [c for c in list_commas(rest) if c + 1 < len(rest.rstrip()) and c > len(indent)]
        if not commas:
            break
        fitting = [c for c in commas if c + 1 <= LIMIT]
        comma = fitting[-1] if fitting else commas[0]
        parts.append(rest[:comma + 1])
        rest = indent + rest[comma + 1:].lstrip()
    parts.append(rest)
    return [wrapped for part in parts for wrapped in wrap_code(part)]


def lists_open(lines):
    """For each line, whether it begins inside a `(` or `[` an earlier line left open (lines of a multi-line string
    literal neither open nor close a bracket)."""
    stack, inside, in_multiline = [], [], False
    for line in lines:
        inside.append(bool(stack) and stack[-1] in "([")
        quotes = line.count('"""')
        if in_multiline or quotes:
            if quotes % 2 == 1:
                in_multiline = not in_multiline
            continue
        found = structure(line)
        for _, c in found[0] if found else []:
            if c in "([{":
                stack.append(c)
            elif c in ")]}" and stack:
                stack.pop()
    return inside


def wrap_comment(line):
    """A `//` or `///` comment line broken at its last space before the limit, the rest as a new comment line."""
    match = re.match(r"^(\s*)(///?)( ?)(.*)$", line)
    prefix = match.group(1) + match.group(2) + " "
    text = match.group(4)
    out = []
    while len(prefix) + len(text) > LIMIT:
        room = LIMIT - len(prefix)
        cut = text.rfind(" ", 0, room + 1)
        if cut <= 0:
            break
        out.append(prefix + text[:cut].rstrip())
        text = text[cut + 1:].lstrip()
    out.append(prefix + text)
    return out


def comment_prefix(line):
    """`    /// ` or `    // `: the indent, the slashes and one space."""
    match = re.match(r"^(\s*)(///?) ?", line)
    return match.group(1) + match.group(2) + " "


def continues_paragraph(line, following):
    """Whether `following` is the next line of `line`'s comment paragraph: the same indent and slashes, and text
    that starts no list item, table row, code fence or new block."""
    head = re.match(r"^(\s*)(///?)", following)
    if not head or head.group(0) != re.match(r"^(\s*)(///?)", line).group(0) or following.startswith(head.group(0) + "/"):
        return False
    text = following[len(head.group(0)):].strip()
    return bool(text) and not re.match(r"^([-*+|>#]|```|\d+[.)]\s|- Parameter|Returns:|Throws:)", text)


def wrap_file(text):
    """The file's text with its long lines wrapped, wrapped again until that changes nothing (so --check agrees with
    a file this wrote); and the numbers of the long lines left."""
    for _ in range(8):
        wrapped, left = wrap_once(text)
        if wrapped == text:
            break
        text = wrapped
    return wrapped, left


def wrap_once(text):
    """One pass over the file's lines."""
    lines = text.split("\n")
    result, left = [], []
    in_list = lists_open(lines)
    in_multiline = False
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        quotes = line.count('"""')
        if in_multiline or quotes:
            result.append(line)
            if quotes % 2 == 1:
                in_multiline = not in_multiline
        elif len(line) > LIMIT and re.match(r"^\s*//", line):
            wrapped = wrap_comment(line)
            following = lines[index] if index < len(lines) else ""
            if len(wrapped) > 1 and continues_paragraph(line, following):
                # The words that overflow open the next line of the same paragraph, which is then wrapped in turn.
                lines[index] = comment_prefix(following) + " ".join(wrapped[1:][i][len(comment_prefix(line)):]
                                                                    for i in range(len(wrapped) - 1)) \
                    + " " + following[len(comment_prefix(following)):]
                result.append(wrapped[0])
            else:
                result.extend(wrapped)
        elif len(line) > LIMIT and in_list[index - 1] and len(wrap_list_line(line)) > 1:
            result.extend(wrap_list_line(line))
        elif len(line) > LIMIT:
            start = index - 1
            # The lines that go on inside the bracket this one leaves open join it, so the list is filled again; a line
            # that goes on with an expression (`+ "…"`, a message continued by hand) is not the list's and stays.
            while index < len(lines) and '"""' not in lines[index]:
                anchor = open_bracket_at_end(line)
                following = lines[index]
                if anchor is None or len(following) - len(following.lstrip(" ")) != anchor + 1 \
                        or not following.strip() or following.lstrip().startswith("//") \
                        or OPERATOR_CONTINUATION.match(following):
                    break
                line = line.rstrip() + " " + following.strip()
                index += 1
            joined = wrap_code(line)
            if any(len(part) > LIMIT for part in joined) and index > start + 1:
                # Filling the list again leaves a line too long: only the long line is wrapped, and the lines after
                # it are taken as they come.
                joined, index = wrap_code(lines[start]), start + 1
            result.extend(joined)
        else:
            result.append(line)
    for number, line in enumerate(result, 1):
        if len(line) > LIMIT:
            left.append(number)
    return "\n".join(result), left


def carry(revision, patch_path):
    """Rewrites the patch at `patch_path`, made against `revision`'s files, as a patch against them wrapped."""
    text = open(patch_path, encoding="utf-8").read()
    header, _, _ = text.partition("\n--- a/")
    files = sorted(set(re.findall(r"^\+\+\+ b/(\S+)", text, re.M)))
    with tempfile.TemporaryDirectory(prefix="carry-") as tree:
        for name in files:
            os.makedirs(os.path.dirname(os.path.join(tree, name)), exist_ok=True)
            old = subprocess.run(["git", "show", f"{revision}:{name}"], capture_output=True, check=True).stdout
            open(os.path.join(tree, name), "wb").write(old)
        subprocess.run(["git", "apply", "--whitespace=nowarn", os.path.abspath(patch_path)], cwd=tree, check=True)
        hunks = []
        for name in files:
            old = subprocess.run(["git", "show", f"{revision}:{name}"], capture_output=True, check=True, text=True)
            before = wrap_file(old.stdout)[0].splitlines(keepends=True)
            after = wrap_file(open(os.path.join(tree, name), encoding="utf-8").read())[0].splitlines(keepends=True)
            hunks += difflib.unified_diff(before, after, fromfile=f"a/{name}", tofile=f"b/{name}")
    open(patch_path, "w", encoding="utf-8").write(header + "\n" + "".join(hunks))


SAMPLE = '''struct Sample {
    /// A doc comment long enough to need a second line, which it gets at its last space before the one hundred and twentieth column.
    /// It goes on here.
    func call() {
        let total = combine(first: 1, second: "a, b, c", third: [10, 20, 30], fourth: "\\(label(1, 2))", fifth: 5, sixth: 6)
        let text = "a single-line string literal, with commas, long enough that nothing in it may become the end of a line"
        let help = """
            a multi-line string literal's line, its breaks are the text it prints, so it stays as long as it is, 1, 2, 3.
            """
        guard ["on", "off"].contains(text), total > 0, help.isEmpty == false, text.count > 120, total < 1_000 else { return }
        log(level: 1, "the second argument: a string literal long enough, with commas in it, to pass the one hundred and twentieth column")
        for (index, value) in [(1, "one"), (2, "two"), (3, "three"), (4, "four"), (5, "five"), (6, "six")].enumerated() where index > 0 {}
        let reason = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let count = "a literal a method is called on, long enough to run past the limit of the line it sits on, and more".count
        switch text { case "a pattern literal long enough to run past the one hundred and twentieth column of its line, and more": break }
        Console.error("a message continued by hand, its first line long enough to pass the limit of the line: one, two, "
                      + "and its tail, which stays on a line of its own, though long enough that it is split again in two parts of its own")
        let later = combine(first: 1,
                            second: "two", third: [3, 4], fourth: 4, fifth: "5", sixth: 6, seventh: 7, eighth: label(8, 9), ninth: 9)
        let note = "an interpolation near the end of the line: the last spaces before the limit in it \(label("with spaces in it", "and more")) and its tail"
    }
}
'''


def self_test():
    """Wraps SAMPLE and checks each rule; 0, or 1 with a line per rule broken."""
    wrapped, left = wrap_file(SAMPLE)
    lines = wrapped.split("\n")
    failures = []
    def squeeze(text):
        # A literal split in two reads back as one once the `" + "` between its parts is taken out.
        return re.sub(r'"\+"', "", re.sub(r"\s+", "", re.sub(r"(?m)^\s*//.*$", "", text)))
    if squeeze(wrapped) != squeeze(SAMPLE):
        failures.append("the code changed beyond whitespace")
    if not any(l.strip().startswith("fifth: 5") or l.strip().startswith("sixth: 6") for l in lines):
        failures.append("a call's arguments were not broken after a comma")
    if not any(l.lstrip().startswith("fourth:") or "fourth:" in l for l in lines if len(l) <= LIMIT):
        failures.append("the call is still over the limit")
    if any('"a, b, c"' not in l and '"a, b' in l for l in lines):
        failures.append("a string literal was broken")
    planted = SAMPLE.split("\n")
    for number, what in [(7, "a multi-line literal's line"), (9, "a statement's head before its body"),
                         (11, "a pattern's commas"), (12, "the arguments of a call a method is called on"),
                         (13, "a literal a method is called on"), (14, "a literal in a pattern")]:
        if planted[number] not in lines:
            failures.append(f"{what}: broken, and must not be")
    text_at = next((i for i, l in enumerate(lines) if l.startswith("        let text = ")), None)
    if text_at is None or not lines[text_at].endswith(' "') and not lines[text_at].endswith('"') \
            or not lines[text_at + 1].startswith(" " * 19 + '+ "') or len(lines[text_at]) > LIMIT:
        failures.append("a long string literal was not split into two aligned with its opening quote")
    later = next((i for i, l in enumerate(lines) if l.startswith("        let later = combine(first: 1,")), None)
    if later is None or len(lines[later + 1]) > LIMIT or not lines[later + 2].startswith(" " * 28 + "eighth: label(8, 9),"):
        failures.append("a list an earlier line opened was not broken after its own comma, at its line's indent")
    hand = next((i for i, l in enumerate(lines) if "and its tail," in l), None)
    if hand is None or not lines[hand + 1].startswith(" " * 22 + '+ "'):
        failures.append("a literal continued by hand went on in another column than its `+`")
    if any('" + "' in l for l in lines):
        failures.append("a literal continued by hand was joined to its line and split again, three parts in one")
    if not any('label("with spaces in it", "and more")' in l for l in lines):
        failures.append("a literal was split inside its interpolation")
    if any(len(l.strip()) < STRING_KEEPS + 4 for l in lines if l.lstrip().startswith('+ "')):
        failures.append("a literal was split leaving a part too short to read")
    if "        log(level: 1," not in lines:
        failures.append("a call was not broken after its argument before a string")
    if not any(l.strip() == "/// It goes on here." for l in lines) and "goes on here." not in wrapped:
        failures.append("a comment's words were lost")
    if any(len(l) > LIMIT for l in lines if l.lstrip().startswith("///")):
        failures.append("a doc comment is still over the limit")
    if wrap_file(wrapped)[0] != wrapped:
        failures.append("wrapping twice changes the text again")
    with tempfile.TemporaryDirectory(prefix="wrap-") as folder:
        path = os.path.join(folder, "Sample.swift")
        open(path, "w", encoding="utf-8").write(SAMPLE)
        with contextlib.redirect_stdout(io.StringIO()):
            flagged = main(["--check", path]) == 1
            open(path, "w", encoding="utf-8").write(wrapped)
            passed = main(["--check", path]) == 0
    if not flagged or not passed:
        failures.append("--check did not flag the planted long line, or flagged the wrapped file")
    for failure in failures:
        print(f"wrap: self-test: {failure}", file=sys.stderr)
    if not failures:
        print(f"wrap: self-test: {len(left)} of the sample's long lines left as they must be; --check catches a "
              "wrappable line", file=sys.stderr)
    return 1 if failures else 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    if arguments[:1] == ["--carry"] and len(arguments) >= 3:
        for patch in arguments[2:]:
            carry(arguments[1], patch)
        print(f"wrap: {len(arguments) - 2} patches carried over from {arguments[1]}")
        return 0
    check = arguments[:1] == ["--check"]
    files = arguments[1:] if check else arguments
    if not files:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    changed, left = 0, 0
    for path in files:
        text = open(path, encoding="utf-8").read()
        wrapped, long_lines = wrap_file(text)
        left += len(long_lines)
        if wrapped != text:
            changed += 1
            if check:
                print(f"{path}: a line over {LIMIT} characters could be wrapped (wrap_long_lines.py {path})")
            else:
                open(path, "w", encoding="utf-8").write(wrapped)
    if check:
        return 1 if changed else 0
    print(f"wrap: {changed} files rewritten; {left} lines still over {LIMIT} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
