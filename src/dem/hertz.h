// PFC Hertz contact model (Itasca PFC 6 "Hertz Model"; equation numbers refer to that page).
//
//   (4)  F_n^h = -h_n |g_c|^alpha_h for g_c < 0, else 0 (the contact gap, as the page writes it;
//        activation uses the surface gap g_s = g_c - g_r <= 0, as in the linear model)
//   (5-6) h_n = 2 G sqrt(2 Rbar) / (3 (1 - nu)), 1/Rbar = (1/R1 + 1/R2)/2 (a wall: R2 = inf)
//   (7-8) tan_mode 0: F_s* = F_s,0 - k_s dd_s, k_s = 2(1-nu)/(2-nu) alpha_h h_n^(1/alpha_h) |F_n|^((alpha_h-1)/alpha_h)
//         = 2(1-nu)/(2-nu) k_n with k_n the tangent normal stiffness below
//   (9)  hz_mode 1: on normal unloading F_s,0 is scaled by k_s/(k_s)_0
//   (10-12) Coulomb limit mu |F_n|, slip state
//        (tan_mode 1: Rocky's Coulomb limit, tangential.h; tan_mode 2: Mindlin-Deresiewicz, below)
//   (13-14) dashpots 2 beta sqrt(m_c k) |g_c|^alpha_d v with the tangent normal stiffness
//         k_n = alpha_h h_n |g_c|^(alpha_h-1); dp_mode as in the linear model
//   (15-17) strain energy alpha_h/(alpha_h+1) F_n^2/k_n + |F_s|^2/(2 k_s), slip, dashpot.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "mixing.h"
#include "parts/adhesion.h"
#include "parts/rolling.h"
#include "tangential.h"

namespace dem {

// Per type-pair properties after mixing (eq. 18-20 on the host).
struct HertzParams {
  double hn_factor = 0.0;    // 2 G / (3 (1 - nu)): h_n = hn_factor sqrt(2 Rbar)
  double ks_factor = 0.0;    // 2 (1 - nu) / (2 - nu): k_s = ks_factor k_n
  double alpha_h = 1.5;      // hz_alpha
  double alpha_d = 0.0;      // dp_alpha
  int hz_mode = 0;           // 1: scale the shear force on normal unloading
  Tangential tan;            // tan_mode, fric, fric_dyn, v_slide
  double rgap = 0.0;
  Dashpots dp;
  Rolling roll;    // rolling resistance (rolling.h)
};

// The PFC history plus the accumulated shear displacement s of the Mindlin-Deresiewicz model
// (tan_mode 2; zero otherwise), a vector of particle 2 relative to 1 like the forces. s is kept
// (HIST_EXTRA) only when some pair of types uses tan_mode 2: 3 more slots per neighbour cost
// dem/hertz about 15 % of its speed on the chute benchmark.
struct HertzHistory : ContactHistory {
  static constexpr int size = ContactHistory::size + 3;
  Vec3 shear_disp{0.0, 0.0, 0.0};

