// SPDX-License-Identifier: GPL-2.0-or-later
#include "mesh_build.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <tuple>
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

bool zero_area(const double *p)
{
  const Vec3 a{p[0], p[1], p[2]}, b{p[3], p[4], p[5]}, c{p[6], p[7], p[8]};
  const double longest =
      std::max({dem::dot(b - a, b - a), dem::dot(c - b, c - b), dem::dot(a - c, a - c)});
  return !(dem::norm(dem::cross(b - a, c - a)) > 1e-12 * longest);    // also NaN
}

namespace {

  // FNV-1a over the bytes of the values
  void hash_doubles(unsigned long long &h, const double *v, int n)
  {
    const auto *bytes = reinterpret_cast<const unsigned char *>(v);
    for (size_t k = 0; k < n * sizeof(double); k++) {
      h ^= bytes[k];
      h *= 1099511628211ULL;
    }
  }

  using Triple = std::array<int, 3>;
  enum Kept : char { BUILT, DEGENERATE, DUPLICATE };

  // the order of the vertices i and j of xyz (3 doubles each): x, then y, then z (-0 and 0 alike)
  bool vertex_less(const double *xyz, int i, int j)
  {
    return std::lexicographical_compare(xyz + 3 * i, xyz + 3 * i + 3, xyz + 3 * j, xyz + 3 * j + 3);
  }

  // An id for each vertex of the triangles built (3 t + k: vertex k of triangle t; -1 for the
  // others): vertices with identical coordinates share one. By sorting: no tree of vertices.
  std::vector<int> weld(const std::vector<double> &xyz, const std::vector<Kept> &kept)
  {
    std::vector<int> order;
    order.reserve(3 * std::count(kept.begin(), kept.end(), BUILT));
    for (size_t t = 0; t < kept.size(); t++)
      if (kept[t] == BUILT)
        for (int k = 0; k < 3; k++) order.push_back(static_cast<int>(3 * t + k));
    std::sort(order.begin(), order.end(), [&](int i, int j) {
      return vertex_less(xyz.data(), i, j);
    });
    std::vector<int> id(3 * kept.size(), -1);
    int last = -1;
    for (size_t k = 0; k < order.size(); k++) {
      if (k == 0 || vertex_less(xyz.data(), order[k - 1], order[k])) last++;
      id[order[k]] = last;
    }
    return id;
  }

  // Marks DUPLICATE each triangle built whose three vertex ids, in any order, an earlier one has.
  void mark_duplicates(const std::vector<int> &id, std::vector<Kept> &kept)
  {
    auto sorted_ids = [&](int t) {
      Triple v{id[3 * t], id[3 * t + 1], id[3 * t + 2]};
      std::sort(v.begin(), v.end());
      return v;
    };
    std::vector<int> order;
    for (size_t t = 0; t < kept.size(); t++)
      if (kept[t] == BUILT) order.push_back(static_cast<int>(t));
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      const Triple va = sorted_ids(a), vb = sorted_ids(b);
      return va < vb || (va == vb && a < b);
    });
    for (size_t k = 1; k < order.size(); k++)
      if (sorted_ids(order[k]) == sorted_ids(order[k - 1])) kept[order[k]] = DUPLICATE;
  }

  // For each edge e of each triangle t (3 t + e; edge 0 ab, 1 bc, 2 ca), the same edge of the
  // other triangle when exactly two share it, else -1; counts open, non-manifold and flipped edges.
  std::vector<int> pair_edges(const std::vector<Triple> &tv, MeshData &m)
  {
    struct HalfEdge {
      int lo, hi, at;    // its vertex ids, lower first; 3 t + e
      bool operator<(const HalfEdge &o) const
      {
        return std::tie(lo, hi, at) < std::tie(o.lo, o.hi, o.at);
      }
    };
    const int n = static_cast<int>(3 * tv.size());
    std::vector<HalfEdge> half(n);
    for (int h = 0; h < n; h++) {
      const int u = tv[h / 3][h % 3], w = tv[h / 3][(h % 3 + 1) % 3];
      half[h] = {std::min(u, w), std::max(u, w), h};
    }
    std::sort(half.begin(), half.end());
    std::vector<int> across(n, -1);
    for (int g = 0, next; g < n; g = next) {
      for (next = g + 1; next < n && half[next].lo == half[g].lo && half[next].hi == half[g].hi;)
        next++;
      if (next - g == 1) m.nopen++;
      if (next - g > 2) m.nnonmanifold++;
      if (next - g != 2) continue;
      const int a = half[g].at, b = half[g + 1].at;
      across[a] = b;
      across[b] = a;
      if (tv[a / 3][a % 3] == tv[b / 3][b % 3])
        m.nflipped++;    // both triangles run the edge the same way
    }
    return across;
  }

}    // namespace

