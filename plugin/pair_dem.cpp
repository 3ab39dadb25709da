// SPDX-License-Identifier: GPL-2.0-or-later
#include "pair_dem.h"
#include "contact_report.h"
#include "contact_values.h"
#include "finite_probe.h"
#include "laws.h"
#include "pair_simd.h"
#include "pair_step.h"
#include "restart_format.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "neigh_list.h"
#include "update.h"

#include <algorithm>
#include <type_traits>
#include <utility>

using namespace LAMMPS_NS;
using namespace DEM_NS;
using dem::Vec3;

// LAMMPS's per-atom n x 3 array a as one block (row k at 3 k; a rank without atoms may have none)
static inline double *block(double **a)
{
  return a ? a[0] : nullptr;
}

template <class Style> PairDEM<Style>::PairDEM(LAMMPS *lmp) : PairDEMBase(lmp, History::size)
{
  single_extra = COLUMNS;
  svector = new double[single_extra];
}

template <class Style> void PairDEM<Style>::allocate()
{
  allocate_base();
  const int n = atom->ntypes + 1;
  // rows sized one by one: copying a row into each (assign) makes g++ 16 warn falsely
  // (-Wstringop-overread) about the copy's memcpy
  props.assign(n, {});
  params.assign(n, {});
  adh_props.assign(n, {});
  adh.assign(n, {});
  for (int i = 0; i < n; i++) {
    props[i].resize(n);
    params[i].resize(n);
    adh_props[i].resize(n);
    adh[i].resize(n);
  }
}

// pair_coeff I J keyword value ... : with coeff type (the default) and I and J the same range,
// sets the properties of each type in it (contacts inherit them); with distinct ranges, sets values
// for those pairs of types. With coeff contact, sets the values of the contacts of every pair of
// types (i, j), i in I and j in J, as LAMMPS's pair styles do (ranges may overlap).
template <class Style> void PairDEM<Style>::coeff(int narg, char **arg)
{
  if (narg < 2) error->all(FLERR, "pair_coeff for {}: expected I J keyword value ...", Style::name);
  if (narg % 2)
    error->all(FLERR, "pair_coeff for {}: keyword {} needs a value", Style::name, arg[narg - 1]);
  if (!allocated) allocate();
  int ilo, ihi, jlo, jhi;
  utils::bounds(FLERR, arg[0], 1, atom->ntypes, ilo, ihi, error);
  utils::bounds(FLERR, arg[1], 1, atom->ntypes, jlo, jhi, error);
  const bool per_type = !coeff_contact && ilo == jlo && ihi == jhi;
  if (!coeff_contact && !per_type && std::max(ilo, jlo) <= std::min(ihi, jhi))
    error->all(
        FLERR,
        "pair_coeff for {}: ranges {} and {} overlap; use the same range for type properties or "
        "disjoint ranges for pairs of types",
        Style::name, arg[0], arg[1]);
  // "pair_coeff I J" alone (disjoint ranges) marks pairs of types that inherit everything, for
  // pair_style hybrid, which maps a pair of types to this style only if its pair_coeff set it
  if (narg == 2 && per_type)
    error->all(FLERR,
               "pair_coeff for {}: expected I J keyword value ... (type properties need at least "
               "one keyword)",
               Style::name);
  if (narg == 2 && coeff_contact)
    error->all(
        FLERR,
        "pair_coeff for {}: expected I J keyword value ... (with coeff contact, the values of the "
        "contacts between types I and J)",
        Style::name);

  Properties given;
  AdhesionProperties given_adh;
  for (int iarg = 2; iarg < narg; iarg += 2) {
    double v = 0.0;
    std::string err = parse_value(arg[iarg], arg[iarg + 1], v);
    if (err.empty())
      err = is_adhesion_keyword(arg[iarg]) ? adhesion_set(given_adh, arg[iarg], v)
                                           : Style::set(given, arg[iarg], v);
    if (!err.empty()) error->all(FLERR, "pair_coeff for {}: {}", Style::name, err);
  }
  auto apply = [&](int i, int j) {
    const int lo = std::min(i, j), hi = std::max(i, j);
    auto &p = props[lo][hi];
    for (int k = 0; k < Properties::count; k++)
      if (given.has(k)) p.value[k] = given.value[k];
    p.set |= given.set;
    auto &q = adh_props[lo][hi];
    for (int k = 0; k < AdhesionProperties::count; k++)
      if (given_adh.has(k)) q.value[k] = given_adh.value[k];
    q.set |= given_adh.set;
    // (the init loops read setflag[lo][hi]: coeff contact needs it there)
    if (coeff_contact)
      setflag[lo][hi] = 1;
    else
      setflag[i][j] = 1;
  };
  for (int i = ilo; i <= ihi; i++)
    if (per_type)
      apply(i, i);
    else
      for (int j = jlo; j <= jhi; j++) apply(i, j);
  // every pair of types with properties interacts (the types' contacts inherit them): mark it, so
  // that pair_style hybrid maps "pair_coeff * * dem/... ..." to all of its pairs, as for other styles
  // (with coeff contact, a pair of types has values only where a pair_coeff gave them)
  if (per_type)
    for (int i = 1; i <= atom->ntypes; i++)
      for (int j = i + 1; j <= atom->ntypes; j++)
        if (setflag[i][i] && setflag[j][j]) setflag[i][j] = 1;
}