  DEM_INLINE static constexpr int slots(int parts)
  {
    return ContactHistory::slots(parts) + ((parts & HIST_EXTRA) ? 3 : 0);
  }
  template <class Slots>
  DEM_INLINE static HertzHistory load(Slots h, double orient, int parts = HIST_ALL)
  {
    HertzHistory s;
    static_cast<ContactHistory &>(s) = ContactHistory::load(h, orient, parts);
    if (!(parts & HIST_EXTRA)) return s;
    const auto extra = h + ContactHistory::slots(parts);    // this law's slots follow the PFC ones
    s.shear_disp = {extra[0], extra[1], extra[2]};
    return s;
  }
  template <class Slots> DEM_INLINE void store(Slots h, double orient, int parts = HIST_ALL) const
  {
    ContactHistory::store(h, orient, parts);
    if (!(parts & HIST_EXTRA)) return;
    const auto extra = h + ContactHistory::slots(parts);
    extra[0] = shear_disp.x;
    extra[1] = shear_disp.y;
    extra[2] = shear_disp.z;
  }
  DEM_INLINE static bool is_vector_slot(int k, int parts = HIST_ALL)
  {
    return k >= ContactHistory::slots(parts) || ContactHistory::is_vector_slot(k);
  }
};

// R1 R2 / (R1 + R2) = Rbar / 2 of a contact between radii r1 and r2 (r2 = infinity for a wall)
template <class T> DEM_INLINE T hertz_reff(const T &r1, const T &r2)
{
  const mask_t<T> wall = r2 == INFINITY;
  if (all(wall)) return r1;
  return select(wall, r1, T(r1 * r2 / (r1 + r2)));
}

// E* of the contact, from h_n = 2 hn_factor sqrt(reff) = 4/3 E* sqrt(reff) (JKR, adhesion.h)
DEM_INLINE double hertz_estar(const HertzParams &p)
{
  return 1.5 * p.hn_factor;
}

// h_n of a contact: hn_factor sqrt(2 Rbar) = 2 hn_factor sqrt(reff)
DEM_INLINE double hertz_hn(const HertzParams &p, double reff)
{
  return 2.0 * p.hn_factor * std::sqrt(reff);
}

// |g_c|^(2 alpha_d), the square of the dashpots' gap factor (eq. 13-14), from g = |g_c|; the
// common exponents without pow, which costs more than the rest of a contact
DEM_INLINE double hertz_dashpot_scale2(double alpha_d, double g)
{
  if (alpha_d == 0.0) return 1.0;
  if (alpha_d == 0.25) return std::sqrt(g);
  if (alpha_d == 0.5) return g;
  if (alpha_d == 1.0) return g * g;
  return std::pow(g, 2.0 * alpha_d);
}

// dp_alpha 1/4 with the exponent 3/2 (a damping that grows with sqrt(delta), as LAMMPS's
// gran/hertz/history's): the normal dashpot's root sqrt(m_c k_n delta^(1/2)) is
// sqrt(3 hn_factor m_c sqrt(reff)) sqrt(delta), whose first factor depends on the particles only,
// and the force takes sqrt(reff delta) as sqrt(reff) sqrt(delta): after the overlap only sqrt(delta)
// is on the way to the force, not sqrt(reff delta) and then the dashpot's root (dem/hertz :
// gran/hertz/history on the dense packing 1.10 -> 1.01, measured with bench/run_ab.sh).
DEM_INLINE bool hertz_quarter(const HertzParams &p)
{
  return p.alpha_h == 1.5 && p.alpha_d == 0.25;
}

// the exponent 3/2 from root = sqrt(reff delta): h_n sqrt(delta) = 2 hn_factor root
template <class T>
DEM_INLINE void hertz_3_2(const T &hn_factor, const T &root, const T &delta, T &fn, T &kn)
{
  const T hn_sqrt_delta = 2.0 * hn_factor * root;
  fn = -hn_sqrt_delta * delta;
  kn = 1.5 * hn_sqrt_delta;
}
DEM_INLINE void hertz_normal_3_2(const HertzParams &p, double root, double delta, double &fn,
                                 double &kn)
{
  hertz_3_2(p.hn_factor, root, delta, fn, kn);
}

// Spring normal force (<= 0) and tangent normal stiffness at overlap delta = -g_c (>= 0) of a
// contact with reff = Rbar/2. For the default exponent h_n sqrt(delta) is
// 2 hn_factor sqrt(reff delta): one square root, no pow.
DEM_INLINE void hertz_normal(const HertzParams &p, double reff, double delta, double &fn,
                             double &kn)
{
  if (p.alpha_h == 1.5) {
    const double root = hertz_quarter(p) ? std::sqrt(reff) * std::sqrt(delta)
                                         : std::sqrt(reff * delta);
    hertz_normal_3_2(p, root, delta, fn, kn);
    return;
  }
  const double hn = hertz_hn(p, reff);
  if (delta > 0.0) {
    const double d = std::pow(delta, p.alpha_h - 1.0);
    fn = -hn * d * delta;
    kn = p.alpha_h * hn * d;
  } else {    // not overlapping: no force; the tangent stiffness as delta -> 0 (kept finite)
    fn = 0.0;
    kn = p.alpha_h == 1.0 ? hn : 0.0;
  }
}

// Mindlin-Deresiewicz (tan_mode 2), the form Rocky names (Mindlin & Deresiewicz 1953 for a
// monotonic tangential load at constant normal force; doc/pair_dem_hertz.rst):
//   F_s = -mu |F_n| (1 - xi^(3/2)) s/|s|,  xi = 1 - |s|/s_max,  s_max = mu delta (2 - nu)/(2 (1 - nu))
// with nu the contact's Poisson ratio (2(1-nu)/(2-nu) = ks_factor). s accumulates dd_s in the
// contact plane and is held at |s| = s_max while sliding (xi = 0, |F_s| = mu |F_n|), so a reversal
// unloads at once. Tangent stiffness k_t = 3/2 mu |F_n| sqrt(xi) / s_max: eq. 8's k_s at s = 0, 0 in
// full slip (so the shear dashpot, which uses it, fades out as Rocky's does).
DEM_INLINE double mindlin_tangent(double mu_fn, double smax, double len)
{
  const double xi = len < smax ? 1.0 - len / smax : 0.0;
  return 1.5 * mu_fn * std::sqrt(xi) / smax;
}

// s_max of the contact's current state, with delta = alpha_h |F_n| / k_n (k_n the tangent stiffness)
DEM_INLINE double mindlin_slip_length(const HertzParams &p, double fn, double kn)
{
  return kn > 0.0 ? p.tan.fric * p.alpha_h * (-fn) / (kn * p.ks_factor) : 0.0;
}

// Stored energy of the Mindlin-Deresiewicz spring, the integral of its force up to |s| = u s_max:
// mu |F_n| s_max (u - 2/5 (1 - (1 - u)^(5/2))).
DEM_INLINE double mindlin_energy(double mu_fn, double smax, double len)
{
  if (!(smax > 0.0)) return 0.0;
  const double u = len < smax ? len / smax : 1.0, w = 1.0 - u;
  return mu_fn * smax * (u - 0.4 * (1.0 - w * w * std::sqrt(w)));
}

// One step of tan_mode 2; fn_old and the contact's h_n (from reff) give the last step's s_max for ENERGY.
template <bool ENERGY>
DEM_INLINE void mindlin_update(const HertzParams &p, Vec3 n, const Increments &inc, double delta,
                               double reff, double fn_old, Vec3 fs_old, HertzHistory &h,
                               ContactResult &r)
{
  const double mu_fn = -p.tan.fric * h.fn;
  const double smax = p.tan.fric * delta / p.ks_factor;
  const double len_old = norm(h.shear_disp);
  const Vec3 trial = rotate_into_plane(h.shear_disp, n) + inc.ds;
  Vec3 s = trial, fs{0.0, 0.0, 0.0};
  bool slip = false;
  r.ks = 0.0;
  if (!(smax > 0.0)) {    // no friction or no overlap: no shear force, nothing to remember
    s = Vec3{0.0, 0.0, 0.0};
  } else {
    const double len = norm(trial);
    slip = len >= smax;
    if (slip) s = (smax / len) * trial;
    const double xi = slip ? 0.0 : 1.0 - len / smax;
    if (len > 0.0) fs = (-mu_fn * (1.0 - xi * std::sqrt(xi)) / len) * trial;
    r.ks = mindlin_tangent(mu_fn, smax, len);
  }
  h.shear_disp = s;
  set_shear_state(fs, slip, h, r);
  // slip dissipation: the work of the shear force less the change of the stored energy, which
  // also moves with F_n and s_max (so the balance is exact, as for dem/hysteretic's plastic part)
  if constexpr (ENERGY) {
    const double hn = hertz_hn(p, reff);
    const double q = hn > 0.0 ? fn_old / hn : 0.0;
    const double delta_old =
        std::cbrt(q * q);    // F_n = h_n delta^(3/2) (tan_mode 2 needs hz_alpha 1.5)
    const double e_old =
        mindlin_energy(-p.tan.fric * fn_old, p.tan.fric * delta_old / p.ks_factor, len_old);
    const double e_new = mindlin_energy(mu_fn, smax, norm(s));
    r.d_slip = -0.5 * dot(fs_old + fs, inc.ds) - (e_new - e_old);
  }
}

// Stored energy of the Mindlin-Deresiewicz spring in the contact's current state.
DEM_INLINE double mindlin_strain_energy(const HertzParams &p, const HertzHistory &h, double kn)
{
  return mindlin_energy(-p.tan.fric * h.fn, mindlin_slip_length(p, h.fn, kn), norm(h.shear_disp));
}

// The contact's tangent normal stiffness and its shear stiffness (eq. 8 for tan_mode 0, none for
// the Coulomb limit, the Mindlin-Deresiewicz tangent for tan_mode 2).
DEM_INLINE void hertz_stiffness(const HertzParams &p, const Contact &c, const HertzHistory &h,
                                double &kn, double &ks)
{
  double fn;
  const double delta = c.gap < 0.0 ? -c.gap : 0.0;
  hertz_normal(p, hertz_reff(c.r1, c.r2), delta, fn, kn);
  if (p.tan.mode == TAN_SPRING)
    ks = p.ks_factor * kn;
  else if (p.tan.mode == TAN_COULOMB)
    ks = 0.0;
  else {
    const double smax = mindlin_slip_length(p, h.fn, kn);
    ks = smax > 0.0 ? mindlin_tangent(-p.tan.fric * h.fn, smax, norm(h.shear_disp)) : 0.0;
  }
}

DEM_INLINE double hertz_strain_energy(const HertzParams &p, const HertzHistory &h, double kn,
                                      double ks)
{
  const double en = kn > 0.0 ? p.alpha_h / (p.alpha_h + 1.0) * h.fn * h.fn / kn : 0.0;
  if (p.tan.mode == TAN_MINDLIN) return en + mindlin_strain_energy(p, h, kn);
  const double es = ks > 0.0 ? 0.5 * dot(h.fs, h.fs) / ks : 0.0;
  return en + es;
}

// The common case (as linear_is_plain): the exponent 3/2, the linear shear spring with PFC's single
// friction coefficient, no reference gap, no shear scaling on unloading, a full normal dashpot
// without shear dashpot or rolling resistance. hertz_plain(p) is p with those settings as constants.
DEM_INLINE bool hertz_is_plain(const HertzParams &p)
{
  return p.alpha_h == 1.5 && p.tan.mode == TAN_SPRING && p.tan.fric_dyn == p.tan.fric &&
      p.rgap == 0.0 && p.hz_mode == 0 && p.dp.sratio == 0.0 && p.dp.mode == 0 &&
      p.roll.model == ROLL_NONE;
}
DEM_INLINE HertzParams hertz_plain(const HertzParams &p)
{
  HertzParams q;    // the defaults are the plain settings
  q.hn_factor = p.hn_factor;
  q.ks_factor = p.ks_factor;
  q.alpha_d = p.alpha_d;
  q.tan.fric = q.tan.fric_dyn = p.tan.fric;
  q.dp.nratio = p.dp.nratio;
  return q;
}

// The common settings of a pair of types in lanes (lanes.h; one value per lane), for the CPU loop's
// SIMD path; the dashpot exponent alpha_d is the same for every pair of types: DAMP 0, 1, 2, 4 for
// dp_alpha 0, 1/4, 1/2, 1 (hertz_lanes_damp)
template <class T> struct HertzPlainLanes {
  T hn_factor, ks_factor, fric, nratio;
};
DEM_INLINE int hertz_lanes_damp(double alpha_d)
{
  return alpha_d == 0.0 ? 0 : alpha_d == 0.25 ? 1 : alpha_d == 0.5 ? 2 : alpha_d == 1.0 ? 4 : -1;
}

// hertz_step<false> on the common settings (hertz_plain), written for a number type T from the
// same functions in the same order, so that a lane holds hertz_step's numbers to the last bit:
// returns the force on particle 2 and updates the history (its state: h.slipping)
template <int DAMP, class T>
DEM_INLINE Vec3T<T> hertz_plain_step(const HertzPlainLanes<T> &p, const ContactT<T> &c, double dt,
                                     PlainHistory<T> &h)
{
  const IncrementsT<T> inc = increments(c, c.gap, dt, h.fresh);
  const mask_t<T> overlap = c.gap < 0.0;
  const T delta = select(overlap, T(-c.gap), T(0.0));
  const T reff = hertz_reff(c.r1, c.r2);
  const T g = select(overlap, delta, c.gap);
  T kn, root_n;
  if constexpr (DAMP == 1) {    // (hertz_quarter)
    const T sqrt_reff = root(reff), sqrt_delta = root(delta);
    hertz_3_2(p.hn_factor, T(sqrt_reff * sqrt_delta), delta, h.fn, kn);
    root_n = root(3.0 * p.hn_factor * c.meff * sqrt_reff) * sqrt_delta;
  } else {
    hertz_3_2(p.hn_factor, root(reff * delta), delta, h.fn, kn);
    // hertz_dashpot_scale2
    const T scale2 = DAMP == 0 ? T(1.0) : DAMP == 2 ? g : T(g * g);
    root_n = root(c.meff * kn * scale2);
  }
  const Vec3T<T> fs_old = rotate_into_plane(h.fs, c.n, c.n, T(1.0));
  mask_t<T> slip;
  h.fs = coulomb_spring(p.fric, p.fric, fs_old, T(p.ks_factor * kn), inc.ds, T(-h.fn), h.slipping,
                        slip);
  h.slipping = slip;
  h.fresh = mask_t<T>(false);
  h.fd = (-normal_dashpot(p.nratio, root_n, inc.vn)) * c.n;
  return (-h.fn) * c.n + h.fs + h.fd;
}

// One force-displacement step of an active contact (g_s <= 0); updates the history.
template <bool ENERGY = true>
DEM_INLINE ContactResult hertz_step(const HertzParams &p, const Contact &c, double dt,
                                    HertzHistory &h)
{
  ContactResult r;
  const Increments inc = begin_step(c, c.gap - p.rgap, dt, h, r);
  const double delta = c.gap < 0.0 ? -c.gap : 0.0;
  const double fn_old = h.fn;
  const double reff = hertz_reff(c.r1, c.r2);
  // |g_c| is delta for an overlap; a contact active through its reference gap has g_c > 0
  const double g = c.gap < 0.0 ? delta : c.gap;
  double root_n, scale2;    // the normal dashpot's sqrt(m_c k_n scale2), scale2 = |g_c|^(2 alpha_d)
  if (hertz_quarter(p)) {
    const double sqrt_reff = std::sqrt(reff), sqrt_delta = std::sqrt(delta);
    hertz_normal_3_2(p, sqrt_reff * sqrt_delta, delta, h.fn, r.kn);
    root_n = std::sqrt(3.0 * p.hn_factor * c.meff * sqrt_reff) * sqrt_delta;
    scale2 = c.gap < 0.0 ? sqrt_delta : std::sqrt(g);
  } else {
    hertz_normal(p, reff, delta, h.fn, r.kn);
    scale2 = hertz_dashpot_scale2(p.alpha_d, g);
    root_n = std::sqrt(c.meff * r.kn * scale2);
  }

  Vec3 fs_old = rotate_into_plane(h.fs, c.n);
  if (p.tan.mode == TAN_MINDLIN) {
    mindlin_update<ENERGY>(p, c.n, inc, delta, reff, fn_old, fs_old, h, r);
  } else {
    r.ks = p.tan.mode == TAN_SPRING ? p.ks_factor * r.kn : 0.0;
    // (9) k_s / (k_s)_0 = (|F_n| / |F_n,0|)^((alpha_h - 1)/alpha_h) while the normal force drops
    if (p.hz_mode == 1 && h.fn > fn_old && fn_old < 0.0)
      fs_old = std::pow(h.fn / fn_old, (p.alpha_h - 1.0) / p.alpha_h) * fs_old;
    shear_update<ENERGY>(p.tan, fs_old, r.ks, inc, -h.fn, h, r);
  }

  const Vec3 fd = dashpot_force(p.dp, c, inc, root_n, r.ks, scale2, h.fn, h.slipping(), r.cn);
  end_step<ENERGY>(c, fd, dt, h, r);
  return r;
}

struct HertzLaw {
  using History = HertzHistory;
  using Params = HertzParams;
  using Parts = PartList<RollingPart, AdhesionPart>;
  static constexpr const char *style = "dem/hertz", *wall_name = "hertz",
                              *info = "PFC Hertz contact model";
  static constexpr const char *stiffness_keywords = "the stiffness hz_shear (or hz_emod)";
  // its own keywords (its parts' follow in the pair styles' tables); PFC's defaults: hz_alpha 1.5,
  // the rest 0; Rocky's v_slide 1 mm/s
  static constexpr Keyword keywords[] = {
      {"hz_shear", KEY_NONNEGATIVE},      {"hz_poiss", KEY_POISSON},
      {"hz_alpha", KEY_NONNEGATIVE, 1.5}, {"hz_mode", KEY_FLAG},
      {"fric", KEY_NONNEGATIVE},          {"rgap", KEY_FINITE},
      {"dp_nratio", KEY_RATIO},           {"dp_sratio", KEY_RATIO},
      {"dp_alpha", KEY_NONNEGATIVE},      {"dp_mode", KEY_DP_MODE},
      {"restitution", KEY_FRACTION},      {"tan_mode", KEY_TAN_MODE_HERTZ},
      {"fric_dyn", KEY_NONNEGATIVE},      {"v_slide", KEY_NONNEGATIVE, 0.001},
      {"hz_emod", KEY_POSITIVE}};
  static constexpr int keyword_count = 15;
  enum {
    SHEAR,
    POISS,
    ALPHA,
    MODE,
    FRIC,
    RGAP,
    DP_NRATIO,
    DP_SRATIO,
    DP_ALPHA,
    DP_MODE,
    RESTITUTION,
    TAN_MODE,
    FRIC_DYN,
    V_SLIDE,
    EMOD
  };
  static constexpr const char *outputs[] = {"e_strain",    "e_slip",       "e_dashpot",
                                            "n_activated", "n_slip_start", "n_slip_end"};
  static constexpr int output_count = 6;

