"""fix wall/dem ... mesh: impacts on a face, an edge and a vertex of a cube mesh against the closed
forms of each law, and a sphere at rest in the concave corner of a box mesh.

1. Head-on impacts along the contact normal on the top face, on an edge (along the bisector of
   its two faces) and on a vertex (along the cube's diagonal) of the cube [-0.1, 0]^3 (12
   triangles, 6 patches): an edge or vertex contact has the ball-facet semantics of a face (m_c = m,
   facet radius infinite), so the closed forms of test_wall_impact.py hold: linear restitution and
   duration pi/w; Hertz maximum overlap, peak force and duration 2.94328 d_max/v0; Rocky's
   hysteretic rebound. At the edge and the vertex the faces that meet there must not add a second
   contact: one contact, and the sphere leaves along the line it came on.
2. A sphere pushed by gravity into the concave edge and into the corner of an open box mesh comes
   to rest with the forces of two and three planes: m g / sqrt(2) and m g / sqrt(3) on each face,
   two and three contacts; the per-triangle rows of the fix's array add up to the totals.
Tolerances as in test_wall_impact.py and test_wall_corner.py.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402
from stlmesh import box, write_stl  # noqa: E402
from test_wall_impact import R, RHO, linear_tc, mass, zeta_full  # noqa: E402

# feature: (unit direction from the feature to the ball, gap formula, start offset along it)
FEATURES = {
    "face": ((0.0, 0.0, 1.0), "z[1]-{R}"),
    "edge": ((math.sqrt(0.5), 0.0, math.sqrt(0.5)), "sqrt(x[1]^2+z[1]^2)-{R}"),
    "vertex": ((1 / math.sqrt(3),) * 3, "sqrt(x[1]^2+y[1]^2+z[1]^2)-{R}"),
}


def impact_deck(law, cube, feature, v0, dt, steps, gap0=None):
    d, gap = FEATURES[feature]
    gap0 = gap0 if gap0 is not None else 0.2 * v0 * steps * dt / 1.6
    s = R + gap0
    pos = [s * c for c in d]
    if feature == "face":
        pos[0] = pos[1] = -0.05
    if feature == "edge":
        pos[1] = -0.05
    vel = [-v0 * c for c in d]
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.2 0.2 -0.2 0.2 -0.2 0.2
create_box 1 box
create_atoms 1 single {pos[0]!r} {pos[1]!r} {pos[2]!r}
set atom 1 diameter {2 * R} density {RHO}
velocity all set {vel[0]!r} {vel[1]!r} {vel[2]!r}
pair_style zero {2 * R}
pair_coeff * *
fix wall all wall/dem {law} mesh {cube}
fix integrate all nve/sphere
timestep {dt}
variable gap equal {gap.format(R=R)}
variable vn equal -({d[0]!r}*vx[1]+{d[1]!r}*vy[1]+{d[2]!r}*vz[1])
variable fn equal sqrt(f_wall[5]^2+f_wall[6]^2+f_wall[7]^2)
variable nc equal f_wall[11]
variable vperp equal sqrt((vx[1]+v_vn*{d[0]!r})^2+(vy[1]+v_vn*{d[1]!r})^2+(vz[1]+v_vn*{d[2]!r})^2)
print "@ m $(mass[1]:%.17g)"
thermo_style custom step v_gap v_vn v_fn v_nc v_vperp
thermo_modify format float %.17g
thermo 1
run {steps}
"""