// With coeff contact, a pair of types that this style computes (all of them, or those pair_style
// hybrid maps to it) needs values of its own: none are guessed from other pairs' (pair granular
// would mix them)
template <class Style> double PairDEM<Style>::init_one(int i, int j)
{
  if (coeff_contact && !setflag[i][j])
    error->all(
        FLERR,
        "Pair {}: types {} and {} have no contact values: with coeff contact every pair of types "
        "needs its own (pair_coeff {} {} keyword value ...; pair_coeff * * sets every pair)",
        Style::name, i, j, i, j);
  return PairDEMBase::init_one(i, j);
}

// Whether the pair of types i <= j has values to mix: with coeff type, its own or its two types'
template <class Style> bool PairDEM<Style>::has_values(int i, int j) const
{
  return setflag[i][j] || (!coeff_contact && setflag[i][i] && setflag[j][j]);
}

// What mix_contact turns into the contacts of types i <= j: the properties of the two types and
// the pair's (coeff type), or the pair's own values (coeff contact: no inheritance)
template <class Style>
void PairDEM<Style>::mix_inputs(int i, int j, Properties (&p)[3], AdhesionProperties (&q)[3]) const
{
  if (coeff_contact) {
    own_values<Style>(props[i][j], adh_props[i][j], p, q);
    return;
  }
  p[0] = props[i][i];
  p[1] = props[j][j];
  p[2] = i == j ? Properties{} : props[i][j];
  q[0] = adh_props[i][i];
  q[1] = adh_props[j][j];
  q[2] = i == j ? AdhesionProperties{} : adh_props[i][j];
}

// Every pair of types that has particles gives finite forces between the largest of them (see
// finite_probe.h); otherwise an error names the keywords whose values overflow.
template <class Style> void PairDEM<Style>::check_finite()
{
  const TypeExtremes x = type_extremes(lmp, 1);
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      if (!(x.rmax[i] > 0.0 && x.rmax[j] > 0.0) || !has_values(i, j)) continue;
      Properties p[3];
      AdhesionProperties q[3];
      mix_inputs(i, j, p, q);
      auto finite = [&](const Properties(&tp)[3], const AdhesionProperties(&tq)[3]) {
        Params par;
        dem::Adhesion a;
        return mix_contact<Style>(tp, tq, domain->dimension == 2, update->unit_style, par, a)
                   .empty() &&
            finite_probe<Law>(par, a, x.rmax[i], x.mmax[i], x.rmax[j], x.mmax[j], update->dt,
                              box_edge(domain));
      };
      if (finite(p, q)) continue;
      error->all(FLERR,
                 "pair {}, types {} and {}: {} forces that are not finite (floating-point overflow "
                 "or underflow), or that move a particle farther than the box in one step, between "
                 "particles of radii {:g} and {:g} and masses {:g} and {:g}",
                 Style::name, i, j, overflow_culprits(p, q, Style::keywords, finite), x.rmax[i],
                 x.rmax[j], x.mmax[i], x.mmax[j]);
    }
}

template <class Style> void PairDEM<Style>::check_properties()
{
  // (LAMMPS itself stops when a type has no pair_coeff I I)
  const int ntypes = atom->ntypes;
  bool extra = false, plain = true;
  plain_rolling = std::is_same_v<Law, dem::LinearLaw>;
  int part_bits = 0;    // the HistoryParts of the parts some pair of types uses
  any_adhesion = any_extra = any_joint = false;
  for (int i = 1; i <= ntypes; i++)
    for (int j = i; j <= ntypes; j++) {
      // pairs of types without properties (under pair_style hybrid: types of other sub-styles)
      // never reach the pair loop; they keep the default (zero) parameters (with coeff contact,
      // init_one stops the run at a pair of types without values that this style computes)
      if (!has_values(i, j)) {
        params[i][j] = params[j][i] = Params{};
        adh[i][j] = adh[j][i] = dem::Adhesion{};
        continue;
      }
      Properties p[3];
      AdhesionProperties q[3];
      mix_inputs(i, j, p, q);
      const std::string err = mix_contact<Style>(p, q, domain->dimension == 2, update->unit_style,
                                                 params[i][j], adh[i][j]);
      if (!err.empty()) error->all(FLERR, "pair {}, types {} and {}: {}", Style::name, i, j, err);
      if (Law::Parts::holds(params[i][j]) && adh[i][j].model != dem::ADH_NONE)
        error->all(
            FLERR,
            "pair {}, types {} and {}: hold_gap > 0 or bonds (cb_tenf, cb_shearf, pb_kn) and "
            "adhesion (adh_model) cannot be combined: each decides where a contact ends",
            Style::name, i, j);
      params[j][i] = Style::mirrored(params[i][j]);
      adh[j][i] = adh[i][j];
      any_adhesion = any_adhesion || adh[i][j].model != dem::ADH_NONE;
      extra = extra || Law::needs_extra(params[i][j]);
      plain = plain && Law::is_plain(params[i][j]);
      Params unrolled = params[i][j];
      unrolled.roll = dem::Rolling{};
      plain_rolling =
          plain_rolling && Law::is_plain(unrolled) && dem::rolling_in_lanes(params[i][j].roll);
      part_bits |= Law::Parts::history_bits_of(params[i][j]);
      any_extra = any_extra || Law::Parts::uses_optional(params[i][j]);
      any_joint = any_joint || Law::Parts::uses_joint(params[i][j]);
    }
  // the contact history keeps optional values only if they are used; its layout is fixed once the
  // history fix exists
  const int parts =
      (track_energy ? dem::HIST_ENERGY : 0) | (extra ? dem::HIST_EXTRA : 0) | part_bits;
  if (fix_history && parts != history_parts)
    error->all(FLERR,
               "pair {}: the contact history has {} values per contact since the first run, these "
               "settings need {} (the energy keyword, tan_mode 2, rolling resistance (rr_fric), "
               "parallel bonds (pb_kn) or the drawn strengths of bonds (pb_ten_sd, pb_coh_sd, "
               "pb_ten_shape, pb_coh_shape, cb_tenf_sd, cb_shearf_sd, cb_tenf_shape, "
               "cb_shearf_shape) was switched on or off after it): set them before the first run",
               Style::name, size_history, slots(parts));
  history_parts = parts;
  size_history = slots(parts);
  all_plain = plain && !any_adhesion && !any_extra;
  plain_rolling = plain_rolling && !any_adhesion && !any_extra;
  if constexpr (std::is_same_v<Law, dem::HertzLaw>) {
    hertz_damp = -2;    // (no pair of types yet)
    for (int i = 1; i <= ntypes; i++)
      for (int j = i; j <= ntypes; j++) {
        if (!has_values(i, j)) continue;
        const int damp = dem::hertz_lanes_damp(params[i][j].alpha_d);
        hertz_damp = hertz_damp == -2 || hertz_damp == damp ? damp : -1;
      }
  }
  // the SIMD path's rows of parameters, and its count of steps for this run
  param_rows.resize(ntypes + 1);
  for (int t = 0; t <= ntypes; t++) param_rows[t] = params[t].data();
  steps = simd_steps = 0;
  check_finite();
  report_loop();
}

