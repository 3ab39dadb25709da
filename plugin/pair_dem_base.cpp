// SPDX-License-Identifier: GPL-2.0-or-later
#include "pair_dem_base.h"
#include "contact_report.h"
#include "fix_wall_dem.h"
#include "history_guard.h"
#include "properties.h"
#include "restart_format.h"
#include "setup_checks.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "fix_dummy.h"
#include "fix_neigh_history.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"
#include "output.h"
#include "update.h"
#include "utils.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace DEM_NS;

PairDEMBase::PairDEMBase(LAMMPS *lmp, int history_size) : Pair(lmp)
{
  single_enable = 1;
  no_virial_fdotr_compute = 1;
  centroidstressflag = CENTROID_NOTAVAIL;
  finitecutflag = 1;
  size_history = history_size;
  comm_forward = 1;    // rigid-body masses of ghosts
  nextra = N_EXTRA;
  pvector = new double[N_EXTRA]();
  // placeholder so the history fix takes this position in the fix list (replaced in init_style)
  fix_dummy = dynamic_cast<FixDummy *>(modify->add_fix(history_id() + "_DUMMY all DUMMY"));
}

PairDEMBase::~PairDEMBase()
{
  if (copymode) return;
  // a pair_style command that replaces this style deletes its contact history (history_guard.h;
  // at exit and at clear LAMMPS deletes update first)
  if (lmp->update)
    if (auto *guard = dynamic_cast<HistoryGuard *>(fix_history)) guard->warn_history_dropped();
  if (bond.requests && comm->me == 0)
    error->warning(
        FLERR,
        "dem_bond: the pair style was replaced before a step carried out {}: those contacts were "
        "not bonded or unbonded",
        pending_requests());
  if (modify->get_fix_by_id(history_id())) modify->delete_fix(history_id());
  if (modify->get_fix_by_id(history_id() + "_DUMMY")) modify->delete_fix(history_id() + "_DUMMY");
  delete[] pvector;
  delete[] svector;
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(cutsq);
    delete[] maxrad_dynamic;
    delete[] maxrad_frozen;
  }
  memory->destroy(mass_rigid);
}

std::string PairDEMBase::history_id() const
{
  return fmt::format("DEM_HISTORY{}", instance_me);
}

void PairDEMBase::allocate_base()
{
  allocated = 1;
  const int n = atom->ntypes + 1;
  memory->create(setflag, n, n, "pair:setflag");
  memory->create(cutsq, n, n, "pair:cutsq");
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) setflag[i][j] = 0;
  maxrad_dynamic = new double[n]();
  maxrad_frozen = new double[n]();
}

