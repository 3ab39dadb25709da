// SPDX-License-Identifier: GPL-2.0-or-later
#include "mesh_build.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <utility>

using dem::Vec3;

namespace DEM_NS {

dem::MeshWall MeshData::view() const
{
  dem::MeshWall w;
  w.tri = tri.data();
  w.patch = patch.data();
  w.grid = grid;
  w.grid.start = start.data();
  w.grid.items = items.data();
  return w;
}

void build_mesh(const std::vector<double> &xyz, double coplanar_deg, double curvature_deg, MeshData &m)
{
  const int nfile = static_cast<int>(xyz.size() / 9);
  m = MeshData{};
  // weld: one index per distinct vertex
  std::map<std::array<double, 3>, int> ids;
  std::vector<std::array<int, 3>> tv;
  std::vector<Vec3> normal;
  for (int t = 0; t < nfile; t++) {
    const double *p = &xyz[9 * t];
    const Vec3 a{p[0], p[1], p[2]}, b{p[3], p[4], p[5]}, c{p[6], p[7], p[8]};
    const Vec3 nc = dem::cross(b - a, c - a);
    const double longest = std::max({dem::dot(b - a, b - a), dem::dot(c - b, c - b), dem::dot(a - c, a - c)});
    const double twice_area = dem::norm(nc);
    if (!(twice_area > 1e-12 * longest)) {    // also NaN coordinates
      if (m.ndegenerate++ == 0) m.first_degenerate = t;
      continue;
    }
    std::array<int, 3> v;
    for (int k = 0; k < 3; k++) {
      const auto key = std::array<double, 3>{p[3 * k], p[3 * k + 1], p[3 * k + 2]};
      auto it = ids.emplace(key, static_cast<int>(ids.size())).first;
      v[k] = it->second;
    }
    tv.push_back(v);
    normal.push_back((1.0 / twice_area) * nc);
    // a sphere about the centroid that holds the triangle (with room for round-off)
    Vec3 centre = (1.0 / 3.0) * (a + b + c);
    double rad = std::sqrt(std::max({dem::dot(a - centre, a - centre), dem::dot(b - centre, b - centre),
                                     dem::dot(c - centre, c - centre)}));
    m.tri.push_back({a, b, c, -1, 0, centre, rad * (1.0 + 1e-12)});
    m.area.push_back(0.5 * twice_area);
  }
  const int nt = static_cast<int>(m.tri.size());
  if (nt == 0) return;

  // edges: (lower vertex, higher vertex) -> triangles and the local edge (0 ab, 1 bc, 2 ca)
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> edges;
  for (int t = 0; t < nt; t++)
    for (int e = 0; e < 3; e++) {
      const int u = tv[t][e], w = tv[t][(e + 1) % 3];
      edges[{std::min(u, w), std::max(u, w)}].push_back({t, e});
    }

  // Across a shared edge, the neighbour o of t and its normal as seen with t's orientation
  // (flipped if both run the edge the same way: inconsistent normals).
  auto neighbour = [&](int t, int e, Vec3 &n_o) {
    const int u = tv[t][e], w = tv[t][(e + 1) % 3];
    const auto &share = edges[{std::min(u, w), std::max(u, w)}];
    if (share.size() != 2) return -1;
    const auto &other = share[0].first == t ? share[1] : share[0];
    const bool same_way = tv[other.first][other.second] == u;
    n_o = same_way ? -normal[other.first] : normal[other.first];
    return other.first;
  };
  const double deg = 3.14159265358979323846 / 180.0;
  // patches: flood fill across edges of exactly two triangles whose normals are within the
  // tolerance of the seed's (the patch's plane is the seed's); sign: orientation relative to it
  const double cos_tol = std::cos(coplanar_deg * deg);
  std::vector<int> stack;
  std::vector<double> sign(nt, 1.0);
  for (int s = 0; s < nt; s++) {
    if (m.tri[s].patch >= 0) continue;
    const int pid = static_cast<int>(m.patch.size());
    m.patch.push_back({normal[s], dem::dot(normal[s], m.tri[s].a), -1});
    m.tri[s].patch = pid;
    stack.assign(1, s);
    while (!stack.empty()) {
      const int t = stack.back();
      stack.pop_back();
      for (int e = 0; e < 3; e++) {
        Vec3 n_o;
        const int o = neighbour(t, e, n_o);
        if (o < 0 || m.tri[o].patch >= 0) continue;
        const Vec3 n_seed_way = sign[t] * n_o;    // o's normal with the seed's orientation
        if (dem::dot(n_seed_way, normal[s]) < cos_tol) continue;
        sign[o] = dem::dot(n_seed_way, normal[o]) > 0.0 ? 1.0 : -1.0;
        m.tri[o].patch = pid;
        stack.push_back(o);
      }
    }
  }
  // smooth groups: patches joined across edges whose normals differ by less than the curvature
  // angle (neighbour to neighbour)
  const double cos_curv = std::cos(curvature_deg * deg);
  std::vector<char> visited(nt, 0);
  int ngroup = 0;
  for (int s = 0; s < nt; s++) {
    if (visited[s]) continue;
    const int gid = ngroup++;
    visited[s] = 1;
    m.patch[m.tri[s].patch].group = gid;
    stack.assign(1, s);
    while (!stack.empty()) {
      const int t = stack.back();
      stack.pop_back();
      for (int e = 0; e < 3; e++) {
        Vec3 n_o;
        const int o = neighbour(t, e, n_o);
        if (o < 0 || visited[o]) continue;
        const bool same = m.tri[o].patch == m.tri[t].patch;
        if (!same && !(curvature_deg > 0.0 && dem::dot(n_o, normal[t]) >= cos_curv)) continue;
        visited[o] = 1;
        m.patch[m.tri[o].patch].group = gid;
        stack.push_back(o);
      }
    }
  }
  m.ngroup = ngroup;

  // boundary edges and vertices of the patches; orientation check
  std::vector<char> vboundary(ids.size(), 0);
  for (const auto &[key, share] : edges) {
    const bool inner = share.size() == 2 && m.tri[share[0].first].patch == m.tri[share[1].first].patch;
    if (share.size() == 1) m.nopen++;
    if (share.size() > 2) m.nnonmanifold++;
    if (share.size() == 2 && tv[share[0].first][share[0].second] == tv[share[1].first][share[1].second])
      m.nflipped++;    // both triangles run the edge the same way
    if (inner) continue;
    for (const auto &[t, e] : share) m.tri[t].boundary |= 1 << e;
    vboundary[key.first] = vboundary[key.second] = 1;
  }
  for (int t = 0; t < nt; t++)
    for (int k = 0; k < 3; k++)
      if (vboundary[tv[t][k]]) m.tri[t].boundary |= 1 << (3 + k);

  m.lo = m.hi = m.tri[0].a;
  for (const auto &t : m.tri)
    for (const Vec3 &p : {t.a, t.b, t.c}) {
      m.lo = {std::min(m.lo.x, p.x), std::min(m.lo.y, p.y), std::min(m.lo.z, p.z)};
      m.hi = {std::max(m.hi.x, p.x), std::max(m.hi.y, p.y), std::max(m.hi.z, p.z)};
    }
}

void build_grid(MeshData &m, double margin)
{
  m.start.assign(1, 0);
  m.items.clear();
  m.grid = dem::MeshGrid{};
  m.grid_version++;
  if (m.tri.empty()) return;
  const Vec3 lo = m.lo - Vec3{margin, margin, margin}, hi = m.hi + Vec3{margin, margin, margin};
  const Vec3 span = hi - lo;
  // cells of size `margin` (the ball's own cell then holds every triangle it may reach), coarser
  // when that would make too many cells or too many entries
  double h = std::max(margin, 1e-9 * std::max({span.x, span.y, span.z}));
  const double max_cells = 4.0e6, max_items = 5.0e7;
  std::vector<std::array<int, 6>> range(m.tri.size());
  for (;;) {
    const int nx = std::max(1, static_cast<int>(std::ceil(span.x / h)));
    const int ny = std::max(1, static_cast<int>(std::ceil(span.y / h)));
    const int nz = std::max(1, static_cast<int>(std::ceil(span.z / h)));
    if (static_cast<double>(nx) * ny * nz > max_cells) {
      h *= 1.5;
      continue;
    }
    // the same arithmetic as MeshGrid::cell
    const double inv = 1.0 / h;
    auto clampi = [](double f, int n) { return std::min(n - 1, std::max(0, static_cast<int>(std::floor(f)))); };
    double total = 0.0;
    for (size_t t = 0; t < m.tri.size(); t++) {
      const auto &tr = m.tri[t];
      const Vec3 tlo{std::min({tr.a.x, tr.b.x, tr.c.x}), std::min({tr.a.y, tr.b.y, tr.c.y}),
                     std::min({tr.a.z, tr.b.z, tr.c.z})};
      const Vec3 thi{std::max({tr.a.x, tr.b.x, tr.c.x}), std::max({tr.a.y, tr.b.y, tr.c.y}),
                     std::max({tr.a.z, tr.b.z, tr.c.z})};
      auto &r = range[t];
      r = {clampi((tlo.x - margin - lo.x) * inv, nx), clampi((thi.x + margin - lo.x) * inv, nx),
           clampi((tlo.y - margin - lo.y) * inv, ny), clampi((thi.y + margin - lo.y) * inv, ny),
           clampi((tlo.z - margin - lo.z) * inv, nz), clampi((thi.z + margin - lo.z) * inv, nz)};
      total += static_cast<double>(r[1] - r[0] + 1) * (r[3] - r[2] + 1) * (r[5] - r[4] + 1);
    }
    if (total > max_items) {
      h *= 1.5;
      continue;
    }
    m.grid.lo = lo;
    m.grid.inv_h = inv;
    m.grid.nx = nx;
    m.grid.ny = ny;
    m.grid.nz = nz;
    m.grid.margin = margin;
    break;
  }
  const int nx = m.grid.nx, ny = m.grid.ny, ncell = nx * ny * m.grid.nz;
  m.start.assign(ncell + 1, 0);
  for (const auto &r : range)
    for (int k = r[4]; k <= r[5]; k++)
      for (int j = r[2]; j <= r[3]; j++)
        for (int i = r[0]; i <= r[1]; i++) m.start[(k * ny + j) * nx + i + 1]++;
  for (int c = 0; c < ncell; c++) m.start[c + 1] += m.start[c];
  m.items.resize(m.start[ncell]);
  std::vector<int> fill(m.start.begin(), m.start.end() - 1);
  for (size_t t = 0; t < range.size(); t++) {
    const auto &r = range[t];
    for (int k = r[4]; k <= r[5]; k++)
      for (int j = r[2]; j <= r[3]; j++)
        for (int i = r[0]; i <= r[1]; i++) m.items[fill[(k * ny + j) * nx + i]++] = static_cast<int>(t);
  }
}

}    // namespace DEM_NS
