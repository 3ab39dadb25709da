"""fix dem/cracks: a record of every crack (step, time, x y z, normal, radius, mode, count, id1, id2).

Two spheres of radius R = 0.01 on the x axis, sphere 2 moved by fix move, joined by dem_bond:
- a flat joint of 8 elements pulled apart: one record, on the step compute pair's entry 16 becomes 8:
  mode 1 (tension), count 8, radius R (fj_rmul 1: the whole interface), at the midpoint of the centres,
  normal (1, 0, 0) from atom 1 to atom 2, time = step dt;
- a flat joint bent (sphere 2 spun about z): the two outer tension sectors, then the two inner ones:
  two records of count 2, each of radius R sqrt(2/8) (the broken area as a disk's), on the steps the
  counts change;
- a parallel bond (pb_rmul 0.5) pulled: count 1, radius R/2;
- a fix on a group without atom 2 records nothing; the fix's scalar and vector count the records and
  the broken elements by mode (as compute pair's 16 and 17);
- the records survive a restart file;
- with --kokkos the /kk styles give the same records; with --ranks 2 ranks (the pair astride, newton
  on and off: each crack recorded once) too;
- bad input: errors.
Positions to 1e-12 m, the rest exactly.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, errors_in_process, run  # noqa: E402
from two_spheres import setup  # noqa: E402

R, DT, V = 0.01, 1e-6, 1.0
JOINT = "kn 1e5 fj_kn 1e9 fj_ks 5e8 fj_ten 1e6 fj_coh 1e6 fj_nr 2 fj_nal 4"
BEND = "kn 1e5 fj_kn 1e9 fj_ks 0 fj_ten 1e4 fj_coh 1e12 fj_nr 2 fj_nal 4"
PBOND = "kn 1e5 pb_kn 1e10 pb_ks 1e10 pb_ten 1e6 pb_coh 1e9 pb_rmul 0.5"
COLUMNS = ["step", "time", "x", "y", "z", "nx", "ny", "nz", "radius", "mode", "count", "id1", "id2"]
DUMP = "write_dump all local cracks.dump " + " ".join(f"f_cr[{k + 1}]" for k in range(len(COLUMNS)))


def deck(coeff, motion, steps, x2=2 * R - 2e-6, group="all", tail="", x0=0.0, head=""):
    """Sphere 1 at x0, sphere 2 at x0 + x2 (motion: sphere 2's fix move arguments)"""
    return head + setup(x2, x0, R) + f"""
pair_style dem/linear
pair_coeff * * {coeff}
timestep {DT}
neighbor 2e-3 bin
group one id 1
group two id 2
fix still one move linear 0 0 0
dem_bond all gap 0
compute dem all pair dem/linear
fix cr {group} dem/cracks
thermo_style custom step c_dem[16] c_dem[17] f_cr f_cr[1] f_cr[2]
thermo_modify format float %.17g
thermo 1
fix move two move {motion}
run {steps}
{DUMP}
{tail}
"""


def records(res):
    """The rows of the last write_dump, sorted"""
    lines = open(os.path.join(res.workdir, "cracks.dump")).read().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("ITEM: ENTRIES"))
    return sorted([dict(zip(COLUMNS, map(float, line.split()))) for line in lines[start + 1:]],
                  key=lambda r: (r["step"], r["mode"]))


def change_steps(res, col):
    rows = res.thermo
    return [b["Step"] for a, b in zip(rows, rows[1:]) if b[col] != a[col]]


