"""fix wall/dem's servo (keyword servo): walls that move to hold a target stress, closed forms.

Balls that do not move (no integrator) between servo walls of a linear law (F = k_n delta):
- before contact a wall approaches at exactly vmax: lo = lo0 + n vmax dt;
- at rest the wall's normal force is sigma A (to 1e-9 relative: the error shrinks by 1 - alpha per
  step once vmax no longer caps it, so a few hundred steps leave round-off), and its place is the
  ball's surface less delta = sigma A / k_n (1e-12 m);
- the same force with the Hertz law (whose tangent stiffness the gain uses) and the hysteretic law;
- a cylinder (the radius holds a ball at x = 0.5: R_cyl = 0.6 - delta);
- variables: a target that steps up (delta doubles), and an area that depends on the walls' own
  places (output entries 19 and 20): A = 0.1 (hi - lo) gives delta = 0.02 sigma / (k_n + 0.2 sigma);
- a run continued from a restart file equals the straight run (the walls' places and rates are in
  it; 1e-13), a fix without servo reading them keeps its own places and says so;
- with --mpi: two balls on two ranks (each wall's contact on another rank): the same places as on
  one rank (1e-13); with --kokkos: wall/dem/kk agrees with the CPU (1e-12);
- walls bonded to the ball (dem_bond; a parallel bond, a flat joint): the gain counts the bond's
  stiffness k_n A (PFC's effective translational stiffness of the wall's contacts), so the force
  error still shrinks by 1 - alpha per step and the wall rests at delta = sigma A / K with
  K = k_n + k_n,b A (parallel bond; the flat joint's k_n A alone), the array's column 10 being K;
- bad input: errors naming the keyword and its range.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, errors_in_process, run, run_backends, thermo_difference  # noqa: E402

KN = 1e5
SIGMA, AREA = 2e5, 0.01    # target force 2000 N: delta = 0.02
VMAX, DT = 10.0, 1e-4


def deck(wall, balls=((0.0, 0.0, 0.0),), steps=3000, extra="", head="", rows=2, after=""):
    atoms = "\n".join(f"create_atoms 1 single {x} {y} {z}" for x, y, z in balls)
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
{head}
region box block -1 1 -1 1 -1 1
create_box 1 box
{atoms}
set type 1 diameter 0.2 density 1000
pair_style dem/linear
pair_coeff * * kn 1e4 ks 1e4
neighbor 0.01 bin
comm_modify vel yes
{extra}
fix w all wall/dem {wall}
{after}
timestep {DT}
thermo_style custom step f_w[19] f_w[20] {" ".join(f"f_w[{r + 1}][8]" for r in range(rows))}
thermo_modify format float %.17g
thermo 100
run {steps}
print "@ lo $(f_w[19]:%.17g)"
print "@ hi $(f_w[20]:%.17g)"
print "@ flo $(f_w[1][8]:%.17g)"
print "@ fhi $(f_w[{rows}][8]:%.17g)"
print "@ khi $(f_w[{rows}][10]:%.17g)"
"""


LINEAR = f"linear kn {KN} ks 5e4 fric 0.5 dp_nratio 0.3"
# bonds at the walls: E/L with L = R = 0.1 (PFC's ball-facet length) over pi (lambda R)^2
EMOD, RMUL = 5e6, 0.5
K_BOND = EMOD / 0.1 * math.pi * (RMUL * 0.1) ** 2
BONDS = {"parallel bond": (f"pb_emod {EMOD} pb_rmul {RMUL} pb_ten 1e12 pb_coh 1e12", KN + K_BOND),
         "flat joint": (f"fj_emod {EMOD} fj_rmul {RMUL} fj_ten 1e12 fj_coh 1e12", K_BOND)}


