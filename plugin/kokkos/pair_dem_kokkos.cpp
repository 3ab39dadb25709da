// SPDX-License-Identifier: GPL-2.0-or-later
#include "pair_dem_kokkos.h"
#include "laws.h"
#include "pair_step.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "fix_neigh_history_kokkos.h"
#include "force.h"
#include "kokkos.h"
#include "memory_kokkos.h"
#include "neigh_list_kokkos.h"
#include "neigh_request.h"
#include "neighbor.h"
#include "update.h"
#include "utils.h"

using namespace LAMMPS_NS;
using namespace DEM_NS;
using dem::Vec3;

template <class DeviceType, class Style>
PairDEMKokkos<DeviceType, Style>::PairDEMKokkos(LAMMPS *lmp) : PairDEM<Style>(lmp)
{
  this->kokkosable = 1;
  this->atomKK = (AtomKokkos *) this->atom;
  this->execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  this->datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | TYPE_MASK | TAG_MASK |
      MASK_MASK | RMASS_MASK | RADIUS_MASK | ENERGY_MASK | VIRIAL_MASK;
  this->datamask_modify = F_MASK | TORQUE_MASK | ENERGY_MASK | VIRIAL_MASK;
  // single() (compute pair/local) reads host copies of the Kokkos list and history (stored_contact)
  this->single_enable = 1;
}

template <class DeviceType, class Style> PairDEMKokkos<DeviceType, Style>::~PairDEMKokkos()
{
  if (this->copymode)
    return;    // LAMMPS convention; this pair object is never copied into a kernel
  this->memoryKK->destroy_kokkos(k_eatom, this->eatom);
  this->memoryKK->destroy_kokkos(k_vatom, this->vatom);
  this->eatom = nullptr;    // freed above, not again by ~Pair
  this->vatom = nullptr;
}

// A per type-pair table of PairDEM (rows and columns 0 .. ntypes) copied into a new device view.
template <class View, class Table>
static void upload_table(View &view, const Table &table, const char *name)
{
  const int n = static_cast<int>(table.size());
  view = View(std::string(name), n, n);
  auto host = Kokkos::create_mirror_view(view);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) host(i, j) = table[i][j];
  Kokkos::deep_copy(view, host);
}

// The rows of a LayoutRight n x 3 view (CPU threads; x everywhere) lie 3 apart, as Kokkos lays out
// a view made without padding: row3 and add3 (below) take that as a constant, without multiplying
// by a stride read from the view per row, and compute checks it once per step.
template <class View> KOKKOS_FORCEINLINE_FUNCTION long row_stride(const View &view)
{
  if constexpr (std::is_same_v<typename View::array_layout, Kokkos::LayoutRight>)
    return 3;
  else
    return view.stride(0);
}
template <class View> static bool rows_as_expected(const View &view)
{
  return static_cast<long>(view.stride(0)) == row_stride(view);
}

// The base class creates the history fix under this style name (it replaces its FixDummy).
template <class DeviceType, class Style>
std::string PairDEMKokkos<DeviceType, Style>::history_fix_style() const
{
  // our subclass of LAMMPS's Kokkos history fix, with working restart files
  return this->execution_space == Device ? "DEM_HISTORY/KK/DEVICE" : "DEM_HISTORY/KK/HOST";
}

