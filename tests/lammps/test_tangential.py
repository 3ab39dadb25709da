"""Tangential models (tan_mode) of dem/linear, dem/hertz and dem/hysteretic against closed forms
(doc/verification.rst, section 5).

1. Load path (fix move, as in test_hertz_shear.py): sphere 2 presses into the resting sphere 1 to
   overlap d, then moves sideways by s at constant speed U; the contact-plane components of the
   force on sphere 2 are compared with F_s(s) / |F_n| (the ratio cancels the small change of F_n as
   the centres move apart by s^2/(4R), 4e-3 of d at most; the normal turns by s/(2R) <= 3e-3, which
   the components follow):
   - tan_mode 0, linear spring with static and dynamic friction (linear, hysteretic): k_s s up to
     the static limit fric |F_n|, then fric_dyn |F_n|;
   - tan_mode 1, Coulomb limit: fric_dyn |F_n| while the shear speed U >= v_slide, fric |F_n| below;
   - tan_mode 2, Mindlin-Deresiewicz (hertz): fric (1 - (1 - s/s_max)^(3/2)) up to
     s_max = fric d (2 - nu)/(2 (1 - nu)), then fric (slip onset).
2. Slip-to-roll: a sphere resting on a much larger fixed sphere (radius 1000 R, so the surface
   under it turns by 1e-4 rad) starts sliding at v0 without spin. It decelerates by fric_dyn g
   while sliding (checked at half the sliding time 2 v0 / (7 fric_dyn g)) and rolls on at
   v0 / (1 + 2/5 (R/l)^2), l = R - delta/2 the lever arm (5/7 v0), for every tangential model.
   The spring models keep a small stick oscillation and the Coulomb limit chatters about v_t = 0,
   so the rolling speed is averaged over 1000 steps (several oscillation periods).
3. Head-on along a diagonal (tan_mode 1): the shear velocity v - (v.n) n is round-off (~1e-16 of
   the speed) in a random direction, which must not be taken for sliding: the restitution equals
   that of the same collision without a shear force (tan_mode 0 with no shear spring) to 1e-12.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402

R, RHO, U, DT = 0.01, 2500.0, 0.01, 1e-6
NU, MU_S, MU_D = 0.25, 0.5, 0.3


def steps(dist):
    return int(round(dist / (U * DT)))


def moved(dist):
    """The displacement fix move makes on the way to dist: whole steps of U DT."""
    return steps(dist) * U * DT


def load_path(style, coeffs, d, samples):
    """Contact-plane force components (|F_n|, |F_s|) on sphere 2 at shear displacements `samples`."""
    lines = [f"fix press mover move linear {-U} 0 0", f"run {steps(d)}", "unfix press",
             f"fix shear mover move linear 0 {U} 0"]
    done = 0
    for k, s in enumerate(samples):
        lines += [f"run {steps(s) - done}", f'print "@ fx{k} $(fx[2]:%.17g)"', f'print "@ fy{k} $(fy[2]:%.17g)"',
                  f'print "@ dx{k} $(x[2]-x[1]:%.17g)"', f'print "@ dy{k} $(y[2]-y[1]:%.17g)"']
        done = steps(s)
    res = run_here(f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single {2 * R} 0 0
set atom * diameter {2 * R} density {RHO}
group mover id 2
pair_style {style}
pair_coeff * * {coeffs}
neighbor 0.001 bin
timestep {DT}
""" + "\n".join(lines))
    out = []
    for k in range(len(samples)):
        dist = math.hypot(res[f"dx{k}"], res[f"dy{k}"])
        n = (res[f"dx{k}"] / dist, res[f"dy{k}"] / dist)
        fx, fy = res[f"fx{k}"], res[f"fy{k}"]
        fn = fx * n[0] + fy * n[1]
        out.append((abs(fn), math.hypot(fx - fn * n[0], fy - fn * n[1])))
    return out


