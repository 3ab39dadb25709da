"""Two-sphere head-on collision decks and their measured restitution and contact duration."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math

from demtest import run_here


def deck(pair_style, coeffs, r1=0.01, r2=0.01, rho1=2500.0, rho2=2500.0, v0=1.0, dt=5e-7, steps=6000,
         gap0=1e-4, extra="", dim=3):
    """Sphere 1 at the origin, sphere 2 on +x, approaching at v0 with zero total momentum."""
    m1, m2 = mass(r1, rho1, dim), mass(r2, rho2, dim)
    u1, u2 = v0 * m2 / (m1 + m2), -v0 * m1 / (m1 + m2)
    coeff_lines = "\n".join(f"pair_coeff {c}" for c in coeffs)
    return f"""
units si
dimension {dim}
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.2 0.2 -0.2 0.2 {"-0.2 0.2" if dim == 3 else "-0.01 0.01"}
create_box 2 box
create_atoms 1 single 0 0 0
create_atoms 2 single {r1 + r2 + gap0} 0 0
set atom 1 diameter {2 * r1} density {rho1}
set atom 2 diameter {2 * r2} density {rho2}
velocity all set 0 0 0
set atom 1 vx {u1}
set atom 2 vx {u2}
pair_style {pair_style}
{coeff_lines}
neighbor {0.5 * min(r1, r2)} bin
neigh_modify delay 0 every 1 check yes
fix integrate all nve/sphere
timestep {dt}
variable gap equal sqrt((x[2]-x[1])^2+(y[2]-y[1])^2+(z[2]-z[1])^2)-{r1 + r2}
variable vrel equal vx[2]-vx[1]
variable fx equal fx[2]
print "@ m1 $(mass[1]:%.17g)"
print "@ m2 $(mass[2]:%.17g)"
{extra}
thermo_style custom step v_gap v_vrel v_fx
thermo_modify format float %.17g
thermo 1
run {steps}
"""


def mass(r, rho, dim=3):
    """LAMMPS's sphere mass: density is per volume in 3d, per area in 2d."""
    return rho * (4.0 / 3.0 * math.pi * r ** 3 if dim == 3 else math.pi * r ** 2)


def measure(deck_text, dt, **kw):
    """Restitution (final / initial relative speed), overlap duration and force duration (the run
    in run_here's LAMMPS process, kw its arguments)."""
    return measured(run_here(deck_text, **kw), dt)


def measured(res, dt):
    """measure()'s numbers from a run that has been made (e.g. by runs_in_process)."""
    rows = res.thermo
    v_in, v_out = -rows[0]["v_vrel"], rows[-1]["v_vrel"]
    assert v_in > 0 and rows[-1]["v_gap"] > 0, "the spheres must have met and separated"
    # overlap duration, with the gap's zero crossings interpolated linearly between steps
    crossings = []
    for a, b in zip(rows, rows[1:]):
        if (a["v_gap"] > 0) != (b["v_gap"] > 0):
            crossings.append(a["Step"] + a["v_gap"] / (a["v_gap"] - b["v_gap"]))
    assert len(crossings) == 2, f"expected one contact, saw crossings {crossings}"
    t_overlap = (crossings[1] - crossings[0]) * dt
    t_force = sum(1 for r in rows if r["v_fx"] != 0.0) * dt
    return {"e": v_out / v_in, "t_overlap": t_overlap, "t_force": t_force, "rows": rows,
            "m1": res["m1"], "m2": res["m2"]}