// pair_style STYLE [meff harmonic|arithmetic] [energy yes|no] [reset_history yes|no]
//                  [contact_report yes|no] [impact_speed V] [coeff type|contact] [contact_values yes|no]
//                  [simd yes|no]
void PairDEMBase::settings(int narg, char **arg)
{
  // a repeated pair_style command reuses this instance: omitted keywords get their defaults
  const bool coeff_before = coeff_contact;
  arithmetic_meff = false;
  track_energy = false;
  reset_history = false;
  contact_report = false;
  impact_speed = 0.0;
  coeff_contact = false;
  contact_values = true;
  simd = true;
  for (int iarg = 0; iarg < narg; iarg += 2) {
    const std::string key = arg[iarg];
    if (iarg + 1 >= narg)
      error->all(FLERR, "Pair style {}: keyword {} needs a value", force->pair_style, key);
    const std::string value = arg[iarg + 1];
    auto yes_no = [&](bool &flag) {
      const std::string err = parse_yes_no(key, value, flag);
      if (!err.empty()) error->all(FLERR, "Pair style {}: {}", force->pair_style, err);
    };
    if (key == "meff") {
      if (value == "harmonic")
        arithmetic_meff = false;
      else if (value == "arithmetic")
        arithmetic_meff = true;
      else
        error->all(FLERR, "Pair style {}: meff must be harmonic or arithmetic, not {}",
                   force->pair_style, value);
    } else if (key == "energy") {
      yes_no(track_energy);
    } else if (key == "reset_history") {
      yes_no(reset_history);
    } else if (key == "contact_report") {
      yes_no(contact_report);
    } else if (key == "impact_speed") {
      const std::string err = parse_value(key, value.c_str(), impact_speed);
      if (!err.empty()) error->all(FLERR, "Pair style {}: {}", force->pair_style, err);
      if (!(impact_speed > 0.0))
        error->all(FLERR, "Pair style {}: impact_speed = {} is out of range: allowed (0, inf)",
                   force->pair_style, value);
    } else if (key == "coeff") {
      if (value == "type")
        coeff_contact = false;
      else if (value == "contact")
        coeff_contact = true;
      else
        error->all(
            FLERR,
            "Pair style {}: coeff must be type (pair_coeff I I gives type properties that contacts "
            "inherit) or contact (pair_coeff I J gives the I-J contact's own values), not {}",
            force->pair_style, value);
    } else if (key == "contact_values") {
      yes_no(contact_values);
    } else if (key == "simd") {
      yes_no(simd);
    } else {
      error->all(FLERR,
                 "Pair style {}: unknown keyword {} (allowed: meff, energy, reset_history, "
                 "contact_report, impact_speed, coeff, contact_values, simd)",
                 force->pair_style, key);
    }
  }
  // the values given so far (or read from a restart file) mean what coeff said when they were given
  if (coeff_contact != coeff_before && any_coeff_given())
    error->all(
        FLERR,
        "Pair style {}: the pair_coeff values given so far (or read from a restart file) are {}: a "
        "repeated pair_style must keep coeff {} (use pair_style none first to start over with "
        "coeff "
        "{})",
        force->pair_style,
        coeff_before ? "contact values (coeff contact)" : "type properties (coeff type)",
        coeff_before ? "contact" : "type", coeff_before ? "type" : "contact");
}

bool PairDEMBase::any_coeff_given() const
{
  if (!allocated) return false;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++)
      if (setflag[i][j]) return true;
  return false;
}

