"""Every numeric keyword of every pair style and of fix wall/dem, given 1e308, -1e308, nan, inf and
0: each either runs with finite results (positions, velocities and kinetic energy after 40 steps of
a small pile: three spheres on a floor, touching each other) or stops with an error that names the
keyword. Each keyword is tried in a context where it acts (its prerequisites set, e.g. tan_mode 1
for v_slide). The keyword lists are read from the sources, so a new keyword without a row here
fails the test. Keywords that take whole numbers (the modes and models, a mesh's contacts) given 1.5
stop with an error naming them. One LAMMPS session per case (LAMMPS's Python module), all in this process."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import PLUGIN_DIR, Checks  # noqa: E402
from stlmesh import floor, write_stl  # noqa: E402

SRC = os.path.join(os.path.dirname(__file__), "..", "..", "plugin")
VALUES = ["1e308", "-1e308", "nan", "inf", "0"]
# a fractional value, an error for every keyword that counts or chooses
FRACTION = "1.5"


def whole_number_keyword(key):
    return key.endswith("_mode") or key.endswith("_model") or key == "contacts"


SETUP = ["units si", "atom_style sphere", "atom_modify map array", "boundary f f f", "comm_modify vel yes",
         "region box block -0.05 0.05 -0.05 0.05 0 0.1", "create_box 1 box",
         "create_atoms 1 single 0 0 0.0049", "create_atoms 1 single 0.0098 0 0.0049",
         "create_atoms 1 single 0.0049 0 0.0135", "set group all diameter 0.01 density 2500",
         "velocity all set 0.01 0.02 -0.05", "fix g all gravity 9.81 vector 0 0 -1",
         "neighbor 0.001 bin", "timestep 1e-6"]
PAIR = "pair_style dem/linear\npair_coeff * * kn 1e4 ks 5e3 fric 0.5 dp_nratio 0.2"
FLOOR = "fix floor all wall/dem linear kn 1e4 ks 5e3 fric 0.5 dp_nratio 0.2 zplane 0 NULL"

# the law's keywords, each with its context (the base unless a row says otherwise)
BASE = {"linear": "kn 1e4 ks 5e3 fric 0.5 dp_nratio 0.2",
        "hertz": "hz_shear 1e7 hz_poiss 0.3 fric 0.5 dp_nratio 0.2",
        "hysteretic": "kn 1e4 restitution 0.5 kt_ratio 0.5 fric 0.5"}
CONTEXT = {
    "linear": {"emod": "emod 1e7 kratio 2 fric 0.5 dp_nratio 0.2", "kratio": "emod 1e7 kratio 2 fric 0.5",
               "restitution": "kn 1e4 ks 5e3 fric 0.5", "v_slide": "kn 1e4 fric 0.5 tan_mode 1",
               "fric_dyn": "kn 1e4 fric 0.5 tan_mode 1"},
    # hz_alpha 0 makes h_n a force: a soft material keeps it in scale
    "hertz": {"hz_emod": "hz_emod 1e7 hz_poiss 0.3 fric 0.5 dp_nratio 0.2", "hz_alpha": "hz_shear 10 hz_poiss 0.3 fric 0.5",
              "restitution": "hz_shear 1e7 hz_poiss 0.3 fric 0.5", "v_slide": "hz_shear 1e7 hz_poiss 0.3 fric 0.5 tan_mode 1",
              "fric_dyn": "hz_shear 1e7 hz_poiss 0.3 fric 0.5 tan_mode 1"},
    "hysteretic": {"emod": "emod 1e7 restitution 0.5 kt_ratio 0.5 fric 0.5",
                   "v_slide": "kn 1e4 restitution 0.5 fric 0.5 tan_mode 1",
                   "fric_dyn": "kn 1e4 restitution 0.5 fric 0.5 tan_mode 1"},
}
EXTRA = {"rr_model": "rr_fric 0.1", "rr_damp": "rr_fric 0.1 rr_model 3",
         "adh_model": "adh_frac 0.2 adh_dist 1e-4", "adh_frac": "adh_model 2 adh_frac 0.2 adh_dist 1e-4",
         "adh_dist": "adh_model 2 adh_frac 0.2 adh_dist 1e-4", "adh_g": "adh_model 1 adh_frac 1 adh_dist 1e-4 adh_g 9.81",
         "adh_gamma": "adh_model 2 adh_frac 0.2 adh_dist 1e-4"}    # JKR is dem/hertz's
# the bonds' keywords act on bonded contacts: these contexts, and dem_bond after the pair style
BOND = {"pb_kn": "pb_ten 1e6 pb_coh 1e6", "pb_emod": "pb_ten 1e6 pb_coh 1e6", "pb_kratio": "pb_emod 1e9 pb_ten 1e6",
        "cb_tenf": "cb_shearf 1", "cb_shearf": "cb_tenf 1"}
BOND.update({k: "cb_tenf 1 cb_shearf 1" for k in ("cb_tenf_sd", "cb_shearf_sd", "cb_tenf_shape", "cb_shearf_shape",
                                                  "cb_seed")})
BOND.update({k: "pb_kn 1e9 pb_ks 1e9 pb_ten 1e6 pb_coh 1e6" for k in ("pb_rmul", "pb_ks", "pb_ten", "pb_coh", "pb_fa", "pb_mcf",
                                                                      "pb_ten_sd", "pb_coh_sd", "pb_ten_shape",
                                                                      "pb_coh_shape", "pb_seed")})
BOND.update({k: "fj_kn 1e9 fj_ks 1e9 fj_ten 1e6 fj_coh 1e6" for k in ("fj_slit", "fj_gapped")})
BOND.update({"fj_gapo": "fj_kn 1e9 fj_ks 1e9 fj_ten 1e6 fj_coh 1e6 fj_gapped 0.5"})
BOND.update({"fj_kn": "fj_ten 1e6 fj_coh 1e6", "fj_emod": "fj_ten 1e6 fj_coh 1e6", "fj_kratio": "fj_emod 1e9 fj_ten 1e6"})
BOND.update({k: "fj_kn 1e9 fj_ks 1e9 fj_ten 1e6 fj_coh 1e6" for k in ("fj_rmul", "fj_ks", "fj_ten", "fj_coh", "fj_fa",
                                                                      "fj_fric", "fj_nr", "fj_nal", "fj_ten_sd",
                                                                      "fj_coh_sd", "fj_ten_shape", "fj_coh_shape",
                                                                      "fj_seed")})
EXTRA.update(BOND)
# values inside a keyword's range that underflow what it scales (the bond's area)
SMALL = {"pb_rmul": ["1e-160"], "fj_rmul": ["1e-160"]}
HERTZ_EXTRA = {"adh_gamma": "adh_model 3 adh_gamma 0.05","adh_frac": "adh_model 1 adh_frac 1 adh_dist 1e-4 adh_g 9.81",
               "adh_dist": "adh_model 1 adh_frac 1 adh_dist 1e-4 adh_g 9.81", "adh_model": "adh_gamma 0.05"}
# fix wall/dem's own numeric arguments: (keyword the error names, the wall part with {v})
WALL = [("zplane", "zplane {v} NULL"), ("zplane", "zplane -0.01 {v}"), ("zcylinder", "zcylinder {v}"),
        ("shear", "zplane 0 NULL shear x {v}"), ("origin", "zplane 0 NULL origin {v} 0 0"),
        ("impact_speed", "zplane 0 NULL impact_speed {v}"), ("scale", "mesh floor.stl scale {v}"),
        ("offset", "mesh floor.stl offset 0 0 {v}"), ("coplanar", "mesh floor.stl coplanar {v}"),
        ("curvature", "mesh floor.stl curvature {v}"), ("contacts", "mesh floor.stl contacts {v}"),
        ("surface_velocity", "mesh floor.stl surface_velocity {v} 0 0"),
        ("move", "mesh floor.stl move translate {v} 0 0"), ("move", "mesh floor.stl move rotate {v} 0 0 0 0 1 0.5"),
        ("move", "mesh floor.stl move rotate 0 0 0 {v} 0 1 0.5"), ("move", "mesh floor.stl move rotate 0 0 0 0 0 1 {v}")]


def law_keywords(lmp_class, law):
    """The pair style's keywords as it lists them for an unknown one (its law's and its parts')."""
    error, _ = run_case(lmp_class, [f"pair_style dem/{law}\npair_coeff * * no_such_keyword 1"])
    return re.search(r"\(allowed: ([\w ]+)\)", error).group(1).split()


