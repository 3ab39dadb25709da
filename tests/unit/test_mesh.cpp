// Mesh walls (src/dem/mesh.h, plugin/mesh_build.cpp): closest points on a triangle and the
// contact rule "one physical contact, one force".
// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/mesh.h"
#include "mesh_build.h"

#include <gtest/gtest.h>

#include <random>

using namespace dem;
using DEM_NS::MeshData;

namespace {

void add_tri(std::vector<double> &xyz, Vec3 a, Vec3 b, Vec3 c)
{
  for (const Vec3 &p : {a, b, c}) xyz.insert(xyz.end(), {p.x, p.y, p.z});
}

// the square [0, L]^2 at height z, n x n cells of two triangles each
std::vector<double> floor_mesh(int n, double L, double z = 0.0)
{
  std::vector<double> xyz;
  const double h = L / n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      const Vec3 a{i * h, j * h, z}, b{(i + 1) * h, j * h, z}, c{(i + 1) * h, (j + 1) * h, z},
          d{i * h, (j + 1) * h, z};
      add_tri(xyz, a, b, c);
      add_tri(xyz, a, c, d);
    }
  return xyz;
}

// the unit cube [0, 1]^3 as 12 outward triangles; faces split along a diagonal
std::vector<double> cube_mesh(bool top = true)
{
  std::vector<double> xyz;
  auto quad = [&](Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
    add_tri(xyz, a, b, c);
    add_tri(xyz, a, c, d);
  };
  const Vec3 p000{0, 0, 0}, p100{1, 0, 0}, p110{1, 1, 0}, p010{0, 1, 0};
  const Vec3 p001{0, 0, 1}, p101{1, 0, 1}, p111{1, 1, 1}, p011{0, 1, 1};
  quad(p000, p010, p110, p100);             // z = 0
  if (top) quad(p001, p101, p111, p011);    // z = 1
  quad(p000, p100, p101, p001);             // y = 0
  quad(p010, p011, p111, p110);             // y = 1
  quad(p000, p001, p011, p010);             // x = 0
  quad(p100, p110, p111, p101);             // x = 1
  return xyz;
}

MeshData build(const std::vector<double> &xyz, double margin = 1.0, double tol_deg = 0.01,
               double curv_deg = 10.0)
{
  MeshData m;
  DEM_NS::build_mesh(xyz, tol_deg, curv_deg, m);
  DEM_NS::build_grid(m, margin);
  return m;
}

int contacts(const MeshData &m, Vec3 x, double r, WallTouch *out)
{
  return m.view().touches(x, r, 2.0 * r, r, out);
}

}    // namespace

// the closest point against a brute-force search over the triangle, and its region
TEST(MeshGeometry, ClosestPointOnTriangle)
{
  const Vec3 a{0.1, -0.2, 0.3}, b{1.2, 0.1, -0.1}, c{0.3, 0.9, 0.2};
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> u(-1.5, 2.5);
  for (int k = 0; k < 300; k++) {
    const Vec3 p{u(gen), u(gen), u(gen)};
    int reg;
    const Vec3 q = closest_on_triangle(p, a, b, c, reg);
    double best = 1e300;
    const int n = 400;
    for (int i = 0; i <= n; i++)
      for (int j = 0; i + j <= n; j++) {
        const Vec3 s = a + (double(i) / n) * (b - a) + (double(j) / n) * (c - a);
        best = std::min(best, norm(s - p));
      }
    EXPECT_LE(norm(q - p), best + 1e-12);
    EXPECT_GE(norm(q - p), best - 5e-3);
  }
  int reg;
  const Vec3 nrm = cross(b - a, c - a);
  closest_on_triangle((1.0 / 3.0) * (a + b + c) + (1.0 / norm(nrm)) * nrm, a, b, c, reg);
  EXPECT_EQ(reg, TRI_FACE);
  closest_on_triangle({-1, -1, 0.3}, a, b, c, reg);
  EXPECT_EQ(reg, TRI_VERT_A);
  closest_on_triangle({3, 0, 0}, a, b, c, reg);
  EXPECT_EQ(reg, TRI_VERT_B);
  closest_on_triangle({0.3, 3, 0.2}, a, b, c, reg);
  EXPECT_EQ(reg, TRI_VERT_C);
  closest_on_triangle({0.6, -1.0, 0.1}, a, b, c, reg);
  EXPECT_EQ(reg, TRI_EDGE_AB);
  closest_on_triangle({1.2, 1.0, 0.0}, a, b, c, reg);
  EXPECT_EQ(reg, TRI_EDGE_BC);
  closest_on_triangle({-0.8, 0.4, 0.25}, a, b, c, reg);
  EXPECT_EQ(reg, TRI_EDGE_CA);
}

