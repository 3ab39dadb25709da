// The mesh of a fix wall/dem ... mesh FILE: read from an STL file (stl_file.h, on rank 0,
// then broadcast: every rank holds the whole mesh), built into patches and a grid (mesh_build.h),
// and its rigid motion: a translation and a rotation about an axis through a point, whose
// velocity components and angular velocity are constants or LAMMPS equal-style variables
// evaluated once per step.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "equal_value.h"
#include "mesh_build.h"

#include <string>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace DEM_NS {

// The displacement (x, y, z) and angle of a moving mesh, one component each (MeshMotion::N):
// component k moved at the constant velocity v[k] since time t0[k], where it was at x0[k]; so a
// constant velocity gives x0 + (t - t0) v, the closed form, on every step. When a component's
// velocity changes from one step to the next, the step's displacement is the trapezoid rule
// (mean of the two velocities) and a new stretch starts there. Plain data: the restart record.
struct MeshMotion {
  static constexpr int N = 4;    // translation x, y, z; rotation angle
  double t0[N] = {}, x0[N] = {}, v[N] = {};
  double tlast = 0.0;      // the time of the last step
  double started = 0.0;    // 1 once the first step set the velocities

  double at(int k, double t) const { return x0[k] + (t - t0[k]) * v[k]; }
  // the step at time t, with velocities w: the rule above (repeated calls at one time are harmless)
  void advance(double t, const double *w, double time0);
};

// A velocity component of `move`: a constant, or an equal-style variable (v_name on the fix line).

struct WallMesh {
  std::string file;
  double scale = 1.0;
  dem::Vec3 offset{0.0, 0.0, 0.0};
  double coplanar = 0.01;     // degrees
  double curvature = 10.0;    // degrees (smooth groups; 0: none)
  bool translate = false, rotate = false;
  EqualValue rate[MeshMotion::N];    // translate vx vy vz, rotate omega
  dem::Vec3 pivot{0.0, 0.0, 0.0};    // rotate: a point on the axis (reference frame), its unit axis
  dem::Vec3 axis{0.0, 0.0, 1.0};
  dem::Vec3 vsurf{0.0, 0.0, 0.0};    // surface velocity (conveyor belt)
  double time0 = 0.0;                // simulation time at which the mesh was at its file position
  MeshMotion motion;
  MeshData data;

  // Reads and builds the mesh on every rank (collective); errors name `me` and the file.
  void read(LAMMPS_NS::LAMMPS *lmp, const std::string &me);
  // Why the mesh cannot be a wall of a 2d simulation ("" if it can): there the particles lie in
  // the plane z = 0, and the mesh must meet it in lines, with normals in the plane: its triangles
  // perpendicular to the plane (a surface extruded along z) and crossing it, moving in the plane.
  std::string unfit_for_2d() const;
  // Looks the motion's variables up (at each init): an error names `me`, the keyword and the
  // variable when it does not exist or is not equal-style.
  void init_motion(LAMMPS_NS::LAMMPS *lmp, const std::string &me);
  // Evaluates the velocities at the current step and advances the motion to it (once per step).
  void step(LAMMPS_NS::LAMMPS *lmp);
  bool uses_variables() const;
  // The mesh where the last step put it, as plain data for dem::MeshWall::touches.
  dem::MeshWall view() const;
  // bounding box of the mesh now (world frame)
  void bounds(dem::Vec3 &lo, dem::Vec3 &hi) const;
};

// LAMMPS's simulation time at the current step
double simulation_time(LAMMPS_NS::LAMMPS *lmp);

}    // namespace DEM_NS