def adhesion_keywords():
    """The adhesion part's keywords (its table in src/dem/parts/adhesion.h)."""
    text = open(os.path.join(SRC, "..", "src", "dem", "parts", "adhesion.h")).read()
    return re.findall(r'\{"(\w+)", KEY_', re.search(r"Keyword keywords\[\] = \{(.*?)\};", text, re.S).group(1))


def law_context(law, key):
    extra = (HERTZ_EXTRA if law == "hertz" and key in HERTZ_EXTRA else EXTRA).get(key, "")
    return f"{CONTEXT[law].get(key, BASE[law])} {extra}".strip()


def cases(lmp_class):
    """(name, keyword, commands with {v}) for every numeric keyword."""
    out = [("pair_style impact_speed", "impact_speed",
            [PAIR.replace("dem/linear", "dem/linear impact_speed {v}"), FLOOR])]
    for law in ("linear", "hertz", "hysteretic"):
        for key in law_keywords(lmp_class, law) + adhesion_keywords():
            ctx = f"{law_context(law, key)} {key} {{v}}"
            bond = "\ndem_bond all gap 0" if key in BOND else ""
            out.append((f"pair dem/{law} {key}", key, [f"pair_style dem/{law}\npair_coeff * * {ctx}{bond}", FLOOR]))
            out.append((f"wall/dem {law} {key}", key, [PAIR, f"fix w all wall/dem {law} {ctx} zplane 0 NULL"]))
    for key, wall in WALL:
        out.append((f"wall/dem {wall}", key, [PAIR, f"fix w all wall/dem linear {BASE['linear']} {wall}"]))
    return out


