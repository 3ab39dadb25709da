// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_wall_dem_kokkos.h"
#include "laws.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "kokkos.h"
#include "memory_kokkos.h"
#include "neighbor.h"
#include "update.h"
#include "wall_mesh.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

using namespace LAMMPS_NS;
using namespace DEM_NS;
using dem::Vec3;

namespace DEM_NS {

template <class DeviceType> void *create_fix_wall_dem_kokkos(void *lmp, int narg, char **arg)
{
  return new FixWallDEMKokkos<DeviceType>(static_cast<LAMMPS *>(lmp), narg, arg);
}

}    // namespace DEM_NS

template <class DeviceType>
char **FixWallDEMKokkos<DeviceType>::checked(LAMMPS *lmp, int narg, char **arg)
{
  if (!lmp->kokkos || !lmp->kokkos->kokkos_exists)
    lmp->error->all(FLERR,
                    "Fix wall/dem/kk needs the KOKKOS package enabled: run LAMMPS with -k on");
  const int iwall = first_wall_style_arg(narg, arg);
  if (iwall < narg && strcmp(arg[iwall], "region") == 0)
    lmp->error->all(
        FLERR,
        "Fix wall/dem/kk supports the wall styles xplane, yplane, zplane, zcylinder and mesh, not "
        "region: use fix wall/dem for region walls (with -sf kk: 'suffix off' before the fix "
        "command, 'suffix on' after it)");
  return FixWallDEM::known_law(lmp, narg, arg, "wall/dem/kk");
}

template <class DeviceType>
FixWallDEMKokkos<DeviceType>::FixWallDEMKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixWallDEM(lmp, narg, checked(lmp, narg, arg))
{
  // (this->style is still the name without the suffix when the fix was made through -sf kk)
  // nothing here may fail: see checked
  this->kokkosable = 1;
  this->atomKK = (AtomKokkos *) this->atom;
  this->execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  this->datamask_read = X_MASK | V_MASK | OMEGA_MASK | F_MASK | TORQUE_MASK | RADIUS_MASK |
      RMASS_MASK | MASK_MASK | TAG_MASK;
  this->datamask_modify = F_MASK | TORQUE_MASK;
  this->exchange_comm_device = 1;
  this->sort_device = 1;

  // the history the base class allocated on the host moves into the DualView
  this->memory->destroy(this->hist);
  grow_arrays(this->atom->nmax);
  for (int i = 0; i < this->atom->nlocal; i++) FixWallDEMBase::set_arrays(i);
  k_hist.modify_host();
}

template <class DeviceType> FixWallDEMKokkos<DeviceType>::~FixWallDEMKokkos()
{
  if (this->copymode) return;
  this->memoryKK->destroy_kokkos(k_hist, this->hist);    // leaves hist null for ~FixWallDEMBase
}

template <class DeviceType> void FixWallDEMKokkos<DeviceType>::init()
{
  FixWallDEM::init();
  if (this->fix_rigid)
    this->error->all(FLERR,
                     "Fix wall/dem/kk does not support rigid bodies (fix {}) yet: use fix wall/dem",
                     this->fix_rigid->style);
}

template <class DeviceType> void FixWallDEMKokkos<DeviceType>::compute_walls(bool advance)
{
  std::visit(
      [&](const auto &w) {
        compute_law(w, advance);
      },
      this->wall_law);
}

