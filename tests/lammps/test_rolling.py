"""Rolling resistance (rr_fric, rr_model; src/dem/rolling.h) through LAMMPS, for every law
(closed forms: doc/verification.rst, section 6):

- the moment-rotation path of one contact under imposed rotation: slope k_r = k_s Rbar^2, plateau
  mu_r Rbar |F_n|, unloading along k_r (PFC rrlinear, Rocky type C); type A: the constant moment
- a sphere rolling on a zplane wall (fix wall/dem) and on a 10 m sphere (pair): deceleration
  (5/7) mu_r g (a solid sphere, moment mu_r R m g) and coming to rest
- a sphere on an incline (gravity tilted): at rest below tan(theta) = mu_r, rolling above it with
  a = (5/7) g (sin(theta) - mu_r cos(theta))
- a head-on collision: the same restitution, to the last bit, with and without rolling resistance
- errors: ranges, type C's spring without a shear spring, on the pair styles and fix wall/dem
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Batch, Checks, clean_error_exit, errors_in_process  # noqa: E402

R, RHO, G = 0.001, 2500.0, 9.81
MASS = RHO * 4.0 / 3.0 * math.pi * R ** 3
COEFFS = {"linear": "kn 10000 ks 5000 fric 0", "hertz": "hz_shear 5e7 hz_poiss 0.3 fric 0",
          "hysteretic": "kn 10000 kt_ratio 0.5 restitution 0.5 fric 0"}
chk = Checks()
# every deck that must run through is one of a batch, run in one process at the end
# (Batch: an lmp start per deck cost more than most of them), each check reading its
# deck's result
BATCH = Batch()
later = BATCH.add


# ------------------------------------------------------------------------------------------------
# one contact, sphere 2 above sphere 1, neither integrated: sphere 2 spins about x at an imposed rate

def path_deck(law, props, segments, overlap=1e-5):
    runs = "\n".join(f"set atom 2 omega {w} 0 0\nrun {n}\nprint \"@ m{k} $(c_m[1]:%.17g)\"\n"
                     f"print \"@ fn{k} $(c_m[3]:%.17g)\"" for k, (w, n) in enumerate(segments))
    return f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.01 0.01 -0.01 0.01 -0.01 0.01
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 0 0 {2 * R - overlap}
set type 1 diameter {2 * R} density {RHO}
pair_style dem/{law}
pair_coeff * * {COEFFS[law]} {props}
neighbor 0.0005 bin
timestep 1e-5
compute pl all pair/local p15 p16 p1
compute m all reduce sum c_pl[1] c_pl[2] c_pl[3] inputs local
thermo_style custom step c_m[1]
{runs}
"""


def moment_path(law, model):
    mu_r, rbar, dt = 0.1, R / 2, 1e-5
    w = 100.0 if model == 1 else 1.0    # type A: above the cap I_s |w| / dt
    segments = [(w, 100), (w, 700), (-w, 100)]
    later(path_deck(law, f"rr_fric {mu_r} rr_model {model}", segments),
          lambda res: moment_checks(law, model, res, mu_r, rbar, dt, w))


def moment_checks(law, model, res, mu_r, rbar, dt, w):
    fn = res["fn0"]
    limit = mu_r * rbar * fn
    label = f"{law} rr_model {model}"
    chk.true(fn > 0, f"{label}: the contact carries a normal force ({fn:.4g} N)")
    if model == 1:    # type A: -limit w/|w| from the first step
        chk.close(f"{label}: constant moment", res["m0"], -limit, rel=1e-9)
        chk.close(f"{label}: constant moment (later)", res["m1"], -limit, rel=1e-9)
        chk.close(f"{label}: reverses with the rotation", res["m2"], limit, rel=1e-9)
        return
    # like types: the springs of the two types in series (kn/2, ks/2)
    ks = {"linear": 2500.0, "hysteretic": 0.5 * 5000.0}.get(law)
    if ks is None:    # Hertz: eq. 8's k_s = 2(1-nu)/(2-nu) k_n, k_n the tangent stiffness at this force
        hn_factor = 2 * 5e7 / (3 * 0.7)
        reff = R / 2
        delta = (fn / (2 * hn_factor * math.sqrt(reff))) ** (2 / 3)
        ks = 2 * 0.7 / 1.7 * 1.5 * 2 * hn_factor * math.sqrt(reff * delta)
    kr = ks * rbar ** 2
    theta0 = w * dt * 100
    chk.true(kr * theta0 < limit, f"{label}: the first segment stays elastic")
    chk.close(f"{label}: slope k_r = k_s Rbar^2", res["m0"], -kr * theta0, rel=1e-6)
    chk.close(f"{label}: plateau mu_r Rbar |F_n|", res["m1"], -limit, rel=1e-9)
    chk.close(f"{label}: unloading along k_r", res["m2"], -limit + kr * w * dt * 100, rel=1e-6)


