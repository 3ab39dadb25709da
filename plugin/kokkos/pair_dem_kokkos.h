// pair_style dem/linear/kk, dem/hertz/kk: the Kokkos versions of PairDEM (CPU threads or GPU).
// The kernel calls the CPU loop's step for each neighbour (pair_step.h); this file only
// moves data between LAMMPS's Kokkos views and the step, with the CPU style's history layout
// and tallies.
// Limits: newton pair off and half neighbor lists (FixNeighHistoryKokkos), double precision,
// no rigid bodies. compute pair/local (single) reads host copies of the list and the history.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "device_cracks.h"
#include "kokkos_type.h"
#include "pair_dem.h"

#include <Kokkos_ScatterView.hpp>
#include <type_traits>
#include <utility>

namespace LAMMPS_NS {
template <class DeviceType> class FixNeighHistoryKokkos;
}

namespace DEM_NS {

// The core works in double; KOKKOS single or mixed precision would silently change the numbers.
static_assert(std::is_same_v<KK_FLOAT, double> && std::is_same_v<KK_ACC_FLOAT, double>,
              "the dem/*/kk styles need LAMMPS built with KOKKOS_PREC=double");

// TALLY, ENERGY and EXTRA as in the CPU loop (PairDEM::loop_body): energies and virial wanted, the
// dissipation booked, some pair of types has an optional contact part (adhesion, contacts that hold,
// bonds: pair_step.h), each compiled into kernels of their own so
// that the kernels without them stay as they were. PLAIN: every pair of types has the
// law's common settings, as constants (Law::plain), and the step advances the history (as the
// CPU loop's PLAIN). Newton pair is always off (init_style).
template <int NEIGHFLAG, int PLAIN, int TALLY, int ENERGY, int EXTRA> struct TagDEMCompute {};

// The threads' copies of an n x 3 view (DUP): a duplicated ScatterView, and the access of the
// thread that holds it (its unique token: taken when made, given back when destroyed)
struct NoCopies {};
template <class View, class Device, bool DUP> struct ThreadCopies {
  using view = int;
  using access = NoCopies;
};
template <class View, class Device> struct ThreadCopies<View, Device, true> {
  using view =
      Kokkos::Experimental::ScatterView<typename View::data_type, typename View::array_layout,
                                        Device, Kokkos::Experimental::ScatterSum,
                                        Kokkos::Experimental::ScatterDuplicated>;
  using access = decltype(std::declval<const view &>().access());
};

// The kernel functor: views and scalars only (no std containers, no host pointers, no vtable),
// so it can be copied to a GPU. LAMMPS's own Kokkos pair styles launch the pair object itself
// (guarded by copymode); PairDEM holds std::vectors, so the kernel state lives here instead
// and is refreshed by PairDEMKokkos::compute every step.
template <class DeviceType, class Law> struct DEMKernel {
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;
  // (no value_type: Kokkos takes each kernel's from its operator(), PairSums<EXTRA> (pair_step.h))

  typename AT::t_kkfloat_1d_3_lr_randomread x;
  typename AT::t_kkfloat_1d_3_randomread v, omega;
  typename AT::t_kkacc_1d_3 f, torque;
  typename AT::t_kkfloat_1d_randomread radius, rmass;
  typename AT::t_int_1d_randomread type, mask;
  typename AT::t_tagint_1d_randomread tag;
  typename AT::t_kkacc_1d d_eatom;
  typename AT::t_kkacc_1d_6 d_vatom;

  typename AT::t_neighbors_2d d_neighbors;
  typename AT::t_int_1d_randomread d_ilist, d_numneigh;
  typename AT::t_int_2d d_firsttouch;        // FixNeighHistoryKokkos: contact flag per (i, jj)
  typename AT::t_kkfloat_2d d_firstvalue;    // and its ContactHistory::size slots per (i, jj)
  Kokkos::View<typename Law::Params **, typename KKDevice<DeviceType>::value> d_params;
  Kokkos::View<dem::Adhesion **, typename KKDevice<DeviceType>::value> d_adh;    // PairDEM::adh

  // HALFTHREAD lists on CPU threads (LAMMPS's NeedDup): each thread adds the forces and torques
  // of its pairs into a copy of f and torque of its own (Kokkos's duplicated ScatterView), which
  // PairDEMKokkos adds into f and torque after the kernel (contribute), instead of atomic adds (a
  // lock cmpxchg loop per component, which kept two threads at 1.1-1.2x the speed of one). On a
  // GPU the adds stay atomic. (Copies of its own, summed and zeroed in one pass over the owned
  // rows, took 4.9 % less pair time on bench/in.packing on two threads: bench/README.md.)
  static constexpr bool dup_space =
      std::is_same_v<NeedDup_v<HALFTHREAD, DeviceType>, Kokkos::Experimental::ScatterDuplicated>;
  using Copies =
      ThreadCopies<typename AT::t_kkacc_1d_3, typename KKDevice<DeviceType>::value, dup_space>;
  typename Copies::view s_f{}, s_torque{};

  int nlocal = 0, inum = 0;
  double dt = 0.0;
  int update_history = 0;    // 0 during setup: replay the stored force, do not advance it
  int arithmetic_meff = 0, track_energy = 0;
  int freeze_group_bit = 0;    // group of fix freeze: its atoms count as infinitely heavy
  int any_rgap = 0;            // some pair of types has a reference gap
  int any_hold = 0;            // some pair of types holds contacts beyond g_s = 0
  dem::BondStep bond;          // contact bonds (dem_bond)
  int dense = 0;               // most neighbours touched on the last step (the history prefetch)
  int parts = 0;               // the dem::HistoryParts of the contact history (see PairDEM)
  int eflag_global = 0, eflag_atom = 0, vflag_global = 0, vflag_atom = 0;
  // crack records (fix dem/cracks; PairDEMBase::cracks) of pairs of atoms both in cracks.groupbit
  // (0: none recorded)
  DeviceCracks<typename KKDevice<DeviceType>::value> cracks;

  KOKKOS_FUNCTION void crack(int i, int j, const dem::Contact &c, int mode, int count,
                             double radius) const;
  template <int NEIGHFLAG, class Sums>
  KOKKOS_FORCEINLINE_FUNCTION void tally_pair(Sums &sum, int i, int j, bool j_owned, double energy,
                                              const dem::Vec3 &d, const dem::Vec3 &F) const;
  template <int NEIGHFLAG, int PLAIN, int TALLY, int ENERGY, int EXTRA>
  KOKKOS_FORCEINLINE_FUNCTION void operator()(TagDEMCompute<NEIGHFLAG, PLAIN, TALLY, ENERGY, EXTRA>,
                                              const int ii, PairSums<EXTRA> &sum) const
  {
    atom<NEIGHFLAG, PLAIN, TALLY, ENERGY, EXTRA>(ii, sum);
  }
  template <int NEIGHFLAG, int PLAIN, int TALLY, int ENERGY, int EXTRA>
  KOKKOS_FORCEINLINE_FUNCTION void atom(const int ii, PairSums<EXTRA> &sum) const;
};

template <class DeviceType, class Style> class PairDEMKokkos : public PairDEM<Style> {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;

  PairDEMKokkos(LAMMPS_NS::LAMMPS *lmp);
  ~PairDEMKokkos() override;
  void compute(int eflag, int vflag) override;
  void init_style() override;

 protected:
  std::string history_fix_style() const override;
  template <int NEIGHFLAG, int PLAIN, int TALLY, int ENERGY, int EXTRA>
  void launch(int inum, PairSums<1> &sum);

  DEMKernel<DeviceType, typename Style::Law> kernel;
  LAMMPS_NS::FixNeighHistoryKokkos<DeviceType> *fix_historyKK = nullptr;
  int neighflag = 0;
  bool adh_uploaded =
      false;    // the adhesion table is copied to the device after init_one (its range)
  DAT::ttransform_kkacc_1d k_eatom;
  DAT::ttransform_kkacc_1d_6 k_vatom;

  // single() (compute pair/local): the neighbor list and the contact history of the last force
  // computation, copied to the host on the first call after it (then reused)
  const double *stored_contact(int &i, int &j, int &flag) override;
  bool single_copies = false;
  decltype(Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(),
                                               typename AT::t_neighbors_2d())) h_neighbors;
  decltype(Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(),
                                               typename AT::t_int_1d())) h_numneigh;
  std::vector<double>
      single_slots;            // one contact's slots, contiguous (the view's may be strided)
  double bonded_last = 0.0;    // bonded contacts at the last step (the crack rows' room)
  void take_cracks(int step);
};

}    // namespace DEM_NS