template <class DeviceType>
template <class Style>
void FixWallDEMKokkos<DeviceType>::compute_law(const WallLaw<Style> &w, bool advance)
{
  this->atomKK->sync(this->execution_space, this->datamask_read);
  k_hist.template sync<DeviceType>();

  WallDEMKernel<DeviceType, typename Style::Law> k;
  k.x = this->atomKK->k_x.template view<DeviceType>();
  k.v = this->atomKK->k_v.template view<DeviceType>();
  k.omega = this->atomKK->k_omega.template view<DeviceType>();
  k.f = this->atomKK->k_f.template view<DeviceType>();
  k.torque = this->atomKK->k_torque.template view<DeviceType>();
  k.radius = this->atomKK->k_radius.template view<DeviceType>();
  k.rmass = this->atomKK->k_rmass.template view<DeviceType>();
  k.mask = this->atomKK->k_mask.template view<DeviceType>();
  k.tag = this->atomKK->k_tag.template view<DeviceType>();
  k.hist = k_hist.template view<DeviceType>();
  k.params = w.params;
  k.adh = this->adh;
  k.bond = this->bond_step(advance);
  d_cracks.groupbit = this->record_cracks && advance ? this->crack_groupbit : 0;
  if (d_cracks.groupbit) d_cracks.reserve(bonded_last, "wall/dem/kk:cracks");
  k.cracks = d_cracks;
  k.walls = this->fixed;
  k.origin = this->origin;
  k.dt = this->update->dt;
  k.max_gap = this->max_gap;
  k.groupbit = this->groupbit;
  k.nslot = this->nslot;
  k.advance = advance ? 1 : 0;

  WallSums sum;    // (the plane kernel's rows go to rows_local)
  if (this->mesh) {
    // a particle larger than the grid reaches (inserted or grown since): a grid that reaches it,
    // on the step it appears, and the step's view of the mesh with the new grid's geometry (as
    // FixWallDEMBase::find_touches). The grid is this rank's own: the contacts do not depend on it.
    const double reach = mesh_reach(local_max_radius(), this->max_gap);
    if (reach > this->mesh->data.grid.margin) {
      build_grid(this->mesh->data, 1.25 * reach);
      this->mesh_now = this->mesh->view();
    }
    upload_mesh();
    Kokkos::deep_copy(d_rows, 0.0);
    k.mesh = this->mesh_now;
    k.mesh.tri = d_tri.data();
    k.mesh.patch = d_patch.data();
    k.mesh.grid.start = d_start.data();
    k.mesh.grid.items = d_items.data();
    k.mesh_rows = d_rows.data();
    launch<TagWallMesh>(k, this->track_energy && advance, sum);
  } else {
    PlaneSums planes;
    launch<TagWallDEM>(k, this->track_energy && advance, planes);
    for (int k = 0; k < W_SUMS; k++) sum[k] = planes[k];
    for (int r = 0; r < WR_COUNT; r++) sum.record[r] = planes.record[r];
    for (int k = 0; k < this->nrows * A_COUNT; k++) this->rows_local[k] = planes[W_ROWS + k];
  }

  k_hist.template modify<DeviceType>();
  this->atomKK->modified(this->execution_space, this->datamask_modify);
  bonded_last = sum[V_BONDED];
  if (d_cracks.groupbit && sum[V_BROKE_TENSION] + sum[V_BROKE_SHEAR] > 0.0)
    take_cracks(this->update->ntimestep);
  if (sum[W_OVERFLOW] > 0.0)
    this->error->one(FLERR,
                     "Fix wall/dem/kk: more wall contacts for one particle than slots ({}){}",
                     this->nslot,
                     this->mesh ? fmt::format(" or more than {} facet patches within its reach",
                                              dem::MESH_MAX_CANDIDATES)
                                : "");

  // the same outputs as FixWallDEM::loop
  if (this->mesh) {
    auto h_rows = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d_rows);
    std::copy(h_rows.data(), h_rows.data() + h_rows.extent(0), this->rows_local.begin());
  }
  this->add_step_sums(sum);
}

// The kernel of wall kind Tag (TagWallDEM, TagWallMesh) for energy tracking, the wall's adhesion
// and flat joints (only for a law with joints: the others compile no joint kernels).
template <class DeviceType>
template <template <bool, bool, bool> class Tag, class Kernel, class Sums>
void FixWallDEMKokkos<DeviceType>::launch(const Kernel &kernel, bool energy, Sums &sum)
{
  using Law = typename Kernel::law_type;
  const int nlocal = this->atom->nlocal;
  auto run = [&](auto tag) {
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType, decltype(tag)>(0, nlocal), kernel, sum);
  };
  const bool adh = this->adh.model != dem::ADH_NONE;
  auto run_joint = [&](auto joint) {    // joint: std::bool_constant
    constexpr bool JOINT = decltype(joint)::value;
    if (energy)
      adh ? run(Tag<true, true, JOINT>{}) : run(Tag<true, false, JOINT>{});
    else
      adh ? run(Tag<false, true, JOINT>{}) : run(Tag<false, false, JOINT>{});
  };
  if constexpr (Law::Parts::template has<dem::FlatJointPart>())
    if (Law::Parts::uses_joint(kernel.params)) return run_joint(std::true_type{});
  run_joint(std::false_type{});
}

