// SPDX-License-Identifier: GPL-2.0-or-later
#include "wall_mesh.h"

#include "stl_file.h"

#include "comm.h"
#include "domain.h"
#include "error.h"
#include "input.h"
#include "lammps.h"
#include "modify.h"
#include "update.h"
#include "variable.h"

#include <algorithm>
#include <cmath>
#include <mpi.h>
#include <utility>

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
      xyz = read_stl(file);
      const double shift[3] = {offset.x, offset.y, offset.z};
      // a triangle that does not fit once placed, for another reason than its own zero area in
      // the file: say why (from the file's coordinates, which are then placed in place: one copy)
      double placed[9];
      for (size_t t = 0; t < xyz.size() / 9 && err.empty(); t++) {
        for (int k = 0; k < 9; k++) placed[k] = scale * xyz[9 * t + k] + shift[k % 3];
        if (!fits(placed)) err = explain_misfit(xyz, static_cast<int>(t), scale, shift);
      }
      for (size_t k = 0; k < xyz.size(); k++) xyz[k] = scale * xyz[k] + shift[k % 3];
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

  build_mesh(std::move(xyz), coplanar, curvature, data);    // frees the coordinates once built
  release_freed_memory();
  if (data.ndegenerate > 0)
    lmp->error->all(
        FLERR,
        "{}: mesh {} has {} zero-area triangle(s), the first is triangle {} (counting from 1 in "
        "file order): repair the mesh (remove degenerate facets)",
        me, file, data.ndegenerate, data.first_degenerate + 1);
  if (lmp->domain->dimension == 2) {
    const std::string why = unfit_for_2d();
    if (!why.empty()) lmp->error->all(FLERR, "{}: mesh {}: {}", me, file, why);
  }
  if (rank == 0) {
    utils::logmesg(
        lmp,
        "{}: mesh {}: {} triangles, {} facet patches (coplanar {} degrees), {} smooth groups "
        "(curvature {} degrees), {} open edges, {} edges of more than two triangles\n",
        me, file, data.tri.size(), data.patch.size(), coplanar, data.ngroup, curvature, data.nopen,
        data.nnonmanifold);
    if (data.nduplicate > 0)
      lmp->error->warning(
          FLERR,
          "{}: mesh {}: {} duplicate triangle(s) merged: each has the same three vertices as an "
          "earlier triangle (in either orientation), the first is triangle {} (counting from 1 in "
          "file order); a facet listed twice is one wall, and the per-triangle rows of the fix's "
          "array skip the duplicates",
          me, file, data.nduplicate, data.first_duplicate + 1);
    if (data.nflipped > 0)
      lmp->error->warning(
          FLERR,
          "{}: mesh {}: inconsistent normals: {} shared edge(s) run the same way in both triangles "
          "(the triangles' orientation flips there); a mesh wall is two-sided, so contacts are "
          "unaffected",
          me, file, data.nflipped);
  }
}

std::string WallMesh::unfit_for_2d() const
{
  const std::string rule = "in a 2d simulation a mesh must be a surface extruded along z (its "
                           "triangles perpendicular to the plane z = 0 of the particles, crossing "
                           "it, moving in it)";
  if (translate && (!rate[2].var.empty() || rate[2].value != 0.0))
    return "move translate vz = " +
        (rate[2].var.empty() ? fmt::format("{}", rate[2].value) : "v_" + rate[2].var) + ": " +
        rule + ", so vz = 0";
  if (rotate && (axis.x != 0.0 || axis.y != 0.0))
    return fmt::format("move rotate about the axis ({}, {}, {}): {}, so the axis is z (0 0 Az)",
                       axis.x, axis.y, axis.z, rule);
  for (size_t t = 0; t < data.tri.size(); t++) {
    const dem::MeshTri &tr = data.tri[t];
    const Vec3 n = dem::cross(tr.b - tr.a, tr.c - tr.a);
    if (std::fabs(n.z) > 1e-6 * dem::norm(n))
      return fmt::format("the triangle of row {} of the fix's array, with a vertex at ({:g}, {:g}, "
                         "{:g}), has the normal ({:.6g}, {:.6g}, {:.6g}), not in the plane: {}",
                         t + 1, tr.a.x, tr.a.y, tr.a.z, n.x / dem::norm(n), n.y / dem::norm(n),
                         n.z / dem::norm(n), rule);
  }
  if (data.lo.z > 0.0 || data.hi.z < 0.0)
    return fmt::format("the mesh lies between z = {} and z = {}, away from the plane z = 0: {}",
                       data.lo.z, data.hi.z, rule);
  return "";
}