// The SIMD path (pair_simd.h) takes the steps that advance and tally nothing, when every pair of
// types has the law's common settings (Law::is_plain), without energy tracking (8 history values;
// dem/hysteretic 7); dem/linear also with a rolling spring on every pair of types (plain_rolling:
// 3 values more); dem/hertz: one dashpot exponent of 0, 1/4, 1/2 or 1
template <class Style> bool PairDEM<Style>::simd_step(bool advance, bool tally) const
{
  const int slots = std::is_same_v<Law, dem::HystereticLaw> ? 7 : plain_rolling ? 11 : 8;
  return simd && (all_plain || plain_rolling) &&
      (hertz_damp >= 0 || !std::is_same_v<Law, dem::HertzLaw>) && (dense || !lanes_need_dense()) &&
      advance && !tally && size_history == slots && simd_path().lanes > 0;
}

// At the end of a run: how many of its steps took the SIMD path (on rank 0)
template <class Style> void PairDEM<Style>::finish()
{
  if (kokkosable || !lanes_possible || comm->me != 0) return;
  utils::logmesg(lmp, "Pair {}: {} of {} steps computed their contacts in SIMD lanes\n",
                 Style::name, simd_steps, steps);
}

template <class Style> bool PairDEM<Style>::lanes_need_dense()
{
  return simd_path().lanes < 4;
}

// dense: most pairs of the neighbour list were within reach on this step (as the /kk styles
// decide it), for the SIMD path's generic copy, which pays on dense packings only
template <class Style> void PairDEM<Style>::update_dense()
{
  if (lanes_need_dense()) {
    long pairs = 0;
    for (int ii = 0; ii < list->inum; ii++) pairs += list->numneigh[list->ilist[ii]];
    dense = 2 * touching > pairs;
  }
}

// Which loop the steps that tally nothing take (the init log): the SIMD path, with the
// instruction set chosen for this CPU, or the scalar loop and why
template <class Style> void PairDEM<Style>::report_loop()
{
  if (kokkosable) return;    // (the /kk styles have their kernels)
  const SimdPath &path = simd_path();
  std::string why;
  if (!simd)
    why = "simd no";
  else if (!all_plain && !plain_rolling)
    why = "a pair of types has settings beyond the common ones, which the SIMD path needs";
  else if (std::is_same_v<Law, dem::HertzLaw> && hertz_damp < 0)
    why = "the SIMD path needs one dp_alpha of 0, 0.25, 0.5 or 1 for every pair of types";
  else if (track_energy)
    why = "energy yes";
  else if (path.lanes == 0)
    why = "this build's C++ library has no std::experimental::simd";
  const std::string text = why.empty()
      ? fmt::format("Pair {}: contacts in SIMD lanes ({} instructions, {} lanes of double){}\n",
                    Style::name, path.isa, path.lanes,
                    lanes_need_dense() ? ", while most neighbours touch" : "")
      : fmt::format("Pair {}: scalar contact loop ({})\n", Style::name, why);
  lanes_possible = why.empty();
  if (text == printed_loop) return;
  printed_loop = text;
  if (comm->me == 0) utils::logmesg(lmp, text);
}

