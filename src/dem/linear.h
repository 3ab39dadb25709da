// PFC linear contact model (Itasca PFC 6 "Linear Model"; equation numbers refer to that page).
//
//   F_c = F^l + F^d on particle 2, with F^l = -F_n^l n + F_s^l and F^d = -F_n^d n + F_s^d.
//   F_n <= 0 is compression (PFC's sign). The contact is active iff g_s = g_c - g_r <= 0.
//   (1)   on activation only the part alpha of the increment with g_s < 0 is used
//   (5)   F_n^l = k_n g_s (lin_mode 0) or min(F_n^l_o + k_n dd_n, 0) (lin_mode 1)
//   (6-9) F_s* = F_s^l_o - k_s dd_s, limited to mu |F_n^l|, slip state s
//   (10)  F_n^d = 2 beta_n sqrt(m_c k_n) v_n, capped at -F_n^l for no-tension (dp_mode 1, 3)
//   (11)  F_s^d = -2 beta_s sqrt(m_c k_s) v_s, zero while slipping for slip-cut (dp_mode 2, 3)
//   (12-14) strain energy, slip and dashpot dissipation.
// Dissipated energies are returned as positive numbers (PFC's page records them as negative).
// The shear dashpot opposes the relative shear velocity; v_n > 0 means the gap opens.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "contact.h"

namespace dem {

// Per type-pair properties after mixing (host code fills a table; kernels only read it).
struct LinearParams {
  double kn = 0.0, ks = 0.0;    // stiffness [force/length], used unless from_material
  double fric = 0.0;            // Coulomb friction coefficient
  double rgap = 0.0;            // reference gap g_r
  int lin_mode = 0;             // 0 absolute, 1 incremental normal-force update
  double dp_nratio = 0.0;       // normal critical damping ratio beta_n
  double dp_sratio = 0.0;       // shear critical damping ratio beta_s
  int dp_mode = 0;              // 0-3, see the header comment
  // stiffness from material (PFC "deformability", Woo's series connector):
  // kn = A / (R1/E1 + R2/E2), A = pi min(R1,R2)^2 (3d) or 2 min(R1,R2) (2d), ks = kn / kratio
  bool from_material = false;
  double inv_emod1 = 0.0, inv_emod2 = 0.0;    // 1/E of the type of particle 1 and 2
  double kratio = 0.0;                        // kn/ks; 0 means ks = 0
  bool dim2 = false;
};

// Contact history, stored in LAMMPS's per-contact slots. The vectors are forces on particle 2,
// so they change sign when the partner atom takes the contact over, as LAMMPS does to every slot
// by default. Scalars must not: either the glue transfers them unchanged (orient = 1, see
// is_vector_slot) or they carry an orientation sign (+-1, fixed by the two atom IDs) that the
// default transfer flips consistently.
struct LinearHistory {
  static constexpr int size = 10;
  Vec3 fs{0.0, 0.0, 0.0};    // linear shear force F_s^l
  Vec3 fd{0.0, 0.0, 0.0};    // dashpot force F^d of the last step (PFC's dp_force)
  double fn = 0.0;           // linear normal force F_n^l (<= 0)
  int state = 0;             // 0 new contact, 1 active, 2 active and slipping
  double e_slip = 0.0;       // energy dissipated by slip at this contact
  double e_dashpot = 0.0;    // energy dissipated by the dashpots at this contact

