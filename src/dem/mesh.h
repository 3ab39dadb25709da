// Ball-mesh contacts: a wall made of triangles (fix wall/dem ... mesh FILE).
//
// The mesh is cut, when it is read (plugin/mesh_build.cpp), into facet patches: connected
// triangles whose normals lie within a tolerance of the patch's normal. A patch is one flat wall,
// so a ball on it feels what one plane gives, whichever triangle lies under it.
//
// The contact rule ("one physical contact, one force"), per ball:
//  1. Every patch within reach gets one candidate: its closest point q to the ball's centre over
//     all its triangles (the nearest triangle's closest point).
//  2. If q lies inside the patch (inside a triangle, on an edge between two triangles of the
//     patch, or on a vertex all of whose edges are such), the candidate is a face contact: the
//     patch's plane, distance |n.x - c|, normal along the plane normal (as a plane wall).
//     Otherwise q lies on the patch's boundary (an edge or vertex shared with another patch or
//     free): an edge/vertex contact along q - x.
//  3. Face contacts are all kept (at a concave edge or corner both or all three faces act, as
//     planes do). Edge/vertex contacts are taken in order of distance (ties within a round-off
//     tolerance: lower patch first) and one is dropped when its point q lies on a patch already
//     taken (a face contact's patch or an edge/vertex contact's): the feature belongs to that
//     contact already. So a convex edge or vertex, which is on the boundary of every patch that
//     meets there, is one contact; and an edge beside a face contact adds nothing.
//  4. Smooth surfaces: patches joined across edges whose normals differ by less than the
//     curvature angle form a smooth group (a faceted drum, cone or chute). Of two contacts of one
//     group whose normals differ by less than that angle, only the nearer is kept (ties: lower
//     patch): a ball in the shallow concave crease between two facets of a faceted cylinder
//     touches the curved surface once. mesh_handover moves the history of a contact that ends to
//     the contact of the same group that opens on that step.
// The contact's id is its patch: the shear history of a ball carries across the triangles of a
// patch and from a patch's face to its own boundary edges (and, by the handover, across a smooth
// group's patches).
//
// A mesh may move as a rigid body: geometry is computed in the mesh's reference frame (where the
// grid of triangles is) and turned back into the world frame.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "wall.h"

namespace dem {

// where the closest point of a triangle (a, b, c) lies
enum TriRegion {
  TRI_FACE = 0,
  TRI_EDGE_AB,
  TRI_EDGE_BC,
  TRI_EDGE_CA,
  TRI_VERT_A,
  TRI_VERT_B,
  TRI_VERT_C
};

// Closest point of triangle (a, b, c) to p, and the region it lies in (Voronoi regions of the
// vertices, edges and face, tested in barycentric terms).
DEM_INLINE Vec3 closest_on_triangle(Vec3 p, Vec3 a, Vec3 b, Vec3 c, int &region)
{
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0.0 && d2 <= 0.0) {
    region = TRI_VERT_A;
    return a;
  }
  const Vec3 bp = p - b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0.0 && d4 <= d3) {
    region = TRI_VERT_B;
    return b;
  }
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    region = TRI_EDGE_AB;
    return a + (d1 / (d1 - d3)) * ab;
  }
  const Vec3 cp = p - c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0.0 && d5 <= d6) {
    region = TRI_VERT_C;
    return c;
  }
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    region = TRI_EDGE_CA;
    return a + (d2 / (d2 - d6)) * ac;
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) {
    region = TRI_EDGE_BC;
    return b + ((d4 - d3) / ((d4 - d3) + (d5 - d6))) * (c - b);
  }
  region = TRI_FACE;
  const double s = 1.0 / (va + vb + vc);
  return a + (vb * s) * ab + (vc * s) * ac;
}

// A triangle of a mesh: vertices, its patch, and which of its edges (bits 0-2: ab, bc, ca) and
// vertices (bits 3-5: a, b, c) lie on the boundary of its patch.
struct MeshTri {
  Vec3 a, b, c;
  int patch;
  int boundary;
  Vec3 centre;    // of a sphere holding the triangle (a cheap first test)
  double radius;
};

// A facet patch: the plane n.x = c (n unit), and its smooth group.
struct MeshPatch {
  Vec3 n;
  double c;
  int group;
};

// Is the closest point in `region` of triangle t inside the triangle's patch?
DEM_INLINE bool inside_patch(const MeshTri &t, int region)
{
  if (region == TRI_FACE) return true;
  const int bit = region <= TRI_EDGE_CA ? region - TRI_EDGE_AB : 3 + region - TRI_VERT_A;
  return !(t.boundary & (1 << bit));
}

// Uniform grid over the mesh (reference frame): cell k lists the triangles items[start[k] ..
// start[k+1]) that come within `margin` of it, so a ball whose reach is at most the margin needs
// only the triangles of the cell its centre is in.
struct MeshGrid {
  Vec3 lo{0.0, 0.0, 0.0};
  double inv_h = 0.0;
  int nx = 0, ny = 0, nz = 0;
  double margin = 0.0;
  const int *start = nullptr, *items = nullptr;