for law in ("linear", "hertz", "hysteretic"):
    for model in (0, 1, 3):
        moment_path(law, model)


# ------------------------------------------------------------------------------------------------
# rolling on a wall, on a large sphere and on an incline (gravity tilted by theta about y)

def rolling_deck(law, props, v0, steps, theta=0.0, surface="wall"):
    gx, gz = math.sin(theta), -math.cos(theta)
    if surface == "wall":
        setup = f"""region box block -0.05 0.05 -0.01 0.01 0 0.01
create_box 1 box
create_atoms 1 single 0 0 {R * 0.99999}
set type 1 diameter {2 * R} density {RHO}
pair_style dem/{law}
pair_coeff * * {COEFFS[law]}
fix wall all wall/dem {law} {COEFFS[law].replace('fric 0', 'fric 0.5')} {props} zplane 0 NULL"""
        ball = "all"
    else:    # on top of a frozen sphere of radius 10 m
        big = 10.0
        setup = f"""region box block -0.05 0.05 -0.01 0.01 {-2 * big - 0.01} 0.01
create_box 2 box
create_atoms 1 single 0 0 {R * 0.99999}
create_atoms 2 single 0 0 {-big}
set type 1 diameter {2 * R} density {RHO}
set type 2 diameter {2 * big} density {RHO}
group big type 2
fix freeze big freeze
pair_style dem/{law}
pair_coeff * * {COEFFS[law].replace('fric 0', 'fric 0.5')} {props}"""
        ball = "ball"
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
{setup}
group ball type 1
neighbor 0.0005 {"bin" if surface == "wall" else "nsq"}
neigh_modify delay 0 every 1 check yes
velocity ball set {v0} 0 0
set type 1 omega 0 {v0 / R} 0
fix integrate ball nve/sphere
fix gravity ball gravity {G} vector {gx} 0 {gz}
timestep 1e-6
variable vx equal vx[1]
compute om all property/atom omegay
compute wy ball reduce sum c_om
variable wy equal c_wy
variable x equal x[1]
thermo_style custom step v_vx v_wy v_x
thermo_modify format float %.17g
thermo 1000
run {steps}
print "@ vx $(vx[1]:%.17g)"
print "@ wy $(v_wy:%.17g)"
print "@ x $(x[1]:%.17g)"
"""


def rolling_on(law, model, surface):
    mu_r, v0 = 0.1, 0.05
    a = 5.0 / 7.0 * mu_r * G
    label = f"{law} rr_model {model} on a {surface}"
    props = f"rr_fric {mu_r} rr_model {model}"

    def check(res):
        # deceleration between 0.01 s and 0.04 s (the spring of models 0 and 3 takes over at once),
        # read from the thermo rows of the run to 0.1 s (its first 40000 steps are those of a run
        # of 40000 steps, to the bit)
        rows = {r["Step"]: r for r in res.thermo}
        r1, r4 = rows[10000], rows[40000]
        decel = (r1["v_vx"] - r4["v_vx"]) / 0.03
        chk.close(f"{label}: deceleration (5/7) mu_r g", decel, a, rel=0.02)
        chk.close(f"{label}: still rolling without slip", r4["v_wy"] * R, r4["v_vx"], rel=0.01)
        x_stop = v0 * v0 / (2 * a)
        chk.close(f"{label}: comes to rest", res["vx"], 0.0, abs_tol=0.002 * v0)
        chk.close(f"{label}: stopping distance v0^2 / (2 a)", res["x"], x_stop, rel=0.02)
    later(rolling_deck(law, props, v0, 100000, surface=surface), check)    # 0.1 s, stops at v0/a = 0.071 s


for law in ("linear", "hertz", "hysteretic"):
    rolling_on(law, 1, "wall")
rolling_on("linear", 0, "wall")
rolling_on("hertz", 3, "wall")
rolling_on("linear", 1, "sphere")
rolling_on("hysteretic", 0, "sphere")


def incline(law, model):
    mu_r = 0.1
    label = f"{law} rr_model {model} on an incline"
    props = f"rr_fric {mu_r} rr_model {model}"
    below, above = math.atan(0.5 * mu_r), math.atan(2.0 * mu_r)
    later(rolling_deck(law, props, 0.0, 50000, theta=below),
          lambda res: chk.close(f"{label}: at rest below the critical slope (x after 0.05 s)", res["x"], 0.0,
                                abs_tol=1e-6))
    a = 5.0 / 7.0 * G * (math.sin(above) - mu_r * math.cos(above))
    later(rolling_deck(law, props, 0.0, 50000, theta=above),
          lambda res: chk.close(f"{label}: rolls above it, v = (5/7) g (sin - mu_r cos) t", res["vx"], a * 0.05,
                                rel=0.02))


incline("linear", 0)
incline("linear", 1)
incline("hysteretic", 3)


# ------------------------------------------------------------------------------------------------
# a head-on collision: no relative rotation, no rolling moment, the same restitution

def collision(law, extra):
    """The deck of a head-on collision."""
    coeffs = {"linear": "kn 10000 ks 5000 fric 0.5 restitution 0.6",
              "hertz": "hz_shear 5e7 hz_poiss 0.3 fric 0.5 restitution 0.6",
              "hysteretic": "kn 10000 kt_ratio 0.5 restitution 0.6 fric 0.5"}[law]
    return f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.01 0.01 -0.01 0.01 -0.01 0.01
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single {2 * R + 1e-5} 0 0
set type 1 diameter {2 * R} density {RHO}
velocity all set 0 0 0
set atom 2 vx -0.1
pair_style dem/{law}
pair_coeff * * {coeffs} {extra}
neighbor 0.0005 bin
fix integrate all nve/sphere
timestep 1e-7
run 3000
print "@ v1 $(vx[1]:%.17g)"
print "@ v2 $(vx[2]:%.17g)"
"""