void MeshMotion::advance(double t, const double *w, double time0)
{
  for (int k = 0; k < N; k++) {
    if (!started) {    // the mesh was at its file position at time0
      t0[k] = time0;
      x0[k] = 0.0;
    } else if (w[k] != v[k]) {    // a new velocity: trapezoid rule from the last step
      x0[k] = at(k, tlast) + (t - tlast) * (0.5 * (v[k] + w[k]));
      t0[k] = t;
    } else {
      continue;    // the same velocity: the same stretch
    }
    v[k] = w[k];
  }
  tlast = t;
  started = 1.0;
}

namespace {
  const char *const rate_names[MeshMotion::N] = {"move translate vx", "move translate vy",
                                                 "move translate vz", "move rotate omega"};
}

void WallMesh::init_motion(LAMMPS *lmp, const std::string &me)
{
  for (int k = 0; k < MeshMotion::N; k++) rate[k].find(lmp, me, rate_names[k]);
}

bool WallMesh::uses_variables() const
{
  for (const EqualValue &r : rate)
    if (!r.var.empty()) return true;
  return false;
}

void WallMesh::step(LAMMPS *lmp)
{
  if (!translate && !rotate) return;
  double w[MeshMotion::N];
  const bool vars = uses_variables();
  if (vars) lmp->modify->clearstep_compute();
  for (int k = 0; k < MeshMotion::N; k++) w[k] = rate[k].now(lmp);
  if (vars) lmp->modify->addstep_compute(lmp->update->ntimestep + 1);
  for (int k = 0; k < MeshMotion::N; k++)
    if (!std::isfinite(w[k]))
      lmp->error->all(FLERR, "Fix wall/dem mesh {}: {} = {} on step {} is not a finite number",
                      file, rate_names[k], w[k], lmp->update->ntimestep);
  motion.advance(simulation_time(lmp), w, time0);
}

dem::MeshWall WallMesh::view() const
{
  dem::MeshWall w = data.view();
  w.vsurf = vsurf;
  w.cos_curvature = curvature > 0.0 ? std::cos(curvature * 3.14159265358979323846 / 180.0) : 2.0;
  dem::MeshFrame &f = w.frame;
  f.moving = translate || rotate;
  if (!f.moving || !motion.started) return w;    // before the first step: at the file position
  const MeshMotion &m = motion;
  const double t = m.tlast;
  f.pivot = pivot;
  f.vel = {m.v[0], m.v[1], m.v[2]};
  f.shift = {m.at(0, t), m.at(1, t), m.at(2, t)};
  f.omega = m.v[3] * axis;
  // Rodrigues: R = cos a I + sin a [k]x + (1 - cos a) k k^T
  const double a = m.at(3, t), c = std::cos(a), s = std::sin(a), C = 1.0 - c;
  const Vec3 k = axis;
  const double r[9] = {c + k.x * k.x * C,       k.x * k.y * C - k.z * s, k.x * k.z * C + k.y * s,
                       k.y * k.x * C + k.z * s, c + k.y * k.y * C,       k.y * k.z * C - k.x * s,
                       k.z * k.x * C - k.y * s, k.z * k.y * C + k.x * s, c + k.z * k.z * C};
  std::copy(r, r + 9, f.rot);
  return w;
}

void WallMesh::bounds(Vec3 &lo, Vec3 &hi) const
{
  const dem::MeshWall w = view();
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
