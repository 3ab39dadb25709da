#!/usr/bin/env python3
# The path most contacts take through a pair loop, as straight-line assembly for llvm-mca
# (bench/hotpath.sh). From a callgrind profile made with --dump-instr=yes: how often each
# instruction of the function ran. The path starts at the load of the neighbour index (the
# instruction before "and $0x1fffffff", NEIGHMASK, that runs once per neighbour), follows the
# more frequent side of each branch and stops when it is back at the start.
#   bench/hotpath.py CALLGRIND_OUT FUNCTION_SUBSTRING SHARED_OBJECT > path.s
# SPDX-License-Identifier: GPL-2.0-or-later
import collections
import re
import subprocess
import sys

profile, wanted, shared_object = sys.argv[1:4]

# self cost (the first event, Ir) per instruction address of the functions whose name contains
# `wanted`; the cost lines after "calls=" are inclusive costs of a call and are skipped
names, runs = {}, collections.Counter()
address, inside, after_call = 0, False, False
for line in open(profile):
    line = line.rstrip('\n')
    m = re.match(r'^(c?)fn=\((\d+)\)(?: (.*))?$', line)
    if m:
        if m.group(3):
            names[m.group(2)] = m.group(3)
        if not m.group(1):
            inside = wanted in names.get(m.group(2), '')
        continue
    if line.startswith('calls='):
        after_call = True
        continue
    if not line or line[0] not in '0+-*':
        continue
    fields = line.split()
    position = fields[0]
    if position.startswith('0x'):
        address = int(position, 16)
    elif position[0] in '+-':
        address += int(position)
    if after_call:
        after_call = False
    elif inside and len(fields) > 2:
        runs[address] += int(fields[2])
if not runs:
    sys.exit(f'hotpath.py: no function matching "{wanted}" in {profile}')

per_neighbour = max(runs.values())
listing = subprocess.run(['objdump', '-d', '--no-show-raw-insn', shared_object, f'--start-address={min(runs):#x}',
                          f'--stop-address={max(runs) + 16:#x}'], capture_output=True, text=True, check=True).stdout
code = []
for line in listing.splitlines():
    m = re.match(r'\s+([0-9a-f]+):\s+(\S.*)$', line)
    if m:
        code.append((int(m.group(1), 16), m.group(2).split('#')[0].strip()))
index = {a: k for k, (a, _) in enumerate(code)}

start = None
for k, (a, text) in enumerate(code):
    if text.startswith('and') and '$0x1fffffff' in text and runs.get(a, 0) == per_neighbour:
        while not re.match(r'mov\s+(0x0)?\(%r\w+\),%(e\w+|r\d+d)$', code[k][1]):
            k -= 1
        start = k
        break
if start is None:
    sys.exit('hotpath.py: no neighbour loop (and $0x1fffffff) found')

path, k = [], start
while len(path) < 5000:
    a, text = code[k]
    op = text.split()[0]
    if op.startswith('j'):
        # fall through if at least half of the runs of the branch did (a join point's count
        # includes the other side, so the two successors' counts are not compared)
        if op == 'jmp' or runs.get(code[k + 1][0], 0) < 0.5 * runs.get(a, 0):
            k = index[int(re.search(r'\b([0-9a-f]+) <', text).group(1), 16)]
        else:
            k += 1
    else:
        path.append(re.sub(r'<[^>]*>', '', text))
        k += 1
    if k == start:
        break
print('\n'.join(path))
print(f'hotpath.py: {len(path)} instructions, run {per_neighbour} times', file=sys.stderr)
