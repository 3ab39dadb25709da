"""Values that are finite but overflow once the law combines them (with each other, or with the
particles' sizes and masses), or that are not numbers, stop the run at its start with an error
naming the keyword, on the CPU, under Kokkos and on 2 ranks, for pairs and walls alike (see
dem/linear's Restrictions: the probe contact of plugin/finite_probe.h). Also: a number in a
message is printed as %g, and tan_mode 1 needs v_slide outside units si."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import HAVE_KOKKOS, HAVE_MPI, Checks, clean_error_exit, errors_in_process, run  # noqa: E402

DECK = """
units {units}
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.05 0.05 -0.05 0.05 0 0.1
create_box 1 box
create_atoms 1 single 0 0 0.0049
create_atoms 1 single 0.0098 0 0.0049
create_atoms 1 single 0.0049 0 0.0135
set group all diameter 0.01 density 2500
velocity all set 0.01 0.02 -0.05
fix g all gravity 9.81 vector 0 0 -1
neighbor 0.001 bin
timestep 1e-6
{pair}
{wall}
fix i all nve/sphere
run 40
"""
FLOOR = "fix floor all wall/dem linear kn 1e4 ks 5e3 fric 0.5 zplane 0 NULL"
LAW = {"linear": "kn 1e4 ks 5e3 fric 0.5", "hertz": "hz_shear 1e7 hz_poiss 0.3 fric 0.5",
       "hysteretic": "kn 1e4 restitution 0.5 fric 0.5"}
# (law, values replacing or joining the law's, words the error must contain); the first four also
# run on 2 ranks and under Kokkos (the checks are the CPU styles' code, which both share)
CASES = [
    ("linear", "adh_model 1 adh_frac 1e308 adh_dist 1e-4 adh_g 9.81", ["keyword adh_frac"]),
    ("hertz", "hz_emod 1e300 hz_poiss 0.3", ["hz_emod"]),
    ("linear", "adh_model 1 adh_frac 1 adh_dist 1e308 adh_g 9.81", ["adh_dist", "box"]),
    ("linear", "kn nan", ["keyword kn", "not a finite number"]),
    ("linear", "adh_model 1 adh_frac 1 adh_dist 1e-4 adh_g 1e308", ["keyword adh_g"]),
    ("linear", "adh_model 1 adh_frac 1e300 adh_dist 1e-4 adh_g 1e10", ["adh_frac", "not finite"]),
    ("hysteretic", "adh_model 2 adh_frac 1e308 adh_dist 1e-4", ["keyword adh_frac"]),
    ("hertz", "adh_model 3 adh_gamma 1e308", ["adh_gamma"]),
    ("hertz", "adh_model 3 adh_gamma 1e30", ["adh_gamma", "box"]),
    ("hertz", "hz_emod 1e-3 hz_poiss 0.3 adh_model 3 adh_gamma 0.05", ["hz_emod", "box"]),
    ("hertz", "hz_emod 1e308 hz_poiss 0.3", ["hz_emod"]),
    ("hertz", "hz_shear 1e300", ["hz_shear"]),
    ("linear", "fric abc", ["keyword fric", "expected a number", "abc"]),
    ("linear", "adh_model 1e308", ["adh_model = 1e+308"]),
]


def deck(law, values, wall, units="si", base=True):
    """values join the law's LAW values (replace them: base False, or a Hertz stiffness given)."""
    coeff = f"{LAW[law]} {values}" if base and not values.startswith(("hz_emod", "hz_shear")) else values
    if wall:
        return DECK.format(units=units, pair=f"pair_style dem/linear\npair_coeff * * {LAW['linear']}",
                           wall=f"fix w all wall/dem {law} {coeff} zplane 0 NULL")
    return DECK.format(units=units, pair=f"pair_style dem/{law}\npair_coeff * * {coeff}", wall=FLOOR)


def main():
    chk = Checks()
    backends = ([("CPU", {})] + ([("2 ranks", {"ranks": 2})] if HAVE_MPI else [])
                + ([("Kokkos", {"kokkos": True})] if HAVE_KOKKOS else []))
    plan = [(case, wall, name, kw) for case in range(len(CASES)) for wall in (False, True)
            for name, kw in (backends if case < 4 else backends[:1])]
    units_decks = [deck("linear", "kn 1e4 fric 0.5 tan_mode 1", wall, units, base=False)
                   for units in ("lj", "cgs") for wall in (False, True)]
    units_decks += [deck("linear", "kn 1e4 fric 0.5 tan_mode 1 v_slide 0.1", False, units, base=False)
                    for units in ("lj", "cgs")]
    # the one-rank decks in one process each for the CPU and Kokkos (LAMMPS's Python module), the
    # 2-rank ones with mpiexec
    cpu = iter(errors_in_process([deck(*CASES[c][:2], w) for c, w, name, kw in plan if name == "CPU"] + units_decks))
    kk = iter(errors_in_process([deck(*CASES[c][:2], w) for c, w, name, kw in plan if name == "Kokkos"], kokkos=True)
              if HAVE_KOKKOS else [])
    for case, wall, name, kw in plan:
        law, values, words = CASES[case]
        where = "wall/dem" if wall else "pair"
        if name == "CPU":
            res = next(cpu)
        elif name == "Kokkos":
            res = next(kk)
        else:
            res = run(deck(law, values, wall), expect_error=True, **kw)
        msg = res.error or ""
        chk.true(all(w in msg for w in words) and clean_error_exit(res),
                 f"{name}, {where} {law} {values}: error names {words}: '{msg}'")
        if name == (backends if case < 4 else backends[:1])[-1][0]:
            # the long form of a number never appears (in the last backend's message)
            chk.true("000000000000" not in msg, f"{where} {law} {values}: numbers printed short")
    # v_slide's default is Rocky's 1 mm/s in units si only
    for units in ("lj", "cgs"):
        for wall in (False, True):
            res = next(cpu)
            chk.true("v_slide" in (res.error or "") and f"units {units}" in (res.error or "") and clean_error_exit(res),
                     f"units {units}, {'wall' if wall else 'pair'} tan_mode 1 without v_slide: '{res.error}'")
    for units in ("lj", "cgs"):
        res = next(cpu)
        chk.true(res.returncode == 0 and res.error is None, f"units {units}: tan_mode 1 with v_slide given runs")
    chk.finish()


if __name__ == "__main__":
    main()