void PairDEMBase::init_style()
{
  record_cracks = false;    // (until a fix dem/cracks asks again, in its init after this one)
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
    error->all(FLERR,
               "Pair style {} requires atom attributes radius, rmass, omega and torque (atom_style "
               "sphere)",
               force->pair_style);
  if (!atom->tag_enable)
    error->all(FLERR, "Pair style {} requires atom IDs (atom_modify id yes)", force->pair_style);
  if (comm->ghost_velocity == 0)
    error->all(FLERR,
               "Pair style {} requires ghost atoms to store velocity: use comm_modify vel yes",
               force->pair_style);

  check_properties();
  warn_setup(lmp);    // set-ups a PFC user trips over (setup_checks.h)
  warned_deep = false;
  forces_computed = false;

  if (!fix_history) {
    const std::string cmd =
        fmt::format("{} all {} {}", history_id(), history_fix_style(), history_fix_args());
    fix_history =
        dynamic_cast<FixNeighHistory *>(modify->replace_fix(history_id() + "_DUMMY", cmd, 1));
    fix_history->pair = this;
    fix_dummy = nullptr;
  }
  // the stored contacts follow atoms that delete_atoms or reset_atoms id renumbered (history_guard.h)
  dynamic_cast<HistoryGuard &>(*fix_history).follow_renumbered_atoms(force->pair_style);

  const auto freezes = modify->get_fix_by_style("^freeze");
  if (freezes.size() > 1)
    error->all(FLERR, "Pair style {} supports only one fix freeze", force->pair_style);
  freeze_group_bit = freezes.empty() ? 0 : freezes.front()->groupbit;

  fix_rigid = nullptr;
  for (auto *fix : modify->get_fix_list()) {
    if (!fix->rigid_flag) continue;
    if (fix_rigid)
      error->all(FLERR, "Pair style {} supports only one rigid-body fix", force->pair_style);
    fix_rigid = fix;
  }

  // largest radius per type, including particles that fix pour/deposit will insert later
  const int ntypes = atom->ntypes;
  std::vector<double> dyn(ntypes + 1, 0.0), frozen(ntypes + 1, 0.0);
  for (const char *style : {"^pour", "^deposit"})
    for (auto *fix : modify->get_fix_by_style(style))
      for (int t = 1; t <= ntypes; t++) {
        int type = t;
        const auto *rad = static_cast<double *>(fix->extract("radius", type));
        if (rad && *rad > dyn[t]) dyn[t] = *rad;
      }
  for (int i = 0; i < atom->nlocal; i++) {
    auto &slot = (atom->mask[i] & freeze_group_bit) ? frozen : dyn;
    slot[atom->type[i]] = std::max(slot[atom->type[i]], atom->radius[i]);
  }
  MPI_Allreduce(&dyn[1], &maxrad_dynamic[1], ntypes, MPI_DOUBLE, MPI_MAX, world);
  MPI_Allreduce(&frozen[1], &maxrad_frozen[1], ntypes, MPI_DOUBLE, MPI_MAX, world);

  // Contacts are active while g_s <= 0: with a positive reference gap before the spheres touch,
  // and at exactly zero gap, where LAMMPS's neighbor build (rsq < radsum^2) would drop the
  // history. beyond_contact makes it keep the history of every contact that was active.
  beyond_contact = 1;

  // Size-based neighbor lists hold the pairs within radius sum + skin when they are built, so a
  // positive reference gap is only safe up to the skin, and exact when the list is rebuilt
  // every step.
  double rgap_max = 0.0;
  any_rgap = any_hold = bond.any = false;
  for (int i = 1; i <= ntypes; i++)
    for (int j = i; j <= ntypes; j++) {
      rgap_max = std::max(rgap_max, max_reference_gap(i, j));
      if (max_reference_gap(i, j) != 0.0) any_rgap = true;
      if (takes_bonds(i, j)) bond.any = true;
      if (hold_gap(i, j) > 0.0 || takes_bonds(i, j)) any_hold = true;
      // (the neighbor lists reach that far)
      if (hold_gap(i, j) > box_edge(domain))
        error->all(FLERR,
                   "Pair style {}, types {} and {}: the reach {} of its holding or bonded contacts "
                   "(hold_gap; a bond's: 2 cb_tenf/kn, 2 pb_ten/pb_kn or 2 pb_ten (R1 + "
                   "R2)/pb_emod, at most R1 + R2, beyond the largest dem_bond gap) exceeds the "
                   "box's largest edge {}: the neighbor lists would have to reach beyond the box",
                   force->pair_style, i, j, hold_gap(i, j), box_edge(domain));
    }
  // Size-based lists (the pairs within R1 + R2 + skin at a rebuild) hold every contact that reaches
  // at most the skin beyond touching. One that reaches farther (hold_gap, a bond's reach or its
  // dem_bond gap, an adhesive range) would leave the list at a rebuild while it still acts: then
  // the list holds the pairs within the pair cutoff (init_one) + skin, as pair granular's does for
  // JKR's pull-off distance.
  double reach_max = 0.0;
  for (int i = 1; i <= ntypes; i++)
    for (int j = i; j <= ntypes; j++) {
      const double r1 = std::max(maxrad_dynamic[i], maxrad_frozen[i]),
                   r2 = std::max(maxrad_dynamic[j], maxrad_frozen[j]);
      reach_max = std::max({reach_max, hold_gap(i, j), adhesive_range(i, j, r1, r2)});
    }
  const bool by_cutoff = reach_max > neighbor->skin;
  neighbor->add_request(this, (by_cutoff ? 0 : NeighConst::REQ_SIZE) | NeighConst::REQ_HISTORY);
  bool bonding = false;
  for (int r = 0; r < bond.requests; r++) bonding = bonding || bond.mode[r] == 1;
  // (dem_bond bonds wall contacts too)
  if (bonding && !bond.any && bonding_walls(lmp).empty())
    error->all(FLERR,
               "dem_bond: no pair of types of pair style {} takes bonds: give them contact bonds "
               "(cb_tenf, cb_shearf), parallel bonds (pb_kn) or flat joints (fj_kn)",
               force->pair_style);
  if (!bond.any) {    // the walls carry the requests out; none applies here
    bond.requests = 0;
    bond_groups.clear();
  }
  if (rgap_max > neighbor->skin)
    error->all(FLERR,
               "Pair style {}: rgap {} exceeds the neighbor skin {}: use neighbor SKIN bin with "
               "SKIN >= rgap",
               force->pair_style, rgap_max, neighbor->skin);
  if (rgap_max > 0.0 && comm->me == 0 &&
      (neighbor->every != 1 || neighbor->delay != 0 || neighbor->dist_check))
    error->warning(FLERR,
                   "Pair style {}: with rgap > 0, contacts that open a gap between 0 and rgap can "
                   "be found late unless the neighbor list is rebuilt every step (neigh_modify "
                   "every 1 delay 0 check no)",
                   force->pair_style);

  consolidate_totals();
  report_timescales();
}