// a finely tiled floor is one patch: every ball above it has exactly the contact of the plane
// z = 0 (the same numbers), whichever triangle, edge or vertex lies under it
TEST(MeshContacts, TiledFloorIsOnePlane)
{
  const MeshData m = build(floor_mesh(20, 1.0), 0.1);
  EXPECT_EQ(m.patch.size(), 1u);
  WallTouch out[MESH_MAX_CANDIDATES];
  std::mt19937 gen(3);
  std::uniform_real_distribution<double> u(0.05, 0.95), h(0.001, 0.019);
  for (int k = 0; k < 2000; k++) {
    Vec3 x{u(gen), u(gen), h(gen)};
    if (k % 4 == 1) x.x = 0.05 * (1 + k % 18);    // on the edges and vertices of the tiling
    if (k % 4 == 2) x.y = 0.05 * (1 + k % 17);
    ASSERT_EQ(contacts(m, x, 0.01, out), 1) << k;
    EXPECT_EQ(out[0].id, 0);
    EXPECT_EQ(out[0].dist, x.z);    // bit for bit the plane's distance
    EXPECT_EQ(out[0].n.z, -1.0);
    EXPECT_EQ(out[0].n.x, 0.0);
    EXPECT_EQ(out[0].n.y, 0.0);
  }
  // beyond the floor's free edge: the edge is the contact
  const Vec3 x{1.005, 0.5, 0.005};
  ASSERT_EQ(contacts(m, x, 0.01, out), 1);
  EXPECT_NEAR(out[0].dist, std::sqrt(2.0) * 0.005, 1e-15);
  EXPECT_NEAR(out[0].n.x, -std::sqrt(0.5), 1e-13);    // 1.005 - 1 is 0.005 to 1e-16 only
}

