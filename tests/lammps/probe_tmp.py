import sys, math
sys.path.insert(0, "tests/lammps")
sys.argv = ["x"]
from demtest import runs_in_process
from collision import deck, mass
R, RHO = 0.01, 2500.0
G, NU, W = 1e6, 0.3, 0.5
E, RS = G / (1 - NU), R / 2
M_C = mass(R, RHO) / 2
JKR = f"* * hz_shear {G} hz_poiss {NU} adh_model 3 adh_gamma {W}"
def jkr_work(a):
    return (8 * E * a ** 5 / (15 * RS ** 2) - 8 / 3 * math.sqrt(math.pi * W * E / 2) * a ** 3.5 / RS + math.pi * W * a ** 2)
a_c = (math.pi * W * RS ** 2 / (8 * E)) ** (1 / 3)
a_touch = (2 * math.pi * W * RS ** 2 / E) ** (1 / 3)
V_S = math.sqrt(2 * (jkr_work(a_c) - jkr_work(a_touch)) / M_C)
DT = 2e-6
ds = [deck("dem/hertz", [JKR], v0=r * V_S, dt=DT, steps=25000, gap0=1e-6) for r in (0.8, 1.5, 3.0)]
ENERGY_THERMO = "thermo_style custom step v_gap v_vrel v_fx c_ke c_dem[1] c_dem[2] c_dem[3] c_dem[11] c_dem[12]"
for name, style, coeff, v, law in [("JKR e", "dem/hertz energy yes", JKR + " dp_nratio 0.2 fric 0.3", 3 * V_S, "hertz"),
    ("const", "dem/linear energy yes", "* * kn 1e4 dp_nratio 0.1 adh_model 1 adh_frac 2 adh_dist 1e-4 adh_g 9.81", 0.05, "linear")]:
    d = deck(style, [coeff], v0=v, dt=DT if law == "hertz" else 1e-6, steps=30000, gap0=1e-6)
    ds.append(d.replace("thermo_style custom step v_gap v_vrel v_fx", f"compute ke all ke\ncompute dem all pair {style.split()[0]}\n{ENERGY_THERMO}"))
for i, res in enumerate(runs_in_process(ds)):
    rows = res.thermo
    touching = [r["Step"] for r in rows if r["v_fx"] != 0.0]
    gaps = [r["v_gap"] for r in rows]
    # local maxima of gap
    mx = [rows[k]["Step"] for k in range(1, len(rows)-1) if gaps[k] > gaps[k-1] and gaps[k] >= gaps[k+1]]
    print(i, "force from", touching[0], "to", touching[-1], "n", len(touching), "gap maxima", mx[:6], "end gap", gaps[-1], "vrel", rows[-1]["v_vrel"])
    if i >= 3:
        tot = lambda r: r["c_ke"] + r["c_dem[1]"] + r["c_dem[2]"] + r["c_dem[3]"] + r["c_dem[11]"] + r["c_dem[12]"]
        e0 = tot(rows[0]); dev = [abs(tot(r) - e0) for r in rows]
        import itertools
        print("  worst dev", max(dev), "at", rows[dev.index(max(dev))]["Step"], "lost", rows[-1]["c_dem[3]"] + rows[-1]["c_dem[12]"], "ke0", rows[0]["c_ke"], "min adh", min(r["c_dem[11]"] for r in rows))
for i in (3, 4):
    pass
res = runs_in_process(ds[3:5])
for res in res:
    rows = res.thermo
    tot = lambda r: r["c_ke"] + r["c_dem[1]"] + r["c_dem[2]"] + r["c_dem[3]"] + r["c_dem[11]"] + r["c_dem[12]"]
    e0 = tot(rows[0])
    for n in (6000, 8000, 10000, 12000, 15000, 30000):
        sub = rows[:n + 1]
        worst = max(abs(tot(r) - e0) for r in sub)
        lost = sub[-1]["c_dem[3]"] + sub[-1]["c_dem[12]"]
        print(n, "worst", worst, "lost", lost, "ratio worst/(0.01 lost)", worst / (0.01 * lost), "lost/ke0", lost / rows[0]["c_ke"])
rd = deck("dem/hertz", [JKR + " dp_nratio 0.05"], v0=0.8 * V_S, dt=DT, steps=20000, gap0=1e-6)
rows = runs_in_process([rd])[0].thermo
for n in range(1000, 20001, 1000):
    print(n, rows[n]["v_gap"], rows[n]["v_fx"])
