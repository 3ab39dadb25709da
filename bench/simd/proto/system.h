// The prototype's stand-in for LAMMPS's data: bench/in.packing's atoms (32000 spheres on an fcc
// lattice, periodic), their ghosts, a half neighbour list built with newton off (own/ghost pairs on
// both sides, as LAMMPS's half/bin/newtoff) and the per-neighbour history of fix
// neigh/history (flag and nh slots per neighbour, the atoms' records one after the other). No
// instruction-set-specific code here: every loop (scalar, SIMD) reads and writes these arrays.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <vector>

#include "dem/linear.h"

namespace proto {

// What one force computation reads and writes (pointers into System), as the CPU pair loop sees it
struct Loop {
  int nlocal = 0, inum = 0, nh = 8;
  const double *x = nullptr, *v = nullptr, *omega = nullptr, *radius = nullptr, *rmass = nullptr;
  const int *type = nullptr, *mask = nullptr;
  double *f = nullptr, *torque = nullptr;
  const int *ilist = nullptr, *numneigh = nullptr;
  int *const *firstneigh = nullptr;
  int *const *firsttouch = nullptr;
  double *const *firsthist = nullptr;
  const dem::LinearParams *params = nullptr;    // (ntypes+1)^2, row t at params + t (ntypes+1)
  int ntypes = 1;
  int freeze_bit = 0;    // 0: nothing frozen
  double dt = 1e-4;
};

// What a loop counts (the CPU loop's PairEvents, in half units as there)
struct Counts {
  long touching = 0, activated = 0, slip_start = 0, slip_end = 0, deep = 0;
  bool operator==(const Counts &o) const
  {
    return touching == o.touching && activated == o.activated && slip_start == o.slip_start &&
        slip_end == o.slip_end && deep == o.deep;
  }
};

using LoopFn = void (*)(const Loop &, Counts &);

struct System {
  int nlocal = 0, nall = 0, nh = 8, ntypes = 1;
  double box = 0.0, cut = 1.1;
  std::vector<double> x, v, omega, f, torque, radius, rmass;
  std::vector<int> type, mask;
  std::vector<int> owner;              // ghost g: its owned atom
  std::vector<double> shift;           // ghost g: its image shift (3 per ghost)
  std::vector<int> ilist, numneigh, neigh;    // neighbours of i at neigh[first[i] ...]
  std::vector<long> first;
  std::vector<int> touch;              // one flag per neighbour (first[i] + jj)
  std::vector<double> hist;            // nh slots per neighbour ((first[i] + jj) nh)
  std::vector<int *> firstneigh_p, firsttouch_p;
  std::vector<double *> firsthist_p;
  std::vector<dem::LinearParams> params;

  // bench/in.packing with bench/pair_dem_linear.lmp's contact parameters
  void build_packing(int cells = 20, unsigned long seed = 4928459, double temperature = 0.001);
  void update_ghosts();    // the forward communication of x, v, omega
  void build_neighbours();
  Loop loop(double dt);
  // velocity Verlet of fix nve/sphere: first and second half
  void initial_integrate(double dt);
  void final_integrate(double dt);
  void clear_forces();
  long pairs() const { return static_cast<long>(neigh.size()); }
};

}    // namespace proto
