// PFC linear contact model (Itasca PFC 6 "Linear Model"; equation numbers refer to that page).
//
//   F_c = F^l + F^d on particle 2, with F^l = -F_n^l n + F_s^l and F^d = -F_n^d n + F_s^d.
//   F_n <= 0 is compression (PFC's sign). The contact is active iff g_s = g_c - g_r <= 0.
//   (1)   on activation only the part alpha of the increment with g_s < 0 is used
//   (5)   F_n^l = k_n g_s (lin_mode 0) or min(F_n^l_o + k_n dd_n, 0) (lin_mode 1)
//   (6-9) F_s* = F_s^l_o - k_s dd_s, limited to mu |F_n^l|, slip state s (tan_mode 0; Rocky's
//         Coulomb limit with tan_mode 1, see tangential.h)
// Woo's options (Woo DEM, "Linear (Cundall) contact model", noBreak and noSlip), off by default:
//   hold_gap G > 0  a contact that has formed is not broken when g_s > 0: F_n^l = k_n g_s (or the
//                   increment) also in tension, up to g_s = G (the pair style's reach, pair_step.h)
//   no_slip         the shear spring has no Coulomb limit (tan_mode 0)
// PFC's contact bond (Itasca PFC, "Linear Contact Bond Model", linearcbond): a contact that the
// pair style bonded (pair_step.h) carries tension and does not slip; it breaks when F_n exceeds
// cb_tenf (both forces vanish) or |F_s| exceeds cb_shearf (the forces then obey the linear model's
// limits), and from then on is a linear contact.
//   (10)  F_n^d = 2 beta_n sqrt(m_c k_n) v_n, capped at -F_n^l for no-tension (dp_mode 1, 3)
//   (11)  F_s^d = -2 beta_s sqrt(m_c k_s) v_s, zero while slipping for slip-cut (dp_mode 2, 3)
//   (12-14) strain energy, slip and dashpot dissipation.
// Dissipated energies are returned as positive numbers (PFC's page records them as negative).
// The shear dashpot opposes the relative shear velocity; v_n > 0 means the gap opens.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "mixing.h"
#include "parts/adhesion.h"
#include "parts/bonds.h"
#include "parts/flat_joint.h"
#include "parts/holding.h"
#include "parts/parallel_bond.h"
#include "parts/rolling.h"
#include "tangential.h"