template <class DeviceType, class Style> void PairDEMKokkos<DeviceType, Style>::init_style()
{
  // both options in both errors: the KOKKOS defaults differ from them on CPU threads (newton on)
  // and on a GPU (neigh full)
  if (this->force->newton_pair)
    this->error->all(
        FLERR,
        "Pair style {} requires newton pair off (the Kokkos contact-history fix cannot exchange "
        "history with newton on) and half neighbor lists: use -pk kokkos newton off neigh half",
        this->force->pair_style);
  neighflag = this->lmp->kokkos->neighflag;
  if (neighflag == FULL)
    this->error->all(FLERR,
                     "Pair style {} requires half neighbor lists (not the full lists that are the "
                     "KOKKOS default on a GPU) and newton pair off: use -pk kokkos neigh half "
                     "newton off",
                     this->force->pair_style);

  PairDEM<Style>::init_style();    // mixes params, requests the list, creates the history fix

  if (this->fix_rigid)
    this->error->all(FLERR,
                     "Pair style {} does not support rigid bodies (fix {}) yet: use the style "
                     "without the kk suffix",
                     this->force->pair_style, this->fix_rigid->style);

  fix_historyKK = dynamic_cast<FixNeighHistoryKokkos<DeviceType> *>(this->fix_history);
  if (!fix_historyKK)
    this->error->all(FLERR, "Pair style {}: the contact-history fix is not {}",
                     this->force->pair_style, history_fix_style());

  auto request = this->neighbor->find_request(this);
  request->set_kokkos_host(std::is_same_v<DeviceType, LMPHostType> &&
                           !std::is_same_v<DeviceType, LMPDeviceType>);
  request->set_kokkos_device(std::is_same_v<DeviceType, LMPDeviceType>);

  // per type-pair parameters, as mixed by PairDEM::check_properties, copied to the device
  upload_table(kernel.d_params, this->params, "dem/kk:params");
  adh_uploaded = false;    // (init_one, after this, sets the adhesive ranges)
}

