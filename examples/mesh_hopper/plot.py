"""Discharge rate of the conical hopper (in.hopper, one run per orifice D) against Beverloo's
correlation W = C rho_b sqrt(g) (D - k d)^(5/2), C = 0.58, k = 1.5, rho_b = 0.6 rho_p, as spheres
per second (W / m). The rate is the slope of the spheres left against time over the steady part
of the discharge (from 0.1 s after the plug opens while more than a third of the spheres are
left). Writes discharge.png (needs matplotlib) and prints the table."""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob
import math

d, rho, g = 0.002, 2500.0, 9.81
m = rho * math.pi / 6 * d ** 3
C, k, phi = 0.58, 1.5, 0.6


def beverloo(D):
    return C * phi * rho * math.sqrt(g) * max(D - k * d, 0.0) ** 2.5 / m


rows = []
for path in sorted(glob.glob("discharge_*.dat")):
    D = float(path.split("_")[1].split(".")[0]) * 1e-3
    data = [tuple(map(float, line.split())) for line in open(path) if not line.startswith("#")]
    t0, n0 = data[0]
    window = [(t, n) for t, n in data if t >= t0 + 0.1 and n > n0 / 3]
    if len(window) < 3:
        print(f"D = {D * 1e3:g} mm: too few points in the steady window")
        continue
    tm = sum(t for t, _ in window) / len(window)
    nm = sum(n for _, n in window) / len(window)
    slope = sum((t - tm) * (n - nm) for t, n in window) / sum((t - tm) ** 2 for t, _ in window)
    rows.append((D, -slope))
print("D (mm)  simulated (1/s)  Beverloo (1/s)  ratio")
for D, w in rows:
    print(f"{D * 1e3:6.1f}  {w:15.1f}  {beverloo(D):14.1f}  {w / beverloo(D):5.2f}")
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("WARNING: no matplotlib, no plot")
else:
    xs = [0.006 + 0.0001 * i for i in range(110)]
    plt.plot([x * 1e3 for x in xs], [beverloo(x) for x in xs], label="Beverloo, C = 0.58, k = 1.5")
    plt.plot([D * 1e3 for D, _ in rows], [w for _, w in rows], "o", label="fix wall/dem ... mesh")
    plt.xlabel("orifice diameter D (mm), spheres of d = 2 mm")
    plt.ylabel("discharge rate (spheres/s)")
    plt.title("Conical hopper (30 degrees, STL mesh)")
    plt.legend()
    plt.savefig("discharge.png", dpi=100)
    print("wrote discharge.png")
