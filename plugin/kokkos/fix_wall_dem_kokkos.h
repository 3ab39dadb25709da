// fix wall/dem/kk: the Kokkos version of fix wall/dem for plane walls (xplane, yplane, zplane),
// the z cylinder and meshes (static or moving: the mesh and its grid are copied to the device,
// its motion is the host's MeshFrame of the step; per-triangle rows are atomic sums). Parsing, outputs and restart data are FixWallDEM's; the per-atom wall
// history lives in a Kokkos DualView whose host side is FixWallDEMBase::hist, so the CPU fix's
// host routines (restart, legacy exchange) work on it after a sync. The kernel runs the same
// per-ball step as the CPU loop (wall_contacts.h). Region walls need LAMMPS's host-only Region
// and are refused, as are rigid bodies (like the dem/*/kk pair styles).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "fix_wall_dem.h"
#include "kokkos_base.h"
#include "kokkos_type.h"
#include "wall_contacts.h"

namespace DEM_NS {

// The creator LAMMPS calls for "fix ... wall/dem/kk LAW ...", on DeviceType.
template <class DeviceType> void *create_fix_wall_dem_kokkos(void *lmp, int narg, char **arg);

// ADH: the wall has adhesion, compiled into kernels of its own so that those without it stay as they were
template <bool ENERGY, bool ADH> struct TagWallDEM {};
template <bool ENERGY, bool ADH> struct TagWallMesh {};

// What one kernel launch sums: the fix outputs of this step (planes: two walls, two rows).
// total[] is the vector's V_FX .. V_CONTACTS, which follow the array's column order.
static_assert(FixWallDEMBase::V_CONTACTS - FixWallDEMBase::V_FX == FixWallDEMBase::A_CONTACTS - FixWallDEMBase::A_FX);
struct WallSums {
  static constexpr int MAXROWS = 2;
  double rows[MAXROWS][FixWallDEMBase::A_COUNT];
  double total[FixWallDEMBase::A_COUNT];    // force, torque, contacts (and normal force) over all walls
  double strain, slip, dashpot, plastic, adhesive, adh_loss, activated, overflow;
  long long deep_id;    // the deepest contact beyond the ball's radius (0: none), for the host to report
  double deep_overlap, deep_radius;

  KOKKOS_INLINE_FUNCTION WallSums()
  {
    for (int k = 0; k < FixWallDEMBase::A_COUNT; k++) {
      total[k] = 0.0;
      for (int r = 0; r < MAXROWS; r++) rows[r][k] = 0.0;
    }
    strain = slip = dashpot = plastic = adhesive = adh_loss = activated = overflow = 0.0;
    deep_id = 0;
    deep_overlap = deep_radius = 0.0;
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const WallSums &o)
  {
    for (int k = 0; k < FixWallDEMBase::A_COUNT; k++) {
      total[k] += o.total[k];
      for (int r = 0; r < MAXROWS; r++) rows[r][k] += o.rows[r][k];
    }
    strain += o.strain;
    slip += o.slip;
    dashpot += o.dashpot;
    plastic += o.plastic;
    adhesive += o.adhesive;
    adh_loss += o.adh_loss;
    activated += o.activated;
    overflow += o.overflow;
    if (o.deep_overlap > deep_overlap) deep(o.deep_id, o.deep_overlap, o.deep_radius);
  }
  KOKKOS_INLINE_FUNCTION void deep(long long id, double overlap, double radius)
  {
    if (overlap <= deep_overlap) return;
    deep_id = id;
    deep_overlap = overlap;
    deep_radius = radius;
  }
  // the Tally of wall_contacts
  KOKKOS_INLINE_FUNCTION void contact(int wall_id, dem::Vec3 F, dem::Vec3 T, double fn)
  {
    const double out[FixWallDEMBase::A_COUNT] = {F.x, F.y, F.z, T.x, T.y, T.z, 1.0, fn};
    double *row = rows[wall_id < MAXROWS ? wall_id : MAXROWS - 1];
    for (int k = 0; k < FixWallDEMBase::A_COUNT; k++) {
      row[k] += out[k];
      total[k] += out[k];
    }
  }
};

// The Tally of wall_contacts for one ball against a mesh: per-triangle rows (atomic adds into a
// device array, one row per triangle) and the ball's share of the sums.
struct MeshTally {
  double *rows;
  double total[FixWallDEMBase::A_COUNT];
  double strain = 0.0, slip = 0.0, dashpot = 0.0, plastic = 0.0, adhesive = 0.0, adh_loss = 0.0;
  double activated = 0.0, overflow = 0.0;
  long long deep_id = 0;
  double deep_overlap = 0.0, deep_radius = 0.0;

