"""A damaged restart file ends in a clean LAMMPS error, never a crash (doc/restart.rst).

A small deck writes a real restart file with every record of the plugin: the pair style's
settings (DEM:PSET, with bond_gap_max: dem_bond bonds the touching spheres) and pair_coeff values
(DEM:PCOF), the contact history (DEM:HIST and its per-atom records) and fix wall/dem on a region
wall (DEM:WALL, the region's motion state after it, and its per-atom records).
1. The records are found by their marks and read by the layout doc/restart.rst gives (mark,
   format, version text, size of the items, items of name, count and numbers or text); the
   per-atom records by their marks (length, mark, keys, header values). Every length and count
   field of each is damaged in turn (one less, one more, -1, the largest int; the per-atom records'
   also 0, 1e9, NaN and a half more), and read_restart with the wall fix and a run 0 reads each
   copy: every one stops on a LAMMPS error (a clean exit, no crash or abort) whose message is
   printable text. The intact file reads without error. The copies are read in one process
   (LAMMPS's Python module), except those of DEM:HIST (one less and one more only, but for its
   version text's length), each read by an lmp of its own: LAMMPS hands the history fix its global
   record only under the fix's ID, which numbers the pair styles a process created.
2. The messages name what is wrong: a restart format of 0 or -7 and a flipped byte in a mark say
   the record is damaged (not "newer", not "pre-1.0"); bond_gap_max NaN or -1 is an error naming
   it, and so is a cumulative total NaN; a wall record whose slots differ from its per-atom records'
   says it is damaged.
3. A few of the damaged copies are read on 2 MPI ranks (a per-atom record on each rank): the same
   clean error.
Not damaged here: the size LAMMPS writes before a fix's global data, which LAMMPS reads itself.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import HAVE_MPI, Checks, Result, clean_error_exit, errors_in_process, run  # noqa: E402

HISTORY_ATOM_MARK = float(0x44454D48 * 2 ** 20) + 1    # restart_format.h, format 1
WALL_ATOM_MARK = float(0x44454D57 * 2 ** 20) + 1
MARKS = (b"DEM:PSET", b"DEM:PCOF", b"DEM:HIST", b"DEM:WALL")
WALL = "fix wall all wall/dem linear kn 1e4 ks 5e3 fric 0.3 region cup"
REGION = "region cup block -0.004 0.004 -0.004 0.004 -0.004 0.004 side in units box"

WRITER = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
boundary f f f
region box block -0.005 0.005 -0.005 0.005 -0.005 0.005 units box
create_box 1 box
create_atoms 1 single 0 0 -0.00305 units box
create_atoms 1 single 0.00199 0 -0.00305 units box
create_atoms 1 single -0.00199 0 -0.00305 units box
create_atoms 1 single 0 0 -0.00106 units box
set type 1 diameter 0.002 density 2500
pair_style dem/linear
pair_coeff * * kn 1e4 ks 5e3 fric 0.5 cb_tenf 1 cb_shearf 1
neighbor 0.0004 bin
{REGION}
{WALL}
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
timestep 1e-6
dem_bond all gap 1e-4
run 20
write_restart intact.restart
"""


def reader(path):
    return f"""
processors * 1 1
read_restart {path}
neighbor 0.0004 bin
{REGION}
{WALL}
fix integrate all nve/sphere
run 0
"""


def get_int(data, at):
    return struct.unpack_from("=i", data, at)[0]


def get_double(data, at):
    return struct.unpack_from("=d", data, at)[0]


def record_fields(data, mark):
    """The length and count fields of the record of this mark (doc/restart.rst's layout) as
    (offset, 'i' or 'd', value, label), its format's offset, and its items by name (offset of the
    first number)."""
    at = data.index(mark)
    name = mark.decode()
    fields, items = [], {}
    p = at + 8
    format_at = p
    p += 4
    vlen = get_int(data, p)
    fields.append((p, "i", vlen, f"{name} version text length"))
    p += 4 + vlen
    size = get_int(data, p)
    fields.append((p, "i", size, f"{name} size of the items"))
    p += 4
    end = p + size
    while p < end:
        nlen = get_int(data, p)
        item = data[p + 4:p + 4 + nlen].decode()
        fields.append((p, "i", nlen, f"{name} '{item}' name length"))
        p += 4 + nlen
        count = get_int(data, p)
        fields.append((p, "i", count, f"{name} '{item}' count"))
        p += 4
        if count == -1:
            fields.append((p, "i", get_int(data, p), f"{name} '{item}' text length"))
            p += 4 + get_int(data, p)
        else:
            items[item] = p
            if item == "bytes":    # a fix record's own size (the fix's data that LAMMPS hands it)
                fields.append((p, "d", get_double(data, p), f"{name} '{item}' value"))
            p += 8 * count
    return fields, format_at, items


