"""STL files for the mesh-wall tests (fix wall/dem ... mesh FILE): ASCII or binary, from triangles
given as three (x, y, z) vertices."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import struct


def _normal(a, b, c):
    u = [b[k] - a[k] for k in range(3)]
    v = [c[k] - a[k] for k in range(3)]
    n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    s = math.sqrt(sum(x * x for x in n)) or 1.0
    return [x / s for x in n]


def write_stl(path, tris, binary=False, name="mesh"):
    if binary:
        with open(path, "wb") as f:
            f.write(name.encode().ljust(80, b" ")[:80])
            f.write(struct.pack("<I", len(tris)))
            for a, b, c in tris:
                f.write(struct.pack("<12fH", *_normal(a, b, c), *a, *b, *c, 0))
        return path
    with open(path, "w") as f:
        f.write(f"solid {name}\n")
        for a, b, c in tris:
            f.write("facet normal {:.17g} {:.17g} {:.17g}\n outer loop\n".format(*_normal(a, b, c)))
            for p in (a, b, c):
                f.write("  vertex {:.17g} {:.17g} {:.17g}\n".format(*p))
            f.write(" endloop\nendfacet\n")
        f.write(f"endsolid {name}\n")
    return path


def quad(a, b, c, d):
    """Two triangles of the quadrilateral a b c d (counter-clockwise seen from its normal)."""
    return [(a, b, c), (a, c, d)]


def floor(n, lo, hi, z=0.0):
    """The square [lo, hi]^2 at height z, n x n cells of two triangles, normal +z."""
    h = (hi - lo) / n
    tris = []
    for i in range(n):
        for j in range(n):
            x0, x1, y0, y1 = lo + i * h, lo + (i + 1) * h, lo + j * h, lo + (j + 1) * h
            if i == n - 1:
                x1 = hi
            if j == n - 1:
                y1 = hi
            tris += quad((x0, y0, z), (x1, y0, z), (x1, y1, z), (x0, y1, z))
    return tris


def box(lo, hi, top=True):
    """The box [lo, hi] (3 tuples) as 12 outward triangles (10 without the top face)."""
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    p = {(i, j, k): (x1 if i else x0, y1 if j else y0, z1 if k else z0) for i in (0, 1) for j in (0, 1) for k in (0, 1)}
    t = quad(p[0, 0, 0], p[0, 1, 0], p[1, 1, 0], p[1, 0, 0])
    if top:
        t += quad(p[0, 0, 1], p[1, 0, 1], p[1, 1, 1], p[0, 1, 1])
    t += quad(p[0, 0, 0], p[1, 0, 0], p[1, 0, 1], p[0, 0, 1])
    t += quad(p[0, 1, 0], p[0, 1, 1], p[1, 1, 1], p[1, 1, 0])
    t += quad(p[0, 0, 0], p[0, 0, 1], p[0, 1, 1], p[0, 1, 0])
    t += quad(p[1, 0, 0], p[1, 1, 0], p[1, 1, 1], p[1, 0, 1])
    return t


def cylinder(radius, z0, z1, nseg, axis="z"):
    """The side of a cylinder about the z (or y) axis through the origin, nseg facets whose
    edges lie on the circle of the given radius, normals outward."""
    tris = []
    for k in range(nseg):
        a0, a1 = 2 * math.pi * k / nseg, 2 * math.pi * (k + 1) / nseg
        c0, s0, c1, s1 = radius * math.cos(a0), radius * math.sin(a0), radius * math.cos(a1), radius * math.sin(a1)
        tris += quad((c0, s0, z0), (c1, s1, z0), (c1, s1, z1), (c0, s0, z1))
    if axis == "y":    # (x, y, z) -> (x, -z, y): about the y axis
        tris = [tuple((p[0], -p[2], p[1]) for p in t) for t in tris]
    return tris


def drum(radius, half_length, nseg):
    """A closed drum about the y axis: the side (cylinder of nseg facets, its vertices at
    radius / sqrt(cos(pi/nseg)) so that the facets lie within +-radius (1 - cos(pi/nseg))/2 of the
    circle) and two caps at y = +-half_length, as triangle fans welded to the side."""
    rv = radius / math.sqrt(math.cos(math.pi / nseg))
    ring = [(rv * math.cos(2 * math.pi * k / nseg), rv * math.sin(2 * math.pi * k / nseg)) for k in range(nseg)]
    tris = []
    for k in range(nseg):
        (x0, z0), (x1, z1) = ring[k], ring[(k + 1) % nseg]
        tris += quad((x0, -half_length, z0), (x0, half_length, z0), (x1, half_length, z1), (x1, -half_length, z1))
        tris.append(((0.0, half_length, 0.0), (x1, half_length, z1), (x0, half_length, z0)))
        tris.append(((0.0, -half_length, 0.0), (x0, -half_length, z0), (x1, -half_length, z1)))
    return tris
