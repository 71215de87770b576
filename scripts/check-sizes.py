#!/usr/bin/env python3
"""Files at most 600 lines and functions at most 80 (issue 56): lists
those over, and fails when there is one.

    scripts/check-sizes.py [PATH…]    the repository's .rs files by default

A function's lines run from its `fn` line to its closing brace, a nested
function's inside its own and its outer one's. A function whose doc comment
says it is a "data table" is exempt (a list of cases, one an entry). Braces
inside strings, characters and comments do not count; `fn $name` in a
`macro_rules!` is no function.
"""
import os
import re
import sys

FN_MAX = 80
FILE_MAX = 600
SKIP_DIRS = {"target", ".git", "node_modules"}


def blank(text):
    """`text` with everything but its newlines turned into spaces."""
    return re.sub(r"[^\n]", " ", text)


def code_only(src):
    """`src` with comments, strings and character literals blanked, so that
    the braces left are the code's; lines stay where they were."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(src[i:j]))
            i = j
            continue
        raw = re.match(r'b?r(#*)"', src[i : i + 260])
        if raw and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            end = src.find('"' + raw.group(1), i + len(raw.group(0)))
            j = n if end < 0 else end + 1 + len(raw.group(1))
            out.append(blank(src[i:j]))
            i = j
            continue
        if src[i] == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            j += 1
            out.append(blank(src[i:j]))
            i = j
            continue
        if src[i] == "'":
            # A character ('x', '\n', '\u{1F600}'), not a lifetime ('a).
            ch = re.match(r"'(\\[^']*|[^\\'])'", src[i : i + 16])
            if ch:
                out.append(" " * len(ch.group(0)))
                i += len(ch.group(0))
                continue
        out.append(src[i])
        i += 1
    return "".join(out)


def is_data_table(lines, fn_line):
    """True when the doc comment above line `fn_line` (0-based) says the
    function is a data table."""
    k = fn_line - 1
    doc = []
    while k >= 0:
        line = lines[k].strip()
        if line.startswith("///"):
            doc.append(line)
        elif not (line.startswith("#[") or line == ""):
            break
        elif line == "":
            break
        k -= 1
    return "data table" in " ".join(doc).lower()


def functions(src):
    """(lines, name, first line) of every function with a body in `src`,
    those whose doc comment says they are a data table left out."""
    code = code_only(src)
    lines = src.split("\n")
    found = []
    for m in re.finditer(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)", code):
        # The body's opening brace, or `;` for a function without one.
        j, depth = m.end(), 0
        while j < len(code):
            c = code[j]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif depth == 0 and c in "{;":
                break
            j += 1
        if j >= len(code) or code[j] == ";":
            continue
        depth, k = 0, j
        while k < len(code):
            if code[k] == "{":
                depth += 1
            elif code[k] == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        first = code.count("\n", 0, m.start())
        last = code.count("\n", 0, k)
        if not is_data_table(lines, first):
            found.append((last - first + 1, m.group(1), first + 1))
    return found


def rust_files(roots):
    for root in roots:
        if os.path.isfile(root):
            yield root
            continue
        for dirpath, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for f in sorted(files):
                if f.endswith(".rs"):
                    yield os.path.join(dirpath, f)


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    over = 0
    for path in rust_files(sys.argv[1:] or ["."]):
        with open(path, encoding="utf-8") as f:
            src = f.read()
        n = src.count("\n")
        if n > FILE_MAX:
            print(f"check-sizes: {path}: {n} lines (at most {FILE_MAX})", file=sys.stderr)
            over += 1
        for length, name, first in functions(src):
            if length > FN_MAX:
                print(
                    f"check-sizes: {path}:{first}: fn {name}, {length} lines (at most {FN_MAX})",
                    file=sys.stderr,
                )
                over += 1
    if over:
        sys.exit(1)
    print("check-sizes: every file and function within its size")


if __name__ == "__main__":
    main()
