// What the pair loops and the wall loops add up over a step, one type for the CPU loops and the
// Kokkos kernels (whose reduction value it is): N sums, indexed by the caller's entries (PairSum in
// pair_step.h, WallOutput in wall_contacts.h), and R rare contacts for the host to report after the
// loop (a kernel cannot raise an error), each the largest of its kind.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/macros.h"
#include "lmptype.h"

namespace DEM_NS {

// The contact of the step with the largest value of some kind (an overlap beyond the smaller
// radius, a bond's stretch): the IDs of its atoms (a wall's contact: the ball's, b = 0), the value
// and the radius it is measured against. value 0: none.
struct ContactRecord {
  LAMMPS_NS::tagint a = 0, b = 0;
  double value = 0.0, radius = 0.0;

  DEM_INLINE bool found() const { return value > 0.0; }
  DEM_INLINE void offer(LAMMPS_NS::tagint id_a, LAMMPS_NS::tagint id_b, double v, double r)
  {
    if (v <= value) return;
    a = id_a;
    b = id_b;
    value = v;
    radius = r;
  }
  // the contact of atoms id_a and id_b in either order (kept with a < b)
  DEM_INLINE void offer_pair(LAMMPS_NS::tagint id_a, LAMMPS_NS::tagint id_b, double v, double r)
  {
    if (id_a < id_b)
      offer(id_a, id_b, v, r);
    else
      offer(id_b, id_a, v, r);
  }
  DEM_INLINE void join(const ContactRecord &o) { offer(o.a, o.b, o.value, o.radius); }
};

template <int N, int R = 1> struct StepSums {
  static constexpr int size = N, records = R;
  double s[N];
  ContactRecord record[R];

  DEM_INLINE StepSums()
  {
    for (int k = 0; k < N; k++) s[k] = 0.0;
  }
  DEM_INLINE double &operator[](int k) { return s[k]; }
  DEM_INLINE double operator[](int k) const { return s[k]; }
  DEM_INLINE void operator+=(const StepSums &o)
  {
    for (int k = 0; k < N; k++) s[k] += o.s[k];
    for (int r = 0; r < R; r++) record[r].join(o.record[r]);
  }
};

}    // namespace DEM_NS
