// Rocky's hysteretic linear spring (Walton & Braun 1986; Rocky DEM Technical Manual 2.1, eq. 2-1 to
// 2-7) with Rocky's tangential models "linear spring Coulomb limit" and "Coulomb limit"
// (tangential.h).
// delta = -g_c is the overlap, dd = delta - delta_old its change over the step, F >= 0 the
// hysteretic normal force (stored as F_n = -F, PFC's sign, like the other laws):
//   loading    (dd >= 0): F = min(F_old + K_nu dd, K_nl delta)
//   unloading  (dd <  0): F = max(F_old + K_nu dd, lambda K_nl delta), lambda = 0.001
//   K_nu = K_nl / e^2, so a binary collision rebounds with e (for lambda = 0, exactly)
// Secondary damping: once a contact has unloaded and loads again (a long-lasting contact, not a
// collision), a viscous force 2 gamma_h sqrt(K_nl m_c) d(delta)/dt is added, the total normal force
// kept >= 0; a single collision is untouched.
// Tangential (tan_mode 0): F_t* = F_t,old - K_t ds, K_t = kt_ratio K_nl, limited to mu F_n with
// mu = fric while sticking and fric_dyn while sliding. tan_mode 1: F_t = -mu F_n v_t/|v_t|.
// Both are limited by the total normal force (with the secondary damping).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "mixing.h"
#include "parts/adhesion.h"
#include "parts/rolling.h"
#include "tangential.h"
#include <cmath>

namespace dem {

struct HystParams {
  double kn = 0.0;               // loading stiffness K_nl, unless from_material
  bool from_material = false;    // K_nl = (1/(E1 L1) + 1/(E2 L2))^-1, L = 2 R (Rocky)
  double inv_emod1 = 0.0, inv_emod2 = 0.0;
  double e = 1.0;           // restitution: K_nu = K_nl / e^2
  double ku = 0.0;          // K_nu = kn / e^2 computed once when not from_material (0: per contact)
  double lambda = 0.001;    // Rocky's floor of the unloading force
  double damp = 0.0;        // gamma_h, damping ratio of secondary loading cycles
  double kt_ratio = 0.0;    // K_t / K_nl
  Tangential tan;           // tan_mode (0 or 1), fric, fric_dyn, v_slide
  double rgap = 0.0;        // Rocky has no reference gap (the glue reads this)
  Rolling roll;             // rolling resistance (rolling.h)
};

// The history of the PFC laws plus the previous overlap, the cycle flags and the plastic work.
// With the per-contact energies (HIST_ENERGY), 13 values: the PFC values, then delta_old, flags,
// e_plastic. Without them, 7 values, which every contact reads and writes each step: F_s 0-2, F_n 3,
// state + 4 flags 4, F^d . n 5 (the dashpot force is normal, so F^d = fd_n n), delta_old 6; the
// plastic work is not kept.
// pending: a conversion of a restart file's dashpot force that needs the normal, which the
// restart code does not know (plugin/history_layout.cpp); the setup pass completes it (complete()):
// 1: fd_n holds F^d . n, to be turned into the vector (energy layout); 2 + k: fd_n holds the
// component k of the vector F^d (the largest, so that n_k is far from 0), to be turned into F^d . n.
// It rides in the state's value (7 values) or the flags' (13 values), 16 or 4 times it.
struct HystHistory : ContactHistory {
  static constexpr int size = ContactHistory::size + 3;
  static constexpr int UNLOADED = 1, SECONDARY = 2;
  static constexpr int PENDING_VECTOR = 1, PENDING_NORMAL = 2;    // (PENDING_NORMAL + k)
  double delta_old = 0.0;
  int flags = 0;
  double e_plastic = 0.0;
  double fd_n = 0.0;    // F^d . n
  int pending = 0;
  bool fd_along_n = false;    // loaded from the 7 values: F^d is fd_n n (complete())