def check_load_paths(chk):
    d = 2e-5
    # linear spring, static then dynamic friction: k_s s reaches MU_S F_n at s* = MU_S F_n / k_s;
    # like types give the contact their springs in series (half of each)
    for style, coeffs, kn, ks in (("dem/linear", "kn 2e5 ks 1e5", 1e5, 5e4),
                                  ("dem/hysteretic", "kn 2e5 restitution 0.5 kt_ratio 0.5", 1e5, 5e4)):
        s_star = MU_S * kn * d / ks
        samples = (0.5 * s_star, 0.98 * s_star, 1.5 * s_star, 3 * s_star)
        got = load_path(style, f"{coeffs} fric {MU_S} fric_dyn {MU_D} tan_mode 0", d, samples)
        chk.close(f"{style} tan_mode 0: normal force k_n d", got[0][0], kn * moved(d), rel=1e-3)
        for s, (fn, fs) in zip(samples, got):
            want = ks * moved(s) / fn if s < s_star else MU_D
            chk.close(f"{style} tan_mode 0: |F_s|/|F_n| at s = {s / s_star:.2f} s*", fs / fn, want, rel=3e-3)
    # Coulomb limit: dynamic friction above v_slide, static below
    for v_slide, mu in ((0.001, MU_D), (0.1, MU_S)):
        for style, coeffs in (("dem/linear", "kn 1e5"), ("dem/hertz", f"hz_shear 1e8 hz_poiss {NU}"),
                              ("dem/hysteretic", "kn 1e5 restitution 0.5")):
            got = load_path(style, f"{coeffs} fric {MU_S} fric_dyn {MU_D} tan_mode 1 v_slide {v_slide}", d, (1e-6, 1e-5))
            for s, (fn, fs) in zip((1e-6, 1e-5), got):
                chk.close(f"{style} tan_mode 1, v_slide {v_slide}: |F_s|/|F_n| at s = {s}", fs / fn, mu, rel=1e-9)
    # Mindlin-Deresiewicz
    s_max = MU_S * d * (2 - NU) / (2 * (1 - NU))
    samples = [u * s_max for u in (0.05, 0.25, 0.5, 0.9, 0.99, 1.2, 2.0)]
    got = load_path("dem/hertz", f"hz_shear 1e8 hz_poiss {NU} fric {MU_S} tan_mode 2", d, samples)
    hn = 4.0 / 3.0 * 1e8 / (1 - NU) * math.sqrt(R / 2)
    chk.close("dem/hertz tan_mode 2: normal force h_n d^1.5", got[0][0], hn * d ** 1.5, rel=1e-3)
    for s, (fn, fs) in zip(samples, got):
        u = moved(s) / s_max
        want = MU_S * (1 - (1 - u) ** 1.5) if u < 1 else MU_S
        chk.close(f"dem/hertz tan_mode 2: |F_s|/|F_n| at s = {u:.2f} s_max", fs / fn, want, rel=3e-3 if u < 1 else 1e-9)
    # the initial slope is eq. 8's shear stiffness: 3/2 MU_S F_n / s_max = 2(1-nu)/(2-nu) 3/2 h_n sqrt(d)
    fn, fs = got[0]
    ks = 2 * (1 - NU) / (2 - NU) * 1.5 * hn * math.sqrt(d)
    u = moved(samples[0]) / s_max
    chk.close("dem/hertz tan_mode 2: initial stiffness equals eq. 8's k_s", fs / moved(samples[0]),
              ks * (1 - (1 - u) ** 1.5) / (1.5 * u), rel=3e-3)