  DEM_INLINE static LinearHistory load(const double *h, double orient)
  {
    LinearHistory s;
    s.fs = {h[0], h[1], h[2]};
    s.fn = orient * h[3];
    s.state = static_cast<int>(orient * h[4] + 0.5);
    s.e_slip = orient * h[5];
    s.e_dashpot = orient * h[6];
    s.fd = {h[7], h[8], h[9]};
    return s;
  }
  DEM_INLINE void store(double *h, double orient) const
  {
    h[0] = fs.x;
    h[1] = fs.y;
    h[2] = fs.z;
    h[3] = orient * fn;
    h[4] = orient * state;
    h[5] = orient * e_slip;
    h[6] = orient * e_dashpot;
    h[7] = fd.x;
    h[8] = fd.y;
    h[9] = fd.z;
  }
  DEM_INLINE bool slipping() const { return state == 2; }
  // which slots hold vector components (the ones that flip when the partner takes over)
  DEM_INLINE static bool is_vector_slot(int k) { return k < 3 || k >= 7; }
};

struct LinearResult {
  Vec3 force{0.0, 0.0, 0.0};      // total contact force on particle 2
  Vec3 f_dashpot{0.0, 0.0, 0.0};  // dashpot part of it
  double kn = 0.0, ks = 0.0;      // stiffnesses used at this contact
  double d_slip = 0.0;            // slip dissipation this step (>= 0)
  double d_dashpot = 0.0;         // dashpot dissipation this step (>= 0)
  bool activated = false, slip_started = false, slip_ended = false;
};

DEM_INLINE void linear_stiffness(const LinearParams &p, double r1, double r2, double &kn, double &ks)
{
  if (!p.from_material) {
    kn = p.kn;
    ks = p.ks;
    return;
  }
  const double rmin = r1 < r2 ? r1 : r2;
  const double area = p.dim2 ? 2.0 * rmin : 3.14159265358979323846 * rmin * rmin;
  kn = area / (r1 * p.inv_emod1 + r2 * p.inv_emod2);
  ks = p.kratio > 0.0 ? kn / p.kratio : 0.0;
}

DEM_INLINE double linear_strain_energy(const LinearHistory &h, double kn, double ks)
{
  const double en = kn > 0.0 ? h.fn * h.fn / kn : 0.0;
  const double es = ks > 0.0 ? dot(h.fs, h.fs) / ks : 0.0;
  return 0.5 * (en + es);
}

// Dashpot force (eq. 10-11) on particle 2 for the given linear normal force and slip state.
DEM_INLINE Vec3 linear_dashpot(const LinearParams &p, const Contact &c, double kn, double ks,
                               double fn, bool slipping)
{
  const double vn = dot(c.vrel, c.n);
  const Vec3 vs = c.vrel - vn * c.n;
  double fnd = p.dp_nratio > 0.0 ? 2.0 * p.dp_nratio * std::sqrt(c.meff * kn) * vn : 0.0;
  if ((p.dp_mode & 1) && fnd > -fn) fnd = -fn;    // no-tension normal
  const bool cut = (p.dp_mode & 2) && slipping;   // slip-cut shear
  const double cs = (cut || p.dp_sratio == 0.0) ? 0.0 : 2.0 * p.dp_sratio * std::sqrt(c.meff * ks);
  return (-fnd) * c.n - cs * vs;
}

// One force-displacement step of an active contact (g_s <= 0); updates the history.
// ENERGY: also compute the dissipation of the step (PFC's energy tracking).
template <bool ENERGY = true>
DEM_INLINE LinearResult linear_step(const LinearParams &p, const Contact &c, double dt,
                                    LinearHistory &h)
{
  LinearResult r;
  linear_stiffness(p, c.r1, c.r2, r.kn, r.ks);
  const double gs = c.gap - p.rgap;
  const double vn = dot(c.vrel, c.n);
  const Vec3 vs = c.vrel - vn * c.n;

  double alpha = 1.0;
  r.activated = h.state == 0;
  if (r.activated) alpha = activation_fraction(gs, gs - vn * dt);
  const double ddn = alpha * vn * dt;
  const Vec3 dds = (alpha * dt) * vs;

  // (5) normal linear force, never tensile
  if (p.lin_mode == 0) h.fn = gs < 0.0 ? r.kn * gs : 0.0;
  else {
    const double fn = h.fn + r.kn * ddn;
    h.fn = fn < 0.0 ? fn : 0.0;
  }

  // (6-9) shear linear force with Coulomb limit
  const Vec3 fs_old = rotate_into_plane(h.fs, c.n);
  Vec3 fs = fs_old - r.ks * dds;
  const double limit = -p.fric * h.fn;
  const double mag = norm(fs);
  if (mag > limit) fs = mag > 0.0 ? (limit / mag) * fs : fs;
  const bool was_slipping = h.slipping();
  const bool slip = mag >= limit;
  h.fs = fs;
  h.state = slip ? 2 : 1;
  r.slip_started = slip && !was_slipping;
  r.slip_ended = !slip && was_slipping;

  // (10-11) dashpots
  const Vec3 fd_old = h.fd;
  r.f_dashpot = linear_dashpot(p, c, r.kn, r.ks, h.fn, slip);
  h.fd = r.f_dashpot;
  r.force = (-h.fn) * c.n + fs + r.f_dashpot;

  // (13-14) dissipation: the slip part of the shear increment and the relative displacement of
  // the step (v dt), each times the mean of the forces at its two ends, the work that velocity
  // Verlet actually lets these forces do (eq. 14 with F^d(t) alone is off by O(dt) per contact)
  if constexpr (ENERGY) {
    if (r.ks > 0.0) {
      const Vec3 dds_slip = dds + (1.0 / r.ks) * (fs - fs_old);
      r.d_slip = -0.5 * dot(fs_old + fs, dds_slip);
    }
    r.d_dashpot = -0.5 * dt * dot(fd_old + r.f_dashpot, c.vrel);
    h.e_slip += r.d_slip;
    h.e_dashpot += r.d_dashpot;
  }
  return r;
}

// Dashpot dissipation of the step in which a contact opens: the second half of the trapezoid
// of its last dashpot force.
DEM_INLINE double linear_release(const LinearHistory &h, const Contact &c, double dt)
{
  return -0.5 * dt * dot(h.fd, c.vrel);
}

// The force of an active contact as the last step left it, without advancing the history:
// what LAMMPS's setup (start of a run, after read_restart) must apply so that a run continues
// exactly. A contact not yet active is computed as a first step (the caller does not store it).
DEM_INLINE LinearResult linear_replay(const LinearParams &p, const Contact &c, double dt, LinearHistory &h)
{
  if (h.state == 0) return linear_step(p, c, dt, h);
  LinearResult r;
  linear_stiffness(p, c.r1, c.r2, r.kn, r.ks);
  r.f_dashpot = h.fd;
  r.force = (-h.fn) * c.n + h.fs + h.fd;
  return r;
}

}    // namespace dem
