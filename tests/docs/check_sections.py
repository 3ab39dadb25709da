#!/usr/bin/env python3
"""The form of LAMMPS's command pages on every page of the manual (tools/docs, test docs.sphinx).

A page whose title is "... command" is a command page: it starts with its ".. index::" lines and
has LAMMPS's sections, underlined with '"', in LAMMPS's order (other '"' sections may come between
them, as "Dump image info" does in LAMMPS's pages); a pair style has the "Mixing, ..." section, a
fix the "Restart, fix_modify, ..." section. Every other page needs a title.
Usage: check_sections.py DOC_DIR; exit status 1 with a line per error.
SPDX-License-Identifier: GPL-2.0-or-later
"""
import pathlib
import re
import sys

PAIR_INFO = 'Mixing, shift, table, tail correction, restart, rRESPA info'
FIX_INFO = 'Restart, fix_modify, output, run start/stop, minimize info'
KNOWN = {'Syntax', 'Examples', 'Description', PAIR_INFO, FIX_INFO, 'Restrictions', 'Related commands',
         'Default'}


def headings(lines):
    """(title, underline character) of each section title of the page, in order."""
    found = []
    for title, under in zip(lines, lines[1:]):
        if (title.strip() and not title[0].isspace() and re.fullmatch(r'([=\-"^~*+#])\1*', under)
                and len(under) >= len(title.rstrip())):
            found.append((title.strip(), under[0]))
    return found


def required(title):
    middle = []
    if title.startswith('pair_style '):
        middle = [PAIR_INFO]
    elif title.startswith('fix '):
        middle = [FIX_INFO]
    return ['Syntax', 'Examples', 'Description', *middle, 'Restrictions', 'Related commands', 'Default']


def check(path):
    lines = path.read_text(encoding='utf-8').splitlines()
    found = headings(lines)
    if not found:
        return [f'{path.name}: no title']
    title = found[0][0]
    if not title.endswith(' command'):
        return []
    errors = []
    if not lines or not lines[0].startswith('.. index::'):
        errors.append(f'{path.name}: a command page starts with its ".. index::" lines')
    sections = [t for t, c in found[1:] if c == '"' and t in KNOWN]
    want = required(title)
    if sections != want:
        missing = [s for s in want if s not in sections]
        extra = [s for s in sections if s not in want]
        detail = []
        if missing:
            detail.append('missing: ' + ', '.join(missing))
        if extra:
            detail.append('not for this kind of page: ' + ', '.join(extra))
        if not detail:
            detail.append('found in the order ' + ', '.join(sections))
        errors.append(f'{path.name}: LAMMPS\'s sections are, in this order, {", ".join(want)}; '
                      + '; '.join(detail))
    return errors


def main():
    doc = pathlib.Path(sys.argv[1])
    pages = sorted(doc.glob('*.rst'))
    errors = [e for page in pages for e in check(page)]
    for e in errors:
        print(e, file=sys.stderr)
    commands = sum(1 for page in pages if (h := headings(page.read_text(encoding='utf-8').splitlines()))
                   and h[0][0].endswith(' command'))
    print(f'{len(pages)} pages, {commands} of them command pages: '
          + ('sections in order' if not errors else f'{len(errors)} errors'))
    return 1 if errors or not pages else 0


if __name__ == '__main__':
    sys.exit(main())