  DEM_INLINE int cell(Vec3 x) const
  {
    const double fx = (x.x - lo.x) * inv_h, fy = (x.y - lo.y) * inv_h, fz = (x.z - lo.z) * inv_h;
    if (!(fx >= 0.0 && fy >= 0.0 && fz >= 0.0 && fx < nx && fy < ny && fz < nz)) return -1;
    return (static_cast<int>(fz) * ny + static_cast<int>(fy)) * nx + static_cast<int>(fx);
  }
};

// Rigid motion of a mesh: world = rot (ref - pivot) + pivot + shift; rot is row-major.
struct MeshFrame {
  bool moving = false;    // false: the world frame is the reference frame (no arithmetic at all)
  double rot[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  Vec3 pivot{0.0, 0.0, 0.0}, shift{0.0, 0.0, 0.0};
  Vec3 vel{0.0, 0.0, 0.0};      // translation velocity
  Vec3 omega{0.0, 0.0, 0.0};    // angular velocity about the moved pivot (world frame)

  DEM_INLINE Vec3 turn(Vec3 a) const
  {
    return {rot[0] * a.x + rot[1] * a.y + rot[2] * a.z, rot[3] * a.x + rot[4] * a.y + rot[5] * a.z,
            rot[6] * a.x + rot[7] * a.y + rot[8] * a.z};
  }
  DEM_INLINE Vec3 unturn(Vec3 a) const
  {
    return {rot[0] * a.x + rot[3] * a.y + rot[6] * a.z, rot[1] * a.x + rot[4] * a.y + rot[7] * a.z,
            rot[2] * a.x + rot[5] * a.y + rot[8] * a.z};
  }
  DEM_INLINE Vec3 to_ref(Vec3 x) const { return moving ? unturn(x - pivot - shift) + pivot : x; }
  DEM_INLINE Vec3 dir_to_world(Vec3 n) const { return moving ? turn(n) : n; }
  // velocity of the mesh at world point p
  DEM_INLINE Vec3 velocity(Vec3 p) const { return vel + cross(omega, p - (pivot + shift)); }
};

// Patches one ball may consider at once; more within its active range is an error for the caller.
constexpr int MESH_MAX_CANDIDATES = 32;

// A mesh wall as plain data (raw arrays: host vectors or device views), for the CPU loop and
// Kokkos kernels alike.
struct MeshWall {
  const MeshTri *tri = nullptr;
  const MeshPatch *patch = nullptr;
  MeshGrid grid;
  MeshFrame frame;
  Vec3 vsurf{0.0, 0.0, 0.0};    // surface velocity (conveyor belt): its part along the surface acts
  double cos_curvature = 2.0;    // cosine of the curvature angle (> 1: no merging of contacts)

  struct Candidate {
    int patch, tri;
    bool face;      // q inside the patch
    bool strict;    // q inside the triangle (not on an edge): the nearest point of the patch
    double d2;      // squared distance from the centre (reference frame) to q
    Vec3 q;
  };

  // Does point q (reference frame) lie on patch p, within tol2 (squared)? Looks at the cell's list.
  DEM_INLINE bool on_patch(Vec3 q, int p, int cell, double tol2) const
  {
    for (int k = grid.start[cell]; k < grid.start[cell + 1]; k++) {
      const MeshTri &t = tri[grid.items[k]];
      if (t.patch != p) continue;
      int reg;
      const Vec3 d = q - closest_on_triangle(q, t.a, t.b, t.c, reg);
      if (dot(d, d) <= tol2) return true;
    }
    return false;
  }