def run_case(lmp_class, commands):
    lmp = lmp_class(cmdargs=["-nocite", "-log", "none", "-screen", "none"])
    try:
        lmp.command(f"plugin load {os.path.join(PLUGIN_DIR, 'dem_plugin.so')}")
        for c in SETUP + commands + ["fix i all nve/sphere", "thermo_style custom step ke", "run 40"]:
            for line in c.splitlines():
                lmp.command(line)
        values = [lmp.get_thermo("ke")]
        for name in ("x", "v"):
            arr = lmp.numpy.extract_atom(name)
            values += [float(a) for a in arr.flatten()]
        return None, all(math.isfinite(x) for x in values)
    except Exception as e:    # the lammps module raises Exception("ERROR: ...")
        return str(e).splitlines()[0], None
    finally:
        lmp.close()


def main():
    sys.path.insert(0, os.environ["DEM_LAMMPS_PYTHON"])
    from lammps import lammps
    chk = Checks()
    with tempfile.TemporaryDirectory() as workdir:
        os.chdir(workdir)
        write_stl("floor.stl", floor(2, -0.05, 0.05, 0.0))
        all_cases = cases(lammps)
        chk.true(len(all_cases) > 100 and any(key == "adh_gamma" for _, key, _ in all_cases)
                 and any(key == "pb_kratio" for _, key, _ in all_cases), f"{len(all_cases)} cases, every law's and part's")
        for name, key, commands in all_cases:
            for v in VALUES + SMALL.get(key, []):
                error, finite = run_case(lammps, [c.replace("{v}", v) for c in commands])
                if error is None:
                    chk.true(finite, f"{name} {v}: ran, results finite")
                else:
                    chk.true(key in error, f"{name} {v}: error naming {key}: {error}")
            if whole_number_keyword(key):
                error, _ = run_case(lammps, [c.replace("{v}", FRACTION) for c in commands])
                chk.true(error is not None and key in error, f"{name} {FRACTION}: error naming {key}: {error}")
    chk.finish()


if __name__ == "__main__":
    main()
