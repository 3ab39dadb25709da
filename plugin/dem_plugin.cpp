// Registers the plugin's styles with LAMMPS ("plugin load dem_plugin.so" or LAMMPS_PLUGIN_PATH).
// SPDX-License-Identifier: GPL-2.0-or-later
#include "lammpsplugin.h"
#include "version.h"

#include "pair_dem_linear.h"
#ifdef LMP_KOKKOS
#include "kokkos/pair_dem_linear_kokkos.h"
#endif

using namespace LAMMPS_NS;

namespace {

template <class Style> void *create_pair(void *lmp)
{
  return new Style(static_cast<LAMMPS *>(lmp));
}

void register_pair(const char *name, const char *info, lammpsplugin_factory1 *factory, void *lmp,
                   void *handle, void *regfunc)
{
  lammpsplugin_t plugin;
  plugin.version = LAMMPS_VERSION;
  plugin.style = "pair";
  plugin.name = name;
  plugin.info = info;
  plugin.author = "lammps-dem-plugin developers";
  plugin.creator.v1 = factory;
  plugin.handle = handle;
  (*reinterpret_cast<lammpsplugin_regfunc>(regfunc))(&plugin, lmp);
}

}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  register_pair("dem/linear", "PFC linear contact model", &create_pair<DEM_NS::PairDEMLinear>,
                lmp, handle, regfunc);
#ifdef LMP_KOKKOS
  using Device = DEM_NS::PairDEMLinearKokkos<LMPDeviceType>;
  using Host = DEM_NS::PairDEMLinearKokkos<LMPHostType>;
  register_pair("dem/linear/kk", "PFC linear contact model (Kokkos)", &create_pair<Device>, lmp, handle, regfunc);
  register_pair("dem/linear/kk/device", "PFC linear contact model (Kokkos)", &create_pair<Device>, lmp, handle, regfunc);
  register_pair("dem/linear/kk/host", "PFC linear contact model (Kokkos)", &create_pair<Host>, lmp, handle, regfunc);
#endif
}
