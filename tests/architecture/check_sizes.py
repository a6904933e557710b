#!/usr/bin/env python3
"""Lists source files over a line limit and functions over a line limit: the sizes CONTRIBUTING.md
sets (a file a reader can hold, a function that fits a screen). Usage: check_sizes.py FILE_LIMIT
FUNCTION_LIMIT DIR...; exits 1 when anything is over, naming each place."""
import re, sys, pathlib

def strip(text):
    # Blank out comments, string and character literals (raw strings too), keeping newlines.
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i); j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2); j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif text.startswith('R"', i) and (i == 0 or not (text[i-1].isalnum() or text[i-1] == '_')):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if m:
                end = ')' + m.group(1) + '"'
                j = text.find(end, i + m.end()); j = n if j < 0 else j + len(end)
                out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
            else:
                out.append(c); i += 1
        elif c in '"\'':
            if c == "'" and i > 0 and text[i-1].isalnum() and text[i+1:i+2].isdigit():
                out.append(' '); i += 1; continue   # digit separator 1'000
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(c + re.sub(r'[^\n]', ' ', text[i+1:j]) + c); i = j + 1
        else:
            out.append(c); i += 1
    return ''.join(out)

def functions(text):
    s = strip(text)
    stack = []  # (kind, start_line)
    head_start = 0
    line = 1
    for i, c in enumerate(s):
        if c == '\n':
            line += 1
        if c == '{':
            head = s[head_start:i]
            outer_ok = all(e[0] == 'scope' for e in stack)
            kind = 'block'
            if outer_ok:
                h = ' '.join(head.split())
                if re.search(r'\b(namespace|class|struct|union|enum)\b', h) and not re.search(r'\)\s*(const)?\s*(noexcept)?\s*(->.*)?$', h):
                    kind = 'scope'
                elif re.search(r'extern\s+"C"', h):
                    kind = 'scope'
                elif ')' in h and not h.rstrip().endswith('=') and not re.search(r'=\s*$', h):
                    kind = 'function'
            start = line - head[len(head.rstrip('\n ').rstrip()):].count('\n')
            # the signature's first line
            first = line - head.strip('\n').count('\n') if head.strip() else line
            stripped_head = head.lstrip()
            first = line - stripped_head.count('\n')
            stack.append((kind, first, ' '.join(head.split())[:90]))
            head_start = i + 1
        elif c == '}':
            if stack:
                kind, first, name = stack.pop()
                if kind == 'function':
                    yield name, first, line - first + 1
            head_start = i + 1
        elif c == ';':
            head_start = i + 1

def main():
    file_limit, fn_limit = int(sys.argv[1]), int(sys.argv[2])
    bad = 0
    for root in sys.argv[3:]:
        for p in sorted(pathlib.Path(root).rglob('*')):
            if p.suffix not in ('.cpp', '.hpp'):
                continue
            text = p.read_text()
            n = text.count('\n')
            if n > file_limit:
                print(f'{p}: {n} lines (limit {file_limit})'); bad += 1
            for name, first, length in functions(text):
                if length > fn_limit:
                    print(f'{p}:{first}: function of {length} lines (limit {fn_limit}): {name}'); bad += 1
    return 1 if bad else 0

sys.exit(main())