void build_mesh(std::vector<double> xyz, double coplanar_deg, double curvature_deg, MeshData &m)
{
  const int nfile = static_cast<int>(xyz.size() / 9);
  m = MeshData{};
  m.fingerprint = 14695981039346656037ULL;
  hash_doubles(m.fingerprint, &coplanar_deg, 1);
  std::vector<Kept> kept(nfile, BUILT);
  for (int t = 0; t < nfile; t++)
    if (zero_area(&xyz[9 * t])) {
      kept[t] = DEGENERATE;
      if (m.ndegenerate++ == 0) m.first_degenerate = t;
    }
  std::vector<int> id = weld(xyz, kept);
  mark_duplicates(id, kept);
  const int nt = static_cast<int>(std::count(kept.begin(), kept.end(), BUILT));
  m.nduplicate = static_cast<int>(std::count(kept.begin(), kept.end(), DUPLICATE));
  if (m.nduplicate > 0)
    m.first_duplicate =
        static_cast<int>(std::find(kept.begin(), kept.end(), DUPLICATE) - kept.begin());

  // the triangles built, in file order, and their vertex ids
  std::vector<Triple> tv;
  std::vector<Vec3> normal;
  tv.reserve(nt);
  normal.reserve(nt);
  m.tri.reserve(nt);
  m.area.reserve(nt);
  for (int t = 0; t < nfile; t++) {
    if (kept[t] != BUILT) continue;
    const double *p = &xyz[9 * t];
    const Vec3 a{p[0], p[1], p[2]}, b{p[3], p[4], p[5]}, c{p[6], p[7], p[8]};
    const Vec3 nc = dem::cross(b - a, c - a);
    const double twice_area = dem::norm(nc);
    tv.push_back({id[3 * t], id[3 * t + 1], id[3 * t + 2]});
    normal.push_back((1.0 / twice_area) * nc);
    hash_doubles(m.fingerprint, p, 9);
    // a sphere about the centroid that holds the triangle (with room for round-off)
    Vec3 centre = (1.0 / 3.0) * (a + b + c);
    double rad =
        std::sqrt(std::max({dem::dot(a - centre, a - centre), dem::dot(b - centre, b - centre),
                            dem::dot(c - centre, c - centre)}));
    m.tri.push_back({a, b, c, -1, 0, centre, rad * (1.0 + 1e-12)});
    m.area.push_back(0.5 * twice_area);
  }
  const int nvertex = 1 + (id.empty() ? -1 : *std::max_element(id.begin(), id.end()));
  // the coordinates are in m.tri now: free them and the rest of the welding before the edges
  std::vector<double>().swap(xyz);
  std::vector<int>().swap(id);
  std::vector<Kept>().swap(kept);
  if (nt == 0) return;

  const std::vector<int> across = pair_edges(tv, m);
  // Across a shared edge, the neighbour o of t and its normal as seen with t's orientation
  // (flipped if both run the edge the same way: inconsistent normals).
  auto neighbour = [&](int t, int e, Vec3 &n_o) {
    const int h = across[3 * t + e];
    if (h < 0) return -1;
    const int o = h / 3;
    n_o = tv[o][h % 3] == tv[t][e] ? -normal[o] : normal[o];
    return o;
  };
  const double deg = 3.14159265358979323846 / 180.0;
  // patches: flood fill across edges of exactly two triangles whose normals are within the
  // tolerance of the seed's (the patch's plane is the seed's); sign: orientation relative to it
  const double cos_tol = std::cos(coplanar_deg * deg);
  std::vector<int> stack, seed;
  std::vector<signed char> sign(nt, 1);
  for (int s = 0; s < nt; s++) {
    if (m.tri[s].patch >= 0) continue;
    const int pid = static_cast<int>(seed.size());
    seed.push_back(s);
    m.tri[s].patch = pid;
    stack.assign(1, s);
    while (!stack.empty()) {
      const int t = stack.back();
      stack.pop_back();
      for (int e = 0; e < 3; e++) {
        Vec3 n_o;
        const int o = neighbour(t, e, n_o);
        if (o < 0 || m.tri[o].patch >= 0) continue;
        const Vec3 n_seed_way =
            static_cast<double>(sign[t]) * n_o;    // o's normal with the seed's orientation
        if (dem::dot(n_seed_way, normal[s]) < cos_tol) continue;
        sign[o] = dem::dot(n_seed_way, normal[o]) > 0.0 ? 1 : -1;
        m.tri[o].patch = pid;
        stack.push_back(o);
      }
    }
  }
  m.patch.reserve(seed.size());
  for (const int s : seed) m.patch.push_back({normal[s], dem::dot(normal[s], m.tri[s].a), -1});
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

  // boundary edges (not between two triangles of one patch) and their vertices
  std::vector<char> vboundary(nvertex, 0);
  for (int h = 0; h < 3 * nt; h++) {
    const int t = h / 3, e = h % 3, o = across[h];
    if (o >= 0 && m.tri[o / 3].patch == m.tri[t].patch) continue;
    m.tri[t].boundary |= 1 << e;
    vboundary[tv[t][e]] = vboundary[tv[t][(e + 1) % 3]] = 1;
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

namespace {

  std::string num(double v)
  {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%g", v);
    return buf;
  }

  // triangle t of raw after scale and offset
  std::array<double, 9> placed(const std::vector<double> &raw, int t, double scale,
                               const double offset[3])
  {
    std::array<double, 9> p;
    for (int k = 0; k < 9; k++) p[k] = scale * raw[9 * t + k] + offset[k % 3];
    return p;
  }

  double largest(const double *p)
  {
    double m = 0.0;
    for (int k = 0; k < 9; k++) m = std::max(m, std::fabs(p[k]));
    return m;
  }

  // a triangle of the file that is to blame itself: its coordinates are not numbers, or its area
  // is zero with coordinates of a size that fits
  bool flawed_in_file(const double *p)
  {
    const double m = largest(p);
    return !std::isfinite(m) || (m <= MESH_MAX_COORD && zero_area(p));
  }

  // Does every triangle not flawed in the file fit once placed with this scale and offset?
  bool fits_at(const std::vector<double> &raw, double scale, const double offset[3])
  {
    for (size_t t = 0; t < raw.size() / 9; t++)
      if (!flawed_in_file(&raw[9 * t]) &&
          !fits(placed(raw, static_cast<int>(t), scale, offset).data()))
        return false;
    return true;
  }

  // The power of ten 10^k at the end of the stretch, starting at k = good, on which ok(10^k) holds
  // (ok(10^good) holds and ok(10^bad) does not; one stretch between them).
  template <class Ok> double last_power(int good, int bad, Ok ok)
  {
    while (std::abs(bad - good) > 1) {
      const int mid = (good + bad) / 2;
      (ok(std::pow(10.0, mid)) ? good : bad) = mid;
    }
    return std::pow(10.0, good);
  }

  // The scales at which the whole mesh fits, searched from the one that makes its largest
  // coordinate about 1
  std::string scale_range(const std::vector<double> &raw)
  {
    const double none[3] = {0.0, 0.0, 0.0};
    double m = 0.0;
    for (size_t t = 0; t < raw.size() / 9; t++)
      if (!flawed_in_file(&raw[9 * t])) m = std::max(m, largest(&raw[9 * t]));
    const int k0 = m > 0.0 ? -static_cast<int>(std::floor(std::log10(m))) : 0;
    auto ok = [&](double s) {
      return fits_at(raw, s, none);
    };
    if (!ok(std::pow(10.0, k0))) return "none (its sizes span too many orders of magnitude)";
    return "about [" + num(last_power(k0, -331, ok)) + ", " + num(last_power(k0, 331, ok)) + "]";
  }

}    // namespace

bool fits(const double *p)
{
  return largest(p) <= MESH_MAX_COORD && !zero_area(p);    // also NaN
}

std::string file_triangle(int t)
{
  return "triangle " + std::to_string(t + 1) + " (counting from 1 in file order)";
}

std::string explain_misfit(const std::vector<double> &raw, int t, double scale,
                           const double offset[3])
{
  const std::string which = file_triangle(t);
  const std::string limit = "beyond about " + num(MESH_MAX_COORD) +
      " the contact geometry, which multiplies up to four coordinates, overflows double precision";
  const double *p = &raw[9 * t];
  for (int k = 0; k < 9; k++)
    if (!std::isfinite(p[k]))
      return which + " has a non-finite vertex coordinate (" + num(p[k]) +
          ") in the file: repair the mesh";
  if (flawed_in_file(p)) return "";    // a zero-area triangle of the file
  const double none[3] = {0.0, 0.0, 0.0};
  const auto scaled = placed(raw, t, scale, none);
  if (!fits(scaled.data())) {
    const double m = largest(scaled.data());
    if (scale == 1.0)
      return which + " has vertex coordinates as large as " + num(m) + ": " + limit +
          " (check the file's units, or scale it down: allowed scale for this mesh " +
          scale_range(raw) + ")";
    const std::string what = !std::isfinite(m)
        ? "makes a vertex coordinate of " + which + " non-finite (overflow)"
        : m > MESH_MAX_COORD
        ? "makes the coordinates of " + which + " as large as " + num(m) + ": " + limit
        : "shrinks " + which +
            ", of nonzero area in the file, to zero area in double precision (underflow)";
    return "mesh scale = " + num(scale) + " " + what + ": allowed range for this mesh " +
        scale_range(raw);
  }
  const auto moved = placed(raw, t, scale, offset);
  const double m = largest(moved.data());
  const std::string what = !std::isfinite(m)
      ? "makes a vertex coordinate of " + which + " non-finite (overflow)"
      : m > MESH_MAX_COORD
      ? "makes the coordinates of " + which + " as large as " + num(m) + ": " + limit
      : "is so large against the size of " + which +
          " that double precision merges its vertices (zero area)";
  const double top = last_power(-331, 331, [&](double d) {
    const double o[3] = {std::copysign(d, offset[0]), std::copysign(d, offset[1]),
                         std::copysign(d, offset[2])};
    return fits_at(raw, scale, o);
  });
  return "mesh offset = (" + num(offset[0]) + ", " + num(offset[1]) + ", " + num(offset[2]) + ") " +
      what + ": allowed for this mesh (at this scale) offset components up to about " + num(top) +
      " in magnitude";
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
    auto clampi = [](double f, int n) {
      return std::min(n - 1, std::max(0, static_cast<int>(std::floor(f))));
    };
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
        for (int i = r[0]; i <= r[1]; i++)
          m.items[fill[(k * ny + j) * nx + i]++] = static_cast<int>(t);
  }
  std::vector<std::array<int, 6>>().swap(range);
  release_freed_memory();
}

void release_freed_memory()
{
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

}    // namespace DEM_NS