// One step of the SIMD path: LAMMPS's arrays and the tables for the loop of this CPU's copy
template <class Style> void PairDEM<Style>::compute_simd()
{
  const EffectiveMassRule m = effective_mass_rule();
  SimdPass pass;
  pass.nlocal = atom->nlocal;
  pass.inum = list->inum;
  pass.neighmask = NEIGHMASK;
  pass.newton = force->newton_pair;
  pass.x = block(atom->x);
  pass.v = block(atom->v);
  pass.omega = block(atom->omega);
  pass.radius = atom->radius;
  pass.rmass = m.rmass;
  pass.body_mass = m.body_mass;
  pass.type = atom->type;
  pass.mask = m.mask;
  pass.freeze_bit = m.freeze_bit;
  pass.arithmetic = m.arithmetic;
  pass.f = block(atom->f);
  pass.torque = block(atom->torque);
  pass.ilist = list->ilist;
  pass.numneigh = list->numneigh;
  pass.firstneigh = list->firstneigh;
  pass.firsttouch = fix_history->firstflag;
  pass.firsthist = fix_history->firstvalue;
  pass.params = param_rows.data();
  pass.hertz_damp = hertz_damp;
  pass.rolling = plain_rolling;
  pass.dt = update->dt;
  pass.deep = deep_contact_of;
  pass.pair = this;
  SimdEvents e;
  const SimdPath &path = simd_path();
  const SimdLoop loop = std::is_same_v<Law, dem::LinearLaw> ? path.linear
      : std::is_same_v<Law, dem::HertzLaw>                  ? path.hertz
                                                            : path.hysteretic;
  if (pass.inum > 0) loop(pass, e);
  touching = e.touching;
  PairSums<0> sums;
  PairEvents<long> events;
  events.touching = e.touching;
  events.activated = e.activated;
  events.slip_start = e.slip_start;
  events.slip_end = e.slip_end;
  add_events(sums, events);
  add_step_sums(sums);
}

// SIZE LAW PARTS VECTOR_MASK RESET (fix_dem_history.h)
template <class Style> std::string PairDEM<Style>::history_fix_args() const
{
  unsigned mask = 0;
  for (int k = 0; k < size_history; k++)
    if (vector_slot(k, history_parts)) mask |= 1u << k;
  return fmt::format("{} {} {} {} {}", size_history, Style::name, history_parts, mask,
                     reset_history ? "yes" : "no");
}

// one row per pair of types that has particles: the smallest of each type (contact_report.h); and
// the contact values table (contact_values.h), a row per pair of types with values, printed when
// it differs from the one printed last (the first run, new pair_coeff values, other particles)
template <class Style> void PairDEM<Style>::report_timescales()
{
  const TypeExtremes x = type_extremes(lmp, 1);    // group all
  const double v = impact_speed > 0.0 ? impact_speed : 2.0 * x.vmax;
  std::vector<ValueRow> values;
  const std::vector<ContactRow> rows = contact_rows(x, v, &values);
  const std::string speed = Law::speed_dependent
      ? impact_speed_note(v, impact_speed > 0.0, "twice the largest particle speed")
      : "";
  if (contact_values) print_values(values, speed);
  report_contacts(lmp, fmt::format("Pair {}", Style::name), rows, contact_report, speed,
                  Style::stiffness_keywords);
}

// The contact report's rows (and with values, the contact values table's) for these particles and
// impact speed
template <class Style>
std::vector<ContactRow> PairDEM<Style>::contact_rows(const TypeExtremes &x, double v,
                                                     std::vector<ValueRow> *values) const
{
  std::vector<ContactRow> rows;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      dem::Timescale t;
      if (x.rmin[i] > 0.0 && x.rmin[j] > 0.0) {
        const double m = dem::effective_mass(x.mmin[i], x.mmin[j], false, false, arithmetic_meff);
        t = dem::timescale(params[i][j], x.rmin[i], x.rmin[j], m, v);
        rows.push_back({fmt::format("types {} and {}", i, j), x.rmin[i], x.rmin[j], m, t});
      }
      if (values && has_values(i, j))
        values->push_back({i, j, values_of<Law>(params[i][j], x.rmin[i], x.rmin[j], t)});
    }
  return rows;
}

template <class Style> double PairDEM<Style>::shortest_contact_time()
{
  const TypeExtremes x = type_extremes(lmp, 1);
  return shortest_time(contact_rows(x, impact_speed > 0.0 ? impact_speed : 2.0 * x.vmax));
}

template <class Style>
void PairDEM<Style>::print_values(const std::vector<ValueRow> &rows, const std::string &speed)
{
  const std::string law = Law::speed_dependent ? Law::values_note + speed
                                               : std::string(Law::values_note);
  const std::string title =
      fmt::format("Pair {} contact values (coeff {}; t_c = pi sqrt(m_c/k_n) of the smallest "
                  "particles of the types{}):",
                  Style::name,
                  coeff_contact ? "contact: the values of pair_coeff I J"
                                : "type: inherited from the types' properties",
                  law);
  const std::string text = values_table(title, value_names<Law>(), rows);
  if (text == printed_values) return;
  printed_values = text;
  if (comm->me == 0) utils::logmesg(lmp, text);
}

template <class Style> double PairDEM<Style>::max_reference_gap(int i, int j) const
{
  return params[i][j].rgap;
}

