"""dem/hertz shear: the tangent shear stiffness of eq. 8, hz_mode 1 (eq. 9) and gross sliding.

1. Load path, one sphere held still, the other moved by fix move (PFC's "complex loading paths"):
   press to overlap d1, shear by s (sticking), unload to d2. Expected, with
   k_s = 2(1-nu)/(2-nu) * 3/2 h_n sqrt(d1):  |F_s| = k_s s after shearing; on unloading it stays
   (hz_mode 0) or scales by (F_n2/F_n1)^(1/3) = sqrt(d2/d1) (hz_mode 1: the product of the
   per-step ratios k_s/(k_s)_0 telescopes). The shear motion also turns the contact normal by
   s/d ~ 2.5e-4 rad, which moves the numbers by that order: tolerance 2e-3.
2. Impact sliding throughout: the relative tangential velocity of the centres changes by
   mu (1 + e) v_n (the full dashpot's impulse integrates to zero, so the normal impulse is the
   Hertz force's), and each sphere's spin by (5/2) mu (1 + e) v_n m_c / (m R); the lever arm is
   R - delta/2, delta_max/R ~ 0.3%: tolerance 5e-3 on the spin, 2e-3 on the velocity (the
   centres drift sideways by ~1e-4 R during the contact, turning the normal by that much).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck, mass  # noqa: E402
from demtest import Checks, run_here  # noqa: E402

R, G, NU, U, DT = 0.01, 1e8, 0.25, 0.01, 1e-6


def load_path(hz_mode, d1=2e-5, s=5e-6, d2=1.2e-5):
    steps = lambda dist: int(round(dist / (U * DT)))    # noqa: E731
    phases = [(-U, 0, d1), (0, U, s), (U, 0, d1 - d2)]
    lines = []
    for k, (vx, vy, dist) in enumerate(phases):
        lines += [f"fix move{k} mover move linear {vx} {vy} 0", f"run {steps(dist)}", f"unfix move{k}",
                  f'print "@ fx{k} $(fx[2]:%.17g)"', f'print "@ fy{k} $(fy[2]:%.17g)"',
                  f'print "@ dx{k} $(x[2]-x[1]:%.17g)"', f'print "@ dy{k} $(y[2]-y[1]:%.17g)"']
    text = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single {2 * R} 0 0
set atom * diameter {2 * R} density 2500
group mover id 2
pair_style dem/hertz
pair_coeff * * hz_shear {G} hz_poiss {NU} fric 1.0 hz_mode {hz_mode}
neighbor 0.001 bin
timestep {DT}
""" + "\n".join(lines)
    res = run_here(text)
    out = []
    for k in range(3):
        d = (res[f"dx{k}"], res[f"dy{k}"])
        n = [c / math.hypot(*d) for c in d]
        f = (res[f"fx{k}"], res[f"fy{k}"])
        fn = f[0] * n[0] + f[1] * n[1]
        out.append((abs(fn), math.hypot(f[0] - fn * n[0], f[1] - fn * n[1])))
    return out


def main():
    chk = Checks()
    hn = 4.0 / 3.0 * G / (1 - NU) * math.sqrt(R / 2)
    d1, s, d2 = 2e-5, 5e-6, 1.2e-5
    ks = 2 * (1 - NU) / (2 - NU) * 1.5 * hn * math.sqrt(d1)
    for mode in (0, 1):
        (fn0, _), (fn1, fs1), (fn2, fs2) = load_path(mode, d1, s, d2)
        chk.close(f"hz_mode {mode}: normal force h_n d1^1.5", fn0, hn * d1 ** 1.5, rel=1e-3)
        chk.close(f"hz_mode {mode}: shear force k_s s with k_s of eq. 8", fs1, ks * s, rel=2e-3)
        want = fs1 if mode == 0 else fs1 * math.sqrt(d2 / d1)
        chk.close(f"hz_mode {mode}: shear force after unloading to d2", fs2, want, rel=2e-3)
        chk.close(f"hz_mode {mode}: normal force after unloading", fn2, hn * d2 ** 1.5, rel=2e-3)

    # 2. head-on impact of two spinning spheres, sliding throughout (the slip velocity 2 W R comes
    # from the spins, so the centres do not move sideways and the normal stays on x)
    g, e, mu, vn, w0 = 1e10, 0.8, 0.3, 1.0, 150.0
    e_star, m = g / (1 - NU) / 2, mass(R, 2500.0) / 2
    d_max = (15 * m * vn ** 2 / (16 * e_star * math.sqrt(R / 2))) ** 0.4
    t_c = 2.94328 * d_max / vn
    dt = t_c / 2000
    text = deck("dem/hertz", [f"* * hz_shear {g} hz_poiss {NU} fric {mu} restitution {e}"], r1=R, r2=R, v0=vn,
                dt=dt, gap0=0.2 * vn * t_c, steps=3200, extra=f"set atom * omega 0 0 {w0}")
    text += """
compute w all property/atom omegaz
compute wmax all reduce max c_w
compute wmin all reduce min c_w
run 0
print "@ vt $(vy[2]-vy[1]:%.17g)"
print "@ w1 $(c_wmax:%.17g)"
print "@ w2 $(c_wmin:%.17g)"
"""
    res = run_here(text)
    jt = mu * (1 + e) * vn    # tangential impulse / m_c
    chk.true(2 * w0 * R > 3.5 * jt, "sliding impact: the slip velocity outlasts the contact")
    chk.close("sliding impact: tangential velocity change mu (1+e) v_n", abs(res["vt"]), jt, rel=2e-3)
    # each sphere: impulse m_c jt at lever R, spin change m_c jt R / (2/5 m R^2)
    chk.close("sliding impact: spin change 5/2 mu (1+e) v_n m_c/(m R)", w0 - res["w1"],
              2.5 * m * jt / (mass(R, 2500.0) * R), rel=5e-3)
    chk.close("sliding impact: both spheres spin alike (largest and smallest spin)", res["w1"], res["w2"], rel=1e-9)
    chk.finish()


if __name__ == "__main__":
    main()