def main():
    chk = Checks()
    mpi, kokkos = "--mpi" in sys.argv, "--kokkos" in sys.argv
    servo = f"servo {SIGMA} {AREA} {VMAX}"
    delta = SIGMA * AREA / KN

    # approach at vmax, then rest at sigma A
    res = run(deck(f"{LINEAR} xplane -0.5 0.5 {servo}", steps=100))
    chk.close("approach: lo after 100 steps at vmax", res["lo"], -0.5 + 100 * VMAX * DT, abs_tol=1e-13)
    chk.close("approach: hi after 100 steps at vmax", res["hi"], 0.5 - 100 * VMAX * DT, abs_tol=1e-13)
    res = run_backends(chk, deck(f"{LINEAR} xplane -0.5 0.5 {servo}"), kokkos, "linear servo", rel=1e-12)
    chk.close("linear: lo wall's force = sigma A", res["flo"], SIGMA * AREA, rel=1e-9)
    chk.close("linear: hi wall's force = sigma A", res["fhi"], SIGMA * AREA, rel=1e-9)
    chk.close("linear: lo = -R + delta", res["lo"], -0.1 + delta, abs_tol=1e-12)
    chk.close("linear: hi = R - delta", res["hi"], 0.1 - delta, abs_tol=1e-12)
    for law, wall in (("hertz", "hertz hz_shear 1e7 hz_poiss 0.3 fric 0.5 dp_nratio 0.2"),
                      ("hysteretic", "hysteretic kn 1e5 restitution 0.5 fric 0.5")):
        res = run_backends(chk, deck(f"{wall} zplane -0.5 0.5 {servo}"), kokkos, f"{law} servo", rel=1e-12)
        chk.close(f"{law}: lo wall's force = sigma A", res["flo"], SIGMA * AREA, rel=1e-9)
        chk.close(f"{law}: hi wall's force = sigma A", res["fhi"], SIGMA * AREA, rel=1e-9)

    # walls bonded to the ball: the bond's stiffness in the gain (without it the force error would
    # change by 1 - alpha K / k_n per step: by -3 with the parallel bond, and the flat joint, whose
    # law's k_n does not act, would move at vmax)
    for name, (bonds, k) in BONDS.items():
        wall = f"linear kn {KN} ks 5e4 fric 0.5 {bonds} zplane -0.1 0.1 {servo}"
        res = run_backends(chk, deck(wall, steps=300, after="dem_bond all gap 1e-6"), kokkos,
                           f"{name} servo", rel=1e-12)
        chk.close(f"{name}: the wall's stiffness (column 10) = {k:.6g}", res["khi"], k, rel=1e-14)
        chk.close(f"{name}: hi wall's force = sigma A", res["fhi"], SIGMA * AREA, rel=1e-9)
        chk.close(f"{name}: hi = R - sigma A / K", res["hi"], 0.1 - SIGMA * AREA / k, abs_tol=1e-12)

    # the cylinder: one ball at x = 0.5
    res = run_backends(chk, deck(f"{LINEAR} zcylinder 0.9 {servo}", balls=((0.5, 0.0, 0.0),), rows=1), kokkos,
                       "cylinder servo", rel=1e-12)
    chk.close("cylinder: its force = sigma A", res["flo"], SIGMA * AREA, rel=1e-9)
    chk.close("cylinder: radius = 0.6 - delta", res["lo"], 0.6 - delta, abs_tol=1e-12)

    # variables: the target doubles at step 500; the area from the walls' own places
    steps = f"variable s equal {SIGMA}*(1+(step>500))"
    res = run(deck(f"{LINEAR} yplane -0.5 0.5 servo v_s {AREA} {VMAX}", extra=steps))
    chk.close("stress variable: delta doubles", res["hi"], 0.1 - 2 * delta, abs_tol=1e-12)
    own = "variable a equal 0.1*(f_w[20]-f_w[19])"
    res = run(deck(f"{LINEAR} yplane -0.5 0.5 servo {SIGMA} v_a {VMAX}", extra=own))
    chk.close("area from the walls' places", res["hi"], 0.1 - 0.02 * SIGMA / (KN + 0.2 * SIGMA), abs_tol=1e-12)

    # restart: 300 steps (the walls in motion), then 700 more, against 1000 straight
    straight = run(deck(f"{LINEAR} xplane -0.5 0.5 {servo}", steps=1000))
    first = run(deck(f"{LINEAR} xplane -0.5 0.5 {servo}", steps=300) + "write_restart servo.restart\n")
    again = f"""
read_restart {first.workdir}/servo.restart
pair_style dem/linear
pair_coeff * * kn 1e4 ks 1e4
neighbor 0.01 bin
comm_modify vel yes
fix w all wall/dem {{}} xplane -0.5 0.5 {{}}
timestep {DT}
thermo_style custom step f_w[19] f_w[20] f_w[1][8] f_w[2][8]
thermo_modify format float %.17g
run 700
print "@ lo $(f_w[19]:%.17g)"
print "@ hi $(f_w[20]:%.17g)"
"""
    cont = run(again.format(LINEAR, servo))
    for side in ("lo", "hi"):
        chk.close(f"restart: {side} continues from the file", cont[side], straight[side], abs_tol=1e-13)
    chk.true("servo walls continue from the restart file" in cont.output, "restart: the log says so")
    plain = run(again.format(LINEAR, ""))
    chk.close("restart into a fix without servo: its own lo", plain["lo"], -0.5, abs_tol=0)
    chk.true("this fix has no servo keyword" in plain.output, "restart into a fix without servo: a warning")
    if kokkos:
        kk = run(again.format(LINEAR, servo), kokkos=True)
        chk.close("restart CPU -> /kk: hi", kk["hi"], straight["hi"], abs_tol=1e-13)

    if mpi:    # a ball on each rank, each touching one wall
        two = deck(f"{LINEAR} xplane -0.7 0.7 {servo}", balls=((-0.4, 0, 0), (0.4, 0, 0)),
                   head="processors * 1 1")
        one, both = run(two), run(two, ranks=2)
        worst = thermo_difference(one.thermo, both.thermo)
        chk.true(worst <= 1e-13, f"2 ranks: the walls' places and forces as on one (worst {worst:.1e})")
        chk.close("2 ranks: hi = 0.5 - delta", both["hi"], 0.5 - delta, abs_tol=1e-12)

    if not mpi:    # (the errors once, on one rank)
        bad = [
            (f"{LINEAR} region box servo 1 1 1", "servo is for plane and zcylinder walls"),
            (f"{LINEAR} xplane -0.5 0.5 servo -1 1 1", "servo stress = -1 is out of range: allowed [0, inf)"),
            (f"{LINEAR} xplane -0.5 0.5 servo 1 0 1", "servo area = 0 is out of range: allowed (0, inf)"),
            (f"{LINEAR} xplane -0.5 0.5 servo 1 1 0", "servo vmax = 0 is out of range: allowed (0, inf)"),
            (f"{LINEAR} xplane -0.5 0.5 servo 1 1", "servo needs a target stress, an area"),
            (f"{LINEAR} xplane -0.5 0.5 servo 1 1 1 servo_alpha 1.5", "servo_alpha = 1.5 is out of range: allowed (0, 1]"),
            (f"{LINEAR} xplane -0.5 0.5 servo_alpha 0.5", "servo_alpha without servo"),
            (f"{LINEAR} xplane -0.5 0.5 servo v_nope 1 1", "servo stress: variable nope does not exist"),
            (f"{LINEAR} xplane -0.5 0.5 servo 1 v_ 1", "servo area: v_ needs a variable name"),
            (f"{LINEAR} xplane -0.5 0.5 servo 1 v_atoms 1", "servo area: variable atoms is not equal-style"),
            (f"{LINEAR} xplane -0.5 0.5 servo v_minus 1 1", "servo stress = -5 (variable minus) on step 1 is out of range"),
            (f"{LINEAR} xplane -0.2 -0.15 servo 1 1 10", "the servo moved the walls past each other"),
            (f"{LINEAR} zcylinder 0.01 servo 1 1 10", "the servo shrank the cylinder"),
        ]
        # (the last two act on no ball: a ball outside the walls would push them back)
        decks = [deck(w, steps=100, balls=((0.5, 0.5, 0.5),), rows=1,
                      extra="variable atoms atom x\nvariable minus equal -5\ngroup nobody empty")
                 for w, _ in bad]
        decks[-2:] = [d.replace("fix w all", "fix w nobody") for d in decks[-2:]]
        for (_, want), res in zip(bad, errors_in_process(decks)):
            chk.true(res.error is not None and want in res.error, f"error '{want}': got {res.error!r}")
    chk.finish()


if __name__ == "__main__":
    main()
