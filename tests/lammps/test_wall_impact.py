"""fix wall/dem: a sphere hitting a wall head-on, against the closed forms (doc/verification.rst)
with the ball-facet contact geometry: m_c = m (the wall is immovable), Hertz with an infinite
wall radius (R* = R), linear stiffness from material k_n = pi R E (2d: 2 E).

Linear, full dashpot: t_c = pi / (w0 sqrt(1 - zeta^2)), w0 = sqrt(k_n/m), e as asked for.
No-tension dashpot: e as asked for (the Schwager-Poschel relation), force duration t_F.
Hertz: delta_max = (15 m v0^2 / (16 E* sqrt(R)))^(2/5), E* = G/(1 - nu), t_c = 2.94328 delta_max/v0;
restitution reached at every speed (Tsuji's dashpot).
Every wall style (planes from either side, a region plane, a region block face, zcylinder and a
region cylinder from inside) gives the same contact.
Tolerances: 2000 steps per contact; interpolated gap crossings give elastic durations and e to
~1e-6 (measured). A dashpot sees LAMMPS's half-step velocity, which costs e an error of order
zeta w0 dt (measured 3.5e-4 at e = 0.5, 9e-4 at zeta = 0.5): we allow 5e-4 on elastic and
full-dashpot values, 2e-3 on no-tension e and on the force duration (counted in whole steps).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here, runs_in_process  # noqa: E402

R, RHO = 0.01, 2500.0

# wall setups: (fix arguments after the law, extra commands, axis of approach, sign, start, wall position)
# the sphere starts at `start` on `axis` and moves towards the wall at `wall`
SETUPS = {
    "zplane lo": ("zplane 0 NULL", "", "z", 0.0),
    "zplane hi": ("zplane NULL 0", "", "z", 0.0),
    "region plane": ("region wall", "region wall plane 0 0 0 0 0 1", "z", 0.0),
    "region block face": ("region wall", "region wall block -0.1 0.1 -0.1 0.1 0 0.1", "z", 0.0),
    "zcylinder": ("zcylinder 0.1", "", "x", 0.1),
    "region cylinder": ("region wall", "region wall cylinder z 0 0 0.1 -0.1 0.1", "x", 0.1),
}


def mass():
    """LAMMPS's mass of the sphere (set density: per volume, also in 2d)."""
    return RHO * 4.0 / 3.0 * math.pi * R ** 3


def impact_deck(law_args, setup="zplane lo", v0=1.0, dt=1e-7, steps=3000, gap0=None, dim=3):
    wall, region, axis, wpos = SETUPS[setup]
    gap0 = gap0 if gap0 is not None else 0.2 * v0 * steps * dt / 1.6
    # towards the wall: "hi" walls and cylinders are approached in +axis, the others in -axis
    sign = 1.0 if setup in ("zplane hi", "zcylinder", "region cylinder") else -1.0
    start = wpos - sign * (R + gap0)
    pos = {"x": 0.0, "y": 0.0, "z": 0.0}
    pos[axis] = start
    gap = f"{sign}*({wpos}-{axis}[1])-{R}"
    box = "-0.2 0.2 -0.2 0.2 -0.2 0.2" if dim == 3 else "-0.2 0.2 -0.2 0.2 -0.01 0.01"
    return f"""
units si
dimension {dim}
atom_style sphere
atom_modify map array
boundary f f {"f" if dim == 3 else "p"}
comm_modify vel yes
region box block {box}
create_box 1 box
create_atoms 1 single {pos["x"]} {pos["y"]} {pos["z"]}
set atom 1 diameter {2 * R} density {RHO}
velocity all set 0 0 0
set atom 1 v{axis} {sign * v0}
pair_style zero {2 * R}
pair_coeff * *
{region}
fix wall all wall/dem {law_args} {wall}
fix integrate all nve/sphere
timestep {dt}
variable gap equal {gap}
variable vn equal {sign}*v{axis}[1]
variable fn equal abs(f_wall[{ {"x": 5, "y": 6, "z": 7}[axis]}])
print "@ m $(mass[1]:%.17g)"
thermo_style custom step v_gap v_vn v_fn
thermo_modify format float %.17g
thermo 1
run {steps}
"""