namespace dem {

// Per type-pair properties after mixing (host code fills a table; kernels only read it).
struct LinearParams {
  double kn = 0.0, ks = 0.0;    // stiffness [force/length], used unless from_material
  Tangential tan;               // tan_mode, fric (Coulomb friction), fric_dyn, v_slide
  double rgap = 0.0;            // reference gap g_r
  int lin_mode = 0;             // 0 absolute, 1 incremental normal-force update
  Dashpots dp;                  // dp_nratio, dp_sratio, dp_mode
  // stiffness from material (PFC "deformability", Woo's series connector):
  // kn = A / (R1/E1 + R2/E2), A = pi min(R1,R2)^2 (3d) or 2 min(R1,R2) (2d), ks = kn / kratio
  bool from_material = false;
  double inv_emod1 = 0.0, inv_emod2 = 0.0;    // 1/E of the type of particle 1 and 2
  double kratio = 0.0;                        // kn/ks; 0 means ks = 0
  bool dim2 = false;
  Rolling roll;                             // rolling resistance (rolling.h)
  double hold_gap = 0.0;                    // Woo's noBreak up to this surface gap (0: off)
  bool no_slip = false;                     // Woo's noSlip
  bool cbond = false;                       // contacts of the pair of types take contact bonds
  double cb_tenf = 0.0, cb_shearf = 0.0;    // the bond's tensile and shear strengths [force]
  // or each bond's drawn (draw.h) from a normal distribution of mean cb_tenf, cb_shearf and
  // standard deviation cb_tenf_sd, cb_shearf_sd, or a Weibull distribution of scale cb_tenf,
  // cb_shearf and shape cb_tenf_shape, cb_shearf_shape, with seed cb_seed
  Spread cb_tenf_spread, cb_shearf_spread;
  std::uint64_t cb_seed = 1;
  bool cb_drawn = false;    // either strength is drawn
  double cb_reach = 0.0;    // 2 cb_tenf / k_n (the largest a draw gives): beyond it a bond has
                            // broken in tension
  ParallelBond pb;          // PFC's parallel bond (pbond.h)
  FlatJoint fj;             // PFC's flat joint (fjoint.h)
};

DEM_INLINE void linear_stiffness(const LinearParams &p, double r1, double r2, double &kn,
                                 double &ks)
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

// kn and the shear spring's ks (0 for the Coulomb-limit model, which has none)
DEM_INLINE void linear_contact_stiffness(const LinearParams &p, double r1, double r2, double &kn,
                                         double &ks)
{
  linear_stiffness(p, r1, r2, kn, ks);
  if (p.tan.mode == TAN_COULOMB) ks = 0.0;
}

// A crack's radius (bonds.h): a parallel bond's R, the disk of a flat joint's n broken elements'
// area
DEM_INLINE double crack_radius(const LinearParams &p, double r1, double r2, int n)
{
  const double rmin = r1 < r2 ? r1 : r2;
  if (p.fj.on) return p.fj.rmul * rmin * std::sqrt(static_cast<double>(n) / p.fj.elements());
  return p.pb.on ? p.pb.rmul * rmin : rmin;
}

DEM_INLINE double linear_strain_energy(const ContactHistory &h, double kn, double ks)
{
  const double en = kn > 0.0 ? h.fn * h.fn / kn : 0.0;
  const double es = ks > 0.0 ? dot(h.fs, h.fs) / ks : 0.0;
  return 0.5 * (en + es);
}

// PFC's contact bond breaks when the tensile force exceeds its tensile strength (then both forces
// vanish) or the shear force its shear strength (then the contact keeps its forces within the
// linear model's limits: no tension, |F_s| <= mu |F_n|); r.d_break: the strain energy released,
// with the spring's energy over the step taken as the mean of its two ends (e_prev, the step's
// start, and the broken one), the work velocity Verlet lets the forces do (as for the dashpots);
// e_prev < 0: the contact had no force at the step's start (new, or just bonded: its energy
// appeared within the step, with no earlier state to average with): the unbroken energy at the
// step's end, so that what breaking releases is never negative.
template <bool ENERGY>
DEM_INLINE void contact_bond_strength(const LinearParams &p, double kn, double ks, double e_prev,
                                      ContactHistory &h, ContactResult &r)
{
  const bool tension = h.fn > p.cb_tenf;
  if (!tension && !(dot(h.fs, h.fs) > p.cb_shearf * p.cb_shearf)) return;
  const double unbroken = ENERGY ? linear_strain_energy(h, kn, ks) : 0.0;
  const double before = e_prev < 0.0 ? unbroken : 0.5 * (e_prev + unbroken);
  h.bonded = false;
  r.bond_broke = tension ? 1 : 2;
  if (h.fn > 0.0 || tension) h.fn = 0.0;
  const double limit = p.tan.fric * -h.fn, mag2 = dot(h.fs, h.fs);
  if (tension)
    h.fs = {0.0, 0.0, 0.0};
  else if (mag2 > limit * limit)
    set_shear_state((limit / std::sqrt(mag2)) * h.fs, true, h, r);
  if constexpr (ENERGY) r.d_break = before - linear_strain_energy(h, kn, ks);
}

// One force-displacement step of an active contact (g_s <= 0, or held: hold_gap, bonds); updates
// the history. ENERGY: also compute the dissipation of the step (PFC's energy tracking). EXTRA:
// Woo's options and the contact bond are compiled in (pair loops compile them only where used).
template <bool ENERGY = true, bool EXTRA = true>
DEM_INLINE ContactResult linear_step(const LinearParams &p, const Contact &c, double dt,
                                     ContactHistory &h)
{
  ContactResult r;
  // first, though used after the normal force: its chain (a division, a series) depends only on the
  // history and the geometry, and in this order the compiler overlaps it with the rest
  // (measured with bench/run_ab.sh)
  const Vec3 fs_old = rotate_into_plane(h.fs, c.n, c.d, c.dsq);
  linear_contact_stiffness(p, c.r1, c.r2, r.kn, r.ks);
  const double gs = c.gap - p.rgap;
  [[maybe_unused]] const bool unloaded =
      h.fn == 0.0 && dot(h.fs, h.fs) == 0.0;    // (at the step's start)
  const Increments inc = begin_step(c, gs, dt, h, r);

  if constexpr (EXTRA) {
    // (5) normal linear force, never tensile unless the contact holds (hold_gap) or has a contact
    // bond (a parallel bond acts beside the linear force, which it leaves as it is: pair_step.h)
    const bool cbonded = p.cbond && h.bonded;
    const bool holds = p.hold_gap > 0.0 || cbonded;
    const double e_prev = !ENERGY || !cbonded ? 0.0
        : unloaded                            ? -1.0
                                              : linear_strain_energy(h, r.kn, r.ks);
    if (p.lin_mode == 0)
      h.fn = gs < 0.0 || holds ? r.kn * gs : 0.0;
    else {
      const double fn = h.fn + r.kn * inc.dn;
      h.fn = fn < 0.0 || holds ? fn : 0.0;
    }
    // (6-9) shear force with Coulomb limit mu |F_n| (in tension too, as Woo's), (10-11) dashpots,
    // (13-14) dissipation
    if (p.no_slip || cbonded)
      spring_no_slip(fs_old, r.ks, inc.ds, h, r);
    else
      shear_update<ENERGY>(p.tan, fs_old, r.ks, inc, h.fn > 0.0 ? h.fn : -h.fn, h, r);
    if (cbonded) contact_bond_strength<ENERGY>(p, r.kn, r.ks, e_prev, h, r);
    // (the no-tension normal dashpot leaves a bonded contact's tension alone)
    Dashpots dp = p.dp;
    if (p.cbond && h.bonded) dp.mode &= 2;
    const Vec3 fd =
        dashpot_force(dp, c, inc, std::sqrt(c.meff * r.kn), r.ks, 1.0, h.fn, h.slipping(), r.cn);
    end_step<ENERGY>(c, fd, dt, h, r);
    return r;
  } else {
    // (5) normal linear force, never tensile
    if (p.lin_mode == 0)
      h.fn = gs < 0.0 ? r.kn * gs : 0.0;
    else {
      const double fn = h.fn + r.kn * inc.dn;
      h.fn = fn < 0.0 ? fn : 0.0;
    }
    // (6-9) shear force with Coulomb limit, (10-11) dashpots, (13-14) dissipation
    shear_update<ENERGY>(p.tan, fs_old, r.ks, inc, -h.fn, h, r);
    const Vec3 fd =
        dashpot_force(p.dp, c, inc, std::sqrt(c.meff * r.kn), r.ks, 1.0, h.fn, h.slipping(), r.cn);
    end_step<ENERGY>(c, fd, dt, h, r);
    return r;
  }
}

// What LAMMPS's setup re-applies (see replay_force); a contact not yet active is computed as a
// first step (the caller does not store it).
DEM_INLINE ContactResult linear_replay(const LinearParams &p, const Contact &c, double dt,
                                       ContactHistory &h)
{
  if (h.state == 0) return linear_step(p, c, dt, h);
  ContactResult r = replay_force(h, c);
  linear_contact_stiffness(p, c.r1, c.r2, r.kn, r.ks);
  return r;
}

// The common case: constant stiffnesses, PFC's single friction coefficient, no reference gap, the
// absolute normal force and full normal dashpot without shear dashpot or rolling resistance.
// linear_plain(p) is p with those settings as constants, so that a pair loop for which every
// pair of types is plain compiles the mode tests away (the same operations otherwise).
DEM_INLINE bool linear_is_plain(const LinearParams &p)
{
  return !p.from_material && p.tan.mode == TAN_SPRING && p.tan.fric_dyn == p.tan.fric &&
      p.rgap == 0.0 && p.lin_mode == 0 && p.dp.sratio == 0.0 && p.dp.mode == 0 &&
      p.roll.model == ROLL_NONE && p.hold_gap == 0.0 && !p.no_slip && !p.cbond && !p.pb.on &&
      !p.fj.on;
}
DEM_INLINE LinearParams linear_plain(const LinearParams &p)
{
  LinearParams q;    // the defaults are the plain settings
  q.kn = p.kn;
  q.ks = p.ks;
  q.tan.fric = q.tan.fric_dyn = p.tan.fric;
  q.dp.nratio = p.dp.nratio;
  return q;
}

// The common settings of a pair of types in lanes (lanes.h; one value per lane): the CPU loop's
// SIMD path (pair_simd.cpp) runs when every pair of types is plain
template <class T> struct LinearPlainLanes {
  T kn, ks, fric, nratio;
};

// linear_step<false, false> on the common settings (linear_plain), written for a number type T
// from the same functions, so that a lane holds linear_step's numbers to the last bit: returns
// the force on particle 2 and updates the history (its state: h.slipping)
template <class T>
DEM_INLINE Vec3T<T> linear_plain_step(const LinearPlainLanes<T> &p, const ContactT<T> &c, double dt,
                                      PlainHistory<T> &h)
{
  const Vec3T<T> fs_old = rotate_into_plane(h.fs, c.n, c.d, c.dsq);
  const T gs = c.gap;    // (g_c - g_r, g_r = 0)
  const IncrementsT<T> inc = increments(c, gs, dt, h.fresh);
  // (5) normal linear force, never tensile; (6-9) shear force with Coulomb limit
  h.fn = select(gs < 0.0, p.kn * gs, T(0.0));
  mask_t<T> slip;
  h.fs = coulomb_spring(p.fric, p.fric, fs_old, p.ks, inc.ds, T(-h.fn), h.slipping, slip);
  h.slipping = slip;
  h.fresh = mask_t<T>(false);
  // (10) the normal dashpot (dashpot_force with dp_mode 0 and no shear dashpot), end_step
  h.fd = (-normal_dashpot(p.nratio, root(c.meff * p.kn), inc.vn)) * c.n;
  return (-h.fn) * c.n + h.fs + h.fd;
}

// The law as the pair-style templates see it (PairDEM, the Kokkos kernel).
struct LinearLaw {
  using History = ContactHistory;
  using Params = LinearParams;
  using Parts = PartList<HoldingPart, RollingPart, AdhesionPart, BondsPart, ParallelBondPart,
                         BondStrengthsPart, FlatJointPart>;
  static constexpr const char *style = "dem/linear", *wall_name = "linear",
                              *info = "PFC linear contact model";
  static constexpr const char *stiffness_keywords =
      "the stiffness kn (or emod; and of a parallel bond pb_kn or pb_emod, times its area from "
      "pb_rmul; of a flat joint fj_kn or fj_emod, times its area from fj_rmul)";
  // its own keywords (its parts' follow in the pair styles' tables); v_slide: Rocky's 1 mm/s in
  // the simulation's units
  static constexpr Keyword keywords[] = {{"kn", KEY_NONNEGATIVE},
                                         {"ks", KEY_NONNEGATIVE},
                                         {"fric", KEY_NONNEGATIVE},
                                         {"rgap", KEY_FINITE},
                                         {"lin_mode", KEY_FLAG},
                                         {"dp_nratio", KEY_RATIO},
                                         {"dp_sratio", KEY_RATIO},
                                         {"dp_mode", KEY_DP_MODE},
                                         {"emod", KEY_POSITIVE, 0.0, true},
                                         {"kratio", KEY_NONNEGATIVE, 0.0, true},
                                         {"restitution", KEY_FRACTION},
                                         {"tan_mode", KEY_TAN_MODE},
                                         {"fric_dyn", KEY_NONNEGATIVE},
                                         {"v_slide", KEY_NONNEGATIVE, 0.001}};
  static constexpr int keyword_count = 14;
  enum {
    KN,
    KS,
    FRIC,
    RGAP,
    LIN_MODE,
    DP_NRATIO,
    DP_SRATIO,
    DP_MODE,
    EMOD,
    KRATIO,
    RESTITUTION,
    TAN_MODE,
    FRIC_DYN,
    V_SLIDE
  };
  static constexpr bool hertzian = false;
  static constexpr const char *outputs[] = {"e_strain",    "e_slip",       "e_dashpot",
                                            "n_activated", "n_slip_start", "n_slip_end"};
  static constexpr int output_count = 6;