// The kernel's crack records of this step into FixWallDEMBase::cracks; rows beyond the view's room
// were lost: a warning, and room for them from the next step on
template <class DeviceType> void FixWallDEMKokkos<DeviceType>::take_cracks(int step)
{
  const int lost = d_cracks.take(this->cracks);
  if (lost)
    this->error->warning(FLERR,
                         "Fix {} {}: {} crack records of step {} did not fit the device's rows and "
                         "are lost (the counts of broken bonds stay exact); the rows grow for the "
                         "next steps",
                         this->id, this->style, lost, step);
}

// The mesh on the device: copied when its grid was (re)built.
template <class DeviceType> void FixWallDEMKokkos<DeviceType>::upload_mesh()
{
  const MeshData &m = this->mesh->data;
  if (uploaded_version == m.grid_version) return;
  auto copy = [](auto &dev, const auto &vec, const char *name) {
    using T = typename std::decay_t<decltype(vec)>::value_type;
    dev = std::decay_t<decltype(dev)>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(name)), vec.size());
    Kokkos::View<const T *, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> host(
        vec.data(), vec.size());
    Kokkos::deep_copy(dev, host);
  };
  copy(d_tri, m.tri, "wall/dem/kk:mesh_tri");
  copy(d_patch, m.patch, "wall/dem/kk:mesh_patch");
  copy(d_start, m.start, "wall/dem/kk:mesh_start");
  copy(d_items, m.items, "wall/dem/kk:mesh_items");
  d_rows = Kokkos::View<double *, DeviceType>("wall/dem/kk:mesh_rows", m.tri.size() * A_COUNT);
  uploaded_version = m.grid_version;
}

// largest radius of the group's particles on this rank
template <class DeviceType> double FixWallDEMKokkos<DeviceType>::local_max_radius()
{
  auto radius = this->atomKK->k_radius.template view<DeviceType>();
  auto mask = this->atomKK->k_mask.template view<DeviceType>();
  const int groupbit = this->groupbit;
  double rmax = 0.0;
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<DeviceType>(0, this->atom->nlocal),
      KOKKOS_LAMBDA(const int i, double &m) {
        if ((mask[i] & groupbit) && radius[i] > m) m = radius[i];
      },
      Kokkos::Max<double>(rmax));
  return rmax;
}

template <class DeviceType, class Law>
KOKKOS_INLINE_FUNCTION WallBall WallDEMKernel<DeviceType, Law>::ball(const int i,
                                                                     const dem::Vec3 &xi) const
{
  return WallBall{
      xi,       {v(i, 0), v(i, 1), v(i, 2)}, {omega(i, 0), omega(i, 1), omega(i, 2)},    radius[i],
      rmass[i], {f(i, 0), f(i, 1), f(i, 2)}, {torque(i, 0), torque(i, 1), torque(i, 2)}, tag[i],
      mask[i]};
}

template <class DeviceType, class Law>
KOKKOS_INLINE_FUNCTION void WallDEMKernel<DeviceType, Law>::store(const int i,
                                                                  const WallBall &b) const
{
  f(i, 0) = b.f.x;
  f(i, 1) = b.f.y;
  f(i, 2) = b.f.z;
  torque(i, 0) = b.t.x;
  torque(i, 1) = b.t.y;
  torque(i, 2) = b.t.z;
}

