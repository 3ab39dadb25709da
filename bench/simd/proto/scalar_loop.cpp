// The reference: the plugin's own per-neighbour step (plugin/pair_step.h's pair_step, dem/linear,
// no tally, no energy, no optional parts) in a copy of PairDEM::compute_loop's loop, with its
// LoopAtoms and LoopTally as plugin/pair_dem.cpp has them (newton off). PLAIN 0 is what the CPU
// loop runs today, PLAIN 1 the common settings as constants (the /kk kernel's PLAIN path).
// Compiled once per instruction set: everything defined here is in namespace DEM_SIMD_ISA.
// SPDX-License-Identifier: GPL-2.0-or-later
#include "pair_step.h"
#include "system.h"

namespace DEM_SIMD_ISA {

using dem::Vec3;
using Law = dem::LinearLaw;

static inline Vec3 row(const double *a, int k)
{
  const double *r = a + 3 * static_cast<long>(k);
  return Vec3{r[0], r[1], r[2]};
}
static inline void add_row(double *a, int k, Vec3 b)
{
  double *r = a + 3 * static_cast<long>(k);
  r[0] += b.x;
  r[1] += b.y;
  r[2] += b.z;
}

namespace {

// plugin/pair_dem_base.h's prefetch_history (4 neighbours' values of the next atom)
DEM_INLINE void prefetch_history(const double *history, int nh)
{
  const char *p = reinterpret_cast<const char *>(history);
  const int lines = (4 * nh * int(sizeof(double)) + 63) / 64;
  for (int k = 0; k < lines; k++) DEM_PREFETCH(p + 64 * k);
}

struct Atoms {
  const double *vel, *spin, *rmass;
  const int *type, *mask;
  int freeze_bit;
  const dem::LinearParams *prow;
  double mi;
  bool frozen_i;
  DEM_INLINE Vec3 v(int k) const { return row(vel, k); }
  DEM_INLINE Vec3 omega(int k) const { return row(spin, k); }
  DEM_INLINE double mass(int k) const { return rmass[k]; }
  DEM_INLINE bool frozen(int k) const { return mask[k] & freeze_bit; }
  DEM_INLINE double meff(int, int j) const
  {
    return dem::effective_mass(mi, rmass[j], frozen_i, frozen(j), false);
  }
  DEM_INLINE const dem::LinearParams &params(int j) const { return prow[type[j]]; }
  DEM_INLINE const dem::Adhesion &adhesion(int) const
  {
    static const dem::Adhesion none{};
    return none;
  }
  DEM_INLINE bool in_group(int, int) const { return false; }
  template <bool ENERGY>
  DEM_INLINE dem::RollingOutcome rolling(int, int, const dem::LinearParams &, Vec3, double, double,
                                         double, double, double, double *, bool, bool,
                                         double) const
  {
    return {};
  }
};

struct Tally {
  double *f, *torque;
  long deep_count = 0;
  DEM_NS::PairSums<1> sums;
  DEM_NS::PairEvents<long> events;
  DEM_INLINE void central(int i, int j, bool j_owned, Vec3 F)
  {
    add_row(f, i, -F);
    if (j_owned) add_row(f, j, F);
  }
  DEM_INLINE void contact(int i, int j, bool j_owned, Vec3 F, Vec3 ti, Vec3 tj, bool rolls,
                          Vec3 moment)
  {
    if (rolls) {
      add_row(torque, i, -moment);
      if (j_owned) add_row(torque, j, moment);
    }
    add_row(f, i, -F);
    add_row(torque, i, ti);
    if (j_owned) {
      add_row(f, j, F);
      add_row(torque, j, tj);
    }
  }
  DEM_INLINE void virial(int, int, bool, double, Vec3, Vec3) {}
  DEM_NOINLINE void deep(int, int, double, double, double) { deep_count++; }
  DEM_INLINE void stretched(int, int, double) {}
};

template <int PLAIN> void loop(const proto::Loop &L, proto::Counts &counts)
{
  const DEM_NS::PairStepConstants k =
      DEM_NS::pair_step_constants<Law, false, false, PLAIN, false>(L.dt, 0, false, false, {});
  const int nh = k.nh;
  Tally tally{L.f, L.torque, 0, {}, {}};
  for (int ii = 0; ii < L.inum; ii++) {
    const int i = L.ilist[ii];
    const int *jlist = L.firstneigh[i];
    const int jnum = L.numneigh[i];
    int *touch = L.firsttouch[i];
    double *hist_i = L.firsthist[i];
    const Atoms a{L.v,         L.omega,
                  L.rmass,     L.type,
                  L.mask,      L.freeze_bit,
                  L.params + L.type[i] * (L.ntypes + 1),
                  L.rmass[i],  (L.mask[i] & L.freeze_bit) != 0};
    if (ii + 1 < L.inum) prefetch_history(L.firsthist[L.ilist[ii + 1]], nh);
    const Vec3 xi = row(L.x, i);
    const double ri = L.radius[i];
    for (int jj = 0; jj < jnum; jj++) {
      const int j = jlist[jj];
      DEM_NS::pair_step<Law, false, false, false, PLAIN>(a, i, j, row(L.x, j) - xi, ri,
                                                         L.radius[j], j < L.nlocal, touch[jj],
                                                         &hist_i[nh * jj], k, true, tally);
    }
  }
  counts.touching += tally.events.touching;
  counts.activated += tally.events.activated;
  counts.slip_start += tally.events.slip_start;
  counts.slip_end += tally.events.slip_end;
  counts.deep += tally.deep_count;
}

}    // namespace

void scalar_loop(const proto::Loop &L, proto::Counts &c) { loop<0>(L, c); }
void scalar_plain_loop(const proto::Loop &L, proto::Counts &c) { loop<1>(L, c); }

}    // namespace DEM_SIMD_ISA