def head_on(law, model, ref, rr):
    same = rr["v1"] == ref["v1"] and rr["v2"] == ref["v2"]
    chk.true(same and ref["v2"] - ref["v1"] > 0, f"{law} rr_model {model}: head-on restitution unchanged "
             f"({rr['v2'] - rr['v1']:.17g} vs {ref['v2'] - ref['v1']:.17g})")


REFS = {}
for law in ("linear", "hertz", "hysteretic"):
    later(collision(law, ""), lambda res, law=law: REFS.__setitem__(law, res))
    for model in (0, 1, 3):
        later(collision(law, f"rr_fric 0.2 rr_model {model}"),
              lambda res, law=law, model=model: head_on(law, model, REFS[law], res))

BATCH.run(chk)


# ------------------------------------------------------------------------------------------------
# errors: every deck in one process (LAMMPS's Python module), checked in order below

def error_deck(law, props, style=None):
    return path_deck(law, props, [(1.0, 1)]).replace(f"pair_style dem/{law}", f"pair_style {style or 'dem/' + law}")


def wall_deck(args):
    return f"""
units si
atom_style sphere
boundary f f f
region box block -1 1 -1 1 -1 1
create_box 1 box
create_atoms 1 single 0 0 0
fix w all wall/dem {args} zplane -0.5 NULL
run 0
"""


ERRORS = []    # (what, deck, words the message must contain)
for law in ("linear", "hertz", "hysteretic"):
    for props, want in (("rr_fric -0.1", "rr_fric"), ("rr_fric 0.1 rr_model 2", "rr_model"),
                        ("rr_fric 0.1 rr_damp 1.5", "rr_damp"), ("rr_fric 0.1 rr_damp 0.2", "rr_model 3"),
                        ("rr_model 1", "need rr_fric")):
        ERRORS.append((f"{law} {props}: error names {want}", error_deck(law, props), want))
ERRORS.append(("linear ks 0 rr_fric 0.1: needs a shear spring",
               path_deck("linear", "", [(1.0, 1)]).replace("kn 10000 ks 5000 fric 0", "kn 10000 ks 0 fric 0 rr_fric 0.1"),
               "shear spring"))
ERRORS.append(("hysteretic kt_ratio 0 rr_model 3: needs a shear spring",
               path_deck("hysteretic", "", [(1.0, 1)]).replace("kt_ratio 0.5", "kt_ratio 0 rr_fric 0.1 rr_model 3"),
               "shear spring"))
# the same keywords on fix wall/dem, whose contact takes them from its own line
WALL = {"linear": "kn 1 ks 1", "hertz": "hz_shear 1e6 hz_poiss 0.3", "hysteretic": "kn 1 kt_ratio 0.5"}
for law, coeff in WALL.items():
    for props, want in (("rr_fric -0.1", "rr_fric"), ("rr_fric 0.1 rr_model 2", "rr_model"),
                        ("rr_fric 0.1 rr_damp 1.5", "rr_damp"), ("rr_fric 0.1 rr_damp 0.2", "rr_model 3")):
        ERRORS.append((f"fix wall/dem {law} {props}: error names {want}", wall_deck(f"{law} {coeff} {props}"), want))
ERRORS.append(("fix wall/dem linear without ks, rr_model 3: needs a shear spring",
               wall_deck("linear kn 1 rr_fric 0.1 rr_model 3"), "shear spring"))
for (what, deck, want), res in zip(ERRORS, errors_in_process([e[1] for e in ERRORS])):
    msg = res.error or ""
    chk.true(want in msg and clean_error_exit(res), f"{what} ({msg}; exit code {res.returncode}, no crash)")
chk.finish()