// One owned atom against a mesh: FixWallDEM::loop's body for mesh walls.
template <class DeviceType, class Law>
template <bool ENERGY, bool ADH, bool JOINT>
KOKKOS_INLINE_FUNCTION void
WallDEMKernel<DeviceType, Law>::operator()(TagWallMesh<ENERGY, ADH, JOINT>, const int i,
                                           WallSums &sum) const
{
  if (!(mask[i] & groupbit)) return;
  const int stride = wall_stride<Law>(params);
  const Vec3 xi{x(i, 0), x(i, 1), x(i, 2)};
  const double r = radius[i];
  dem::WallTouch touches[dem::MESH_MAX_CANDIDATES];
  const int nt = mesh.touches(xi, r, mesh_reach(r, max_gap), r + max_gap, touches);
  double *row = &hist(i, 0);
  if (nt < 0) {
    sum[W_OVERFLOW] += 1.0;
    return;
  }
  if (nt == 0) {
    wall_release_all(row, nslot, stride, tag[i], sum);
    return;
  }
  if (advance) dem::mesh_handover(mesh, touches, nt, row, nslot, stride);
  WallBall b = ball(i, xi);
  WallSums ball_sums;    // (in registers, the reduction's memory touched once)
  WallTally<WallSums, MeshRows, DeviceCracks<DeviceType>> t{ball_sums, {mesh_rows}, cracks};
  wall_contacts<Law, ENERGY, ADH, JOINT ? dem::EXTRA_JOINTS : dem::EXTRA_PARTS>(
      params, adhesion<ADH>(), bond, touches, nt, row, nslot, b, dt, advance, origin, t);
  store(i, b);
  sum += ball_sums;
}

// One owned atom against the walls: the body of FixWallDEM::loop.
template <class DeviceType, class Law>
template <bool ENERGY, bool ADH, bool JOINT>
KOKKOS_INLINE_FUNCTION void
WallDEMKernel<DeviceType, Law>::operator()(TagWallDEM<ENERGY, ADH, JOINT>, const int i,
                                           PlaneSums &sum) const
{
  if (!(mask[i] & groupbit)) return;
  const int stride = wall_stride<Law>(params);
  const Vec3 xi{x(i, 0), x(i, 1), x(i, 2)};
  const double r = radius[i];
  dem::WallTouch touches[PLANE_ROWS];
  const int nt = walls.touches(xi, wall_reach(r, max_gap), touches);
  double *row = &hist(i, 0);
  if (nt == 0) {
    wall_release_all(row, nslot, stride, tag[i], sum);
    return;
  }
  WallBall b = ball(i, xi);
  WallTally<PlaneSums, PlainRows, DeviceCracks<DeviceType>> t{
      sum, {&sum[W_ROWS], PLANE_ROWS}, cracks};
  wall_contacts<Law, ENERGY, ADH, JOINT ? dem::EXTRA_JOINTS : dem::EXTRA_PARTS>(
      params, adhesion<ADH>(), bond, touches, nt, row, nslot, b, dt, advance, origin, t);
  store(i, b);
}

// ---------------------------------------------------------------------------------------------
// Host-side per-atom data: the base class's routines, with the host view synced first and
// marked modified after a write.

template <class DeviceType> void FixWallDEMKokkos<DeviceType>::grow_arrays(int nmax)
{
  k_hist.sync_host();    // grow on the host, keeping the contents
  k_hist.modify_host();
  this->memoryKK->grow_kokkos(k_hist, this->hist, nmax, this->nslot * this->stride,
                              "wall/dem/kk:history");
}

template <class DeviceType>
void FixWallDEMKokkos<DeviceType>::copy_arrays(int i, int j, int delflag)
{
  k_hist.sync_host();
  FixWallDEM::copy_arrays(i, j, delflag);
  k_hist.modify_host();
}

template <class DeviceType> void FixWallDEMKokkos<DeviceType>::set_arrays(int i)
{
  k_hist.sync_host();
  FixWallDEM::set_arrays(i);
  k_hist.modify_host();
}

template <class DeviceType> int FixWallDEMKokkos<DeviceType>::pack_exchange(int i, double *buf)
{
  k_hist.sync_host();
  return FixWallDEM::pack_exchange(i, buf);
}

