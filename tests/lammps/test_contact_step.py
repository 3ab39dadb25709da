"""One contact step for balls and walls (src/dem/contact_step.h): an adhesive (JKR), rolling,
damped Hertz contact of a ball on a zplane wall (fix wall/dem) and of the same ball on a second
ball that is infinitely heavy (fix freeze) and 1e6 times larger (pair style dem/hertz) must give
the same force and torque on the ball and the same energies under the same names:
  e_strain  (pair: compute pair [1];  wall: vector 1)
  e_slip    ([2]; 2), e_dashpot ([3]; 3), e_plastic ([10]; 4)
  e_adhesive ([11]; 17)  the adhesive potential, apart from the strain energy on both
  e_adh_loss ([12]; 18)  the JKR loss of the contact that breaks, on both
The ball lands below the sticking velocity with a sliding speed (friction spins it up against the
rolling resistance), stays attached, and is then pulled off (fix move) so that the contact
breaks. The large ball's finite radius changes R* = R1 R2 / (R1 + R2) by 1e-6 and the overlap
carries the round-off of a centre distance of 1e4 m (2e-12 m of 1e-5 m): every value agrees to
1e-5 of its column's largest magnitude over the 9000 steps (a booking under another name, or a
missing part, differs by its whole size), and the energy balance (kinetic + stored + dissipated)
drifts alike on both.
--kokkos: the same with dem/hertz/kk and fix wall/dem/kk.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, parse_thermo, runs_in_process  # noqa: E402

KOKKOS = "--kokkos" in sys.argv
R, RHO, R_BIG = 0.01, 2500.0, 1e4
G, NU, W = 1e6, 0.3, 0.5
LAW = f"hz_shear {G} hz_poiss {NU} fric 0.5 dp_nratio 0.1 dp_sratio 0.1 rr_fric 0.2 adh_model 3 adh_gamma {W}"
DT, LAND, PULL = 2e-6, 5000, 4000
# (name, the pair's compute pair index, the wall's vector index)
ENERGIES = (("e_strain", 1, 1), ("e_slip", 2, 2), ("e_dashpot", 3, 3), ("e_plastic", 10, 4), ("e_adhesive", 11, 17),
            ("e_adh_loss", 12, 18))


def deck(wall):
    if wall:
        box = "region box block -0.05 0.05 -0.05 0.05 -0.05 0.05\ncreate_box 1 box"
        big = ""
        contact = f"""pair_style zero {2 * R}
pair_coeff * *
fix wall ball wall/dem hertz {LAW} zplane 0 NULL energy yes"""
        energy = " ".join(f"f_wall[{w}]" for _, _, w in ENERGIES)
    else:
        big_box = 1.1 * R_BIG    # (the neighbor bins need a box larger than the cutoff, 2 R_BIG)
        box = f"region box block {-big_box} {big_box} {-big_box} {big_box} {-2 * big_box} 0.05\ncreate_box 2 box"
        big = f"""create_atoms 2 single 0 0 {-R_BIG}
set atom 2 diameter {2 * R_BIG} density {RHO}
group big id 2
fix freeze big freeze"""
        contact = f"""pair_style dem/hertz energy yes
pair_coeff * * {LAW}
compute dem all pair dem/hertz"""
        energy = " ".join(f"c_dem[{p}]" for _, p, _ in ENERGIES)
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
{box}
create_atoms 1 single 0 0 {R + 1.03e-6}
set atom 1 diameter {2 * R} density {RHO}
{big}
group ball id 1
velocity ball set 0.05 0 -0.02
{contact}
neighbor {0.2 * R} bin
neigh_modify every 1 delay 0 check no
fix integrate ball nve/sphere
timestep {DT}
compute ke ball ke
compute rke ball erotate/sphere
compute tq ball property/atom tqx tqy tqz
compute t ball reduce sum c_tq[1] c_tq[2] c_tq[3]
variable fx equal fx[1]
variable fz equal fz[1]
thermo_style custom step v_fx v_fz c_t[1] c_t[2] c_t[3] c_ke c_rke {energy}
thermo_modify format float %.17g
thermo 10
run {LAND}
unfix integrate
fix pull ball move linear 0.05 0 0.3
run {PULL}
"""