// The adhesive reach for particles up to radii r1 and r2 (JKR's separation grows with R^(1/3));
// kept in the pair's Adhesion for the pair loop's neighbour test. Called from init_one.
template <class Style> double PairDEM<Style>::adhesive_range(int i, int j, double r1, double r2)
{
  dem::Adhesion &a = adh[i][j];
  const double reff = (r1 > 0.0 && r2 > 0.0) ? r1 * r2 / (r1 + r2) : 0.0;
  a.range = reff > 0.0 || a.model != dem::ADH_JKR ? dem::adhesive_reach(a, reff, a.estar) : 0.0;
  const std::string err = check_reach(a, a.range, box_edge(domain));
  if (!err.empty()) error->all(FLERR, "pair {}, types {} and {}: {}", Style::name, i, j, err);
  adh[j][i].range = a.range;
  return a.range;
}

template <class Style> dem::Contact PairDEM<Style>::contact_of(int i, int j) const
{
  double **x = atom->x, **v = atom->v, **omega = atom->omega;
  const Vec3 d{x[j][0] - x[i][0], x[j][1] - x[i][1], x[j][2] - x[i][2]};
  return dem::ball_ball(d, dem::norm(d), atom->radius[i], atom->radius[j],
                        {v[i][0], v[i][1], v[i][2]}, {v[j][0], v[j][1], v[j][2]},
                        {omega[i][0], omega[i][1], omega[i][2]},
                        {omega[j][0], omega[j][1], omega[j][2]}, effective_mass(i, j));
}

template <class Style> void PairDEM<Style>::compute(int eflag, int vflag)
{
  ev_init(eflag, vflag);
  update_rigid_masses();
  begin_step_outputs();
  const bool advance = !update->setupflag;
  const bool tally = evflag || track_energy;
  // dispatch to the loop compiled for this combination of newton, tallying and energy tracking
  const int which =
      (force->newton_pair ? 4 : 0) + (tally ? 2 : 0) + (track_energy && advance ? 1 : 0);
  steps += advance;
  if (simd_step(advance, tally)) {
    simd_steps++;
    compute_simd();
    update_dense();
    report_deep_contact();
    end_step_outputs();
    return;
  }
  // the optional contact parts (adhesion, holding contacts, bonds) have loops of their own, so
  // that the loops without them stay as they were
  if (any_adhesion || any_extra) switch (which) {
      case 0:
        compute_loop<false, false, false, true>(advance);
        break;
      case 2:
        compute_loop<false, true, false, true>(advance);
        break;
      case 3:
        compute_loop<false, true, true, true>(advance);
        break;
      case 4:
        compute_loop<true, false, false, true>(advance);
        break;
      case 6:
        compute_loop<true, true, false, true>(advance);
        break;
      case 7:
        compute_loop<true, true, true, true>(advance);
        break;
      default:
        break;
    }
  else
    switch (which) {
      case 0:
        compute_loop<false, false, false, false>(advance);
        break;
      case 2:
        compute_loop<false, true, false, false>(advance);
        break;
      case 3:
        compute_loop<false, true, true, false>(advance);
        break;
      case 4:
        compute_loop<true, false, false, false>(advance);
        break;
      case 6:
        compute_loop<true, true, false, false>(advance);
        break;
      case 7:
        compute_loop<true, true, true, false>(advance);
        break;
      default:
        break;    // energy tracking implies tallying
    }
  update_dense();
  report_deep_contact();
  end_step_outputs();
}

// LAMMPS allocates its per-atom n x 3 arrays in one block (row k at [0] + 3 k), so the CPU loop
// indexes rows directly, without loading a row pointer first (as LAMMPS's OPENMP styles do)
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

// The rolling resistance of a contact in the CPU loop (pair_step.h's LoopAtoms::rolling): out of
// line, so that the loop of styles without rolling resistance keeps its registers.
template <class Law, bool ENERGY>
DEM_NOINLINE static dem::RollingOutcome
rolling_apart(const double *omega, EffectiveMassRule m, int i, int j, const typename Law::Params &p,
              Vec3 n, double r1, double r2, double kn, double ks, double fn, double *slots,
              bool step, bool store, double dt)
{
  return dem::rolling_contact<Law, ENERGY>(p, n, r1, r2, row(omega, i), row(omega, j), m.rmass[i],
                                           m.frozen(i), m.rmass[j], m.frozen(j), kn, ks, fn, slots,
                                           step, store, dt);
}