template <class DeviceType, class Style>
void PairDEMKokkos<DeviceType, Style>::compute(int eflag, int vflag)
{
  this->ev_init(eflag, vflag, 0);    // per-atom arrays are Kokkos views, allocated below
  this->begin_step_outputs();

  if (this->eflag_atom) {
    this->memoryKK->destroy_kokkos(k_eatom, this->eatom);
    this->memoryKK->create_kokkos(k_eatom, this->eatom, this->maxeatom, "pair:eatom");
    kernel.d_eatom = k_eatom.template view<DeviceType>();
  }
  if (this->vflag_atom) {
    this->memoryKK->destroy_kokkos(k_vatom, this->vatom);
    this->memoryKK->create_kokkos(k_vatom, this->vatom, this->maxvatom, "pair:vatom");
    kernel.d_vatom = k_vatom.template view<DeviceType>();
  }

  this->atomKK->sync(this->execution_space, this->datamask_read);
  if (eflag || vflag)
    this->atomKK->modified(this->execution_space, this->datamask_modify);
  else
    this->atomKK->modified(this->execution_space, F_MASK | TORQUE_MASK);

  auto &k = kernel;
  // per type-pair adhesion, as PairDEM mixed it (none: zeros, which the kernels with the optional
  // contact parts read)
  if ((this->any_adhesion || this->any_extra) && !adh_uploaded) {
    upload_table(k.d_adh, this->adh, "dem/kk:adhesion");
    adh_uploaded = true;
  }
  k.x = this->atomKK->k_x.template view<DeviceType>();
  k.v = this->atomKK->k_v.template view<DeviceType>();
  k.omega = this->atomKK->k_omega.template view<DeviceType>();
  k.f = this->atomKK->k_f.template view<DeviceType>();
  k.torque = this->atomKK->k_torque.template view<DeviceType>();
  k.radius = this->atomKK->k_radius.template view<DeviceType>();
  k.rmass = this->atomKK->k_rmass.template view<DeviceType>();
  k.type = this->atomKK->k_type.template view<DeviceType>();
  k.mask = this->atomKK->k_mask.template view<DeviceType>();
  k.tag = this->atomKK->k_tag.template view<DeviceType>();
  if (!rows_as_expected(k.x) || !rows_as_expected(k.v) || !rows_as_expected(k.omega) ||
      !rows_as_expected(k.f) || !rows_as_expected(k.torque))
    this->error->all(
        FLERR,
        "Pair {}: the per-atom n x 3 views have padded rows, which this style does not expect (a "
        "different LAMMPS build?)",
        this->force->pair_style);

  auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(this->list);
  k.d_neighbors = k_list->d_neighbors;
  k.d_ilist = k_list->d_ilist;
  k.d_numneigh = k_list->d_numneigh;

  fix_historyKK->k_firstflag.template sync<DeviceType>();
  fix_historyKK->k_firstvalue.template sync<DeviceType>();
  k.d_firsttouch = fix_historyKK->k_firstflag.template view<DeviceType>();
  k.d_firstvalue = fix_historyKK->k_firstvalue.template view<DeviceType>();

  k.nlocal = this->atom->nlocal;
  k.inum = this->list->inum;
  k.dt = this->update->dt;
  k.update_history = this->update->setupflag ? 0 : 1;
  k.arithmetic_meff = this->arithmetic_meff ? 1 : 0;
  k.freeze_group_bit = this->freeze_group_bit;
  k.track_energy = this->track_energy ? 1 : 0;
  k.any_rgap = this->any_rgap ? 1 : 0;
  k.any_hold = this->any_hold ? 1 : 0;
  k.bond = this->bond_step(!this->update->setupflag);
  k.dense = this->dense ? 1 : 0;
  k.parts = this->history_parts;
  k.cracks.groupbit = this->record_cracks && k.update_history ? this->crack_groupbit : 0;
  if (k.cracks.groupbit) k.cracks.reserve(bonded_last, "dem/kk:cracks");
  k.eflag_global = this->eflag_global;
  k.eflag_atom = this->eflag_atom;
  k.vflag_global = this->vflag_global;
  k.vflag_atom = this->vflag_atom;

  // TALLY as in the CPU loop: energies are summed on energy/virial steps and with "energy yes"
  const bool tally = this->evflag || this->track_energy;
  const bool energy =
      tally && this->track_energy && k.update_history;    // ENERGY as in the CPU loop
  const int inum = this->list->inum;
  PairSums<1> sum;    // (the kernels without the optional parts fill its common part)
  // the optional contact parts (adhesion, holding contacts, bonds) have kernels of their own
  const bool adh = this->any_adhesion || this->any_extra;
  const bool joint = this->any_joint;    // (flat joints: kernels of their own, EXTRA_JOINTS)
  // the kernel for the common settings as the CPU loop chooses its loop (PairDEM::compute); the
  // same numbers as the general kernel to the last bit (test kokkos.plain_loop)
  const bool plain = this->all_plain && this->dense && !tally && !adh && k.update_history;
  if (neighflag == HALF) {
    if (adh && joint)
      energy      ? launch<HALF, 0, 1, 1, 2>(inum, sum)
          : tally ? launch<HALF, 0, 1, 0, 2>(inum, sum)
                  : launch<HALF, 0, 0, 0, 2>(inum, sum);
    else if (adh)
      energy      ? launch<HALF, 0, 1, 1, 1>(inum, sum)
          : tally ? launch<HALF, 0, 1, 0, 1>(inum, sum)
                  : launch<HALF, 0, 0, 0, 1>(inum, sum);
    else if (plain)
      launch<HALF, 1, 0, 0, 0>(inum, sum);
    else
      energy      ? launch<HALF, 0, 1, 1, 0>(inum, sum)
          : tally ? launch<HALF, 0, 1, 0, 0>(inum, sum)
                  : launch<HALF, 0, 0, 0, 0>(inum, sum);
  } else {    // HALFTHREAD: j-side updates are atomic, or go to per-thread copies on CPU threads
    if constexpr (decltype(kernel)::dup_space) {
      // (made again when LAMMPS grew f; zero between steps)
      if (!k.s_f.is_allocated() || k.s_f.subview().extent(0) != k.f.extent(0)) {
        using Copies = typename decltype(kernel)::Copies::view;
        k.s_f = Copies(k.f);
        k.s_torque = Copies(k.torque);
      }
    }
    if (adh && joint)
      energy      ? launch<HALFTHREAD, 0, 1, 1, 2>(inum, sum)
          : tally ? launch<HALFTHREAD, 0, 1, 0, 2>(inum, sum)
                  : launch<HALFTHREAD, 0, 0, 0, 2>(inum, sum);
    else if (adh)
      energy      ? launch<HALFTHREAD, 0, 1, 1, 1>(inum, sum)
          : tally ? launch<HALFTHREAD, 0, 1, 0, 1>(inum, sum)
                  : launch<HALFTHREAD, 0, 0, 0, 1>(inum, sum);
    else if (plain)
      launch<HALFTHREAD, 1, 0, 0, 0>(inum, sum);
    else
      energy      ? launch<HALFTHREAD, 0, 1, 1, 0>(inum, sum)
          : tally ? launch<HALFTHREAD, 0, 1, 0, 0>(inum, sum)
                  : launch<HALFTHREAD, 0, 0, 0, 0>(inum, sum);
    if constexpr (decltype(kernel)::dup_space) {
      Kokkos::Experimental::contribute(k.f, k.s_f);
      Kokkos::Experimental::contribute(k.torque, k.s_torque);
      k.s_f.reset();
      k.s_torque.reset();
    }
  }

  fix_historyKK->k_firstflag.template modify<DeviceType>();
  fix_historyKK->k_firstvalue.template modify<DeviceType>();
  single_copies = false;
  // the kernel's rare contacts, as the CPU loop reports them (PairDEMBase::deep_contact)
  this->report_records(sum.record, sum.records);
  bonded_last = sum[PS_BONDED];
  if (k.cracks.groupbit && sum[PS_BROKE_TENSION] + sum[PS_BROKE_SHEAR] > 0.0)
    take_cracks(this->update->ntimestep);

  if (this->eflag_global) this->eng_vdwl += sum[PS_EVDWL];
  if (this->vflag_global)
    for (int n = 0; n < 6; n++) this->virial[n] += sum[PS_VIRIAL + n];
  if (this->eflag_atom) {
    k_eatom.template modify<DeviceType>();
    k_eatom.sync_host();
  }
  if (this->vflag_atom) {
    k_vatom.template modify<DeviceType>();
    k_vatom.sync_host();
  }

  // the kernel left zeros where the CPU loop adds nothing (no tally, or setup)
  this->add_step_sums(sum);
  this->dense = 2.0 * sum[PS_TOUCHING] > sum[PS_NEIGHBOURS];
  this->end_step_outputs();
}