// convex features of a cube: an edge or a vertex is one contact; a ball on a face near an edge
// has only the face
TEST(MeshContacts, CubeConvexEdgeAndVertexAreOneContact)
{
  const MeshData m = build(cube_mesh());
  EXPECT_EQ(m.patch.size(), 6u);
  EXPECT_EQ(m.nopen, 0);
  EXPECT_EQ(m.nflipped, 0);
  WallTouch out[MESH_MAX_CANDIDATES];
  const double r = 0.1;
  // beyond the edge x = 1, z = 1
  Vec3 x{1.05, 0.4, 1.05};
  ASSERT_EQ(contacts(m, x, r, out), 1);
  EXPECT_NEAR(out[0].dist, std::sqrt(2.0) * 0.05, 1e-15);
  EXPECT_NEAR(out[0].n.x, -std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(out[0].n.z, -std::sqrt(0.5), 1e-15);
  // the same contact id on the next step (history is kept)
  const int id = out[0].id;
  x.y = 0.41;
  ASSERT_EQ(contacts(m, x, r, out), 1);
  EXPECT_EQ(out[0].id, id);
  // beyond the vertex (1, 1, 1)
  x = {1.03, 1.04, 1.05};
  ASSERT_EQ(contacts(m, x, r, out), 1);
  EXPECT_NEAR(out[0].dist, std::sqrt(0.03 * 0.03 + 0.04 * 0.04 + 0.05 * 0.05), 1e-15);
  // above the top face near its edge: the face only
  x = {0.98, 0.5, 1.05};
  ASSERT_EQ(contacts(m, x, r, out), 1);
  EXPECT_EQ(out[0].dist, 1.05 - 1.0);
  EXPECT_EQ(out[0].n.z, -1.0);
}

// inside an open box: a concave corner is three face contacts, the three planes' own
TEST(MeshContacts, ConcaveCornerIsThreePlanes)
{
  const MeshData m = build(cube_mesh(false));
  WallTouch out[MESH_MAX_CANDIDATES];
  const Vec3 x{0.08, 0.07, 0.09};
  ASSERT_EQ(contacts(m, x, 0.1, out), 3);
  double d[3] = {0, 0, 0};
  for (int k = 0; k < 3; k++) {
    const Vec3 n = out[k].n;
    if (n.x == -1.0) d[0] = out[k].dist;
    if (n.y == -1.0) d[1] = out[k].dist;
    if (n.z == -1.0) d[2] = out[k].dist;
  }
  EXPECT_EQ(d[0], 0.08);
  EXPECT_EQ(d[1], 0.07);
  EXPECT_EQ(d[2], 0.09);
  // along a concave edge, away from the corner: two planes
  ASSERT_EQ(contacts(m, {0.08, 0.5, 0.09}, 0.1, out), 2);
}

// a shallow concave fold beyond the coplanarity tolerance: two patches; a ball over one of them
// near the fold touches that face, and the fold edge of the other patch adds nothing
TEST(MeshContacts, ShallowConcaveFold)
{
  std::vector<double> xyz;
  const double s = std::tan(2.0 * 3.14159265358979323846 / 180.0);    // 2 degrees upwards for x > 1
  add_tri(xyz, {0, 0, 0}, {1, 0, 0}, {1, 1, 0});
  add_tri(xyz, {0, 0, 0}, {1, 1, 0}, {0, 1, 0});
  add_tri(xyz, {1, 0, 0}, {2, 0, s}, {2, 1, s});
  add_tri(xyz, {1, 0, 0}, {2, 1, s}, {1, 1, 0});
  const MeshData m = build(xyz);
  EXPECT_EQ(m.patch.size(), 2u);
  WallTouch out[MESH_MAX_CANDIDATES];
  // centre over the flat part, just before the fold: its foot on the tilted plane is beyond the
  // fold on the flat side, so the tilted patch's closest point is the fold edge, on the flat patch
  ASSERT_EQ(contacts(m, {0.99, 0.5, 0.05}, 0.1, out), 1);
  EXPECT_EQ(out[0].dist, 0.05);
  // with the 0.01 degree tolerance raised to 3 degrees both are one patch (the first's plane)
  const MeshData one = build(xyz, 1.0, 3.0);
  EXPECT_EQ(one.patch.size(), 1u);
}

// a rotated and shifted mesh gives the rotated contact, and the wall velocity of its motion
TEST(MeshContacts, MovingFrame)
{
  MeshData m = build(floor_mesh(4, 1.0));
  MeshWall w = m.view();
  // a quarter turn about the x axis through (0, 0, 0), then a shift by (0, 0, 5): the floor is
  // the plane y = 0, z in [5, 6]
  w.frame.moving = true;
  const double rot[9] = {1, 0, 0, 0, 0, -1, 0, 1, 0};
  for (int k = 0; k < 9; k++) w.frame.rot[k] = rot[k];
  w.frame.shift = {0, 0, 5};
  w.frame.vel = {0, 0, 1};
  w.frame.omega = {2, 0, 0};
  WallTouch out[MESH_MAX_CANDIDATES];
  const Vec3 x{0.5, 0.05, 5.5};
  ASSERT_EQ(w.touches(x, 0.1, 0.2, 0.1, out), 1);
  EXPECT_NEAR(out[0].dist, 0.05, 1e-15);
  EXPECT_NEAR(out[0].n.y, -1.0, 1e-15);
  // contact point midway in the overlap, 0.075 from the centre: (0.5, -0.025, 5.5)
  const Vec3 v = Vec3{0, 0, 1} + cross(Vec3{2, 0, 0}, Vec3{0.5, -0.025, 0.5});
  EXPECT_NEAR(out[0].vwall.y, v.y, 1e-14);
  EXPECT_NEAR(out[0].vwall.z, v.z, 1e-14);
}

TEST(MeshBuild, DegenerateFlippedAndGrid)
{
  std::vector<double> xyz = floor_mesh(2, 1.0);
  add_tri(xyz, {0, 0, 0}, {1, 0, 0}, {2, 0, 0});    // zero area
  MeshData m;
  DEM_NS::build_mesh(xyz, 0.01, 10.0, m);
  EXPECT_EQ(m.ndegenerate, 1);
  EXPECT_EQ(m.first_degenerate, 8);
  // flip one triangle: its shared edges run the same way as its neighbours'
  std::vector<double> f = floor_mesh(2, 1.0);
  std::swap_ranges(f.begin() + 3, f.begin() + 6, f.begin() + 6);
  DEM_NS::build_mesh(f, 0.01, 10.0, m);
  EXPECT_GT(m.nflipped, 0);
  // a ball far from the mesh: no cell, no contact
  DEM_NS::build_grid(m, 0.1);
  WallTouch out[MESH_MAX_CANDIDATES];
  EXPECT_EQ(m.view().touches({5, 5, 5}, 0.05, 0.1, 0.05, out), 0);
}

// a floor listed twice more, once as it is and once with every triangle's vertices reversed: the
// copies are counted and left out, and what is built is the single floor (same fingerprint); a
// reordered floor has another fingerprint
TEST(MeshBuild, DuplicatesMergedAndFingerprint)
{
  const std::vector<double> one = floor_mesh(3, 1.0);
  MeshData single, twice;
  DEM_NS::build_mesh(one, 0.01, 10.0, single);
  std::vector<double> xyz = one;
  xyz.insert(xyz.end(), one.begin(), one.end());
  for (size_t t = 0; t < one.size(); t += 9)
    for (int k : {2, 1, 0})
      xyz.insert(xyz.end(), one.begin() + t + 3 * k, one.begin() + t + 3 * k + 3);
  DEM_NS::build_mesh(xyz, 0.01, 10.0, twice);
  EXPECT_EQ(twice.nduplicate, 36);
  EXPECT_EQ(twice.first_duplicate, 18);
  EXPECT_EQ(twice.tri.size(), single.tri.size());
  EXPECT_EQ(twice.patch.size(), 1u);
  EXPECT_EQ(twice.nflipped, 0);
  EXPECT_EQ(twice.nnonmanifold, 0);
  EXPECT_EQ(twice.fingerprint, single.fingerprint);
  std::vector<double> swapped = one;    // the first two triangles in the other order
  std::swap_ranges(swapped.begin(), swapped.begin() + 9, swapped.begin() + 9);
  MeshData reordered;
  DEM_NS::build_mesh(swapped, 0.01, 10.0, reordered);
  EXPECT_EQ(reordered.nduplicate, 0);
  EXPECT_NE(reordered.fingerprint, single.fingerprint);
  DEM_NS::build_mesh(one, 0.02, 10.0, reordered);    // coplanar decides the patches too
  EXPECT_NE(reordered.fingerprint, single.fingerprint);
}

// the inside of a cylinder of 90 facets (4 degrees apart): one smooth group; a ball in the crease
// between two facets touches two faces unless contacts of the group within the curvature angle
// are merged, and the history handover moves a slot from one facet to the next
TEST(MeshContacts, SmoothGroupOfAFacetedCylinder)
{
  std::vector<double> xyz;
  const int nseg = 90;
  const double rc = 1.0, pi = 3.14159265358979323846;
  for (int k = 0; k < nseg; k++) {
    const double a0 = 2 * pi * k / nseg, a1 = 2 * pi * (k + 1) / nseg;
    const Vec3 p0{rc * std::cos(a0), rc * std::sin(a0), -0.5},
        p1{rc * std::cos(a1), rc * std::sin(a1), -0.5};
    const Vec3 q0{p0.x, p0.y, 0.5}, q1{p1.x, p1.y, 0.5};
    add_tri(xyz, p0, p1, q1);
    add_tri(xyz, p0, q1, q0);
  }
  const MeshData m = build(xyz, 0.2);
  EXPECT_EQ(m.patch.size(), 90u);
  EXPECT_EQ(m.ngroup, 1);
  EXPECT_EQ(build(xyz, 0.2, 0.01, 0.0).ngroup, 90);
  MeshWall w = m.view();
  WallTouch out[MESH_MAX_CANDIDATES];
  // a ball pressed into the crease at angle 0 (the vertex line x = rc): both facets overlap it
  const double r = 0.05, d = rc * std::cos(pi / nseg) - r + 0.002;
  const Vec3 x{d, 0.0, 0.0};
  EXPECT_EQ(w.touches(x, r, 2 * r, r, out), 2);
  w.cos_curvature = std::cos(10.0 * pi / 180.0);
  ASSERT_EQ(w.touches(x, r, 2 * r, r, out), 1);
  EXPECT_EQ(out[0].id, 0);    // equal distances: the lower patch
  // handover: a row holding patch 5's history, the ball now touching patch 6 only
  const int stride = 4, nslot = 2;
  double row[nslot * stride] = {6.0, 1.5, 2.5, 3.5, 0.0, 0.0, 0.0, 0.0};
  WallTouch t6{};
  t6.id = 6;
  mesh_handover(w, &t6, 1, row, nslot, stride);
  EXPECT_EQ(row[0], 7.0);
  EXPECT_EQ(row[1], 1.5);
  // not across groups
  MeshData two = build(xyz, 0.2, 0.01, 0.0);
  double row2[nslot * stride] = {6.0, 1.5, 2.5, 3.5, 0.0, 0.0, 0.0, 0.0};
  mesh_handover(two.view(), &t6, 1, row2, nslot, stride);
  EXPECT_EQ(row2[0], 6.0);
}