def corner_deck(boxfile, pos, gvec):
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.2 0.2 -0.2 0.2 -0.2 0.2
create_box 1 box
create_atoms 1 single {pos}
set atom 1 diameter {2 * R} density {RHO}
velocity all set 0 0 0
pair_style zero {2 * R}
pair_coeff * *
fix integrate all nve/sphere
timestep 2e-5
variable speed equal sqrt(vx[1]^2+vy[1]^2+vz[1]^2)
print "@ m $(mass[1]:%.17g)"
fix w all wall/dem linear kn 1e5 ks 5e4 fric 0 dp_nratio 0.7 dp_sratio 0.5 mesh {boxfile}
fix gravity all gravity 9.81 vector {gvec}
run 20000
print "@ speed $(v_speed:%.17g)"
print "@ fx $(f_w[5]:%.17g)"
print "@ fy $(f_w[6]:%.17g)"
print "@ fz $(f_w[7]:%.17g)"
print "@ n $(f_w[11]:%.17g)"
variable rowsum_z equal {"+".join(f"f_w[{k}][3]" for k in range(1, 11))}
variable rowsum_n equal {"+".join(f"f_w[{k}][7]" for k in range(1, 11))}
print "@ rows_fz $(v_rowsum_z:%.17g)"
print "@ rows_n $(v_rowsum_n:%.17g)"
"""


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    cube = write_stl(os.path.join(tmp, "cube.stl"), box((-0.1, -0.1, -0.1), (0.0, 0.0, 0.0)))
    m = mass()
    kn, v0 = 1e5, 1.0

    def one(label, law, feature, v, dt, steps, gap0=None):
        res = run_here(impact_deck(law, cube, feature, v, dt, steps, gap0))
        rows = res.thermo
        chk.true(max(r["v_nc"] for r in rows) == 1, f"{label}, {feature}: one contact")
        chk.true(max(r["v_vperp"] for r in rows) < 1e-9 * v, f"{label}, {feature}: leaves along the line it came on")
        v_in, v_out = rows[0]["v_vn"], -rows[-1]["v_vn"]
        cross = [a["Step"] + a["v_gap"] / (a["v_gap"] - b["v_gap"])
                 for a, b in zip(rows, rows[1:]) if (a["v_gap"] > 0) != (b["v_gap"] > 0)]
        assert v_in > 0 and len(cross) == 2, f"{label}, {feature}: expected one contact, saw crossings {cross}"
        return {"e": v_out / v_in, "t_overlap": (cross[1] - cross[0]) * dt,
                "d_max": -min(r["v_gap"] for r in rows), "f_max": max(r["v_fn"] for r in rows)}

    # 1. linear, elastic and e = 0.5
    for e in (1.0, 0.5):
        tc = linear_tc(kn, m, zeta_full(e))
        dt = tc / 2000
        law = f"linear kn {kn}" + (f" restitution {e}" if e < 1 else "")
        for feature in FEATURES:
            r = one(f"linear e={e}", law, feature, v0, dt, 3200)
            chk.close(f"linear e={e}, {feature}: restitution", r["e"], e, rel=5e-4)
            chk.close(f"linear e={e}, {feature}: contact duration pi/w", r["t_overlap"], tc, rel=5e-4)
    # Hertz: R* = R, m_c = m, E* = G/(1 - nu)
    g, nu, v = 1e8, 0.3, 0.5
    e_star = g / (1 - nu)
    d_max = (15 * m * v ** 2 / (16 * e_star * math.sqrt(R))) ** 0.4
    tc = 2.94328 * d_max / v
    dt = tc / 2000
    for feature in FEATURES:
        r = one("hertz", f"hertz hz_shear {g} hz_poiss {nu}", feature, v, dt, 3200)
        chk.close(f"hertz, {feature}: maximum overlap", r["d_max"], d_max, rel=1e-4)
        chk.close(f"hertz, {feature}: peak force 4/3 E* sqrt(R) d^1.5", r["f_max"],
                  4.0 / 3.0 * e_star * math.sqrt(R) * d_max ** 1.5, rel=1e-4)
        chk.close(f"hertz, {feature}: duration 2.94328 d_max/v0", r["t_overlap"], tc, rel=5e-4)
    # Rocky's hysteretic spring (see test_wall_impact.py)
    e, lam = 0.5, 0.001
    e_eff = math.sqrt(e * e + lam * (1 - e * e) ** 2 / (1 - lam * e * e))
    t0 = math.sqrt(m / kn)
    dt = math.pi * t0 / 2000
    periods = 0.2 + 0.5 * (1 + e) + (1 - e * e) / (e * math.pi) + 0.2
    for feature in FEATURES:
        r = one("hysteretic", f"hysteretic kn {kn} restitution {e}", feature, v0, dt, int(periods * 2000),
                gap0=0.1 * math.pi * t0)
        chk.close(f"hysteretic, {feature}: restitution with the floor", r["e"], e_eff, rel=5e-4)
        chk.close(f"hysteretic, {feature}: maximum overlap v0 sqrt(m/K)", r["d_max"], v0 * t0, rel=1e-4)

    # 2. the concave edge and corner of an open box [0, 0.1]^3 (no top)
    opened = write_stl(os.path.join(tmp, "open.stl"), box((0, 0, 0), (0.1, 0.1, 0.1), top=False))
    res = run_here(corner_deck(opened, f"{R + 1e-4} 0.05 {R + 2e-4}", "-1 0 -1"))
    w = res["m"] * 9.81 / math.sqrt(2)
    chk.close("concave edge: at rest", res["speed"], 0.0, abs_tol=1e-9)
    chk.close("concave edge: force on the x face -m g/sqrt(2)", res["fx"], -w, rel=1e-6)
    chk.close("concave edge: force on the z face -m g/sqrt(2)", res["fz"], -w, rel=1e-6)
    chk.true(res["n"] == 2, f"concave edge: two contacts ({res['n']:g})")
    chk.close("concave edge: the triangles' rows add up to the total", res["rows_fz"], res["fz"], rel=1e-12)
    chk.true(res["rows_n"] == 2, "concave edge: two triangles carry the contacts")
    res = run_here(corner_deck(opened, f"{R + 1e-4} {R + 3e-4} {R + 2e-4}", "-1 -1 -1"))
    w = res["m"] * 9.81 / math.sqrt(3)
    chk.close("corner: at rest", res["speed"], 0.0, abs_tol=1e-9)
    for k in ("fx", "fy", "fz"):
        chk.close(f"corner: {k} on its face -m g/sqrt(3)", res[k], -w, rel=1e-6)
    chk.true(res["n"] == 3 and res["rows_n"] == 3, f"corner: three contacts ({res['n']:g})")
    chk.finish()


if __name__ == "__main__":
    main()