def main():
    chk = Checks()
    kokkos, ranks = "--kokkos" in sys.argv, "--ranks" in sys.argv
    def decks(x0=0.0, head=""):    # pulled joint, bent joint, pulled parallel bond
        return (deck(JOINT, f"linear {V} 0 0", 1100, tail="write_restart cracks.restart", x0=x0, head=head),
                deck(BEND, f"rotate {x0 + 2 * R} 0 0 0 0 1 {math.pi}", 2500, x2=2 * R, x0=x0, head=head),
                deck(PBOND, f"linear {V} 0 0", 1100, x0=x0, head=head))

    pull, bend, pb = decks()

    res = run(pull)
    got = records(res)
    chk.true(len(got) == 1, f"pulled joint: one record ({len(got)})")
    if got:
        c = got[0]
        s = change_steps(res, "c_dem[16]")
        chk.true(s == [c["step"]], f"pulled joint: on the step the elements broke ({c['step']}, {s})")
        chk.true((c["mode"], c["count"], c["id1"], c["id2"]) == (1, 8, 1, 2),
                 f"pulled joint: tension, 8 elements, atoms 1 and 2: {c}")
        chk.close("pulled joint: radius R", c["radius"], R, rel=1e-14)
        chk.close("pulled joint: at the midpoint", c["x"], 0.5 * (2 * R - 2e-6 + V * DT * c["step"]), abs_tol=1e-12)
        chk.true((c["y"], c["z"], c["nx"], c["ny"], c["nz"]) == (0, 0, 1, 0, 0), "pulled joint: normal (1, 0, 0)")
        chk.close("pulled joint: time = step dt", c["time"], c["step"] * DT, rel=1e-12)
    last = res.thermo[-1]
    chk.true((last["f_cr"], last["f_cr[1]"], last["f_cr[2]"]) == (1, 8, 0),
             f"pulled joint: the fix counts 1 record, 8 elements in tension ({last})")

    back = run(f"""
read_restart {res.workdir}/cracks.restart
pair_style dem/linear
pair_coeff * * {JOINT}
fix cr all dem/cracks
run 0
{DUMP}
""")
    chk.true(records(back) == got, "restart: the records are kept")

    res = run(bend)
    got = records(res)
    s = change_steps(res, "c_dem[16]")
    chk.true(len(got) == 2 and [c["step"] for c in got] == s,
             f"bent joint: two records, on the steps the counts change ({[c['step'] for c in got]}, {s})")
    for k, c in enumerate(got):
        chk.true((c["mode"], c["count"]) == (1, 2), f"bent joint, record {k + 1}: 2 elements in tension")
        chk.close(f"bent joint, record {k + 1}: radius R sqrt(2/8)", c["radius"], R * 0.5, rel=1e-14)
        chk.close(f"bent joint, record {k + 1}: at the midpoint", c["x"], R, abs_tol=1e-12)

    res = run(pb)
    got = records(res)
    chk.true(len(got) == 1 and (got[0]["mode"], got[0]["count"]) == (1, 1),
             f"parallel bond: one record, tension ({got})")
    if got:
        chk.close("parallel bond: radius pb_rmul R", got[0]["radius"], 0.5 * R, rel=1e-14)

    res = run(deck(JOINT, f"linear {V} 0 0", 1100, group="one"))
    chk.true(records(res) == [] and res.thermo[-1]["c_dem[16]"] == 8,
             "a group without atom 2: no record (the elements broke)")

    others = []
    if kokkos:
        others.append(("/kk", {"kokkos": True}))
    if ranks:    # (newton off: both ranks compute the pair, one records it)
        others += [("2 ranks", {"ranks": 2}), ("2 ranks, newton off", {"ranks": 2, "newton": "off"})]
    for label, kw in others:    # (on 2 ranks the pair astride them: the contact point at x = 0)
        newton = kw.pop("newton", "on")
        two = decks(-R, f"processors * 1 1\nnewton {newton}") if "ranks" in kw else decks()
        for name, d in zip(("pulled", "bent", "parallel bond"), two):
            cpu = records(run(d))
            got = records(run(d, **kw))
            worst = max((abs(a[k] - b[k]) for a, b in zip(cpu, got) for k in COLUMNS), default=0.0)
            chk.true(len(cpu) == len(got) and worst < 1e-12,
                     f"{label}, {name}: the CPU's records ({len(got)} of {len(cpu)}, worst difference {worst:.1e})")

    if not ranks:    # (the errors on one rank)
        bad = [("fix cr all dem/cracks 1", "takes no arguments"),
               ("pair_style dem/hertz\npair_coeff * * hz_shear 1e9 hz_poiss 0.3\nfix cr all dem/cracks",
                "needs pair style dem/linear")]
        decks = [setup(0.019) + f"pair_style dem/linear\npair_coeff * * kn 1e5\n{b}\nrun 0\n" for b, _ in bad]
        for (_, want), res in zip(bad, errors_in_process(decks)):
            chk.true(res.error is not None and want in res.error, f"error '{want}': got {res.error!r}")
    chk.finish()


if __name__ == "__main__":
    main()