def measure(deck, dt):
    """One impact (test_hertz_emod's, in run_here's LAMMPS process): measured() of its run."""
    return measured(run_here(deck), dt)


def measured(res, dt):
    """Restitution, overlap and force durations, maximum overlap and force of an impact's run."""
    rows = res.thermo
    v_in, v_out = rows[0]["v_vn"], -rows[-1]["v_vn"]
    assert v_in > 0 and rows[-1]["v_gap"] > 0, "the sphere must have hit the wall and left it"
    cross = [a["Step"] + a["v_gap"] / (a["v_gap"] - b["v_gap"])
             for a, b in zip(rows, rows[1:]) if (a["v_gap"] > 0) != (b["v_gap"] > 0)]
    assert len(cross) == 2, f"expected one contact, saw crossings {cross}"
    return {"e": v_out / v_in, "t_overlap": (cross[1] - cross[0]) * dt,
            "t_force": sum(1 for r in rows if r["v_fn"] != 0.0) * dt,
            "d_max": -min(r["v_gap"] for r in rows), "f_max": max(r["v_fn"] for r in rows), "m": res["m"]}


def linear_tc(kn, m, zeta):
    return math.pi / (math.sqrt(kn / m) * math.sqrt(1 - zeta ** 2))


def zeta_full(e):
    return -math.log(e) / math.sqrt(math.pi ** 2 + math.log(e) ** 2)


def t_force_no_tension(kn, m, zeta):
    w0 = math.sqrt(kn / m)
    w = w0 * math.sqrt(1 - zeta ** 2)
    return (math.pi - math.atan(2 * zeta * math.sqrt(1 - zeta ** 2) / (1 - 2 * zeta ** 2))) / w