double PairDEMBase::init_one(int i, int j)
{
  // dynamic-dynamic and dynamic-frozen pairs interact; frozen-frozen pairs do not
  double cut = maxrad_dynamic[i] + maxrad_dynamic[j];
  cut = std::max(cut, maxrad_frozen[i] + maxrad_dynamic[j]);
  cut = std::max(cut, maxrad_dynamic[i] + maxrad_frozen[j]);
  double r1 = std::max(maxrad_dynamic[i], maxrad_frozen[i]),
         r2 = std::max(maxrad_dynamic[j], maxrad_frozen[j]);
  // a holding contact (hold_gap) stays in the neighbor list as long as it holds
  return cut +
      std::max({0.0, max_reference_gap(i, j) + hold_gap(i, j), adhesive_range(i, j, r1, r2)});
}

// The pair style's settings record (doc/restart.rst): the flags, then the cumulative outputs by
// their names (pair_output_names); outputs a later version adds are absent from older files and
// start at 0.

void PairDEMBase::write_restart_settings(FILE *fp)
{
  RecordWriter rec(SETTINGS_MARK);
  rec.put("meff_arithmetic", arithmetic_meff ? 1.0 : 0.0);
  rec.put("energy", track_energy ? 1.0 : 0.0);
  rec.put("coeff_contact", coeff_contact ? 1.0 : 0.0);
  rec.put("bond_gap_max", bond.gap_max);
  // totals were consolidated on rank 0 (see consolidate_totals)
  for (int k = 0; k < N_EXTRA; k++) rec.put(pair_output_names[k], totals[k]);
  rec.write(fp);
}

void PairDEMBase::read_restart_settings(FILE *fp)
{
  Record rec;
  const std::string who = std::string("Pair ") + force->pair_style;
  read_record(lmp, fp, SETTINGS_MARK, who, rec);
  for (int k = 0; k < N_EXTRA; k++) totals[k] = 0.0;
  // each item one number: a switch 0 or 1, the largest bonding gap, a total (finite)
  auto number = [&](const RecordItem &item, double lo, double hi, bool whole = false) {
    return item_number(lmp, who, SETTINGS_MARK, item, lo, hi, whole);
  };
  auto flag = [&](const RecordItem &item) {
    return number(item, 0, 1, true) != 0.0;
  };
  // the totals are rank 0's (every rank checks the value: the errors are collective)
  auto on_rank0 = [&](double v) {
    return comm->me == 0 ? v : 0.0;
  };
  for (const RecordItem &item : rec.items) {
    const int k = keyword_index(pair_output_names, N_EXTRA, item.name);
    if (item.name == "meff_arithmetic")
      arithmetic_meff = flag(item);
    else if (item.name == "energy")
      track_energy = flag(item);
    else if (item.name == "coeff_contact")
      coeff_contact = flag(item);
    else if (item.name == "bond_gap_max")
      bond.gap_max = number(item, 0, INFINITY);
    else if (k < N_EXTRA)
      totals[k] = on_rank0(number(item, -INFINITY, INFINITY));
    else
      unknown_item(lmp, who, rec, item.name);
  }
}