template <class DeviceType, class Style>
template <int NEIGHFLAG, int PLAIN, int TALLY, int ENERGY, int EXTRA>
void PairDEMKokkos<DeviceType, Style>::launch(int inum, PairSums<1> &sum)
{
  // Dynamic: on CPU threads, a thread that finishes its share of atoms takes chunks from the end
  // of another's. The work is in the contacts, which a sorted system does not spread evenly (the
  // dense bottom of a chute); each thread still runs contiguous chunks of ii (the prefetch's
  // premise).
  using Policy = Kokkos::RangePolicy<DeviceType, Kokkos::Schedule<Kokkos::Dynamic>,
                                     TagDEMCompute<NEIGHFLAG, PLAIN, TALLY, ENERGY, EXTRA>>;
  if constexpr (EXTRA) {
    Kokkos::parallel_reduce(Policy(0, inum), kernel, sum);
  } else {    // (a smaller reduction value)
    PairSums<0> common;
    Kokkos::parallel_reduce(Policy(0, inum), kernel, common);
    for (int n = 0; n < PS_COMMON; n++) sum[n] = common[n];
    sum.record[PR_DEEP] = common.record[PR_DEEP];
  }
}

// A crack record (PairDEMBase::add_crack): at the next row, if there is one
template <class DeviceType, class Law>
KOKKOS_FUNCTION void DEMKernel<DeviceType, Law>::crack(int i, int j, const dem::Contact &c,
                                                       int mode, int count, double radius) const
{
  if (!cracks.on(mask[i]) || !cracks.on(mask[j])) return;
  double rec[CR_VALUES];
  crack_record(rec, {x(i, 0), x(i, 1), x(i, 2)}, c, tag[i], tag[j], mode, count, radius);
  cracks.add(rec);
}

// The kernel's crack records of this step into PairDEMBase::cracks; rows beyond the view's room
// were lost: a warning, and room for them from the next step on
template <class DeviceType, class Style>
void PairDEMKokkos<DeviceType, Style>::take_cracks(int step)
{
  const int lost = kernel.cracks.take(this->cracks);
  if (lost)
    this->error->warning(FLERR,
                         "Pair {}: {} crack records of step {} did not fit the device's rows and "
                         "are lost (the counts of broken bonds stay exact); the rows grow for the "
                         "next steps",
                         this->force->pair_style, lost, step);
}