def atom_records(data, mark):
    """The offsets of the per-atom records of this mark (their length field)."""
    key = struct.pack("=d", mark)
    found, at = [], data.find(key)
    while at >= 0:
        found.append(at - 8)
        at = data.find(key, at + 8)
    return found


def atom_fields(data):
    """The length and count fields of the per-atom records: the contact history of an atom with
    partners (length, values per contact, partner count) and a wall record (length, slots, stride)."""
    fields = []
    history = [r for r in atom_records(data, HISTORY_ATOM_MARK) if get_double(data, r + 8 * 8) > 0]
    wall = atom_records(data, WALL_ATOM_MARK)
    assert history and wall, "the restart file has per-atom history with partners and wall records"
    for k, label in ((0, "length"), (6, "values per contact"), (8, "partner count")):
        fields.append((history[0] + 8 * k, "d", get_double(data, history[0] + 8 * k), f"per-atom history {label}"))
    last = history[-1] + 8 * 8    # another atom's (on 2 ranks, on the other rank than the first's)
    fields.append((last, "d", get_double(data, last), "per-atom history partner count, last atom"))
    for k, label in ((0, "length"), (4, "slots"), (5, "stride")):
        fields.append((wall[0] + 8 * k, "d", get_double(data, wall[0] + 8 * k), f"per-atom wall record {label}"))
    return fields


def damaged_values(kind, value):
    if kind == "i":
        return [value - 1, value + 1, -1, 2 ** 31 - 1]
    return [value - 1, value + 1, -1.0, 0.0, 1e9, math.nan, value + 0.5]


def patched(data, at, kind, value):
    fmt = "=i" if kind == "i" else "=d"
    return data[:at] + struct.pack(fmt, value) + data[at + struct.calcsize(fmt):]


def printable(text):
    return text is not None and all(32 <= ord(c) < 127 for c in text)


def cases_of(data):
    """The damaged copies: (label, bytes, own), own: read by an lmp process of its own."""
    fields, formats, items = [], {}, {}
    for mark in MARKS:
        f, formats[mark], items[mark] = record_fields(data, mark)
        fields += [(field, mark == b"DEM:HIST") for field in f]
    fields += [(field, False) for field in atom_fields(data)]
    cases = []
    for (at, kind, value, label), own in fields:
        # DEM:HIST's by lmp processes: its version text length with every value, the others' two
        few = own and "version" not in label
        for bad in [v for v in damaged_values(kind, value) if v != value][:2 if few else None]:
            cases.append((f"{label} {value} -> {bad}", patched(data, at, kind, bad), own))
    for mark in (b"DEM:PSET", b"DEM:HIST", b"DEM:WALL"):
        for bad in (0, -7):
            cases.append((f"{mark.decode()} format -> {bad}", patched(data, formats[mark], "i", bad), mark == b"DEM:HIST"))
    for mark in MARKS:
        at = data.index(mark) + 5
        flipped = data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1:]
        cases.append((f"{mark.decode()} mark flipped", flipped, mark == b"DEM:HIST"))
    gap = items[b"DEM:PSET"]["bond_gap_max"]
    for bad in (math.nan, -1.0):
        cases.append((f"DEM:PSET bond_gap_max -> {bad}", patched(data, gap, "d", bad), False))
    for mark, total in ((b"DEM:PSET", "e_strain"), (b"DEM:WALL", "fx")):    # a total, which rank 0 keeps
        cases.append((f"{mark.decode()} {total} -> nan", patched(data, items[mark][total], "d", math.nan), False))
    slots = items[b"DEM:WALL"]["slots"]
    cases.append(("DEM:WALL slots value +1", patched(data, slots, "d", get_double(data, slots) + 1), False))
    return cases


