// The record of a crack, PFC's crack tracking (fix dem/cracks): what the pair loops and the wall
// loops write when bonds break. No LAMMPS here: it runs inside Kokkos kernels.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/contact.h"

namespace DEM_NS {

// A crack: bonds (a flat joint's elements) of a contact that broke in one mode on one step, as the
// pair and wall loops write it (fix dem/cracks adds the step and time): the contact point, the
// normal from the atom of the smaller ID, the radius of the broken area (dem::crack_radius), the
// mode (1 tension, 2 shear), how many broke, the two atom IDs (smaller first; a wall's is 0)
enum CrackValue {
  CR_X,
  CR_Y,
  CR_Z,
  CR_NX,
  CR_NY,
  CR_NZ,
  CR_RADIUS,
  CR_MODE,
  CR_COUNT,
  CR_ID1,
  CR_ID2,
  CR_VALUES
};

// A crack's record (CR_VALUES) of the contact c from atom i (at xi, ID id_i) to atom j (ID id_j;
// a wall: 0)
DEM_INLINE void crack_record(double *out, dem::Vec3 xi, const dem::Contact &c, long long id_i,
                             long long id_j, int mode, int count, double radius)
{
  const bool first = id_i < id_j;
  const dem::Vec3 at = xi + c.lever1 * c.n;
  const dem::Vec3 n = (first ? 1.0 : -1.0) * c.n;
  const double rec[CR_VALUES] = {at.x,
                                 at.y,
                                 at.z,
                                 n.x,
                                 n.y,
                                 n.z,
                                 radius,
                                 static_cast<double>(mode),
                                 static_cast<double>(count),
                                 static_cast<double>(first ? id_i : id_j),
                                 static_cast<double>(first ? id_j : id_i)};
  for (int v = 0; v < CR_VALUES; v++) out[v] = rec[v];
}

}    // namespace DEM_NS