  // PFC's inheritance (mixing.h): the contact's shear modulus and Poisson's ratio from the pieces'
  // (eq. 18-19; hz_emod as G = E / (2 (1 + nu)), Rocky and most users give E and nu), a pair's
  // values replacing them; friction the smaller (eq. 20); the rest the types' common value or
  // the pair's
  template <class M> static bool mix(M &m, Params &out)
  {
    out = Params{};
    for (int side : {TYPE1, TYPE2, PAIR})
      if (m.has(side, SHEAR) && m.has(side, EMOD))
        return m.fail("hz_shear and hz_emod are alternatives: give one or the other");
    auto shear = [&](int side, double nu) {
      return m.has(side, EMOD) ? m.value(side, EMOD) / (2.0 * (1.0 + nu)) : m.value(side, SHEAR);
    };
    const double nu1 = m.value(TYPE1, POISS), nu2 = m.value(TYPE2, POISS);
    const double g1 = shear(TYPE1, nu1), g2 = shear(TYPE2, nu2);
    double g = 0.0,
           nu = 0.5 * (nu1 + nu2);    // a piece with G = 0 makes the contact carry no Hertz force
    if (g1 != 0.0 && g2 != 0.0) {
      const double e_star = 1.0 / ((1.0 - nu1) / (2.0 * g1) + (1.0 - nu2) / (2.0 * g2));
      const double g_star = 1.0 / ((2.0 - nu1) / g1 + (2.0 - nu2) / g2);
      nu = (4.0 * g_star - e_star) / (2.0 * g_star - e_star);
      g = 2.0 * g_star * (2.0 - nu);
    }
    if (m.has(PAIR, SHEAR)) g = m.value(PAIR, SHEAR);
    if (m.has(PAIR, POISS)) nu = m.value(PAIR, POISS);
    if (m.has(PAIR, EMOD)) g = shear(PAIR, nu);    // with the contact's nu
    out.hn_factor = 2.0 * g / (3.0 * (1.0 - nu));
    out.ks_factor = 2.0 * (1.0 - nu) / (2.0 - nu);
    if (!std::isfinite(out.hn_factor))    // huge hz_shear
      return m.fail_not_finite(SHEAR, "a Hertz factor 2G/(3(1-nu))", out.hn_factor);
    if (!mix_tangential(m, {TAN_MODE, FRIC, FRIC_DYN, V_SLIDE}, out.tan) ||
        !m.same_or_pair(RGAP, out.rgap) || !m.same_or_pair(ALPHA, out.alpha_h))
      return false;
    // the tangent stiffness alpha_h h_n delta^(alpha_h - 1) is computed as (alpha_h h_n) times the
    // power, which underflows to 0 for a huge exponent: inf times 0
    if (!std::isfinite(out.alpha_h * 2.0 * out.hn_factor))
      return m.fail_not_finite(ALPHA, "a tangent-stiffness factor alpha_h h_n",
                               out.alpha_h * 2.0 * out.hn_factor);
    double v;
    if (!m.same_or_pair(MODE, v)) return false;
    out.hz_mode = static_cast<int>(v);
    if (!m.same_or_pair(DP_ALPHA, out.alpha_d) || !m.same_or_pair(DP_MODE, v)) return false;
    out.dp.mode = static_cast<int>(v);
    if (!m.same_or_pair(DP_SRATIO, out.dp.sratio)) return false;
    if (out.dp.sratio > 0.0 && out.tan.mode == TAN_COULOMB)
      return m.fail("tan_mode 1 (Coulomb limit) has no shear spring: dp_sratio must be 0");
    if (out.hz_mode == 1 && out.tan.mode != TAN_SPRING)
      return m.fail("hz_mode 1 scales the shear spring force of tan_mode 0 only");
    if (out.tan.mode == TAN_MINDLIN && out.alpha_h != 1.5)
      return m.fail("tan_mode 2 (Mindlin-Deresiewicz) needs the Hertz exponent hz_alpha 1.5");
    // restitution: with eq. 13's tangent stiffness k_n = 3/2 h_n delta^(1/2) and dp_alpha 0 the
    // normal dashpot is 2 beta_n sqrt(3/2 m_c h_n) delta^(1/4) v_n, Tsuji's form, which maps exactly
    // onto the linear spring-dashpot with zeta = 2 beta_n sqrt(3/2) / sqrt(5) (Antypov & Elliott
    // 2011), for the full and the no-tension dashpot alike: e does not depend on the impact speed
    for (int side : {TYPE1, TYPE2, PAIR})
      if (m.has(side, RESTITUTION) && (out.alpha_h != 1.5 || out.alpha_d != 0.0))
        return m.fail(
            "restitution needs hz_alpha 1.5 and dp_alpha 0 (then the dashpot scales as Tsuji's, "
            "delta^(1/4), and e does not depend on the impact speed; with dp_alpha > 0 it does)");
    return mix_normal_damping(m, DP_NRATIO, RESTITUTION, out.dp.mode & 1, std::sqrt(1.2),
                              out.dp.nratio);
  }
  // the contact values table (as LinearLaw's): the contact's shear modulus G and Poisson's ratio nu,
  // from the factors the law keeps (hn_factor = 2G/(3(1-nu)), ks_factor = 2(1-nu)/(2-nu)), and
  // k_n, the tangent stiffness of the time scale (at the largest overlap of a head-on impact)
  static constexpr const char *value_names[] = {"G", "nu", "fric", "dp_nratio", "dp_sratio", "k_n"};
  static constexpr int value_count = 6;
  static constexpr const char *values_note = "; G and nu of the contact; k_n: the tangent "
                                             "stiffness at the largest overlap of a head-on impact";
  static constexpr bool speed_dependent = true;
  static constexpr int restart_code = 2;
  static constexpr bool converts_history = false;
  static void values(const Params &p, double, double, double kn_t, double *out)
  {
    const double nu = (2.0 - 2.0 * p.ks_factor) / (2.0 - p.ks_factor);
    const double v[] = {1.5 * p.hn_factor * (1.0 - nu),  nu, p.tan.fric, p.dp.nratio, p.dp.sratio,
                        kn_t > 0.0 ? kn_t : std::nan("")};
    for (int k = 0; k < value_count; k++) out[k] = v[k];
  }
  // every Hertz contact has eq. 8's k_s (the rolling spring's)
  static bool shear_spring(const Params &) { return true; }
  static Params mirrored(Params p) { return p; }    // symmetric in the two particles
  // JKR (adhesion.h) extends the Hertz contact of hz_alpha 1.5 and rgap 0, with its E*
  static constexpr bool hertzian = true;
  static bool jkr_ready(const Params &p)
  {
    return p.alpha_h == 1.5 && p.rgap == 0.0 && p.hn_factor > 0.0;
  }
  static double jkr_estar(const Params &p) { return hertz_estar(p); }
  static bool is_plain(const Params &p) { return hertz_is_plain(p); }
  DEM_INLINE static Params plain(const Params &p) { return hertz_plain(p); }
  // whether a pair of types needs the law's own history values
  static constexpr bool optional_extra = true;
  static bool needs_extra(const Params &p) { return p.tan.mode == TAN_MINDLIN; }
  template <bool ENERGY, bool EXTRA = true>    // (no optional parts of its own)
  DEM_INLINE static ContactResult step(const Params &p, const Contact &c, double dt, History &h)
  {
    return hertz_step<ENERGY>(p, c, dt, h);
  }
  // what LAMMPS's setup re-applies (see replay_force)
  DEM_INLINE static ContactResult replay(const Params &p, const Contact &c, double dt, History &h)
  {
    if (h.state == 0) return hertz_step(p, c, dt, h);
    ContactResult r = replay_force(h, c);
    hertz_stiffness(p, c, h, r.kn, r.ks);
    return r;
  }
  DEM_INLINE static void stiffness(const Params &p, const Contact &c, const History &h, double &kn,
                                   double &ks)
  {
    hertz_stiffness(p, c, h, kn, ks);
  }
  DEM_INLINE static double strain_energy(const Params &p, const History &h, double kn, double ks)
  {
    return hertz_strain_energy(p, h, kn, ks);
  }
  // eq. 8's k_s, whatever the shear model (the Mindlin tangent vanishes in full slip)
  DEM_INLINE static double rolling_ks(const Params &p, const ContactResult &r)
  {
    return p.ks_factor * r.kn;
  }
};

}    // namespace dem