  DEM_INLINE static constexpr int slots(int parts)
  {
    return (parts & HIST_ENERGY) ? ContactHistory::slots(parts) + 3 : 7;
  }
  template <class Slots>
  DEM_INLINE static HystHistory load(Slots h, double orient, int parts = HIST_ALL)
  {
    HystHistory s;
    if (parts & HIST_ENERGY) {
      static_cast<ContactHistory &>(s) = ContactHistory::load(h, orient, parts);
      const auto extra = h + ContactHistory::slots(parts);
      s.delta_old = orient * extra[0];
      const int flags = static_cast<int>(orient * extra[1] + 0.5);
      s.flags = flags & 3;
      s.pending = flags >> 2;
      s.e_plastic = orient * extra[2];
      if (s.pending) {    // (F^d's slots are a vector's: no orientation sign)
        s.fd_n = s.fd.x;
        s.fd = {0.0, 0.0, 0.0};
      }
    } else {
      s.fs = {h[0], h[1], h[2]};
      s.fn = orient * h[3];
      const int state = static_cast<int>(orient * h[4] + 0.5);
      s.state = state & 3;
      s.flags = (state >> 2) & 3;
      s.pending = state >> 4;
      s.fd_n = orient * h[5];
      s.delta_old = orient * h[6];
      s.fd_along_n = true;
    }
    return s;
  }
  template <class Slots> DEM_INLINE void store(Slots h, double orient, int parts = HIST_ALL) const
  {
    if (parts & HIST_ENERGY) {
      ContactHistory::store(h, orient, parts);
      const auto extra = h + ContactHistory::slots(parts);
      if (pending) h[5] = fd_n;
      extra[0] = orient * delta_old;
      extra[1] = orient * (flags + 4 * pending);
      extra[2] = orient * e_plastic;
    } else {
      h[0] = fs.x;
      h[1] = fs.y;
      h[2] = fs.z;
      h[3] = orient * fn;
      h[4] = orient * (state + 4 * flags + 16 * pending);
      h[5] = orient * fd_n;
      h[6] = orient * delta_old;
    }
  }
  DEM_INLINE static bool is_vector_slot(int k, int parts = HIST_ALL)
  {
    return (parts & HIST_ENERGY)
        ? k < ContactHistory::slots(parts) && ContactHistory::is_vector_slot(k)
        : k < 3;
  }
  // F^d as a vector along the contact's normal n (as the step left it), with any pending
  // conversion done; true if that changed the values to store.
  DEM_INLINE bool complete(Vec3 n)
  {
    const bool converted = pending != 0;
    if (pending >= PENDING_NORMAL) {
      const int k = pending - PENDING_NORMAL;
      fd_n = fd_n / (k == 0 ? n.x : k == 1 ? n.y : n.z);
    }
    if (fd_along_n || converted) fd = fd_n * n;
    pending = 0;
    return converted;
  }
  // A record of layout from_parts in the layout to_parts (with or without the energies: restart
  // files). F^d changes form where the normal is needed, which is not known here: a pending
  // conversion that the setup pass completes (complete). Host code.
  static void convert(const double *in, int from_parts, int to_parts, double *out)
  {
    HystHistory h = load(in, 1.0, from_parts);
    const bool vector = !h.fd_along_n && h.pending == 0;
    if (to_parts & HIST_ENERGY) {
      if (!vector && h.pending == 0) h.pending = PENDING_VECTOR;    // F^d . n -> the vector
    } else if (vector) {    // the vector's largest component -> F^d . n
      const double a[3] = {h.fd.x, h.fd.y, h.fd.z};
      int k = 0;
      for (int m = 1; m < 3; m++)
        if (std::fabs(a[m]) > std::fabs(a[k])) k = m;
      h.fd_n = a[k];
      h.pending = h.fd_n != 0.0 ? PENDING_NORMAL + k : 0;
    } else if (h.pending == PENDING_VECTOR) {
      h.pending = 0;    // F^d . n is what the 7 values keep
    }
    h.store(out, 1.0, to_parts);
  }
};

// Rocky's choice (eq. 2-1, 2-2) and F >= 0: min(F_trial, f_cap) while loading (dd >= 0),
// max(F_trial, f_floor) while unloading; f_cap = K_nl delta, f_floor = lambda f_cap.
// rocky_normal_force is one clamp min(max(F_trial, lo), hi) whose bounds the sign of dd selects:
// lo = 0, hi = max(f_cap, 0) while loading; lo = max(f_floor, 0), hi = +inf while unloading. The
// same numbers for finite inputs (signed zeros apart), with no branch: the sign of dd changes from
// contact to contact, and a branch on it is mispredicted about every other contact (bench/README.md,
// "Speed devices"). The bounds come from less_select (macros.h), the clamp from a > b ? a : b,
// which compilers turn into min/max instructions. (Both are tested against each other,
// tests/unit/test_hysteretic_force.cpp.)
DEM_INLINE double rocky_normal_force_rule(double f_trial, double f_cap, double f_floor, double dd)
{
  const double f = dd >= 0.0 ? (f_trial < f_cap ? f_trial : f_cap)
                             : (f_trial > f_floor ? f_trial : f_floor);
  return f < 0.0 ? 0.0 : f;
}
template <class T> DEM_INLINE T rocky_normal_force(T f_trial, T f_cap, T f_floor, T dd)
{
  const T floor_or_0 = less_select(dd, T(0.0), f_floor),
          inf_or_0 = less_select(dd, T(0.0), T(HUGE_VAL));
  const T lo = less_select(T(0.0), floor_or_0, floor_or_0);
  const T hi = select(f_cap > inf_or_0, f_cap, inf_or_0);
  const T f = select(f_trial > lo, f_trial, lo);
  return select(f < hi, f, hi);
}

DEM_INLINE void hysteretic_stiffness(const HystParams &p, double r1, double r2, double &kl,
                                     double &ku)
{
  kl = p.from_material ? 1.0 / (p.inv_emod1 / (2.0 * r1) + p.inv_emod2 / (2.0 * r2)) : p.kn;
  ku = p.ku > 0.0 ? p.ku : kl / (p.e * p.e);    // (the same number: p.ku is kn / (e * e))
}

// The energy the normal spring gives back on unloading along K_nu = K_nl/e^2, and the shear
// spring's (tan_mode 0); kl and kt are the contact's K_nl and K_t.
DEM_INLINE double hysteretic_strain_energy(const HystParams &p, const ContactHistory &h, double kl,
                                           double kt)
{
  const double en = kl > 0.0 ? 0.5 * h.fn * h.fn * p.e * p.e / kl : 0.0;
  const double es = kt > 0.0 ? 0.5 * dot(h.fs, h.fs) / kt : 0.0;
  return en + es;
}

// One step of an active contact (g_c <= 0); updates the history.
template <bool ENERGY = true>
DEM_INLINE ContactResult hysteretic_step(const HystParams &p, const Contact &c, double dt,
                                         HystHistory &h)
{
  ContactResult r;
  const Increments inc = begin_step(c, c.gap, dt, h, r);
  // early, as in linear_step, and with d as there (both measured faster with bench/run_ab.sh)
  const Vec3 fs_old = rotate_into_plane(h.fs, c.n, c.d, c.dsq);
  double kl, ku;
  hysteretic_stiffness(p, c.r1, c.r2, kl, ku);
  r.kn = kl;
  r.ks = p.tan.mode == TAN_SPRING ? p.kt_ratio * kl : 0.0;

  const double delta = -c.gap;
  const double dd = delta - h.delta_old;
  const double f_old = -h.fn;
  const double f_trial = f_old + ku * dd, f_cap = kl * delta, f_floor = p.lambda * kl * delta;
  const double f = rocky_normal_force(f_trial, f_cap, f_floor, dd);
  const int unloading = dd < 0.0, reloading = dd > 0.0;
  h.flags |= unloading * HystHistory::UNLOADED +
      ((reloading & h.flags) & HystHistory::UNLOADED) * HystHistory::SECONDARY;
  h.fn = -f;
  h.delta_old = delta;
  h.pending = 0;

  // secondary damping, repulsive while the overlap grows; the total normal force stays >= 0.
  // A branch, not a select: on bench/in.packing they time alike (88 % of its contact-steps are
  // damped, not a quarter as once written); in a collisional flow few are, and skip the root
  const bool damped = (h.flags & HystHistory::SECONDARY) && p.damp > 0.0;
  double fd = 0.0;
  if (damped) {
    r.cn = 2.0 * p.damp * std::sqrt(kl * c.meff);
    fd = -r.cn * inc.vn;
  }
  if (fd < -f) fd = -f;
  h.fd_n = fd;

  shear_update<ENERGY>(p.tan, fs_old, r.ks, inc, f + fd, h, r);
  if constexpr (ENERGY) {
    // plastic: the work of the normal spring over the step less the change of its stored energy
    const double work = 0.5 * (f_old + f) * dd;
    r.d_plastic = ku > 0.0 ? work - 0.5 * (f * f - f_old * f_old) / ku : 0.0;
    h.e_plastic += r.d_plastic;
  }
  end_step<ENERGY>(c, fd * c.n, dt, h, r);
  return r;
}

// The common case (as linear_is_plain): a constant loading stiffness, the linear shear spring with
// a single friction coefficient, no rolling resistance. hysteretic_plain(p) is p with those
// settings as constants.
DEM_INLINE bool hysteretic_is_plain(const HystParams &p)
{
  return !p.from_material && p.tan.mode == TAN_SPRING && p.tan.fric_dyn == p.tan.fric &&
      p.rgap == 0.0 && p.roll.model == ROLL_NONE;
}
DEM_INLINE HystParams hysteretic_plain(const HystParams &p)
{
  HystParams q;    // the defaults are the plain settings
  q.kn = p.kn;
  q.e = p.e;
  q.ku = p.ku;
  q.lambda = p.lambda;
  q.damp = p.damp;
  q.kt_ratio = p.kt_ratio;
  q.tan.fric = q.tan.fric_dyn = p.tan.fric;
  return q;
}

// The common settings of a pair of types in lanes (lanes.h; one value per lane), for the CPU loop's
// SIMD path: K_nl, K_nu (hysteretic_stiffness), lambda, gamma_h, kt_ratio, fric
template <class T> struct HystPlainLanes {
  T kl, ku, lambda, damp, kt_ratio, fric;
};

// The 7 values of a contact in lanes (HystHistory without energies): the state and the cycle flags
// as masks
template <class T> struct HystPlainHistory {
  Vec3T<T> fs;
  T fn, fd_n, delta_old;
  mask_t<T> fresh, slipping, unloaded, secondary;
};

// hysteretic_step<false> on the common settings (hysteretic_plain), written for a number type T
// from the same functions in the same order, so that a lane holds hysteretic_step's numbers to the
// last bit: returns the force on particle 2 and updates the history
template <class T>
DEM_INLINE Vec3T<T> hysteretic_plain_step(const HystPlainLanes<T> &p, const ContactT<T> &c,
                                          double dt, HystPlainHistory<T> &h)
{
  const IncrementsT<T> inc = increments(c, c.gap, dt, h.fresh);
  const Vec3T<T> fs_old = rotate_into_plane(h.fs, c.n, c.d, c.dsq);
  const T ks = p.kt_ratio * p.kl;
  const T delta = -c.gap;
  const T dd = delta - h.delta_old;
  const T f_old = -h.fn;
  const T f_trial = f_old + p.ku * dd, f_cap = p.kl * delta, f_floor = p.lambda * p.kl * delta;
  const T f = rocky_normal_force(f_trial, f_cap, f_floor, dd);
  h.secondary = h.secondary || (dd > 0.0 && h.unloaded);
  h.unloaded = h.unloaded || dd < 0.0;
  h.fn = -f;
  h.delta_old = delta;
  // secondary damping (a rare path where few contacts are damped), the total kept >= 0
  const mask_t<T> damped = h.secondary && p.damp > 0.0;
  T fd = 0.0;
  if (any(damped)) fd = select(damped, T(-2.0 * p.damp * root(p.kl * c.meff) * inc.vn), fd);
  fd = select(fd < -f, T(-f), fd);
  h.fd_n = fd;
  mask_t<T> slip;
  h.fs = coulomb_spring(p.fric, p.fric, fs_old, ks, inc.ds, T(f + fd), h.slipping, slip);
  h.slipping = slip;
  h.fresh = mask_t<T>(false);
  return (-h.fn) * c.n + h.fs + fd * c.n;
}

struct HystereticLaw {
  using History = HystHistory;
  using Params = HystParams;
  using Parts = PartList<RollingPart, AdhesionPart>;
  static constexpr const char *style = "dem/hysteretic", *wall_name = "hysteretic",
                              *info = "Rocky hysteretic linear spring";
  static constexpr const char *stiffness_keywords =
      "the stiffness kn (or emod) and restitution (K_nu = K_nl/e^2)";
  // its own keywords (its parts' follow in the pair styles' tables); v_slide: Rocky's 1 mm/s in
  // the simulation's units
  static constexpr Keyword keywords[] = {{"kn", KEY_NONNEGATIVE},
                                         {"emod", KEY_POSITIVE, 0.0, true},
                                         {"restitution", KEY_FRACTION, 1.0},
                                         {"hys_damp", KEY_RATIO},
                                         {"kt_ratio", KEY_NONNEGATIVE},
                                         {"fric", KEY_NONNEGATIVE},
                                         {"fric_dyn", KEY_NONNEGATIVE},
                                         {"tan_mode", KEY_TAN_MODE},
                                         {"v_slide", KEY_NONNEGATIVE, 0.001}};
  static constexpr int keyword_count = 9;
  enum { KN, EMOD, RESTITUTION, DAMP, KT_RATIO, FRIC, FRIC_DYN, TAN_MODE, V_SLIDE };
  static constexpr const char *outputs[] = {
      "e_strain", "e_slip", "e_dashpot", "n_activated", "n_slip_start", "n_slip_end", "e_plastic"};
  static constexpr int output_count = 7;
  static constexpr bool hertzian = false;