def main():
    """Every impact is a deck of one batch, run in one process (runs_in_process: an lmp start per
    deck cost more than its 3000-4000 steps); each check reads its deck's measurements."""
    chk = Checks()
    decks, checks = [], []

    def impact(deck, dt, check):
        decks.append((deck, dt))
        checks.append(check)

    m = mass()
    kn, v0 = 1e5, 1.0

    # 1. linear, every wall style: elastic and e = 0.5 with the full dashpot
    for e in (1.0, 0.5):
        tc = linear_tc(kn, m, zeta_full(e))
        dt = tc / 2000
        law = f"linear kn {kn}" + (f" restitution {e}" if e < 1 else "")
        for setup in SETUPS:
            def linear(r, e=e, setup=setup, tc=tc):
                chk.close(f"linear e={e}, {setup}: restitution", r["e"], e, rel=5e-4)
                chk.close(f"linear e={e}, {setup}: contact duration pi/w", r["t_overlap"], tc, rel=5e-4)
                if e == 1.0 and setup == list(SETUPS)[-1]:
                    chk.close("linear elastic: maximum overlap v0 sqrt(m/kn)", r["d_max"], v0 * math.sqrt(m / kn),
                              rel=1e-4)
            impact(impact_deck(law, setup, v0=v0, dt=dt, steps=3200), dt, linear)

    # 2. linear, no-tension dashpot (dp_mode 1): e via Schwager-Poschel, force duration t_F
    for e, zeta in ((0.7441, 0.1), (0.2984, 0.5)):
        tf = t_force_no_tension(kn, m, zeta)
        dt = tf / 2000

        def no_tension(r, e=e, zeta=zeta, tf=tf):
            chk.close(f"linear no-tension zeta={zeta}: restitution exp(-zeta w0 t_F)", r["e"],
                      math.exp(-zeta * math.sqrt(kn / m) * tf), rel=2e-3)
            chk.close(f"linear no-tension zeta={zeta}: restitution (doc/verification.rst, 4 digits)", r["e"], e, rel=2e-3)
            chk.close(f"linear no-tension zeta={zeta}: force duration t_F", r["t_force"], tf, rel=2e-3)
        impact(impact_deck(f"linear kn {kn} dp_nratio {zeta} dp_mode 1", v0=v0, dt=dt, steps=4000), dt, no_tension)
    dt = linear_tc(kn, m, 0.0) / 2000
    impact(impact_deck(f"linear kn {kn} restitution 0.4 dp_mode 3", v0=v0, dt=dt, steps=4000), dt,
           lambda r: chk.close("linear no-tension restitution 0.4 (dp_mode 3)", r["e"], 0.4, rel=2e-3))

    # 3. linear stiffness from material, ball-facet: k_n = A E / L, A = pi R^2, L = R (3d);
    #    A = 2 R (2d, unit thickness): k_n = 2 E
    emod = 1e7
    for dim, kn_mat in ((3, math.pi * R * emod), (2, 2.0 * emod)):
        tc = linear_tc(kn_mat, m, 0.0)
        dt = tc / 2000
        setup = "zplane lo" if dim == 3 else "zcylinder"
        impact(impact_deck(f"linear emod {emod} kratio 2", setup, dt=dt, steps=3200, dim=dim), dt,
               lambda r, dim=dim, kn_mat=kn_mat, tc=tc: chk.close(
                   f"linear emod, {dim}d: duration pi sqrt(m/k_n), k_n = {kn_mat:.6g}", r["t_overlap"], tc, rel=5e-4))

    # 4. Hertz against a wall of infinite radius: R* = R, m_c = m, E* = G/(1 - nu)
    g, nu = 1e8, 0.3
    e_star = g / (1 - nu)
    for v in (0.5, 2.0):
        d_max = (15 * m * v ** 2 / (16 * e_star * math.sqrt(R))) ** 0.4
        tc = 2.94328 * d_max / v
        dt = tc / 2000
        for setup in ("zplane lo", "region block face", "region cylinder"):
            def hertz(r, v=v, setup=setup, d_max=d_max, tc=tc):
                chk.close(f"hertz v0={v}, {setup}: maximum overlap", r["d_max"], d_max, rel=1e-4)
                chk.close(f"hertz v0={v}, {setup}: peak force 4/3 E* sqrt(R) d^1.5", r["f_max"],
                          4.0 / 3.0 * e_star * math.sqrt(R) * d_max ** 1.5, rel=1e-4)
                chk.close(f"hertz v0={v}, {setup}: duration 2.94328 d_max/v0", r["t_overlap"], tc, rel=5e-4)
                chk.close(f"hertz v0={v}, {setup}: restitution 1", r["e"], 1.0, rel=1e-4)
            impact(impact_deck(f"hertz hz_shear {g} hz_poiss {nu}", setup, v0=v, dt=dt, steps=3200), dt, hertz)
        for mode in (0, 1):
            impact(impact_deck(f"hertz hz_shear {g} hz_poiss {nu} restitution 0.6 dp_mode {mode}", v0=v, dt=dt,
                               steps=3600), dt,
                   lambda r, v=v, mode=mode: chk.close(f"hertz v0={v}: restitution 0.6, dp_mode {mode}", r["e"], 0.6,
                                                       rel=5e-4))

    # 5. Rocky's hysteretic spring, m_c = m: rebound with Rocky's unloading floor (see
    #    test_hysteretic.py), delta_max = v0 sqrt(m/K); emod against the wall is a rigid boundary,
    #    K = E L with L = 2R
    e, lam = 0.5, 0.001
    e_eff = math.sqrt(e * e + lam * (1 - e * e) ** 2 / (1 - lam * e * e))
    for law, k in ((f"hysteretic kn {kn} restitution {e}", kn), (f"hysteretic emod {kn / (2 * R)} restitution {e}", kn)):
        t0 = math.sqrt(m / k)
        dt = math.pi * t0 / 2000
        periods = 0.2 + 0.5 * (1 + e) + (1 - e * e) / (e * math.pi) + 0.2
        for setup in ("zplane lo", "region cylinder"):
            def hysteretic(r, law=law, setup=setup, t0=t0):
                chk.close(f"{law.split()[1]}, {setup}: restitution with the floor", r["e"], e_eff, rel=5e-4)
                chk.close(f"{law.split()[1]}, {setup}: maximum overlap v0 sqrt(m/K)", r["d_max"], v0 * t0, rel=1e-4)
            impact(impact_deck(law, setup, v0=v0, dt=dt, steps=int(periods * 2000), gap0=0.1 * math.pi * t0), dt,
                   hysteretic)

    for (deck, dt), check, res in zip(decks, checks, runs_in_process([d for d, _ in decks])):
        check(measured(res, dt))
    chk.finish()


if __name__ == "__main__":
    main()
