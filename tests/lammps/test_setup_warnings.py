"""The set-up warnings of a run's start (plugin/setup_checks.cpp, from the pair styles' init_style):
each appears when it should, once, and not otherwise.

  * 2d: fix nve/sphere without disc integrates spheres, not PFC2D's disks: warned, naming
    fix nve/sphere ... disc and set density/disc; with disc (and set density/disc) no warning;
    nvt/sphere without disc is warned too (it has the option);
  * fix damping/cundall defined before fix wall/dem: warned, naming both fixes and the order that
    works; the wall defined first: no warning;
  * 3d with fix nve/sphere and no damping: neither warning;
  * a second run of the same set-up does not repeat a warning;
  * what the order warning is about: a ball squeezed between a fixed floor and a platen moving
    down at constant speed, with damping/cundall 0.7. Defined after both walls, the damping acts on
    the small net force and the platen carries the floor's force (measured ratio 0.979: the local
    damping's oscillation about 1); defined before the platen, it damps the floor's force alone,
    and the platen needs 1 + 0.7 times it (measured 1.740). Tolerance 0.1.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, runs_in_process  # noqa: E402

DISC = "integrates the particles as spheres"
ORDER = "damps only the forces computed before it"


def deck(dim, fixes, runs=1):
    """Two spheres resting on each other in a small box (a disk pair in 2d), dem/linear, `fixes`
    (lines), then `runs` short runs."""
    if dim == 2:
        box = ["dimension 2", "boundary f f p", "region box block -0.1 0.1 -0.1 0.1 -0.01 0.01"]
        atoms = ["create_atoms 1 single 0 -0.05 0", "create_atoms 1 single 0 -0.0301 0"]
    else:
        box = ["boundary f f f", "region box block -0.1 0.1 -0.1 0.1 -0.1 0.1"]
        atoms = ["create_atoms 1 single 0 0 -0.05", "create_atoms 1 single 0 0 -0.0301"]
    lines = (["units si", "atom_style sphere", "atom_modify map array", "comm_modify vel yes"] + box
             + ["create_box 1 box"] + atoms
             + ["set group all diameter 0.02", "pair_style dem/linear",
                "pair_coeff * * kn 1e4 ks 5e3 fric 0.5 dp_nratio 0.3",
                "neighbor 0.002 bin", "timestep 1e-5"]
             + fixes + ["run 10"] * runs)
    return "\n".join(lines) + "\n"


def platen(damping_first):
    walls = ["fix lower all wall/dem linear kn 1e4 ks 0 zplane 0 NULL",
             "fix upper all wall/dem linear kn 1e4 ks 0 region top"]
    damp = ["fix damp all damping/cundall 0.7 0.7"]
    fixes = walls[:1] + (damp + walls[1:] if damping_first else walls[1:] + damp)
    return "\n".join([
        "units si", "atom_style sphere", "atom_modify map array", "boundary f f f", "comm_modify vel yes",
        "region box block -0.05 0.05 -0.05 0.05 -0.01 0.05", "create_box 1 box",
        "create_atoms 1 single 0 0 0.01", "set group all diameter 0.02 density 2500",
        "pair_style dem/linear", "pair_coeff * * kn 1e4 ks 5e3", "fix nve all nve/sphere",
        "variable zt equal -1e-4*time", "region top plane 0 0 0.02 0 0 -1 move NULL NULL v_zt units box"]
        + fixes + ["timestep 1e-5", "run 4000", 'print "@ ratio $(-f_upper[7]/f_lower[7])"']) + "\n"


def count(res, text):
    return len(re.findall(r"^WARNING: .*" + re.escape(text), res.output, re.M))


def main():
    chk = Checks()
    g2 = "fix g all gravity 10 vector 0 -1 0"
    g3 = "fix g all gravity 10 vector 0 0 -1"
    floor2 = "fix floor all wall/dem linear kn 1e4 ks 5e3 fric 0.5 yplane -0.06 NULL"
    floor3 = "fix floor all wall/dem linear kn 1e4 ks 5e3 fric 0.5 zplane -0.06 NULL"
    cases = [
        ("2d, nve/sphere without disc, set density",
         deck(2, ["set group all density 2500", "fix nve all nve/sphere", "fix e all enforce2d", g2, floor2])),
        ("2d, nve/sphere disc, set density/disc",
         deck(2, ["set group all density/disc 2500", "fix nve all nve/sphere disc", "fix e all enforce2d", g2,
                  floor2])),
        ("2d, nvt/sphere without disc",
         deck(2, ["set group all density/disc 2500", "fix nvt all nvt/sphere temp 1 1 1", "fix e all enforce2d"])),
        ("2d, nvt/sphere disc",
         deck(2, ["set group all density/disc 2500", "fix nvt all nvt/sphere temp 1 1 1 disc",
                  "fix e all enforce2d"])),
        ("3d, nve/sphere, damping after the wall",
         deck(3, ["set group all density 2500", "fix nve all nve/sphere", g3, floor3,
                  "fix damp all damping/cundall 0.7 0.7"])),
        ("3d, damping before the wall",
         deck(3, ["set group all density 2500", "fix nve all nve/sphere", g3,
                  "fix damp all damping/cundall 0.7 0.7", floor3])),
        ("2d without disc and damping before the wall, two runs",
         deck(2, ["set group all density 2500", "fix nve all nve/sphere", "fix e all enforce2d", g2,
                  "fix damp all damping/cundall 0.7 0.7", floor2], runs=2)),
        ("3d, nve/sphere, no damping",
         deck(3, ["set group all density 2500", "fix nve all nve/sphere", g3, floor3])),
    ]
    cases += [("platen, damping last", platen(False)), ("platen, damping before the platen", platen(True))]
    results = runs_in_process([d for _, d in cases])
    res = dict(zip([name for name, _ in cases], results))

    def warned(name, text, times):
        n = count(res[name], text)
        chk.true(n == times, f"{name}: {'the ' + ('2d' if text == DISC else 'order') + ' warning'} "
                 f"printed {n} time(s), want {times}")
        return n

    r = res["2d, nve/sphere without disc, set density"]
    if warned("2d, nve/sphere without disc, set density", DISC, 1):
        line = re.search(r"^WARNING: .*" + re.escape(DISC) + ".*$", r.output, re.M).group(0)
        for part in ("fix nve (nve/sphere)", "nve/sphere ... disc", "density/disc"):
            chk.true(part in line, f"the 2d warning names {part!r}: {line}")
    warned("2d, nve/sphere disc, set density/disc", DISC, 0)
    if warned("2d, nvt/sphere without disc", DISC, 1):
        chk.true("fix nvt (nvt/sphere)" in res["2d, nvt/sphere without disc"].output,
                 "the 2d warning names fix nvt (nvt/sphere)")
    warned("2d, nvt/sphere disc", DISC, 0)
    r = res["3d, damping before the wall"]
    if warned("3d, damping before the wall", ORDER, 1):
        line = re.search(r"^WARNING: .*" + re.escape(ORDER) + ".*$", r.output, re.M).group(0)
        for part in ("fix floor (wall/dem)", "fix damp (damping/cundall)",
                     "define fix wall/dem before fix damping/cundall"):
            chk.true(part in line, f"the order warning names {part!r}: {line}")
    name = "2d without disc and damping before the wall, two runs"
    warned(name, DISC, 1)
    warned(name, ORDER, 1)
    chk.true(len(re.findall(r"^Loop time", res[name].output, re.M)) == 2, f"{name}: both runs ran")
    for name in ("3d, nve/sphere, no damping", "3d, nve/sphere, damping after the wall"):
        warned(name, DISC, 0)
        warned(name, ORDER, 0)
    warned("platen, damping last", ORDER, 0)
    chk.close("platen, damping last: platen force / floor force", res["platen, damping last"]["ratio"], 1.0,
              abs_tol=0.1)
    warned("platen, damping before the platen", ORDER, 1)
    chk.close("platen, damping before the platen: platen force / floor force (1 + alpha)",
              res["platen, damping before the platen"]["ratio"], 1.7, abs_tol=0.1)
    chk.finish()


if __name__ == "__main__":
    main()