// The atom data as the pair step reads it (pair_step.h) in the CPU loop, for the loop's atom i.
template <class Law> struct LoopAtoms {
  using Params = typename Law::Params;
  const double *vel, *spin;
  const int *type;
  const LAMMPS_NS::tagint *tags;
  EffectiveMassRule meff_of;
  const Params *prow;           // atom i's row of the pair parameters
  const dem::Adhesion *arow;    // atom i's row of the adhesion (EXTRA)
  double mi;                    // atom i's mass and freeze flag, read once
  bool frozen_i;

  DEM_INLINE Vec3 v(int k) const { return row(vel, k); }
  DEM_INLINE Vec3 omega(int k) const { return row(spin, k); }
  DEM_INLINE double rmass(int k) const { return meff_of.rmass[k]; }
  DEM_INLINE bool frozen(int k) const { return meff_of.frozen(k); }
  DEM_INLINE double meff(int, int j) const { return meff_of.combine(mi, frozen_i, j); }
  DEM_INLINE const Params &params(int j) const { return prow[type[j]]; }
  DEM_INLINE const dem::Adhesion &adhesion(int j) const { return arow[type[j]]; }
  DEM_INLINE bool in_group(int k, int groupbit) const { return meff_of.mask[k] & groupbit; }
  DEM_INLINE long long id(int k) const { return tags[k]; }
  template <bool ENERGY>
  DEM_INLINE dem::RollingOutcome rolling(int i, int j, const Params &p, Vec3 n, double r1,
                                         double r2, double kn, double ks, double fn, double *slots,
                                         bool step, bool store, double dt) const
  {
    return rolling_apart<Law, ENERGY>(spin, meff_of, i, j, p, n, r1, r2, kn, ks, fn, slots, step,
                                      store, dt);
  }
};

// What the pair step scatters and sums in the CPU loop: forces and torques straight into LAMMPS's
// arrays, energies and events in locals.
template <class Style> template <bool NEWTON> struct PairDEM<Style>::LoopTally {
  PairDEM *pair;
  double *f, *torque;
  int nlocal;
  PairSums<1> sums;    // (the energies only: the events are counted below, the records not kept)
  PairEvents<long> events;

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
  DEM_INLINE void virial(int i, int j, bool, double energy, Vec3 d, Vec3 F)
  {
    if (pair->evflag)
      pair->ev_tally_xyz(i, j, nlocal, NEWTON, energy, 0.0, -F.x, -F.y, -F.z, -d.x, -d.y, -d.z);
  }
  DEM_INLINE void deep(int i, int j, double gap, double rsq, double)
  {
    pair->deep_contact(i, j, gap, rsq);
  }
  DEM_INLINE void stretched(int i, int j, double gap)
  {
    pair->bond_stretched(pair->atom->tag[i], pair->atom->tag[j], gap);
  }
  DEM_INLINE void cracked(int i, int j, const dem::Contact &c, int mode, int count, double radius)
  {
    pair->add_crack(i, j, c, mode, count, radius);
  }
};

// The loop over the neighbour list; pair_step (pair_step.h) does the work of each neighbour.
// NEWTON: newton_pair on; TALLY: energies/virial wanted; ENERGY: accumulate dissipation;
// EXTRA: some pair of types has an optional contact part (adhesion, hold_gap or no_slip, bonds; pair_step.h).
// advance: a normal step (false during LAMMPS's setup: stored forces are replayed, see replay_force in pfc.h).
// Speed notes: most neighbours do not touch, so their path reads only the
// positions, radii and contact flag; everything the loop needs from this object or from LAMMPS
// is read once into locals (the compiler must otherwise reload members after every force store).
template <class Style>
template <bool NEWTON, bool TALLY, bool ENERGY, bool EXTRA>
void PairDEM<Style>::compute_loop(bool advance)
{
  const double *x = block(atom->x), *v = block(atom->v), *omega = block(atom->omega);
  const double *radius = atom->radius;
  const int *type = atom->type;
  const int nlocal = atom->nlocal;
  int **firsttouch = fix_history->firstflag;
  double **firsthist = fix_history->firstvalue;
  const int inum = list->inum;
  const int *ilist = list->ilist, *numneigh = list->numneigh;
  int **firstneigh = list->firstneigh;
  const EffectiveMassRule meff_of = effective_mass_rule();    // its members read once
  const tagint *tags = atom->tag;
  // (the CPU loop with the optional parts has the joints' too: their step is out of line)
  constexpr int PARTS = EXTRA ? dem::EXTRA_JOINTS : 0;
  const PairStepConstants k = pair_step_constants<Law, TALLY, ENERGY, 0, PARTS>(
      update->dt, history_parts, any_rgap, any_hold, bond_step(advance));
  const int nh = k.nh;
  LoopTally<NEWTON> tally{this, block(atom->f), block(atom->torque), nlocal, {}, {}};

  // ADVANCE: advance as a compile-time constant (the setup call is the only other case)
  auto loop = [&](auto advance_tag) DEM_INLINE_LAMBDA {
    constexpr bool ADVANCE = decltype(advance_tag)::value;
    for (int ii = 0; ii < inum; ii++) {
      const int i = ilist[ii];
      const int *jlist = firstneigh[i];
      const int jnum = numneigh[i];
      int *touch = firsttouch[i];
      double *hist_i = firsthist[i];
      const LoopAtoms<Law> a{v,
                             omega,
                             type,
                             tags,
                             meff_of,
                             params[type[i]].data(),
                             EXTRA ? adh[type[i]].data() : nullptr,
                             meff_of.mass(i),
                             meff_of.frozen(i)};
      if (ii + 1 < inum) prefetch_history(firsthist[ilist[ii + 1]], nh);
      const Vec3 xi = row(x, i);
      const double ri = radius[i];
      for (int jj = 0; jj < jnum; jj++) {
        const int j = jlist[jj] & NEIGHMASK;
        pair_step<Law, TALLY, ENERGY, PARTS, 0>(a, i, j, row(x, j) - xi, ri, radius[j],
                                                NEWTON || j < nlocal, touch[jj], &hist_i[nh * jj],
                                                k, ADVANCE, tally);
      }
    }
  };
  if (advance)
    loop(std::true_type{});
  else
    loop(std::false_type{});

  add_events(tally.sums, tally.events);
  add_step_sums(tally.sums);
  touching = tally.events.touching;
}

