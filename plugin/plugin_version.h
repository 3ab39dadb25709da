// The plugin's own version as text (CMake's project version, passed as DEM_VERSION_MAJOR, _MINOR
// and _PATCH): printed when LAMMPS loads the plugin and written into restart records.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#if !defined(DEM_VERSION_MAJOR) || !defined(DEM_VERSION_MINOR) || !defined(DEM_VERSION_PATCH)
#error "DEM_VERSION_MAJOR, DEM_VERSION_MINOR and DEM_VERSION_PATCH come from CMakeLists.txt"
#endif
#define DEM_VERSION_TEXT2(x) #x
#define DEM_VERSION_TEXT(x) DEM_VERSION_TEXT2(x)
#define DEM_PLUGIN_VERSION            \
  DEM_VERSION_TEXT(DEM_VERSION_MAJOR) \
  "." DEM_VERSION_TEXT(DEM_VERSION_MINOR) "." DEM_VERSION_TEXT(DEM_VERSION_PATCH)