// Move every rank's cumulative totals to rank 0 (the sum over ranks, which "compute pair"
// reports, is unchanged) so that rank 0 can write them to a restart file. Collective: called
// from init_style and on steps that write a restart file.
void PairDEMBase::consolidate_totals()
{
  double sum[N_EXTRA];
  MPI_Allreduce(totals, sum, N_EXTRA, MPI_DOUBLE, MPI_SUM, world);
  for (int k = 0; k < N_EXTRA; k++) totals[k] = comm->me == 0 ? sum[k] : 0.0;
}

void PairDEMBase::begin_step_outputs()
{
  totals[E_STRAIN] = totals[E_ADHESIVE] = totals[N_BONDS] = 0.0;
  made_now = 0.0;
  totals[N_ACTIVATED] = totals[N_SLIP_START] = totals[N_SLIP_END] = 0.0;
}

void PairDEMBase::end_step_outputs()
{
  forces_computed = true;
  totals[N_ACTIVATED_ALL] += totals[N_ACTIVATED];
  totals[N_SLIP_START_ALL] += totals[N_SLIP_START];
  totals[N_SLIP_END_ALL] += totals[N_SLIP_END];
  if (output->restart_flag && update->ntimestep == output->next_restart) consolidate_totals();
  for (int k = 0; k < N_EXTRA; k++) pvector[k] = totals[k];
  if (bonding_now) {    // the requests are carried out: say what they did
    double made = 0.0;
    MPI_Allreduce(&made_now, &made, 1, MPI_DOUBLE, MPI_SUM, world);
    if (comm->me == 0)
      utils::logmesg(lmp, "dem_bond on step {}: {}; {:.0f} contacts bonded\n", update->ntimestep,
                     pending_requests(), made);
    bond.requests = 0;
    bond_groups.clear();
    bonding_now = false;
  }
}

dem::BondStep PairDEMBase::bond_step(bool advance)
{
  bonding_now = advance && bond.requests != 0;
  return bond.of_step(advance);
}

void PairDEMBase::request_bonds(int mode, int groupbit, double gap, const std::string &group)
{
  if (!bond.add(mode, groupbit, gap))
    error->all(
        FLERR,
        "dem_bond: {} requests are waiting for the next step ({}): run a step (run 1) before more "
        "dem_bond commands",
        dem::BondStep::MAX_REQUESTS, pending_requests());
  bond_groups.push_back(group);
}

std::string PairDEMBase::pending_requests() const
{
  std::string text;
  for (int r = 0; r < bond.requests; r++)
    text += (r ? ", " : "") +
        (bond.mode[r] == 1
             ? fmt::format("bond group {} (contact gap <= {:g})", bond_groups[r], bond.gap[r])
             : fmt::format("unbond group {}", bond_groups[r]));
  return text;
}

void PairDEMBase::deep_contact(int i, int j, double gap, double rsq)
{
  const tagint ti = atom->tag[i], tj = atom->tag[j];
  if (rsq == 0.0) coincident_atoms(std::min(ti, tj), std::max(ti, tj));
  deepest.offer_pair(ti, tj, -gap, std::min(atom->radius[i], atom->radius[j]));
}

void PairDEMBase::report_deep_contact()
{
  report_records(&deepest);
  deepest = {};
}

// the records of a loop or kernel (PairRecord): the deepest contact and, with the optional parts, a
// bond stretched beyond the lists' reach
void PairDEMBase::report_records(const ContactRecord *record, int count)
{
  const ContactRecord &deep = record[PR_DEEP];
  if (deep.value == INFINITY) coincident_atoms(deep.a, deep.b);
  if (count > PR_STRETCHED && record[PR_STRETCHED].found())
    bond_stretched(record[PR_STRETCHED].a, record[PR_STRETCHED].b, record[PR_STRETCHED].value);
  if (deep.found()) warn_deep_overlap(deep.a, deep.b, deep.value, deep.radius);
}