namespace {
// What single() tells the contact's reach (dem::contact_reach): its parameters, no requests
template <class Params> struct SingleContact {
  const Params &p;
  const Params &params() const { return p; }
  dem::Adhesion adhesion() const { return {}; }
  bool in_group(int) const { return false; }
};
template <class Params> SingleContact(const Params &) -> SingleContact<Params>;
}    // namespace

// Per-contact output for compute pair/local (history as left by the last force computation).
template <class Style>
double PairDEM<Style>::single(int i, int j, int itype, int jtype, double, double, double,
                              double &fforce)
{
  // pair_write asks for a force as a function of the distance alone, after an init without a
  // force computation; compute pair/local asks after one
  if (!forces_computed)
    error->all(
        FLERR,
        "Pair style {} does not support pair_write: its contact forces depend on the contact "
        "history, the radii and the velocities, not on the distance alone",
        Style::name);
  for (int k = 0; k < single_extra; k++) svector[k] = 0.0;
  fforce = 0.0;
  int flag = 0;
  const int i_given = i;
  const double *slots = stored_contact(i, j, flag);
  if (i != i_given) std::swap(itype, jtype);
  // a pair within the cutoff that the list lacks has no history to report: answering 0 would
  // hide a contact that may carry force
  if (!slots)
    error->one(
        FLERR,
        "Pair {}: single() found no neighbor list entry for atoms {} and {}: they came within the "
        "cutoff after the pair style's last neighbor list build (atoms moved between runs?); run 0 "
        "before the compute",
        Style::name, atom->tag[i], atom->tag[j]);
  const Params &p = params[itype][jtype];
  const dem::Contact c = contact_of(i, j);
  // report the contact as seen from the atom with the smaller ID (particle 1), whichever order
  // the neighbor list has, so the output does not depend on the decomposition
  const double o = atom->tag[i] < atom->tag[j] ? 1.0 : -1.0;
  const Vec3 n = o * c.n;
  const double dist = c.gap + c.r1 + c.r2;

  // the adhesive force of the last force computation (dem/contact_step.h, as the pair loop decides)
  double f_adh = 0.0;
  bool attached = false;    // a JKR contact attached at a positive gap: its law's contact stays
  if (any_adhesion) {
    const dem::Adhesion &a = adh[itype][jtype];
    const double rsum = c.r1 + c.r2;
    if (dist <= dem::adhesion_reach(a, rsum + p.rgap, rsum, flag, slots)) {
      const EffectiveMassRule m = effective_mass_rule();
      const dem::ContactAdhesion pa = dem::contact_adhesion<Law>(
          a, p, c, m.rmass[i], m.rmass[j], m.mask[i] & m.freeze_bit, m.mask[j] & m.freeze_bit);
      if (pa.what != dem::ADH_BROKEN) f_adh = pa.f;
      attached = a.model == dem::ADH_JKR && pa.what == dem::ADH_WITH_LAW;
    }
  }
  // where the parts' values are, and how far the contact holds beyond touching (its parts' reach)
  dem::BondStep bonds;
  bonds.gap_max = bond.gap_max;
  const dem::StepConstants k =
      dem::step_constants<Law>(update->dt, history_parts, history_parts, true, true, true, bonds);
  const SingleContact source{p};
  const double held =
      dem::contact_reach<Law, true, false>(source, k, c.r1, c.r2, flag, slots, 0.0).reach;
  // the law's contact is open
  if (c.gap - p.rgap > held && !attached) {
    if (f_adh == 0.0) return 0.0;
    // Rocky's adhesion alone: the gap, the normal and the adhesive force
    svector[7] = c.gap - p.rgap;
    svector[8] = n.x;
    svector[9] = n.y;
    svector[10] = n.z;
    svector[LAW_COLUMNS + Law::Parts::template column_of<dem::AdhesionPart>()] = f_adh;
    fforce = -f_adh / dist;
    return 0.0;
  }
  History h = History::load(slots, History::orientation(slots), history_parts);
  h.complete(c.n);

  double kn, ks;
  Law::stiffness(p, c, h, kn, ks);
  const Vec3 fs = o * h.fs, fd = o * h.fd;
  // contact-plane axes: s is the z axis projected on the plane (x if n is along z), t = n x s,
  // so that in 2d the in-plane shear is along t and the s components vanish, as in PFC
  Vec3 s = Vec3{0, 0, 1} - n.z * n;
  if (dem::norm(s) < 1e-6) s = Vec3{1, 0, 0} - n.x * n;
  s = (1.0 / dem::norm(s)) * s;
  const Vec3 t = dem::cross(n, s);
  const double law[LAW_COLUMNS] = {-h.fn,
                                   dem::dot(fs, s),
                                   dem::dot(fs, t),
                                   -dem::dot(fd, n),
                                   dem::dot(fd, s),
                                   dem::dot(fd, t),
                                   h.slipping() ? 1.0 : 0.0,
                                   c.gap - p.rgap,
                                   n.x,
                                   n.y,
                                   n.z,
                                   0.0,
                                   h.e_slip,
                                   h.e_dashpot};
  for (int m = 0; m < LAW_COLUMNS; m++) svector[m] = law[m];
  // the parts' columns (the rolling moment, the adhesive force, bonded, the parallel bond), and
  // their energy and forces
  const EffectiveMassRule mr = effective_mass_rule();
  const LoopAtoms<Law> atoms{atom->v[0],           atom->omega[0],    atom->type, atom->tag,   mr,
                             params[itype].data(), adh[itype].data(), mr.mass(i), mr.frozen(i)};
  const PairBodies<LoopAtoms<Law>> bodies{atoms, i, j};
  dem::ColumnWork<Law, PairBodies<LoopAtoms<Law>>, const double *> x{
      {slots, k, History::orientation(slots)}, p,    bodies, c, h, kn, ks, f_adh, o, s, t,
      Law::strain_energy(p, h, kn, ks),        -h.fn};
  Law::Parts::columns(x, svector + LAW_COLUMNS);
  svector[STRAIN_COLUMN] = x.strain;
  // fforce * (x_i - x_j) is the central part of the force on i (with the adhesive and bond forces)
  const Vec3 F = x.fn * c.n + h.fs + h.fd + x.fs;
  fforce = dem::dot(F, c.n) / dist;
  return x.strain;
}