def slip_to_roll(style, coeffs, delta0, v0=0.1, g=9.81, dt=1e-5, steps=4000):
    """Velocities at a quarter and half the sliding time, mean rolling velocity and spin (last 1000 steps)."""
    big = 1000 * R
    t_half = v0 / (7 * MU_D * g)
    res = run_here(f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block {-1.5 * big} {1.5 * big} {-1.5 * big} {1.5 * big} {-2.5 * big} {0.5 * big}
create_box 1 box
create_atoms 1 single 0 0 {-big}
create_atoms 1 single 0 0 {R - delta0}
set atom 1 diameter {2 * big} density {RHO}
set atom 2 diameter {2 * R} density {RHO}
velocity all set 0 0 0
group ball id 2
velocity ball set {v0} 0 0
pair_style {style}
pair_coeff * * {coeffs}
neighbor {R} bin
fix integrate ball nve/sphere
fix fall ball gravity {g} vector 0 0 -1
variable vx equal vx[2]
compute spin ball property/atom omegay
compute wy ball reduce sum c_spin
fix mean ball ave/time 1 1000 {steps} v_vx c_wy
timestep {dt}
run {int(round(t_half / dt / 2))}
print "@ v1 $(vx[2]:%.17g)"
print "@ t1 $(time:%.17g)"
run {int(round(t_half / dt / 2))}
print "@ v2 $(vx[2]:%.17g)"
print "@ t2 $(time:%.17g)"
run {steps - 2 * int(round(t_half / dt / 2))}
print "@ vroll $(f_mean[1]:%.17g)"
print "@ wroll $(f_mean[2]:%.17g)"
print "@ x $(x[2]:%.17g)"
print "@ z $(z[2]:%.17g)"
""")
    return res


def check_slip_to_roll(chk):
    v0, g = 0.1, 9.81
    m = 4.0 / 3.0 * math.pi * R ** 3 * RHO
    kn, e = 1e5, 0.5    # the contact's (per type 2 kn: like types give their springs in series)
    hn = 2 * 1e7 * math.sqrt(2 * 2 / (1 / R + 1 / (1000 * R))) / (3 * (1 - NU))
    friction = f"fric {MU_S} fric_dyn {MU_D}"
    # the PFC shear dashpot damps the stick oscillation once rolling; slip-cut (dp_mode 2) so that it
    # leaves the sliding alone
    damped = "dp_sratio 0.3 dp_mode 2"
    cases = [
        ("dem/linear", f"kn {2 * kn} ks {kn} {damped} {friction} tan_mode 0", m * g / kn),
        ("dem/linear", f"kn {2 * kn} {friction} tan_mode 1", m * g / kn),
        ("dem/hertz", f"hz_shear 1e7 hz_poiss {NU} {damped} {friction} tan_mode 0", (m * g / hn) ** (2 / 3)),
        ("dem/hertz", f"hz_shear 1e7 hz_poiss {NU} {friction} tan_mode 1", (m * g / hn) ** (2 / 3)),
        ("dem/hertz", f"hz_shear 1e7 hz_poiss {NU} {damped} fric {MU_D} tan_mode 2", (m * g / hn) ** (2 / 3)),
        ("dem/hysteretic", f"kn {2 * kn} restitution {e} kt_ratio 0.5 {friction} tan_mode 0", m * g / kn),
        ("dem/hysteretic", f"kn {2 * kn} restitution {e} {friction} tan_mode 1", m * g / kn),
    ]
    for style, coeffs, delta0 in cases:
        mode = coeffs.split()[-1]
        res = slip_to_roll(style, coeffs, delta0, v0, g)
        chk.true(res["x"] > 0, f"{style} tan_mode {mode}: the sphere moved on")
        lever = R - delta0 / 2
        chk.close(f"{style} tan_mode {mode}: sliding decelerates by fric_dyn g",
                  (res["v1"] - res["v2"]) / (res["t2"] - res["t1"]), MU_D * g, rel=2e-3)
        v_roll = v0 / (1 + 0.4 * (R / lever) ** 2)
        chk.close(f"{style} tan_mode {mode}: rolls on at v0/(1 + 2/5 (R/l)^2) ~ 5/7 v0", res["vroll"], v_roll, rel=2e-3)
        chk.close(f"{style} tan_mode {mode}: rolling, omega l = v", res["wroll"] * lever, v_roll, rel=2e-3)
        overlap = 1001 * R - math.hypot(res["x"], res["z"] + 1000 * R)
        chk.close(f"{style} tan_mode {mode}: stays on the surface at its resting overlap", overlap, delta0, rel=0.05)


def head_on_diagonal(style, coeffs, dt=2e-7, steps=20000):
    """Restitution of two spheres meeting head-on along (1, 2, 3)/sqrt(14) at 1 m/s."""
    d = 2 * R + 1e-5
    n = [k / math.sqrt(14.0) for k in (1.0, 2.0, 3.0)]
    deck = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single {d * n[0]:.17g} {d * n[1]:.17g} {d * n[2]:.17g}
set group all diameter {2 * R} density {RHO}
velocity all set 0 0 0
set atom 1 vx {0.5 * n[0]:.17g} vy {0.5 * n[1]:.17g} vz {0.5 * n[2]:.17g}
set atom 2 vx {-0.5 * n[0]:.17g} vy {-0.5 * n[1]:.17g} vz {-0.5 * n[2]:.17g}
pair_style {style}
pair_coeff * * {coeffs}
neighbor 0.002 bin
fix integrate all nve/sphere
timestep {dt}
run {steps}
variable vn equal (vx[2]-vx[1])*{n[0]:.17g}+(vy[2]-vy[1])*{n[1]:.17g}+(vz[2]-vz[1])*{n[2]:.17g}
print "@ e $(v_vn:%.17g)"
"""
    return run_here(deck)["e"]


def check_head_on(chk):
    for style, normal, no_shear in (("dem/linear", "kn 2e5 restitution 0.5 dp_mode 1", "ks 0"),
                                    ("dem/hertz", "hz_shear 1e7 hz_poiss 0.25 restitution 0.5 dp_mode 1", "dp_sratio 0"),
                                    ("dem/hysteretic", "kn 2e5 restitution 0.5", "kt_ratio 0")):
        e1 = head_on_diagonal(style, f"{normal} fric 0.5 tan_mode 1")
        e0 = head_on_diagonal(style, f"{normal} fric 0 tan_mode 0 {no_shear}")
        chk.true(0.2 < e0 < 0.6, f"{style}: the diagonal collision has ended, e = {e0:.6g}")
        chk.close(f"{style}: head-on along a diagonal, tan_mode 1 restitution as without shear force", e1, e0, rel=1e-12)


def main():
    chk = Checks()
    check_load_paths(chk)
    check_slip_to_roll(chk)
    check_head_on(chk)
    chk.finish()


if __name__ == "__main__":
    main()