// error->one: usually one rank sees the pair (both atoms are in its domain); a rank that stops
// aborts the others, so none waits for it
void PairDEMBase::coincident_atoms(tagint a, tagint b)
{
  error->one(FLERR,
             "Pair {}: atoms {} and {} are at the same position on step {}: their contact has no "
             "normal direction (the forces would be NaN). Move or delete one of them (e.g. "
             "delete_atoms overlap)",
             force->pair_style, a, b, update->ntimestep);
}

void PairDEMBase::add_crack(int i, int j, const dem::Contact &c, int mode, int count, double radius)
{
  const int *mask = atom->mask;
  if (!record_cracks || !(mask[i] & crack_groupbit) || !(mask[j] & crack_groupbit)) return;
  const double *xi = atom->x[i];
  double rec[CR_VALUES];
  crack_record(rec, {xi[0], xi[1], xi[2]}, c, atom->tag[i], atom->tag[j], mode, count, radius);
  cracks.insert(cracks.end(), rec, rec + CR_VALUES);
}

void PairDEMBase::bond_stretched(tagint a, tagint b, double gap)
{
  error->one(
      FLERR,
      "Pair {}: the bond of atoms {} and {} was stretched to a gap of {:.6g} on step {} without "
      "breaking: a bond's reach in the neighbor lists is at most the sum of the radii beyond its "
      "dem_bond gap (its tensile strength would allow more: pb_ten/pb_kn, pb_ten (R1 + R2)/pb_emod "
      "or cb_tenf/kn; a flat joint's reach is 2 fj_ten/fj_kn plus the gap of a hinge of 0.25 rad "
      "about its rim). Use bonds that break, or a model that keeps them closer",
      force->pair_style, std::min(a, b), std::max(a, b), gap, update->ntimestep);
}

void PairDEMBase::warn_deep_overlap(tagint a, tagint b, double overlap, double radius)
{
  if (warned_deep) return;
  warned_deep = true;
  error->warning(
      FLERR,
      "Pair {}: atoms {} and {} overlap by {:.6g} on step {}, more than the smaller radius "
      "({:.6g}): were they created inside each other? The contact force is far beyond the law's "
      "range (only the first such contact of a run is reported)",
      force->pair_style, a, b, overlap, update->ntimestep, radius);
}

void DEM_NS::gather_rigid_masses(LAMMPS *lmp, Fix *fix_rigid, double *&mass, int &nmax,
                                 const char *name)
{
  Atom *atom = lmp->atom;
  if (atom->nmax > nmax) {
    lmp->memory->destroy(mass);
    nmax = atom->nmax;
    lmp->memory->create(mass, nmax, name);
  }
  int dim;
  const int *body = static_cast<int *>(fix_rigid->extract("body", dim));
  const auto *mass_body = static_cast<double *>(fix_rigid->extract("masstotal", dim));
  for (int i = 0; i < atom->nlocal; i++) mass[i] = body[i] >= 0 ? mass_body[body[i]] : 0.0;
}

void PairDEMBase::update_rigid_masses()
{
  if (!fix_rigid || neighbor->ago != 0) return;
  gather_rigid_masses(lmp, fix_rigid, mass_rigid, nmax_rigid, "pair:mass_rigid");
  comm->forward_comm(this);    // ghosts need their body's mass too
}

int PairDEMBase::pack_forward_comm(int n, int *list, double *buf, int, int *)
{
  for (int k = 0; k < n; k++) buf[k] = mass_rigid[list[k]];
  return n;
}

void PairDEMBase::unpack_forward_comm(int n, int first, double *buf)
{
  for (int k = 0; k < n; k++) mass_rigid[first + k] = buf[k];
}

double PairDEMBase::memory_usage()
{
  return static_cast<double>(nmax_rigid) * sizeof(double);
}