def both_runs(res):
    """the thermo rows of the landing and of the pull"""
    first, second = res.output.split("unfix integrate", 1)
    return parse_thermo(first) + parse_thermo(second)[1:]


chk = Checks()
wall_rows, pair_rows = (both_runs(res) for res in runs_in_process([deck(True), deck(False)], kokkos=KOKKOS))
chk.true(len(wall_rows) == len(pair_rows) == (LAND + PULL) // 10 + 1,
         f"both runs give their thermo rows ({len(wall_rows)}, {len(pair_rows)})")
columns = [("force x", "v_fx", "v_fx"), ("force z", "v_fz", "v_fz"), ("torque x", "c_t[1]", "c_t[1]"),
           ("torque y", "c_t[2]", "c_t[2]"), ("torque z", "c_t[3]", "c_t[3]"), ("kinetic energy", "c_ke", "c_ke"),
           ("rotational energy", "c_rke", "c_rke")]
columns += [(name, f"f_wall[{w}]", f"c_dem[{p}]") for name, p, w in ENERGIES]
for name, wcol, pcol in columns:
    scale = max(abs(r[wcol]) for r in wall_rows)
    worst = max(abs(w[wcol] - p[pcol]) for w, p in zip(wall_rows, pair_rows))
    if name in ("torque x", "torque z", "e_plastic"):    # no spin about x or z, no plastic part: zero on both
        chk.true(scale < 1e-12 and worst < 1e-12, f"{name}: zero on both ({scale:.2g}, {worst:.2g})")
        continue
    chk.true(scale > 0.0, f"{name}: the run exercises it (largest {scale:.4g})")
    chk.close(f"{name}: the wall and the pair agree (worst difference / largest)", worst / scale, 0.0, abs_tol=1e-5)

# what the run went through: attached and rolling, then broken with the JKR loss booked
land = [r for r in wall_rows if r["Step"] == LAND][0]
chk.true(land["f_wall[17]"] < 0.0 and land["c_t[2]"] != 0.0, "the ball is attached and rolls at the end of the landing")
end = wall_rows[-1]
chk.true(end["v_fz"] == 0.0 and end["f_wall[17]"] == 0.0, "the pull broke the contact")
chk.true(end["f_wall[18]"] > 0.0, f"the JKR loss is booked as e_adh_loss ({end['f_wall[18]']:.4g} J)")
# the energy balance of the landing (nve): kinetic + stored (strain, adhesive) + dissipated (slip,
# dashpot, plastic, adhesive loss). The incremental Hertz shear spring, whose stiffness follows the
# overlap, is not exactly conservative: the balance drifts by about 1 % of the dissipated energy
# over the landing, with or without adhesion (measured). What must hold is that the wall and the
# pair book the same energies: their balances drift alike.
drifts = []
for rows, names in ((wall_rows, [f"f_wall[{w}]" for _, _, w in ENERGIES]),
                    (pair_rows, [f"c_dem[{p}]" for _, p, _ in ENERGIES])):
    landing = [r for r in rows if r["Step"] <= LAND]
    drifts.append([r["c_ke"] + r["c_rke"] + sum(r[n] for n in names) for r in landing])
lost = sum(wall_rows[LAND // 10][f"f_wall[{w}]"] for _, _, w in ENERGIES[1:4])
worst = max(abs((a - drifts[0][0]) - (b - drifts[1][0])) for a, b in zip(*drifts))
print(f"energy balance of the landing: worst drift {max(abs(a - drifts[0][0]) for a in drifts[0]):.3g} J "
      f"of {lost:.3g} J dissipated")
chk.close("the wall's and the pair's energy balances drift alike (worst difference / dissipated)", worst / lost, 0.0,
          abs_tol=1e-5)
chk.finish()
