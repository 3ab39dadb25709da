// The CPU pair loop's SIMD path: the contacts of a neighbour list computed W at a time in the lanes
// of a SIMD register (pair_simd.cpp), for a pair style whose pairs of types all have the law's
// common settings, on the steps that tally nothing. It gives the scalar loop's numbers to the last
// bit (the same operations in each lane, the sums in the scalar loop's order), so it is a matter
// of speed only. pair_simd.cpp is compiled once per instruction set, each copy in a namespace of its
// own; simd_path() chooses the copy for the CPU it runs on, once. No LAMMPS here: the per-copy
// sources must not share a symbol with the rest of the plugin (doc/development.rst).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/hertz.h"
#include "dem/hysteretic.h"
#include "dem/linear.h"

namespace DEM_NS {

// What one force computation of the SIMD path reads and writes: LAMMPS's arrays (n x 3 arrays as
// one block, row k at 3 k), the neighbour list and the contact history as the CPU loop sees them
struct SimdPass {
  int nlocal = 0, inum = 0, neighmask = ~0;
  bool newton = false;
  const double *x = nullptr, *v = nullptr, *omega = nullptr, *radius = nullptr;
  // body_mass: the masses of the rigid bodies the atoms belong to (0: none), or null
  const double *rmass = nullptr, *body_mass = nullptr;
  const int *type = nullptr, *mask = nullptr;
  int freeze_bit = 0;         // the frozen atoms' group bit (0: none)
  bool arithmetic = false;    // meff arithmetic
  double *f = nullptr, *torque = nullptr;
  const int *ilist = nullptr, *numneigh = nullptr;
  int *const *firstneigh = nullptr;
  int *const *firsttouch = nullptr;
  // the contact history: ContactHistory without energies (8 slots; dem/hysteretic 7), then the
  // rolling moment (3) where rolling is set
  double *const *firsthist = nullptr;
  // the law's parameters (dem::LinearParams, HertzParams, HystParams): the row of type[i], indexed
  // by type[j]
  const void *const *params = nullptr;
  int hertz_damp = 0;    // dem/hertz: dem::hertz_lanes_damp of every pair of types' dp_alpha
  // dem/linear: every pair of types has a rolling spring (dem::rolling_in_lanes), whose moment
  // follows the 8 slots (11 per neighbour)
  bool rolling = false;
  double dt = 0.0;
  // a contact deeper than the smaller radius (rare): the pair style's deep_contact
  void (*deep)(void *pair, int i, int j, double gap, double rsq) = nullptr;
  void *pair = nullptr;
};

// The step's events in half units (2 per pair of owned atoms, 1 with a ghost), as PairEvents
struct SimdEvents {
  long touching = 0, activated = 0, slip_start = 0, slip_end = 0;
};

using SimdLoop = void (*)(const SimdPass &, SimdEvents &);

// The copy of the SIMD path this CPU runs: its instruction set, its lanes of double and its loops
// (null where the compiler's library has no std::experimental::simd: the scalar loop then)
struct SimdPath {
  const char *isa = "none";
  int lanes = 0;
  SimdLoop linear = nullptr, hertz = nullptr, hysteretic = nullptr;
};
const SimdPath &simd_path();

}    // namespace DEM_NS
