#!/usr/bin/env python3
"""Runs the console examples of a document against the binary and compares their output.

    run_examples.py BINARY SOURCE_DIR DOCUMENT [--update]

DOCUMENT is README.md (its ```console blocks) or a man page (its .EX/.EE and .nf/.fi blocks
that begin with a `$ ` line; roff's escapes are undone, an unknown one in an example is an
error). A block is a sequence of commands, each a `$ ` line, continued on the next line after
a `\\` or a `|` at its end or inside an open quote, with its here-documents; each is followed
by the output it prints, up to the next `$ ` line or the end of the block. Each command runs
with `bash -c` (pipes work), a trailing `# comment` stripped, in one fresh temporary folder
per document, so a page's narrative (init, add, show) holds; `$?` is the status of the
command before, so `$ echo $?` works. Each command is its own shell: `cd` and `export` do not
carry over to the next.

Comparison:
  - an output line `gpuclusters: ...` (an error, a warning, an abort) is expected on standard
    error, every other line on standard output; each stream is compared exactly (trailing
    blanks of a line and trailing blank lines of an output ignored);
  - an output line `...` (in roff `\\&...`) matches any number of lines;
  - a command with no output shown must succeed: exit 0, or 1 (the status of findings and
    differences, an answer rather than a failure) with nothing but warnings on standard error;
    its output is not checked. A command whose output shows an error must exit non-zero.

Directives, in the document itself (roff `.\\" NAME: TEXT`, Markdown `<!-- NAME: TEXT -->`):
  example-setup: COMMAND      run COMMAND (bash -c, output discarded, must exit 0) at that point,
                              before the blocks that follow
  example-skip: REASON        do not run the next block (counted and printed as skipped)
  example-skip-document: REASON  run none of the document's blocks

--update rewrites, in the document, each output that differs with what the binary printed
(not those with `...` or an error in them): read the diff before committing it, as with the
e2e tests' UPDATE_GOLDEN.

Environment: GPUCLUSTERS_NOW=2026-11-30T12:00:00Z, GPUCLUSTERS_AUTHOR=editor (the pages' author),
GPUCLUSTERS_DB=gpuclusters.db, XDG_CACHE_HOME and HOME in the temporary folder, NO_COLOR=1,
COLUMNS=100, no pager, EDITOR=true, `gpuclusters` on PATH as BINARY, and the repository's db/ and tests/
folders symlinked into the temporary folder so that examples name them as from the source tree.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

ROFF_ESCAPES = {
    r"\-": "-", r"\(dq": '"', r"\(aq": "'", r"\(em": "\u2014", r"\(en": "\u2013",
    r"\(lq": "\u201c", r"\(rq": "\u201d", r"\(bu": "\u2022", r"\(ga": "`", r"\(mu": "\u00d7",
    r"\(cq": "\u2019", r"\(:u": "\u00fc", r"\('e": "\u00e9", r"\&": "", r"\%": "", r"\ ": " ",
    r"\[u2026]": "\u2026", r"\[u2192]": "\u2192",
}
ROFF_ESCAPE = re.compile(r"\\f(?:\[[^\]]*\]|\(..|.)|\\\[[^\]]*\]|\\\(..|\\\('e|\\.")
DIRECTIVE_ROFF = re.compile(r'^\.\\"\s*(example-[a-z-]+):\s*(.*?)\s*$')
DIRECTIVE_MD = re.compile(r"^<!--\s*(example-[a-z-]+):\s*(.*?)\s*-->\s*$")
KNOWN_DIRECTIVES = {"example-setup", "example-skip", "example-skip-document"}
HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")
STDERR_LINE = re.compile(r"^gpuclusters: ")


def unroff(line):
    def one(match):
        text = match.group(0)
        if text.startswith(r"\f"):
            return ""
        if text == r"\e":
            return "\\"
        if text in ROFF_ESCAPES:
            return ROFF_ESCAPES[text]
        raise ValueError(f"unknown roff escape {text!r} in {line!r}")
    return ROFF_ESCAPE.sub(one, line)


class Document:
    def __init__(self):
        # items: ("block", lineno, [lines]) | ("setup", lineno, command) | ("skip", lineno, reason)
        self.items = []
        self.skip_document = None


def read_man(path):
    doc = Document()
    block = None
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            raw = raw.rstrip("\n")
            directive = DIRECTIVE_ROFF.match(raw)
            if directive:
                add_directive(doc, path, lineno, directive.group(1), directive.group(2))
                continue
            if block is None:
                if raw.startswith(".EX") or raw.startswith(".nf"):
                    block = (lineno + 1, [], ".EE" if raw.startswith(".EX") else ".fi", [])
                continue
            start, lines, end, srcnos = block
            if raw.startswith(end):
                if lines and isinstance(lines[0], str) and lines[0].startswith("$ "):
                    for line in lines:
                        if isinstance(line, tuple):
                            raise ValueError(f"{path}:{line[0]}: request {line[1]!r} inside an "
                                             "example")
                    doc.items.append(("block", start, (lines, srcnos)))
                block = None
                continue
            if raw.startswith(".") or raw.startswith("'"):
                if raw.startswith(".\\\"") or raw[1:3] in ("RS", "RE", "PP", "in", "ft", "sp"):
                    continue
                lines.append((lineno, raw))  # an error if the block is an example
                srcnos.append(lineno)
                continue
            try:
                lines.append(unroff(raw))
            except ValueError:
                lines.append((lineno, raw))
            srcnos.append(lineno)
    return doc


def read_markdown(path):
    doc = Document()
    block = None
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            raw = raw.rstrip("\n")
            if block is None:
                directive = DIRECTIVE_MD.match(raw)
                if directive:
                    add_directive(doc, path, lineno, directive.group(1), directive.group(2))
                elif raw.strip() == "```console":
                    block = (lineno + 1, [], [])
                continue
            if raw.strip() == "```":
                doc.items.append(("block", block[0], (block[1], block[2])))
                block = None
                continue
            block[1].append(raw)
            block[2].append(lineno)
    return doc


def add_directive(doc, path, lineno, name, text):
    if name not in KNOWN_DIRECTIVES:
        raise ValueError(f"{path}:{lineno}: unknown directive {name}")
    if not text:
        raise ValueError(f"{path}:{lineno}: {name} needs a command or a reason")
    if name == "example-setup":
        doc.items.append(("setup", lineno, text))
    elif name == "example-skip":
        doc.items.append(("skip", lineno, text))
    else:
        doc.skip_document = text


def scan_shell(command):
    """Reads a command as bash would its quotes and comments: the quote still open at its end
    (None when none is), and where a trailing `# comment` starts (a # at the start of a word,
    outside quotes; None when there is none)."""
    quote = None
    escaped = False
    for i, c in enumerate(command):
        if escaped:
            escaped = False
        elif c == "\\" and quote != "'":
            escaped = True
        elif quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or command[i - 1] in " \t"):
            return None, i
    return quote, None


def open_quote(command):
    """Whether the command ends inside a quoted string (that goes on on the next line)."""
    return scan_shell(command)[0] is not None


def strip_comment(command):
    """Drops a trailing `# comment` (a # after a blank, outside quotes)."""
    comment = scan_shell(command)[1]
    return (command if comment is None else command[:comment]).rstrip()


def parse_block(start, lines, srcnos):
    """[(lineno, command, [expected lines], [their line numbers in the document])]"""
    commands = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            raise ValueError(f"line {start + i}: output before any command: {line!r}")
        lineno = srcnos[i]
        text = line[2:]
        while (text.endswith("\\") or text.rstrip().endswith("|") or open_quote(text)) \
                and i + 1 < len(lines):
            i += 1
            text = text + "\n" + lines[i]
        for word in HEREDOC.findall(text):  # a here-document's lines belong to its command
            while i + 1 < len(lines):
                i += 1
                text = text + "\n" + lines[i]
                if lines[i] == word:
                    break
        i += 1
        expected = []
        expected_at = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            expected_at.append(srcnos[i])
            i += 1
        commands.append((lineno, strip_comment(text), expected, expected_at))
    return commands


def trim(lines):
    lines = [l.rstrip() for l in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected, actual):
    """Exact line match, where an expected line `...` matches any number of lines."""
    memo = {}

    def at(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i] == "...":
            result = any(at(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and expected[i] == actual[j] and at(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    return at(0, 0)


def environment(folder, binary):
    bin_dir = os.path.join(folder, ".bin")
    os.makedirs(bin_dir)
    os.symlink(os.path.abspath(binary), os.path.join(bin_dir, "gpuclusters"))
    env = {
        "PATH": bin_dir + ":/usr/local/bin:/usr/bin:/bin",
        "HOME": os.path.join(folder, ".home"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TZ": "UTC",
        "GPUCLUSTERS_NOW": "2026-11-30T12:00:00Z",
        "GPUCLUSTERS_AUTHOR": "editor",
        "GPUCLUSTERS_DB": "gpuclusters.db",
        "XDG_CACHE_HOME": os.path.join(folder, ".cache"),
        "NO_COLOR": "1",
        "COLUMNS": "100",
        "GPUCLUSTERS_PAGER": "cat",
        "PAGER": "cat",
        "EDITOR": "true",
        "TMPDIR": os.path.join(folder, ".tmp"),
    }
    for sub in (".home", ".cache", ".tmp"):
        os.makedirs(os.path.join(folder, sub))
    return env


def run(command, folder, env, status_before=0):
    script = f"(exit {status_before})\n{command}"
    proc = subprocess.run(["bash", "-c", script], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=300)
    return (proc.returncode, proc.stdout.decode("utf-8", "replace").split("\n"),
            proc.stderr.decode("utf-8", "replace").split("\n"))


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary, source_dir, path = args
    name = os.path.basename(path)
    doc = read_markdown(path) if path.endswith(".md") else read_man(path)
    blocks = sum(1 for item in doc.items if item[0] == "block")
    if doc.skip_document:
        print(f"{name}: 0 blocks run, {blocks} skipped (whole document: {doc.skip_document})")
        return 0

    folder = tempfile.mkdtemp(prefix="gpuclusters-docs.")
    env = environment(folder, binary)
    for sub in ("db", "tests"):
        os.symlink(os.path.join(os.path.abspath(source_dir), sub), os.path.join(folder, sub))
    failures = ran = skipped = commands_run = 0
    updates = []  # (first line, last line, new lines) of outputs to rewrite
    skip_next = None
    status = 0
    for kind, lineno, payload in doc.items:
        if kind == "skip":
            skip_next = payload
            continue
        if kind == "setup":
            code, out, err = run(payload, folder, env)
            if code != 0:
                print(f"{path}:{lineno}: setup `{payload}` exited {code}:\n" + "\n".join(err))
                failures += 1
            continue
        if skip_next is not None:
            print(f"{path}:{lineno}: skipped: {skip_next}")
            skipped += 1
            skip_next = None
            continue
        ran += 1
        for cmd_line, command, expected, expected_at in parse_block(lineno, *payload):
            commands_run += 1
            status, out, err = run(command, folder, env, status)
            expected = trim(expected)
            want_err = [l for l in expected if STDERR_LINE.match(l)]
            want_out = [l for l in expected if not STDERR_LINE.match(l)]
            problems = []
            if not expected:
                if status > 1 or (status == 1 and any(l and not l.startswith(
                        "gpuclusters: warning:") for l in err)):
                    problems.append(f"exited {status} with an error (an example without output "
                                    "must succeed)")
            else:
                if want_err and status == 0:
                    problems.append("exited 0, but the example shows an error")
                if not matches(want_out, trim(out)):
                    problems.append("standard output differs:\n" + diff(want_out, trim(out)))
                if not matches(want_err, trim(err)):
                    problems.append("standard error differs:\n" + diff(want_err, trim(err)))
            if problems and update and updatable(expected, expected_at, want_err, err, status):
                updates.append((expected_at[0], expected_at[len(expected) - 1],
                                trim(out), path.endswith(".md")))
                print(f"{path}:{cmd_line}: updated the output of $ {command}")
                continue
            if problems:
                failures += 1
                print(f"{path}:{cmd_line}: $ {command}")
                for problem in problems:
                    print("  " + problem.replace("\n", "\n  "))
                if trim(err) and not want_err:
                    print("  standard error was:\n    " + "\n    ".join(trim(err)))
    if updates:
        write_updates(path, updates)
    if failures == 0:
        shutil.rmtree(folder, ignore_errors=True)
    else:
        print(f"kept {folder}")
    print(f"{name}: {ran} blocks run ({commands_run} commands), {skipped} skipped, "
          f"{failures} failed")
    return 1 if failures else 0


def updatable(expected, expected_at, want_err, err, status):
    """--update rewrites an output only when nothing in it is a wildcard or an error, it was
    contiguous in the document, and the command printed nothing on standard error."""
    return (expected and "..." not in expected and not want_err and not trim(err)
            and expected_at[-1] - expected_at[0] == len(expected_at) - 1)


ROFF_OUT = {"\\": r"\e", "-": r"\-", '"': r"\(dq", "'": r"\(aq", "\u2014": r"\(em",
            "\u2013": r"\(en", "\u201c": r"\(lq", "\u201d": r"\(rq", "\u2022": r"\(bu",
            "`": r"\(ga", "\u00d7": r"\(mu", "\u2019": r"\(cq", "\u00fc": r"\(:u",
            "\u00e9": r"\('e"}


def roff(line):
    text = "".join(ROFF_OUT.get(c, c if ord(c) < 128 else f"\\[u{ord(c):04X}]") for c in line)
    return "\\&" + text if text.startswith((".", "'")) else text


def write_updates(path, updates):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for first, last, new, markdown in sorted(updates, reverse=True):
        old = lines[first - 1:last]
        blank = len(old) - len(trim(old))  # blank lines that end the output stay
        lines[first - 1:last] = (new if markdown else [roff(l) for l in new]) + old[len(old) - blank:]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def diff(expected, actual):
    import difflib
    lines = difflib.unified_diff(expected, actual, "document", "binary", lineterm="", n=2)
    return "\n".join(list(lines)[2:]) or "(only in exit status)"


if __name__ == "__main__":
    sys.exit(main())