// Adds a to view(i) or view(i, k), atomically with HALFTHREAD lists (j-side updates, and i is
// some other i's j). Plain adds with HALF lists, and no atomic view to construct per atom.
template <int NEIGHFLAG, class View>
KOKKOS_FORCEINLINE_FUNCTION void add_to(const View &view, int i, double a)
{
  if constexpr (NEIGHFLAG == HALFTHREAD)
    Kokkos::atomic_add(&view(i), a);
  else
    view(i) += a;
}
template <int NEIGHFLAG, class View>
KOKKOS_FORCEINLINE_FUNCTION void add_to(const View &view, int i, int k, double a)
{
  if constexpr (NEIGHFLAG == HALFTHREAD)
    Kokkos::atomic_add(&view(i, k), a);
  else
    view(i, k) += a;
}
// Row i of an n x 3 view through one pointer and its strides: view(i, k) for each k computed
// the int index i * stride + k and sign-extended it, three times per row (the dense packing:
// about 30 instructions per contact for the rows of v, omega, f and torque). From data(), not
// &view(i, 0): a random-access view's element is a value, not a reference, on a GPU.
template <class View> KOKKOS_FORCEINLINE_FUNCTION Vec3 row3(const View &view, int i)
{
  const double *p = view.data() + i * row_stride(view);
  const long s = view.stride(1);
  return {p[0], p[s], p[2 * s]};
}
template <int NEIGHFLAG, class View>
KOKKOS_FORCEINLINE_FUNCTION void add3(const View &view, int i, Vec3 a)
{
  double *p = view.data() + i * row_stride(view);
  const long s = view.stride(1);
  if constexpr (NEIGHFLAG == HALFTHREAD) {
    Kokkos::atomic_add(p, a.x);
    Kokkos::atomic_add(p + s, a.y);
    Kokkos::atomic_add(p + 2 * s, a.z);
  } else {
    p[0] += a.x;
    p[s] += a.y;
    p[2 * s] += a.z;
  }
}

// One contact's history slots in place, slot k at p[k * stride] (LayoutLeft on a GPU strides them):
// what History::load and store read and write, so that the kernel has no local slot array, which
// a GPU keeps in stack memory when it is indexed at run time.
struct StridedSlots {
  double *p;
  long stride;
  KOKKOS_FORCEINLINE_FUNCTION double &operator[](int k) const { return p[k * stride]; }
  KOKKOS_FORCEINLINE_FUNCTION StridedSlots operator+(int k) const
  {
    return {p + k * stride, stride};
  }
};

// An unmanaged view of the same data, layout and access traits (see DEMKernel::operator()).
template <class View>
using LocalView =
    Kokkos::View<typename View::data_type, typename View::array_layout, typename View::device_type,
                 Kokkos::MemoryTraits<View::memory_traits::impl_value | Kokkos::Unmanaged>>;
// made from the data pointer and layout: a copy of the view would go through the assignment of
// its reference-count tracker, whose self-assignment test takes the local's address, so that a
// GPU kept the three views below in stack memory (96 B per thread)
template <class View> KOKKOS_FORCEINLINE_FUNCTION LocalView<View> local_view(const View &v)
{
  return LocalView<View>(v.data(), v.layout());
}