template <class DeviceType>
int FixWallDEMKokkos<DeviceType>::unpack_exchange(int nlocal, double *buf)
{
  k_hist.sync_host();
  const int n = FixWallDEM::unpack_exchange(nlocal, buf);
  k_hist.modify_host();
  return n;
}

template <class DeviceType> int FixWallDEMKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  k_hist.sync_host();
  return FixWallDEM::pack_restart(i, buf);
}

template <class DeviceType> void FixWallDEMKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  k_hist.sync_host();
  FixWallDEM::unpack_restart(nlocal, nth);
  k_hist.modify_host();
}

// ---------------------------------------------------------------------------------------------
// Device-side sorting and migration. Exchange buffer: each atom's row, nslot * stride doubles,
// at a fixed offset (k * row length for the k-th atom sent or received).

template <class DeviceType>
void FixWallDEMKokkos<DeviceType>::sort_kokkos(Kokkos::BinSort<KeyViewType, BinOp> &sorter)
{
  k_hist.sync_device();    // LAMMPS sorts on the device
  sorter.sort(LMPDeviceType(), k_hist.view_device());
  k_hist.modify_device();
}

template <class DeviceType>
int FixWallDEMKokkos<DeviceType>::pack_exchange_kokkos(const int &nsend,
                                                       DAT::tdual_double_2d_lr &k_buf,
                                                       DAT::tdual_int_1d k_sendlist,
                                                       DAT::tdual_int_1d k_copylist,
                                                       ExecutionSpace space)
{
  k_hist.template sync<DeviceType>();
  k_buf.template sync<DeviceType>();
  k_sendlist.template sync<DeviceType>();
  k_copylist.template sync<DeviceType>();
  const auto hist = k_hist.template view<DeviceType>();
  const auto sendlist = k_sendlist.template view<DeviceType>();
  const auto copylist = k_copylist.template view<DeviceType>();
  const typename AT::t_double_1d_um buf(k_buf.template view<DeviceType>().data(),
                                        k_buf.extent(0) * k_buf.extent(1));
  const int n = this->nslot * this->stride;

  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, nsend), KOKKOS_LAMBDA(const int k) {
        const int i = sendlist(k);
        for (int m = 0; m < n; m++) buf(k * n + m) = hist(i, m);
        const int j = copylist(k);    // the atom that fills i's place (-1: none)
        if (j > -1)
          for (int m = 0; m < n; m++) hist(i, m) = hist(j, m);
      });

  k_buf.template modify<DeviceType>();
  if (space == Device)
    k_buf.sync_device();
  else
    k_buf.sync_host();
  k_hist.template modify<DeviceType>();
  return nsend * n;
}

template <class DeviceType>
void FixWallDEMKokkos<DeviceType>::unpack_exchange_kokkos(DAT::tdual_double_2d_lr &k_buf,
                                                          DAT::tdual_int_1d &k_indices, int nrecv,
                                                          int, int, ExecutionSpace)
{
  k_hist.template sync<DeviceType>();
  k_buf.template sync<DeviceType>();
  k_indices.template sync<DeviceType>();
  const auto hist = k_hist.template view<DeviceType>();
  const auto indices = k_indices.template view<DeviceType>();
  const typename AT::t_double_1d_um buf(k_buf.template view<DeviceType>().data(),
                                        k_buf.extent(0) * k_buf.extent(1));
  const int n = this->nslot * this->stride;

  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, nrecv), KOKKOS_LAMBDA(const int k) {
        const int i = indices(k);    // where the k-th received atom went (-1: not kept)
        if (i > -1)
          for (int m = 0; m < n; m++) hist(i, m) = buf(k * n + m);
      });
  k_hist.template modify<DeviceType>();
}

namespace DEM_NS {
template void *create_fix_wall_dem_kokkos<LMPDeviceType>(void *, int, char **);
template class FixWallDEMKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template void *create_fix_wall_dem_kokkos<LMPHostType>(void *, int, char **);
template class FixWallDEMKokkos<LMPHostType>;
#endif
}    // namespace DEM_NS
