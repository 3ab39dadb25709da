// The mesh of a fix wall/dem ... mesh FILE: read from an STL file (LAMMPS's STLReader, on rank 0,
// then broadcast: every rank holds the whole mesh), built into patches and a grid (mesh_build.h),
// and its rigid motion (translation at a constant velocity, rotation at a constant angular
// velocity about an axis through a point) as a function of the simulation time.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "mesh_build.h"

#include <string>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace DEM_NS {

struct WallMesh {
  std::string file;
  double scale = 1.0;
  dem::Vec3 offset{0.0, 0.0, 0.0};
  double coplanar = 0.01;    // degrees
  double curvature = 10.0;   // degrees (smooth groups; 0: none)
  bool translate = false, rotate = false;
  dem::Vec3 vel{0.0, 0.0, 0.0};      // translate
  dem::Vec3 pivot{0.0, 0.0, 0.0};    // rotate: a point on the axis (reference frame), its unit axis and rate
  dem::Vec3 axis{0.0, 0.0, 1.0};
  double omega = 0.0;
  dem::Vec3 vsurf{0.0, 0.0, 0.0};    // surface velocity (conveyor belt)
  double time0 = 0.0;                // simulation time at which the mesh was at its file position
  MeshData data;

  // Reads and builds the mesh on every rank (collective); errors name `me` and the file.
  void read(LAMMPS_NS::LAMMPS *lmp, const std::string &me);
  // The mesh at simulation time t, as plain data for dem::MeshWall::touches.
  dem::MeshWall view(double t) const;
  // bounding box of the mesh at time t (world frame)
  void bounds(double t, dem::Vec3 &lo, dem::Vec3 &hi) const;
};

// LAMMPS's simulation time at the current step
double simulation_time(LAMMPS_NS::LAMMPS *lmp);

}    // namespace DEM_NS
