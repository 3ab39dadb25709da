// What the PFC contact models (linear, Hertz) share: the contact history, the result of a step,
// the dashpots and the dissipation bookkeeping (the shear models are in tangential.h). The laws differ in their normal force and stiffnesses and compose these pieces.
//   F_c = F^s + F^d on particle 2, with F^s = -F_n n + F_s (spring) and F^d the dashpot force.
//   F_n <= 0 is compression (PFC's sign). v_n > 0 means the gap opens.
// Dissipated energies are positive numbers (PFC's linear page records them as negative).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "contact.h"

namespace dem {

// Contact history, stored in LAMMPS's per-contact slots. The vectors are forces on particle 2,
// so they change sign when the partner atom takes the contact over, as LAMMPS's history fixes do
// to every slot. Scalars must not: they are read times the record's orientation (orientation()),
// the sign of the state slot, which is at least 1 for a live contact, and stored as they are.
// Optional parts of a contact's history, kept only when used (a pair style fixes them at its first
// run): fewer slots per neighbour make the pair loop faster (memory traffic).
enum HistoryParts {
  HIST_ENERGY = 1,     // the per-contact dissipated energies (energy tracking on)
  HIST_EXTRA = 2,      // the law's own values (dem/hertz: tan_mode 2's shear displacement)
  HIST_ALL = 3,        // (the default of load/store: energies and the law's values; not rolling)
  HIST_ROLLING = 4,    // the rolling moment (rolling.h), after the law's values
  HIST_PBOND = 8,      // a parallel bond's force and moment (pbond.h), after the rolling moment
  HIST_PBSTRENGTH = 16,    // a bond's drawn strengths (parts/bond_strengths.h), after them
  HIST_FJOINT = 32         // a flat joint's interface and elements (fjoint.h), after them
};

// Slots: F_s 0-2, F_n 3, state 4 (+ 4 while bonded, dem/linear's contact bond), F^d 5-7, then
// [e_slip, e_dashpot] with HIST_ENERGY, then the law's values.
struct ContactHistory {
  static constexpr int size = 10;    // the most slots
  Vec3 fs{0.0, 0.0, 0.0};            // spring shear force F_s
  Vec3 fd{0.0, 0.0, 0.0};            // dashpot force F^d of the last step (PFC's dp_force)
  double fn = 0.0;                   // spring normal force F_n (<= 0)
  int state = 0;                     // 0 new contact, 1 active, 2 active and slipping
  bool bonded = false;               // a contact bond holds the contact (linear.h)
  double e_slip = 0.0;               // energy dissipated by slip at this contact (with HIST_ENERGY)
  double e_dashpot = 0.0;    // energy dissipated by the dashpots at this contact (with HIST_ENERGY)