  // PFC's inheritance (mixing.h): stiffness as the types' springs in series (eq. 15), or from
  // material (Woo's series connector, PFC eq. 17), a pair's kn or ks replacing only the one it
  // names; friction the smaller (eq. 16); the rest the types' common value or the pair's
  template <class M> static bool mix(M &m, Params &out)
  {
    out = Params{};
    out.dim2 = m.dim2;
    for (int side : {TYPE1, TYPE2, PAIR})
      if (m.has(side, EMOD) && (m.has(side, KN) || m.has(side, KS)))
        return m.fail("emod/kratio and kn/ks are alternatives: give one or the other");
    if (m.has(PAIR, EMOD) || m.has(PAIR, KRATIO))
      return m.fail("emod and kratio are properties of a type (pair_coeff I I): for a pair of "
                    "types set kn and ks");
    for (int side : {TYPE1, TYPE2})
      if (m.has(side, KRATIO) && !m.has(side, EMOD))
        return m.fail("kratio needs emod on the same type");
    const bool pair_kn = m.has(PAIR, KN), pair_ks = m.has(PAIR, KS);
    if (m.has(TYPE1, EMOD) || m.has(TYPE2, EMOD)) {
      if (pair_kn && pair_ks) {
        out.kn = m.value(PAIR, KN);
        out.ks = m.value(PAIR, KS);
      } else if (pair_kn || pair_ks) {
        // the material's kn and ks depend on the radii of each contact: one cannot be kept alone
        return m.fail("the types take kn and ks from emod/kratio, which depend on the radii: a "
                      "pair of types that sets ",
                      pair_kn ? "kn" : "ks", " must set both kn and ks");
      } else if (m.has(TYPE1, EMOD) && m.has(TYPE2, EMOD)) {
        out.from_material = true;
        out.inv_emod1 = 1.0 / m.value(TYPE1, EMOD);
        out.inv_emod2 = 1.0 / m.value(TYPE2, EMOD);
        // kratio mixes as the arithmetic mean (Woo averages ktDivKn); 0 on either side means ks = 0
        const double ka = m.value(TYPE1, KRATIO), kb = m.value(TYPE2, KRATIO);
        out.kratio = (ka > 0.0 && kb > 0.0) ? 0.5 * (ka + kb) : 0.0;
      } else {
        return m.fail("one type has emod and the other kn/ks: set kn and ks for the pair of types");
      }
    } else {
      out.kn = pair_kn ? m.value(PAIR, KN) : series(m.value(TYPE1, KN), m.value(TYPE2, KN));
      out.ks = pair_ks ? m.value(PAIR, KS) : series(m.value(TYPE1, KS), m.value(TYPE2, KS));
    }
    // derived parameters that overflowed (huge values in series; 1/emod of a subnormal emod)
    if (!std::isfinite(out.kn)) return m.fail_not_finite(KN, "a contact stiffness k_n", out.kn);
    if (!std::isfinite(out.ks)) return m.fail_not_finite(KS, "a contact stiffness k_s", out.ks);
    if (!std::isfinite(out.inv_emod1) || !std::isfinite(out.inv_emod2))
      return m.fail_not_finite(EMOD, "1/emod", std::max(out.inv_emod1, out.inv_emod2));
    double v;
    if (!mix_tangential(m, {TAN_MODE, FRIC, FRIC_DYN, V_SLIDE}, out.tan) ||
        !m.same_or_pair(RGAP, out.rgap) || !m.same_or_pair(LIN_MODE, v))
      return false;
    out.lin_mode = static_cast<int>(v);
    if (!m.same_or_pair(DP_MODE, v)) return false;
    out.dp.mode = static_cast<int>(v);
    if (!m.same_or_pair(DP_SRATIO, out.dp.sratio)) return false;
    if (out.tan.mode == TAN_COULOMB && (out.dp.sratio > 0.0 || out.ks > 0.0 || out.kratio > 0.0))
      return m.fail(
          "tan_mode 1 (Coulomb limit) has no shear spring: ks, kratio and dp_sratio must be 0");
    // normal damping: dp_nratio, or the ratio that gives the restitution coefficient asked for
    return mix_normal_damping(m, DP_NRATIO, RESTITUTION, out.dp.mode & 1, 1.0, out.dp.nratio);
  }
  // the columns of the contact values table the pair styles print at init (before its t_c), and
  // their values for a contact of radii r1, r2 (0: a type without particles: NaN for what needs
  // them) whose time scale's stiffness is kn_t; restart_code: the law in restart records
  static constexpr const char *value_names[] = {"k_n", "k_s", "fric", "dp_nratio", "dp_sratio"};
  static constexpr int value_count = 5;
  static constexpr const char *values_note = "";
  static constexpr bool speed_dependent = false;    // its time scale depends on the impact speed
  static constexpr int restart_code = 1;
  static constexpr bool converts_history =
      false;    // its values are the same with or without energies
  static void values(const Params &p, double r1, double r2, double, double *out)
  {
    double kn = p.kn, ks = p.ks;
    if (p.from_material) {
      if (r1 > 0.0 && r2 > 0.0)
        linear_stiffness(p, r1, r2, kn, ks);
      else
        kn = ks = std::nan("");
    }
    const double v[] = {kn, ks, p.tan.fric, p.dp.nratio, p.dp.sratio};
    for (int k = 0; k < value_count; k++) out[k] = v[k];
  }
  // whether a contact has a shear spring (for the rolling springs, k_r = k_s Rbar^2)
  static bool shear_spring(const Params &p)
  {
    return p.tan.mode == TAN_SPRING && (p.from_material ? p.kratio > 0.0 : p.ks > 0.0);
  }
  // the parameters with particles 1 and 2 exchanged
  static Params mirrored(Params p)
  {
    const double e1 = p.inv_emod1;
    p.inv_emod1 = p.inv_emod2;
    p.inv_emod2 = e1;
    return p;
  }
  static constexpr bool optional_extra = false;    // no values of its own
  static bool needs_extra(const Params &) { return false; }
  template <bool ENERGY, bool EXTRA = true>
  DEM_INLINE static ContactResult step(const Params &p, const Contact &c, double dt,
                                       ContactHistory &h)
  {
    return linear_step<ENERGY, EXTRA>(p, c, dt, h);
  }
  DEM_INLINE static ContactResult replay(const Params &p, const Contact &c, double dt,
                                         ContactHistory &h)
  {
    return linear_replay(p, c, dt, h);
  }
  static bool is_plain(const Params &p) { return linear_is_plain(p); }
  DEM_INLINE static Params plain(const Params &p) { return linear_plain(p); }
  DEM_INLINE static void stiffness(const Params &p, const Contact &c, const ContactHistory &,
                                   double &kn, double &ks)
  {
    linear_contact_stiffness(p, c.r1, c.r2, kn, ks);
  }
  DEM_INLINE static double strain_energy(const Params &, const ContactHistory &h, double kn,
                                         double ks)
  {
    return linear_strain_energy(h, kn, ks);
  }
  // the shear stiffness of the rolling spring k_r = k_s Rbar^2 (rolling.h), from the step's result
  DEM_INLINE static double rolling_ks(const Params &, const ContactResult &r) { return r.ks; }
};

}    // namespace dem