  // The contacts of a ball of radius r centred at x (world frame) whose surfaces are closer than
  // reach (<= grid.margin), following the rule at the top of this file; out needs
  // MESH_MAX_CANDIDATES entries. WallTouch.id is the patch, .tri the triangle of the closest
  // point. active: the distance below which a contact acts (the caller's r + largest rgap);
  // returns -1 if more than MESH_MAX_CANDIDATES patches are within reach and one of those left
  // out is within active.
  DEM_INLINE int touches(Vec3 x, double r, double reach, double active, WallTouch *out) const
  {
    const Vec3 xr = frame.to_ref(x);
    const int cell = grid.cell(xr);
    if (cell < 0) return 0;
    Candidate cand[MESH_MAX_CANDIDATES];
    int nc = 0;
    bool lost = false;
    const double reach2 = reach * reach;
    for (int k = grid.start[cell]; k < grid.start[cell + 1]; k++) {
      const int it = grid.items[k];
      const MeshTri &t = tri[it];
      int j = 0;
      while (j < nc && cand[j].patch != t.patch) j++;
      if (j < nc && cand[j].strict) continue;    // the patch's plane distance: no other is nearer
      const Vec3 dc = xr - t.centre;
      const double far = reach + t.radius;
      if (dot(dc, dc) >= far * far) continue;
      int reg;
      const Vec3 q = closest_on_triangle(xr, t.a, t.b, t.c, reg);
      const Vec3 d = q - xr;
      const double d2 = dot(d, d);
      if (!(d2 < reach2)) continue;
      const Candidate c{t.patch, it, inside_patch(t, reg), reg == TRI_FACE, d2, q};
      if (j < nc) {
        if (d2 < cand[j].d2) cand[j] = c;
      } else if (nc < MESH_MAX_CANDIDATES) {
        cand[nc++] = c;
      } else if (d2 < active * active) {
        lost = true;
      }
    }
    if (lost) return -1;

    // a point is on a patch when within a round-off tolerance of the coordinates' size
    const double scale = reach + std::fabs(xr.x) + std::fabs(xr.y) + std::fabs(xr.z);
    const double tol = 1e-9 * scale, tol2 = tol * tol;
    bool taken[MESH_MAX_CANDIDATES];
    int n = 0;
    for (int j = 0; j < nc; j++) {
      taken[j] = cand[j].face;
      if (!cand[j].face) continue;
      const MeshPatch &pp = patch[cand[j].patch];
      const double s = dot(pp.n, xr) - pp.c;    // signed distance from the patch plane
      const Vec3 nr = s >= 0.0 ? -pp.n : pp.n;
      out[n++] = make_touch(cand[j], frame.dir_to_world(nr), std::fabs(s), x, r);
    }
    // edge/vertex contacts, nearest first (ties: lower patch id first)
    for (;;) {
      int best = -1;
      for (int j = 0; j < nc; j++) {
        if (taken[j] || cand[j].face || cand[j].d2 < 0.0) continue;
        if (best < 0) {
          best = j;
          continue;
        }
        const double a = std::sqrt(cand[j].d2), b = std::sqrt(cand[best].d2);
        if (a < b - tol || (!(a > b + tol) && cand[j].patch < cand[best].patch)) best = j;
      }
      if (best < 0) break;
      Candidate &c = cand[best];
      bool covered = false;
      for (int j = 0; j < nc && !covered; j++)
        if (taken[j]) covered = on_patch(c.q, cand[j].patch, cell, tol2);
      if (covered || !(c.d2 > 0.0)) {
        c.d2 = -1.0;    // dropped
        continue;
      }
      taken[best] = true;
      const double d = std::sqrt(c.d2);
      out[n++] = make_touch(c, frame.dir_to_world((1.0 / d) * (c.q - xr)), d, x, r);
    }
    // one contact per smooth stretch of a group: the nearer of two with nearly the same normal
    int kept = 0;
    for (int i = 0; i < n; i++) {
      bool drop = false;
      for (int j = 0; j < n && !drop; j++) {
        if (j == i || patch[out[j].id].group != patch[out[i].id].group) continue;
        if (!(dot(out[i].n, out[j].n) > cos_curvature)) continue;
        drop = out[j].dist < out[i].dist - tol ||
            (!(out[j].dist > out[i].dist + tol) && out[j].id < out[i].id);
      }
      if (!drop) out[kept++] = out[i];
    }
    return kept;
  }

  DEM_INLINE WallTouch make_touch(const Candidate &c, Vec3 n, double dist, Vec3 x, double r) const
  {
    WallTouch w{c.patch, n, dist, {0.0, 0.0, 0.0}, c.tri};
    if (frame.moving)
      w.vwall = frame.velocity(x + (0.5 * (r + dist)) * n);    // midway in the overlap
    const double vn = dot(vsurf, n);
    w.vwall = w.vwall + (vsurf - vn * n);
    return w;
  }
};

// History handover within a smooth group: a touch with no slot in the ball's row takes over the
// slot of a contact of the same group that is no longer touched (the ball moved from one facet
// of a faceted curved surface to the next), so its shear history carries on. Row layout as in
// wall_contacts (slot[0] = id + 1).
DEM_INLINE void mesh_handover(const MeshWall &m, const WallTouch *touches, int nt, double *row,
                              int nslot, int stride)
{
  for (int t = 0; t < nt; t++) {
    const int id = touches[t].id;
    bool has = false;
    for (int s = 0; s < nslot && !has; s++) has = static_cast<int>(row[s * stride]) == id + 1;
    if (has) continue;
    for (int s = 0; s < nslot; s++) {
      const int old = static_cast<int>(row[s * stride]) - 1;
      if (old < 0 || m.patch[old].group != m.patch[id].group) continue;
      bool touched = false;
      for (int u = 0; u < nt && !touched; u++) touched = touches[u].id == old;
      if (touched) continue;
      row[s * stride] = id + 1;
      break;
    }
  }
}

}    // namespace dem
