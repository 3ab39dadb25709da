// SPDX-License-Identifier: GPL-2.0-or-later
#include "wall_mesh.h"

#include "comm.h"
#include "error.h"
#include "lammps.h"
#include "stl_reader.h"
#include "update.h"

#include <algorithm>
#include <cmath>
#include <mpi.h>

using namespace LAMMPS_NS;
using dem::Vec3;

namespace DEM_NS {

double simulation_time(LAMMPS *lmp)
{
  const Update *u = lmp->update;
  return u->atime + static_cast<double>(u->ntimestep - u->atimestep) * u->dt;
}

void WallMesh::read(LAMMPS *lmp, const std::string &me)
{
  const int rank = lmp->comm->me;
  MPI_Comm world = lmp->world;
  std::vector<double> xyz;
  std::string err;
  if (rank == 0) {
    try {
      const auto tris = STLReader::parse(file);
      xyz.reserve(tris.size() * 9);
      for (const auto &t : tris)
        for (int k = 0; k < 3; k++) {
          xyz.push_back(scale * t.vert[k][0] + offset.x);
          xyz.push_back(scale * t.vert[k][1] + offset.y);
          xyz.push_back(scale * t.vert[k][2] + offset.z);
        }
      if (tris.empty()) err = fmt::format("STL file {} has no triangles", file);
    } catch (std::exception &e) {
      err = e.what();
    }
  }
  int len = static_cast<int>(err.size());
  MPI_Bcast(&len, 1, MPI_INT, 0, world);
  if (len > 0) {
    err.resize(len);
    MPI_Bcast(err.data(), len, MPI_CHAR, 0, world);
    lmp->error->all(FLERR, "{}: mesh {}: {}", me, file, err);
  }
  long long n = static_cast<long long>(xyz.size());
  MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, world);
  xyz.resize(n);
  for (long long k = 0; k < n; k += 1 << 26) {    // in pieces below MPI's int count
    const int piece = static_cast<int>(std::min<long long>(1 << 26, n - k));
    MPI_Bcast(xyz.data() + k, piece, MPI_DOUBLE, 0, world);
  }

  build_mesh(xyz, coplanar, curvature, data);
  if (data.ndegenerate > 0)
    lmp->error->all(FLERR, "{}: mesh {} has {} zero-area triangle(s), the first is triangle {} (counting from 1 in "
                    "file order): repair the mesh (remove degenerate facets)", me, file, data.ndegenerate,
                    data.first_degenerate + 1);
  if (rank == 0) {
    utils::logmesg(lmp, "{}: mesh {}: {} triangles, {} facet patches (coplanar {} degrees), {} smooth groups "
                   "(curvature {} degrees), {} open edges, {} edges of more than two triangles\n", me, file,
                   data.tri.size(), data.patch.size(), coplanar, data.ngroup, curvature, data.nopen, data.nnonmanifold);
    if (data.nflipped > 0)
      lmp->error->warning(FLERR, "{}: mesh {}: inconsistent normals: {} shared edge(s) run the same way in both "
                          "triangles (the triangles' orientation flips there); a mesh wall is two-sided, so "
                          "contacts are unaffected", me, file, data.nflipped);
  }
}

dem::MeshWall WallMesh::view(double t) const
{
  dem::MeshWall w = data.view();
  w.vsurf = vsurf;
  w.cos_curvature = curvature > 0.0 ? std::cos(curvature * 3.14159265358979323846 / 180.0) : 2.0;
  dem::MeshFrame &f = w.frame;
  f.moving = translate || rotate;
  if (!f.moving) return w;
  const double tau = t - time0;
  f.pivot = pivot;
  f.vel = vel;
  f.shift = tau * vel;
  f.omega = omega * axis;
  // Rodrigues: R = cos a I + sin a [k]x + (1 - cos a) k k^T
  const double a = omega * tau, c = std::cos(a), s = std::sin(a), C = 1.0 - c;
  const Vec3 k = axis;
  const double r[9] = {c + k.x * k.x * C,       k.x * k.y * C - k.z * s, k.x * k.z * C + k.y * s,
                       k.y * k.x * C + k.z * s, c + k.y * k.y * C,       k.y * k.z * C - k.x * s,
                       k.z * k.x * C - k.y * s, k.z * k.y * C + k.x * s, c + k.z * k.z * C};
  std::copy(r, r + 9, f.rot);
  return w;
}

void WallMesh::bounds(double t, Vec3 &lo, Vec3 &hi) const
{
  const dem::MeshWall w = view(t);
  bool first = true;
  for (const auto &tr : data.tri)
    for (Vec3 p : {tr.a, tr.b, tr.c}) {
      if (w.frame.moving) p = w.frame.turn(p - w.frame.pivot) + w.frame.pivot + w.frame.shift;
      lo = first ? p : Vec3{std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
      hi = first ? p : Vec3{std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
      first = false;
    }
}

}    // namespace DEM_NS