// Pair::ev_tally_xyz(i, j, nlocal, NEWTON, energy, 0, -F, x_i - x_j) for the pair of owned atom i
// and j, F the force on j and d = x_j - x_i
template <class DeviceType, class Law>
template <int NEIGHFLAG, class Sums>
KOKKOS_FORCEINLINE_FUNCTION void
DEMKernel<DeviceType, Law>::tally_pair(Sums &sum, int i, int j, bool j_owned, double energy,
                                       const Vec3 &d, const Vec3 &F) const
{
  const double w = j_owned ? 1.0 : 0.5;    // a pair with a ghost is computed on two ranks
  if (eflag_global) sum[PS_EVDWL] += w * energy;
  if (eflag_atom) {
    add_to<NEIGHFLAG>(d_eatom, i, 0.5 * energy);
    if (j_owned) add_to<NEIGHFLAG>(d_eatom, j, 0.5 * energy);
  }
  if (vflag_global || vflag_atom) {
    // component by component, with constant indices (no local array: see StridedSlots)
    auto tally_virial = [&](int n, double vir) {
      if (vflag_global) sum[PS_VIRIAL + n] += w * vir;
      if (vflag_atom) {
        add_to<NEIGHFLAG>(d_vatom, i, n, 0.5 * vir);
        if (j_owned) add_to<NEIGHFLAG>(d_vatom, j, n, 0.5 * vir);
      }
    };
    tally_virial(0, d.x * F.x);
    tally_virial(1, d.y * F.y);
    tally_virial(2, d.z * F.z);
    tally_virial(3, d.x * F.y);
    tally_virial(4, d.x * F.z);
    tally_virial(5, d.y * F.z);
  }
}

// The atom data as the pair step reads it (pair_step.h) in the kernel, for its atom i: the
// functor's views, read per contact.
template <class Kernel, class Law> struct KernelAtoms {
  using Params = typename Law::Params;
  const Kernel &k;
  int itype;

  KOKKOS_FORCEINLINE_FUNCTION Vec3 v(int n) const { return row3(k.v, n); }
  KOKKOS_FORCEINLINE_FUNCTION Vec3 omega(int n) const { return row3(k.omega, n); }
  KOKKOS_FORCEINLINE_FUNCTION double rmass(int n) const { return k.rmass[n]; }
  KOKKOS_FORCEINLINE_FUNCTION bool frozen(int n) const { return k.mask[n] & k.freeze_group_bit; }
  // as PairDEMBase::effective_mass, without its rigid-body masses (refused at init)
  KOKKOS_FORCEINLINE_FUNCTION double meff(int i, int j) const
  {
    return dem::effective_mass(rmass(i), rmass(j), frozen(i), frozen(j), k.arithmetic_meff);
  }
  KOKKOS_FORCEINLINE_FUNCTION const Params &params(int j) const
  {
    return k.d_params(itype, k.type[j]);
  }
  KOKKOS_FORCEINLINE_FUNCTION const dem::Adhesion &adhesion(int j) const
  {
    return k.d_adh(itype, k.type[j]);
  }
  KOKKOS_FORCEINLINE_FUNCTION bool in_group(int n, int groupbit) const
  {
    return k.mask[n] & groupbit;
  }
  KOKKOS_FORCEINLINE_FUNCTION long long id(int n) const { return k.tag[n]; }
  template <bool ENERGY, class Slots>
  KOKKOS_FORCEINLINE_FUNCTION dem::RollingOutcome
  rolling(int i, int j, const Params &p, Vec3 n, double r1, double r2, double kn, double ks,
          double fn, Slots m, bool step, bool store, double dt) const
  {
    return dem::rolling_contact<Law, ENERGY>(p, n, r1, r2, omega(i), omega(j), rmass(i), frozen(i),
                                             rmass(j), frozen(j), kn, ks, fn, m, step, store, dt);
  }
};

