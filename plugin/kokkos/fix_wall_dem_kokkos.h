// fix wall/dem/kk: the Kokkos version of fix wall/dem for plane walls (xplane, yplane, zplane),
// the z cylinder and meshes (static or moving: the mesh and its grid are copied to the device,
// its motion is the host's MeshFrame of the step; per-triangle rows are atomic sums). Parsing, outputs and restart data are FixWallDEM's; the per-atom wall
// history lives in a Kokkos DualView whose host side is FixWallDEMBase::hist, so the CPU fix's
// host routines (restart, legacy exchange) work on it after a sync. The kernel runs the same
// per-ball step as the CPU loop (wall_contacts.h), for the law of the fix's WallLaw. Region walls
// need LAMMPS's host-only Region and are refused, as are rigid bodies (like the dem/*/kk pair
// styles).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/dem/kk,DEM_NS::FixWallDEMKokkos<LMPDeviceType>);
FixStyle(wall/dem/kk/device,DEM_NS::FixWallDEMKokkos<LMPDeviceType>);
FixStyle(wall/dem/kk/host,DEM_NS::FixWallDEMKokkos<LMPHostType>);
// clang-format on
#else

#ifndef LMP_FIX_WALL_DEM_KOKKOS_H
#define LMP_FIX_WALL_DEM_KOKKOS_H

#include "device_cracks.h"
#include "fix_wall_dem.h"
#include "kokkos_base.h"
#include "kokkos_type.h"
#include "wall_contacts.h"

namespace DEM_NS {

// The creator the plugin registers for "fix ... wall/dem/kk LAW ...", on DeviceType.
template <class DeviceType> void *create_fix_wall_dem_kokkos(void *lmp, int narg, char **arg);

// ADH: the wall has adhesion, JOINT flat joints, each compiled into kernels of its own so that
// those without it stay as they were
template <bool ENERGY, bool ADH, bool JOINT> struct TagWallDEM {};
template <bool ENERGY, bool ADH, bool JOINT> struct TagWallMesh {};

// What the plane kernel sums: the wall sums, then the rows of its walls (two planes, or one
// cylinder). The mesh kernel's rows are per triangle, in device memory (atomic adds: MeshRows).
constexpr int PLANE_ROWS = 2;
using PlaneSums = StepSums<W_ROWS + PLANE_ROWS * A_COUNT, WR_COUNT>;
struct MeshRows {
  double *rows;
  KOKKOS_INLINE_FUNCTION void add(int row, const double *out) const
  {
    for (int k = 0; k < A_COUNT; k++) Kokkos::atomic_add(&rows[row * A_COUNT + k], out[k]);
  }
};

// The kernel functor: views and plain data only, so that it can be copied to a GPU.
template <class DeviceType, class Law> struct WallDEMKernel {
  typedef DeviceType device_type;
  using law_type = Law;
  typedef ArrayTypes<DeviceType> AT;
  // (no value_type: Kokkos takes each kernel's from its operator(), PlaneSums or WallSums)

  typename AT::t_kkfloat_1d_3_lr_randomread x;
  typename AT::t_kkfloat_1d_3_randomread v, omega;
  typename AT::t_kkacc_1d_3 f, torque;
  typename AT::t_kkfloat_1d_randomread radius, rmass;
  typename AT::t_int_1d_randomread mask;
  typename AT::t_tagint_1d_randomread tag;
  typename AT::t_double_2d_lr hist;    // one row per atom (FixWallDEMBase::hist)

  typename Law::Params params;
  dem::Adhesion adh;     // the wall's adhesion (FixWallDEMBase::adh)
  dem::BondStep bond;    // its dem_bond requests of the step (FixWallDEMBase::bond_step)
  DeviceCracks<DeviceType> cracks;
  dem::FixedWalls walls;
  dem::Vec3 origin{0.0, 0.0, 0.0};
  double dt = 0.0, max_gap = 0.0;
  int groupbit = 0, nslot = 0;
  int advance = 1;                // 0 during setup: replay stored forces
  dem::MeshWall mesh;             // mesh walls: pointers into the fix's device views
  double *mesh_rows = nullptr;    // one row of A_COUNT per triangle (device)

  // atom i as the wall step's ball, and its new force and torque written back (both loops)
  KOKKOS_INLINE_FUNCTION WallBall ball(const int i, const dem::Vec3 &xi) const;
  KOKKOS_INLINE_FUNCTION void store(const int i, const WallBall &b) const;
  // the adhesion the wall step sees: none, as a constant, in the kernels without it
  template <bool ADH> KOKKOS_INLINE_FUNCTION dem::Adhesion adhesion() const
  {
    if constexpr (ADH)
      return adh;
    else
      return dem::Adhesion{};
  }
  template <bool ENERGY, bool ADH, bool JOINT>
  KOKKOS_INLINE_FUNCTION void operator()(TagWallDEM<ENERGY, ADH, JOINT>, const int i,
                                         PlaneSums &sum) const;
  template <bool ENERGY, bool ADH, bool JOINT>
  KOKKOS_INLINE_FUNCTION void operator()(TagWallMesh<ENERGY, ADH, JOINT>, const int i,
                                         WallSums &sum) const;
};

template <class DeviceType>
class FixWallDEMKokkos : public FixWallDEM, public LAMMPS_NS::KokkosBase {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;

  FixWallDEMKokkos(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  ~FixWallDEMKokkos() override;
  void init() override;

  // host-side per-atom data: FixWallDEMBase's routines on the synced host view
  void grow_arrays(int nmax) override;
  void copy_arrays(int i, int j, int delflag) override;
  void set_arrays(int i) override;
  int pack_exchange(int i, double *buf) override;
  int unpack_exchange(int nlocal, double *buf) override;
  int pack_restart(int i, double *buf) override;
  void unpack_restart(int nlocal, int nth) override;

  // device-side: atom sorting and migration without a trip to the host
  void sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &sorter) override;
  int pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf,
                           DAT::tdual_int_1d k_sendlist, DAT::tdual_int_1d k_copylist,
                           LAMMPS_NS::ExecutionSpace space) override;
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d &k_indices,
                              int nrecv, int nrecv1, int nextrarecv1,
                              LAMMPS_NS::ExecutionSpace space) override;

 protected:
  // arg, after an error if this variant cannot run what it names (before the fix exists: the
  // constructor's first step, so that no constructor fails after FixWallDEM's has registered the
  // fix with Atom, see FixWallDEMBase::register_atom_arrays)
  static char **checked(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  void compute_walls(bool advance) override;
  template <class Style> void compute_law(const WallLaw<Style> &w, bool advance);
  template <template <bool, bool, bool> class Tag, class Kernel, class Sums>
  void launch(const Kernel &kernel, bool energy, Sums &sum);

  DAT::tdual_double_2d_lr k_hist;       // its host view is this->hist
  DeviceCracks<DeviceType> d_cracks;    // crack records (rows for twice the last step's bonds)
  double bonded_last = 0.0;             // this rank's bonded wall contacts after the last step
  void take_cracks(int step);

  // mesh walls: the mesh on the device (copied again when its grid was rebuilt)
  Kokkos::View<dem::MeshTri *, DeviceType> d_tri;
  Kokkos::View<dem::MeshPatch *, DeviceType> d_patch;
  Kokkos::View<int *, DeviceType> d_start, d_items;
  Kokkos::View<double *, DeviceType> d_rows;
  int uploaded_version = -1;

 public:    // (a function holding a device lambda must be public for nvcc)
  void upload_mesh();
  double local_max_radius();
};

}    // namespace DEM_NS

#endif
#endif
