// Building a mesh wall (src/dem/mesh.h) from triangles: welding of vertices, edges, facet
// patches, and the grid that bins the triangles. No LAMMPS here (the unit tests use it too).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/mesh.h"

#include <string>
#include <vector>

namespace DEM_NS {

struct MeshData {
  std::vector<dem::MeshTri> tri;
  std::vector<dem::MeshPatch> patch;
  std::vector<double> area;
  std::vector<int> start, items;         // the grid's cells (dem::MeshGrid)
  dem::MeshGrid grid;                    // its pointers are set by view()
  dem::Vec3 lo{0, 0, 0}, hi{0, 0, 0};    // bounding box of the vertices (reference frame)
  int nflipped = 0;        // shared edges run the same way by both triangles (inconsistent normals)
  int nopen = 0;           // edges of one triangle only
  int nnonmanifold = 0;    // edges of more than two triangles
  int ndegenerate = 0, first_degenerate = -1;    // zero-area triangles (0-based file index)
  int nduplicate = 0,
      first_duplicate = -1;    // triangles of an earlier one's three vertices (left out)
  unsigned long long fingerprint =
      0;                   // of the triangles built, in order, and coplanar (what patch ids mean)
  int ngroup = 0;          // smooth groups of patches
  int grid_version = 0;    // counts build_grid calls (a device copy is stale when it changed)

  dem::MeshWall view() const;
};

// Triangles from 9 doubles each (3 vertices). Vertices with identical coordinates are one vertex;
// two triangles sharing an edge are in one patch when their normals (oriented alike across the
// edge) are within coplanar_deg degrees of the patch's first triangle's; two patches are in one
// smooth group when some shared edge joins triangles whose normals differ by less than
// curvature_deg (0: no smooth groups beyond the patches). Fills everything but the grid.
// Zero-area triangles are counted (ndegenerate) and not built: the caller reports them. A
// triangle with the same three vertices as an earlier one, in any order (a facet exported twice,
// or once per orientation), is the same wall: counted (nduplicate) and left out.
// Memory: the coordinates are freed once the triangles hold them (pass them with std::move to
// spare a copy), and no structure costs more per triangle than the triangles themselves.
void build_mesh(std::vector<double> xyz, double coplanar_deg, double curvature_deg, MeshData &m);

// The zero-area test of build_mesh for the triangle p[0..8]: its area below 1e-12 of its longest
// edge squared, or not a number (non-finite coordinates, or products of them that overflow).
bool zero_area(const double *p);

// The largest coordinate a placed mesh may have: the contact geometry multiplies up to four
// coordinates (closest_on_triangle), which must not overflow.
constexpr double MESH_MAX_COORD = 1e75;

// Can the triangle p[0..8] (after scale and offset) be a wall: coordinates finite and within
// MESH_MAX_COORD, and nonzero area?
bool fits(const double *p);

// How messages name triangle t (0-based) of a file: "triangle t+1 (counting from 1 in file order)".
std::string file_triangle(int t);

// Why triangle t of a file (raw: its coordinates as read) does not fit once `scale` and then
// `offset` are applied, when the file's triangle itself is not to blame (a zero-area triangle of
// the file: ""): a non-finite coordinate in the file, coordinates too large, or a scale or offset
// that overflows or collapses it, naming the keyword and the range this mesh allows.
std::string explain_misfit(const std::vector<double> &raw, int t, double scale,
                           const double offset[3]);

// Bins the triangles on a uniform grid whose triangle lists reach `margin` beyond each cell.
void build_grid(MeshData &m, double margin);

// Hands memory freed on the heap back to the system (glibc keeps freed blocks that lie below
// live ones: the temporaries of reading and building a large mesh would stay resident).
void release_freed_memory();

}    // namespace DEM_NS