// What the pair step scatters and sums in the kernel: atom i's force and torque in registers,
// added once after its neighbours (most atoms have no contact), j's as they come: into this
// thread's copy (dup_space), atomic (HALFTHREAD elsewhere) or plain (HALF); the energies into the
// reduction, the event counts in registers (the reduction is memory the compiler must assume the
// force updates may overwrite).
template <class Kernel, int NEIGHFLAG, class Sums> struct KernelTally {
  static constexpr bool DUP = NEIGHFLAG == HALFTHREAD && Kernel::dup_space;
  using Access = std::conditional_t<DUP, typename Kernel::Copies::access, NoCopies>;
  const Kernel &k;
  Sums &sums;
  Access f_copy, torque_copy;    // this thread's copies of f and torque (DUP)
  PairEvents<int> events;
  Vec3 fi{0.0, 0.0, 0.0}, ti{0.0, 0.0, 0.0};
  bool any_contact = false;

  KOKKOS_FORCEINLINE_FUNCTION void add(int n, const Vec3 &F, const Vec3 *T) const
  {
    if constexpr (DUP) {
      f_copy(n, 0) += F.x;
      f_copy(n, 1) += F.y;
      f_copy(n, 2) += F.z;
      if (T) {
        torque_copy(n, 0) += T->x;
        torque_copy(n, 1) += T->y;
        torque_copy(n, 2) += T->z;
      }
    } else {
      add3<NEIGHFLAG>(k.f, n, F);
      if (T) add3<NEIGHFLAG>(k.torque, n, *T);
    }
  }
  KOKKOS_FORCEINLINE_FUNCTION void central(int, int j, bool j_owned, Vec3 F)
  {
    any_contact = true;
    fi = fi - F;
    if (j_owned) add(j, F, nullptr);
  }
  KOKKOS_FORCEINLINE_FUNCTION void contact(int, int j, bool j_owned, Vec3 F, Vec3 tqi, Vec3 tqj,
                                           bool rolls, Vec3 moment)
  {
    any_contact = true;
    fi = fi - F;
    ti = ti + tqi;
    if (rolls) {
      ti = ti - moment;
      tqj = tqj + moment;
    }
    if (j_owned) add(j, F, &tqj);
  }
  KOKKOS_FORCEINLINE_FUNCTION void virial(int i, int j, bool j_owned, double energy, Vec3 d, Vec3 F)
  {
    k.template tally_pair<NEIGHFLAG>(sums, i, j, j_owned, energy, d, F);
  }
  // for PairDEMKokkos::compute to report
  // (coincident centres: an infinite overlap)
  KOKKOS_FORCEINLINE_FUNCTION void deep(int i, int j, double gap, double rsq, double rmin)
  {
    sums.record[PR_DEEP].offer_pair(k.tag[i], k.tag[j], rsq == 0.0 ? INFINITY : -gap, rmin);
  }
  // (EXTRA kernels only)
  KOKKOS_FORCEINLINE_FUNCTION void stretched(int i, int j, double gap)
  {
    sums.record[PR_STRETCHED].offer_pair(k.tag[i], k.tag[j], gap, 0.0);
  }
  KOKKOS_FORCEINLINE_FUNCTION void cracked(int i, int j, const dem::Contact &c, int mode, int count,
                                           double radius)
  {
    k.crack(i, j, c, mode, count, radius);
  }
};

// The kernel's tally of one atom; with DUP, it holds the thread's copies until it is destroyed
template <class Tally, class Kernel, class Sums>
KOKKOS_FORCEINLINE_FUNCTION Tally make_tally(const Kernel &k, Sums &sums)
{
  if constexpr (Tally::DUP)
    return Tally{k, sums, k.s_f.access(), k.s_torque.access()};
  else
    return Tally{k, sums, {}, {}};
}