def check_messages(chk, results):
    for label, res in results.items():
        if "format ->" in label:
            chk.true(res.error and "damaged" in res.error and "newer" not in res.error,
                     f"{label}: said damaged, not newer ({res.error})")
        if "mark flipped" in label:
            chk.true(res.error and "damaged" in res.error and "pre-1.0" not in res.error,
                     f"{label}: said damaged, not pre-1.0 ({res.error})")
        if label.startswith("DEM:") and label.endswith("-> nan") and "'" not in label:
            chk.true(res.error and label.split()[1] in res.error, f"{label}: an error naming it ({res.error})")
        if "bond_gap_max ->" in label:
            chk.true(res.error and "bond_gap_max" in res.error, f"{label}: an error naming it ({res.error})")
        if "slots value" in label:
            chk.true(res.error and "damaged" in res.error and "slots" in res.error,
                     f"{label}: said damaged, naming the slots ({res.error})")
        if "version text length" in label:
            chk.true(res.error and "damaged" in res.error, f"{label}: said damaged ({res.error})")


def read_alone(path, where, ranks):
    """read_restart of a damaged copy by lmp on `ranks` ranks: its Result (a crash has no error)."""
    try:
        return run(reader(path), ranks=ranks, workdir=where, expect_error=True)
    except AssertionError as e:
        return Result(str(e), -1, where)


def main():
    chk = Checks()
    where = tempfile.mkdtemp(prefix="demtest-damaged-")
    written = run(WRITER, workdir=where)
    chk.true("bonded" in written.output, "the writer's deck bonds its touching spheres (bond_gap_max is written)")
    with open(os.path.join(where, "intact.restart"), "rb") as f:
        data = f.read()
    chk.true(b"bond_gap_max" in data, "the settings record holds bond_gap_max")
    cases = cases_of(data)
    paths = []
    for k, (label, content, own) in enumerate(cases):
        paths.append(os.path.join(where, f"damaged{k}.restart"))
        with open(paths[-1], "wb") as f:
            f.write(content)
    # in one process (LAMMPS's Python module), each deck in a fresh LAMMPS instance; the history
    # fix's global record only where the pair style is the process's first instance (the fix's ID
    # numbers the instances, and LAMMPS hands global data by ID): those copies are read by lmp
    together = [k for k, case in enumerate(cases) if not case[2]]
    alone = [k for k, case in enumerate(cases) if case[2]]
    batch = errors_in_process([reader(os.path.join(where, "intact.restart"))] + [reader(paths[k]) for k in together])
    chk.true(batch[0].returncode == 0 and batch[0].error is None, f"the intact file is read and runs ({batch[0].error})")
    results = dict(zip(together, batch[1:]))
    for k in alone:
        results[k] = read_alone(paths[k], where, 1)
    bad = [cases[k][0] for k, res in sorted(results.items())
           if not (res.error and clean_error_exit(res) and printable(res.error))]
    for label in bad[:3]:
        res = results[next(k for k, case in enumerate(cases) if case[0] == label)]
        print(f"  {label}: exit {res.returncode}, {res.error}\n" + res.output[-1500:])
    chk.true(not bad, f"each of the {len(cases)} damaged copies ends on a clean LAMMPS error with a printable "
             f"message ({len(bad)} do not: {bad})")
    check_messages(chk, {cases[k][0]: res for k, res in results.items()})

    # 2 ranks (the per-atom records on both): the same clean errors (where LAMMPS has MPI)
    if HAVE_MPI:
        for label in ("DEM:HIST version text length 5 -> 6", "DEM:HIST version text length 5 -> 2147483647",
                      "DEM:WALL version text length 5 -> 4",
                      "per-atom history partner count 1", "per-atom history partner count, last atom",
                      "per-atom wall record slots", "DEM:PSET bond_gap_max -> -1.0", "DEM:PSET e_strain -> nan",
                      "DEM:WALL fx -> nan"):
            k = next(k for k, case in enumerate(cases) if case[0].startswith(label))
            res = read_alone(paths[k], where, 2)
            chk.true(clean_error_exit(res) and printable(res.error), f"2 ranks, {cases[k][0]}: a clean error "
                     f"({res.error})" + ("" if clean_error_exit(res) else "\n" + res.output[-1500:]))
    chk.finish()


if __name__ == "__main__":
    main()