  DEM_INLINE static constexpr int slots(int parts) { return (parts & HIST_ENERGY) ? 10 : 8; }
  static constexpr int STATE_SLOT = 4;
  // +1 for a record as stored, -1 once the partner atom took it over (every slot negated); a
  // record of zeros (no contact yet) reads as +1
  template <class Slots> DEM_INLINE static double orientation(Slots h)
  {
    return h[STATE_SLOT] < 0.0 ? -1.0 : 1.0;
  }
  // whether the record holds a bonded contact (without loading it)
  template <class Slots> DEM_INLINE static bool bonded_in(Slots h)
  {
    return h[STATE_SLOT] > 3.5 || h[STATE_SLOT] < -3.5;
  }
  // h: a pointer to the slots, or anything indexed and offset like one (the Kokkos kernel reads
  // and writes the strided device slots in place, with no local copy a GPU would keep on its stack)
  template <class Slots>
  DEM_INLINE static ContactHistory load(Slots h, double orient, int parts = HIST_ALL)
  {
    ContactHistory s;
    s.fs = {h[0], h[1], h[2]};
    s.fn = orient * h[3];
    const int state = static_cast<int>(orient * h[4] + 0.5);
    s.state = state & 3;
    s.bonded = state >> 2;
    s.fd = {h[5], h[6], h[7]};
    if (parts & HIST_ENERGY) {
      s.e_slip = orient * h[8];
      s.e_dashpot = orient * h[9];
    }
    return s;
  }
  template <class Slots> DEM_INLINE void store(Slots h, double orient, int parts = HIST_ALL) const
  {
    h[0] = fs.x;
    h[1] = fs.y;
    h[2] = fs.z;
    h[3] = orient * fn;
    h[4] = orient * (state + 4 * bonded);
    h[5] = fd.x;
    h[6] = fd.y;
    h[7] = fd.z;
    if (parts & HIST_ENERGY) {
      h[8] = orient * e_slip;
      h[9] = orient * e_dashpot;
    }
  }
  DEM_INLINE bool slipping() const { return state == 2; }
  // what a layout keeps implicitly, given the contact's normal n (dem/hysteretic: its dashpot
  // force); true if that changed the values to store (a restart file's conversion)
  DEM_INLINE bool complete(Vec3) { return false; }
  // which slots hold vector components (the ones that flip when the partner takes over)
  DEM_INLINE static bool is_vector_slot(int k, int = HIST_ALL)
  {
    return k < 3 || (k >= 5 && k < 8);
  }
};

// A contact history of the common settings in lanes (ContactHistory's 8 slots without energies,
// the CPU loop's SIMD path): the state as masks (fresh: state 0; slipping: state 2), the contact
// bond's bit as a number (0 or 4); load and store read and write slot k of every lane as s[k]
template <class T> struct PlainHistory {
  Vec3T<T> fs, fd;
  T fn, bond4;
  mask_t<T> fresh, slipping;

  DEM_INLINE static PlainHistory load(const T s[8])
  {
    PlainHistory h;
    const T orient = select(s[ContactHistory::STATE_SLOT] < 0.0, T(-1.0), T(1.0));
    h.fs = {s[0], s[1], s[2]};
    h.fn = orient * s[3];
    // ContactHistory::load's static_cast<int>(orient h[4] + 0.5): the state and the bond's bit
    const T state = orient * s[4] + 0.5;
    const mask_t<T> bonded = state >= 4.0;
    h.bond4 = select(bonded, T(4.0), T(0.0));
    h.fresh = state - h.bond4 < 1.0;
    h.slipping = state - h.bond4 >= 2.0;
    h.fd = {s[5], s[6], s[7]};
    return h;
  }
  DEM_INLINE void store(T s[8]) const
  {
    s[0] = fs.x;
    s[1] = fs.y;
    s[2] = fs.z;
    s[3] = fn;
    s[4] = select(slipping, T(2.0), T(1.0)) + bond4;
    s[5] = fd.x;
    s[6] = fd.y;
    s[7] = fd.z;
  }
};

struct ContactResult {
  Vec3 force{0.0, 0.0, 0.0};        // total contact force on particle 2
  Vec3 f_dashpot{0.0, 0.0, 0.0};    // dashpot part of it
  double kn = 0.0, ks = 0.0;        // stiffnesses used at this contact (Hertz: tangent normal)
  double cn = 0.0;                  // the normal dashpot's coefficient dF_n/dv_n (0: none)
  double d_slip = 0.0;              // slip dissipation this step (>= 0)
  double d_dashpot = 0.0;           // dashpot dissipation this step (>= 0)
  double d_plastic = 0.0;           // hysteretic (plastic) dissipation this step (dem/hysteretic)
  double d_break = 0.0;             // strain energy released by a contact bond that broke this step
  int bond_broke = 0;               // a contact bond broke this step: 1 in tension, 2 in shear
  bool activated = false, slip_started = false, slip_ended = false;
};

// Damping settings of a contact (dp_* of both PFC models).
struct Dashpots {
  double nratio = 0.0;    // normal critical damping ratio beta_n
  double sratio = 0.0;    // shear critical damping ratio beta_s
  int mode = 0;           // 0 full, 1 no-tension normal, 2 slip-cut shear, 3 both
};

// Relative displacement increments of the step: normal (v_n dt) and shear (v_s dt), reduced to
// the part with a negative surface gap on activation (PFC eq. 1 of the linear page).
template <class T> struct IncrementsT {
  T vn, dn;
  Vec3T<T> vs, ds;
};
using Increments = IncrementsT<double>;

// The increments of a contact whose surface gap is gs = g_c - g_r; fresh: a new contact (state 0),
// whose increment is cut to its part with g_s < 0 (the rare path, in lanes when any lane has one)
template <class T>
DEM_INLINE IncrementsT<T> increments(const ContactT<T> &c, const T &gs, double dt,
                                     const mask_t<T> &fresh)
{
  IncrementsT<T> inc;
  inc.vn = dot(c.vrel, c.n);
  inc.vs = c.vrel - inc.vn * c.n;
  T alpha = 1.0;
  if (any(fresh)) alpha = select(fresh, activation_fraction(gs, gs - inc.vn * dt), alpha);
  inc.dn = alpha * inc.vn * dt;
  inc.ds = (alpha * dt) * inc.vs;
  return inc;
}

// Starts a step: marks activation and computes the increments; gs is the surface gap g_c - g_r.
DEM_INLINE Increments begin_step(const Contact &c, double gs, double dt, ContactHistory &h,
                                 ContactResult &r)
{
  r.activated = h.state == 0;
  return increments(c, gs, dt, r.activated);
}

// The normal dashpot force F_n^d = 2 beta_n root_n v_n (0 without damping), root_n = sqrt(m_c k_n)
// times the law's gap factor
template <class T> DEM_INLINE T normal_dashpot(const T &nratio, const T &root_n, const T &vn)
{
  return select(nratio > 0.0, 2.0 * nratio * root_n * vn, T(0.0));
}

// Dashpot force on particle 2 (linear eq. 10-11, Hertz eq. 13-14): 2 beta sqrt(m_c k) times the
// relative velocity and the gap factor (Hertz: |g_c|^alpha_d, linear: 1), which comes squared
// (scale2) so that it joins the square root; the no-tension normal dashpot is capped so that
// the total normal force is not tensile, the slip-cut shear dashpot is off while slipping.
// root_n = sqrt(m_c k_n scale2), from the law (dem/hertz computes it without waiting on k_n).
// cn: the normal dashpot's coefficient.
DEM_INLINE Vec3 dashpot_force(const Dashpots &d, const Contact &c, const Increments &inc,
                              double root_n, double ks, double scale2, double fn, bool slipping,
                              double &cn)
{
  cn = d.nratio > 0.0 ? 2.0 * d.nratio * root_n : 0.0;
  double fnd = normal_dashpot(d.nratio, root_n, inc.vn);
  if ((d.mode & 1) && fnd > -fn) fnd = -fn;
  const Vec3 normal = (-fnd) * c.n;
  if (d.sratio == 0.0 || ((d.mode & 2) && slipping))
    return normal;    // no shear dashpot (PFC's default)
  return normal - (2.0 * d.sratio * std::sqrt(c.meff * ks * scale2)) * inc.vs;
}

// Ends a step: applies the dashpot force fd and, with ENERGY, books the dissipation of the step:
// the dashpot's is the relative displacement (v dt) times the mean of the dashpot forces at its two
// ends, the work that velocity Verlet actually lets it do (eq. 14 of the linear page with F^d(t)
// alone is off by O(dt) per contact); the slip part r.d_slip comes from the tangential model.
template <bool ENERGY>
DEM_INLINE void end_step(const Contact &c, Vec3 fd, double dt, ContactHistory &h, ContactResult &r)
{
  const Vec3 fd_old = h.fd;
  r.f_dashpot = fd;
  h.fd = fd;
  r.force = (-h.fn) * c.n + h.fs + fd;
  if constexpr (ENERGY) {
    r.d_dashpot = -0.5 * dt * dot(fd_old + fd, c.vrel);
    h.e_slip += r.d_slip;
    h.e_dashpot += r.d_dashpot;
  }
}

// Dashpot dissipation of the step in which a contact opens: the second half of the trapezoid
// of its last dashpot force.
DEM_INLINE double release_dissipation(const ContactHistory &h, const Contact &c, double dt)
{
  return -0.5 * dt * dot(h.fd, c.vrel);
}

// The force of an active contact as the last step left it, without advancing the history:
// what LAMMPS's setup (start of a run, after read_restart) must apply so that a run continues
// exactly. The caller fills in the stiffnesses.
DEM_INLINE ContactResult replay_force(const ContactHistory &h, const Contact &c)
{
  ContactResult r;
  r.f_dashpot = h.fd;
  r.force = (-h.fn) * c.n + h.fs + h.fd;
  return r;
}

}    // namespace dem