// One owned atom i and its half list; pair_step (pair_step.h) does the work of each neighbour.
template <class DeviceType, class Law>
template <int NEIGHFLAG, int PLAIN, int TALLY, int ENERGY, int EXTRA>
KOKKOS_FORCEINLINE_FUNCTION void DEMKernel<DeviceType, Law>::atom(const int ii,
                                                                  PairSums<EXTRA> &sum) const
{
  const PairStepConstants k =
      pair_step_constants<Law, TALLY, ENERGY, PLAIN, EXTRA>(dt, parts, any_rgap, any_hold, bond);
  const int nh = k.nh;
  // What the loop over neighbours that do not touch reads, as locals (unmanaged views: no
  // reference counting): the compiler keeps a local's pointer and strides in registers, where a
  // functor member must be reloaded after every store that might alias it (a history or force
  // store, an atomic). Only these few: more locals would be spilled to the stack per atom.
  const auto x = local_view(this->x);
  const auto radius = local_view(this->radius);
  const auto d_neighbors = local_view(this->d_neighbors);
  const bool advance = PLAIN || update_history;

  const int i = d_ilist[ii];
  const double ri = radius[i];
  const Vec3 xi = row3(x, i);
  const KernelAtoms<DEMKernel, Law> a{*this, type[i]};

  using Tally = KernelTally<DEMKernel, NEIGHFLAG, PairSums<EXTRA>>;
  Tally tally = make_tally<Tally>(*this, sum);

  // i's contact flags and history slots as pointers, as in the CPU loop: no index arithmetic per
  // slot (the strides are 1 on the host)
  int *const touch_i = d_firsttouch.data() + i * d_firsttouch.stride(0);
  double *const hist_i = d_firstvalue.data() + i * d_firstvalue.stride(0);
  const auto tstride = d_firsttouch.stride(1), hstride = d_firstvalue.stride(1);

  const int jnum = d_numneigh[i];
  // On CPU threads, fetch the next atom's history early, as the CPU loop does (prefetch_history).
  // A thread runs a contiguous range of ii, so ii + 1 is usually its next atom. While most
  // neighbours touch, the values of 8 neighbours, not the CPU loop's 4: an atom's history is a row
  // of its own here (maxneighs contacts long, partly used), which the hardware does not stream
  // from the row before as it does the CPU loop's contiguous pages (in.packing, one thread: Pair
  // time 3.07 -> 2.25 s); in a dilute flow, whose contacts read little history, 8 ran 15 % slower
  KOKKOS_IF_ON_HOST(
      (if (ii + 1 < inum) prefetch_history(
           d_firstvalue.data() + d_ilist[ii + 1] * d_firstvalue.stride(0), dense ? 2 * nh : nh);))
  for (int jj = 0; jj < jnum; jj++) {
    const int j = d_neighbors(i, jj) & NEIGHMASK;
    // (newton pair is off: j's forces are added here if it is owned)
    pair_step<Law, TALLY, ENERGY, EXTRA, PLAIN>(
        a, i, j, row3(x, j) - xi, ri, radius[j], j < nlocal, touch_i[jj * tstride],
        StridedSlots{hist_i + nh * jj * hstride, static_cast<long>(hstride)}, k, advance, tally);
  }

  if (tally.any_contact) tally.add(i, tally.fi, &tally.ti);
  sum[PS_NEIGHBOURS] += jnum;
  add_events(sum, tally.events);
}

// The contact of atoms i and j as PairDEM::single reads it, from host copies of this style's half
// list and of the history fix's views (the device's after the last force computation)
template <class DeviceType, class Style>
const double *PairDEMKokkos<DeviceType, Style>::stored_contact(int &i, int &j, int &flag)
{
  auto *k_list = static_cast<NeighListKokkos<DeviceType> *>(this->list);
  if (!single_copies) {
    h_neighbors = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), k_list->d_neighbors);
    h_numneigh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), k_list->d_numneigh);
    fix_historyKK->k_firstflag.sync_host();
    fix_historyKK->k_firstvalue.sync_host();
    this->atomKK->sync(Host,
                       X_MASK | V_MASK | OMEGA_MASK | RADIUS_MASK | RMASS_MASK | TYPE_MASK |
                           TAG_MASK | MASK_MASK);
    single_copies = true;
  }
  auto find = [&](int a, int b) {
    const int n = h_numneigh(a);
    for (int k = 0; k < n; k++)
      if ((h_neighbors(a, k) & NEIGHMASK) == b) return k;
    return -1;
  };
  int jj = find(i, j);
  if (jj < 0 && j < this->atom->nlocal && (jj = find(j, i)) >= 0) std::swap(i, j);
  if (jj < 0) return nullptr;
  flag = fix_historyKK->k_firstflag.view_host()(i, jj);
  const int nh = this->size_history;
  single_slots.resize(nh);
  for (int k = 0; k < nh; k++)
    single_slots[k] = fix_historyKK->k_firstvalue.view_host()(i, nh * jj + k);
  return single_slots.data();
}

namespace DEM_NS {
#define DEM_INSTANTIATE(L) template class PairDEMKokkos<LMPDeviceType, LawStyle<L>>;
DEM_FOR_EACH_LAW(DEM_INSTANTIATE)
#undef DEM_INSTANTIATE
#ifdef LMP_KOKKOS_GPU
#define DEM_INSTANTIATE(L) template class PairDEMKokkos<LMPHostType, LawStyle<L>>;
DEM_FOR_EACH_LAW(DEM_INSTANTIATE)
#endif
}    // namespace DEM_NS