template <class Style> const double *PairDEM<Style>::stored_contact(int &i, int &j, int &flag)
{
  // the contact history lives in this style's half list, under whichever of the two atoms the
  // list put the pair (the caller's list may order it the other way)
  auto find = [this](int a, int b) {
    const int *blist = list->firstneigh[a];
    const int bnum = list->numneigh[a];
    int k = 0;
    while (k < bnum && (blist[k] & NEIGHMASK) != b) k++;
    return k < bnum ? k : -1;
  };
  int jj = find(i, j);
  if (jj < 0 && j < atom->nlocal && (jj = find(j, i)) >= 0) std::swap(i, j);
  if (jj < 0) return nullptr;
  flag = fix_history->firstflag[i][jj];
  return &fix_history->firstvalue[i][size_history * jj];
}

// The partner atom takes the contact over: its vectors change sign, its scalars do not.
// The restart data (doc/restart.rst): the settings record, then the pair_coeff record: the
// number of types, and for each pair of types I <= J an item "types" (I, J, setflag) followed by
// the keywords given for it, by name, with their values. Read back through the keywords' own
// parsing (Style::set, adhesion_set), whatever the order of the keywords or of the properties'
// slots: a keyword unknown to this version is an error that names it.
template <class Style> void PairDEM<Style>::write_restart(FILE *fp)
{
  write_restart_settings(fp);
  RecordWriter rec(COEFF_MARK);
  rec.put("ntypes", atom->ntypes);
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      const double types[3] = {double(i), double(j), double(setflag[i][j])};
      rec.put("types", types, 3);
      for (int k = 0; k < Properties::count; k++)
        if (props[i][j].has(k)) rec.put(Style::keywords[k], props[i][j].value[k]);
      for (int k = 0; k < AdhesionProperties::count; k++)
        if (adh_props[i][j].has(k)) rec.put(adhesion_keywords[k], adh_props[i][j].value[k]);
    }
  rec.write(fp);
}

template <class Style> void PairDEM<Style>::read_restart(FILE *fp)
{
  read_restart_settings(fp);
  allocate();
  Record rec;
  const std::string who = std::string("Pair ") + Style::name;
  read_record(lmp, fp, COEFF_MARK, who, rec);
  int i = 0, j = 0;    // the pair of types the keywords belong to
  for (const RecordItem &item : rec.items) {
    if (item.name == "ntypes") {
      if (item.value() != atom->ntypes)
        error->all(
            FLERR,
            "{}: the restart file's pair_coeff record of {} has {} atom types, the system {}", who,
            rec.writer(), item.value(), atom->ntypes);
    } else if (item.name == "types") {
      i = static_cast<int>(item.value(0));
      j = static_cast<int>(item.value(1));
      if (i < 1 || j < i || j > atom->ntypes)
        error->all(
            FLERR,
            "{}: the restart file's pair_coeff record of {} names the types {} {}, outside 1 to {}",
            who, rec.writer(), item.value(0), item.value(1), atom->ntypes);
      setflag[i][j] = item.value(2) != 0.0;
    } else if (i == 0 || item.values.size() != 1) {
      unknown_item(lmp, who, rec, item.name);
    } else {
      const bool adhesion = is_adhesion_keyword(item.name);
      if (!adhesion &&
          keyword_index(Style::keywords, Properties::count, item.name) == Properties::count)
        unknown_item(lmp, who, rec, item.name);
      const std::string err = adhesion ? adhesion_set(adh_props[i][j], item.name, item.value())
                                       : Style::set(props[i][j], item.name, item.value());
      if (!err.empty())
        error->all(FLERR, "{}: the restart file's pair_coeff record of {}, types {} {}: {}", who,
                   rec.writer(), i, j, err);
    }
  }
}

namespace DEM_NS {
#define DEM_INSTANTIATE(L) template class PairDEM<LawStyle<L>>;
DEM_FOR_EACH_LAW(DEM_INSTANTIATE)
}    // namespace DEM_NS