  KOKKOS_INLINE_FUNCTION explicit MeshTally(double *r) : rows(r)
  {
    for (int k = 0; k < FixWallDEMBase::A_COUNT; k++) total[k] = 0.0;
  }
  KOKKOS_INLINE_FUNCTION void deep(long long id, double overlap, double radius)
  {
    if (overlap <= deep_overlap) return;
    deep_id = id;
    deep_overlap = overlap;
    deep_radius = radius;
  }
  KOKKOS_INLINE_FUNCTION void contact(int row, dem::Vec3 F, dem::Vec3 T, double fn)
  {
    const double out[FixWallDEMBase::A_COUNT] = {F.x, F.y, F.z, T.x, T.y, T.z, 1.0, fn};
    for (int k = 0; k < FixWallDEMBase::A_COUNT; k++) {
      Kokkos::atomic_add(&rows[row * FixWallDEMBase::A_COUNT + k], out[k]);
      total[k] += out[k];
    }
  }
};

// The kernel functor: views and plain data only, so that it can be copied to a GPU.
template <class DeviceType, class Law> struct WallDEMKernel {
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;
  typedef WallSums value_type;

  typename AT::t_kkfloat_1d_3_lr_randomread x;
  typename AT::t_kkfloat_1d_3_randomread v, omega;
  typename AT::t_kkacc_1d_3 f, torque;
  typename AT::t_kkfloat_1d_randomread radius, rmass;
  typename AT::t_int_1d_randomread mask;
  typename AT::t_tagint_1d_randomread tag;
  typename AT::t_double_2d_lr hist;    // one row per atom (FixWallDEMBase::hist)

  typename Law::Params params;
  dem::Adhesion adh;    // the wall's adhesion (FixWallDEMBase::adh)
  dem::FixedWalls walls;
  dem::Vec3 origin{0.0, 0.0, 0.0};
  double dt = 0.0, max_gap = 0.0;
  int groupbit = 0, nslot = 0;
  int advance = 1;    // 0 during setup: replay stored forces
  dem::MeshWall mesh;            // mesh walls: pointers into the fix's device views
  double *mesh_rows = nullptr;   // one row of A_COUNT per triangle (device)

  // atom i as the wall step's ball, and its new force and torque written back (both loops)
  KOKKOS_INLINE_FUNCTION WallBall ball(const int i, const dem::Vec3 &xi) const;
  KOKKOS_INLINE_FUNCTION void store(const int i, const WallBall &b) const;
  // the adhesion the wall step sees: none, as a constant, in the kernels without it
  template <bool ADH> KOKKOS_INLINE_FUNCTION dem::Adhesion adhesion() const
  {
    if constexpr (ADH) return adh;
    else return dem::Adhesion{};
  }
  template <bool ENERGY, bool ADH>
  KOKKOS_INLINE_FUNCTION void operator()(TagWallDEM<ENERGY, ADH>, const int i, WallSums &sum) const;
  template <bool ENERGY, bool ADH>
  KOKKOS_INLINE_FUNCTION void operator()(TagWallMesh<ENERGY, ADH>, const int i, WallSums &sum) const;
};

template <class DeviceType, class Style>
class FixWallDEMKokkos : public FixWallDEM<Style>, public LAMMPS_NS::KokkosBase {
 public:
  typedef DeviceType device_type;
  typedef ArrayTypes<DeviceType> AT;
  using Law = typename Style::Law;

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
  int pack_exchange_kokkos(const int &nsend, DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d k_sendlist,
                           DAT::tdual_int_1d k_copylist, LAMMPS_NS::ExecutionSpace space) override;
  void unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf, DAT::tdual_int_1d &k_indices, int nrecv, int nrecv1,
                              int nextrarecv1, LAMMPS_NS::ExecutionSpace space) override;

 protected:
  void compute_walls(bool advance) override;
  template <template <bool, bool> class Tag> void launch(bool energy, WallSums &sum);

  DAT::tdual_double_2d_lr k_hist;    // its host view is this->hist
  WallDEMKernel<DeviceType, Law> kernel;

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