  // the loading stiffness from material (Rocky: K = E L per particle, L = 2R, in series), or the
  // types' springs in series, or the pair's; friction the smaller; the rest the types' common
  // value or the pair's (mixing.h)
  template <class M> static bool mix(M &m, Params &out)
  {
    out = Params{};
    for (int side : {TYPE1, TYPE2, PAIR})
      if (m.has(side, EMOD) && m.has(side, KN))
        return m.fail("emod and kn are alternatives: give one or the other");
    if (m.has(PAIR, EMOD))
      return m.fail("emod is a property of a type (pair_coeff I I): for a pair of types set kn");
    if (m.has(PAIR, KN)) {
      out.kn = m.value(PAIR, KN);
    } else if (m.has(TYPE1, EMOD) && m.has(TYPE2, EMOD)) {
      out.from_material = true;
      out.inv_emod1 = 1.0 / m.value(TYPE1, EMOD);
      out.inv_emod2 = 1.0 / m.value(TYPE2, EMOD);
    } else if (m.has(TYPE1, EMOD) || m.has(TYPE2, EMOD)) {
      return m.fail("one type has emod and the other kn: set kn for the pair of types");
    } else {
      out.kn = series(m.value(TYPE1, KN), m.value(TYPE2, KN));
    }
    if (!mix_tangential(m, {TAN_MODE, FRIC, FRIC_DYN, V_SLIDE}, out.tan) ||
        !m.same_or_pair(RESTITUTION, out.e) || !m.same_or_pair(DAMP, out.damp) ||
        !m.same_or_pair(KT_RATIO, out.kt_ratio))
      return false;
    if (out.tan.mode == TAN_COULOMB && out.kt_ratio > 0.0)
      return m.fail("tan_mode 1 (Coulomb limit) has no shear spring: kt_ratio must be 0");
    // derived parameters that overflowed: K_nl (huge kn in series), 1/emod, K_nu = K_nl/e^2, K_t
    if (!std::isfinite(out.kn)) return m.fail_not_finite(KN, "a loading stiffness K_nl", out.kn);
    if (!std::isfinite(out.inv_emod1) || !std::isfinite(out.inv_emod2))
      return m.fail_not_finite(EMOD, "1/emod", std::max(out.inv_emod1, out.inv_emod2));
    if (!std::isfinite(out.kn / (out.e * out.e)))
      return m.fail_not_finite(RESTITUTION, "with K_nl from kn an unloading stiffness K_nl/e^2",
                               out.kn / (out.e * out.e));
    if (!std::isfinite(out.kt_ratio * out.kn))
      return m.fail_not_finite(KT_RATIO, "a shear stiffness kt_ratio K_nl", out.kt_ratio * out.kn);
    if (!out.from_material) out.ku = out.kn / (out.e * out.e);    // once, not per contact
    return true;
  }
  // the contact values table (as LinearLaw's): k_n the loading stiffness K_nl, k_s K_t = kt_ratio K_nl
  static constexpr const char *value_names[] = {"k_n", "k_s", "fric", "e", "hys_damp"};
  static constexpr int value_count = 5;
  static constexpr const char *values_note = "";
  static constexpr bool speed_dependent = false;
  static constexpr int restart_code = 3;
  static constexpr bool converts_history = true;    // HystHistory::convert (its two layouts)
  static void values(const Params &p, double r1, double r2, double, double *out)
  {
    double kl = p.kn, ku = 0.0;
    if (p.from_material) {
      if (r1 > 0.0 && r2 > 0.0)
        hysteretic_stiffness(p, r1, r2, kl, ku);
      else
        kl = std::nan("");
    }
    const double v[] = {kl, p.kt_ratio * kl, p.tan.fric, p.e, p.damp};
    for (int k = 0; k < value_count; k++) out[k] = v[k];
  }
  static bool shear_spring(const Params &p) { return p.tan.mode == TAN_SPRING && p.kt_ratio > 0.0; }
  static Params mirrored(Params p)
  {
    const double e1 = p.inv_emod1;
    p.inv_emod1 = p.inv_emod2;
    p.inv_emod2 = e1;
    return p;
  }
  static bool is_plain(const Params &p) { return hysteretic_is_plain(p); }
  DEM_INLINE static Params plain(const Params &p) { return hysteretic_plain(p); }
  static constexpr bool optional_extra = false;    // its values are always kept
  static bool needs_extra(const Params &) { return true; }
  template <bool ENERGY, bool EXTRA = true>    // (no optional parts of its own)
  DEM_INLINE static ContactResult step(const Params &p, const Contact &c, double dt, History &h)
  {
    return hysteretic_step<ENERGY>(p, c, dt, h);
  }
  // h completed along c.n by the caller (HystHistory::complete, as the pair loops do first; the
  // walls' 13 values keep F^d as a vector)
  DEM_INLINE static ContactResult replay(const Params &p, const Contact &c, double dt, History &h)
  {
    if (h.state == 0) return hysteretic_step(p, c, dt, h);
    ContactResult r = replay_force(h, c);
    double ku;
    hysteretic_stiffness(p, c.r1, c.r2, r.kn, ku);
    r.ks = p.tan.mode == TAN_SPRING ? p.kt_ratio * r.kn : 0.0;
    return r;
  }
  DEM_INLINE static void stiffness(const Params &p, const Contact &c, const History &, double &kn,
                                   double &ks)
  {
    double ku;
    hysteretic_stiffness(p, c.r1, c.r2, kn, ku);
    ks = p.tan.mode == TAN_SPRING ? p.kt_ratio * kn : 0.0;
  }
  DEM_INLINE static double strain_energy(const Params &p, const History &h, double kl, double kt)
  {
    return hysteretic_strain_energy(p, h, kl, kt);
  }
  DEM_INLINE static double rolling_ks(const Params &p, const ContactResult &r)
  {
    return p.kt_ratio * r.kn;
  }
};

}    // namespace dem
