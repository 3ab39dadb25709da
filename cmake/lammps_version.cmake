# The LAMMPS versions the plugin supports, checked at configure time so that an older LAMMPS stops
# here with a message rather than with a compiler error in its headers.
# SPDX-License-Identifier: GPL-2.0-or-later

# the oldest LAMMPS the plugin builds and is tested against (tools/compat_check)
set(DEM_OLDEST_LAMMPS "4 Feb 2025")
# the oldest Kokkos the /kk styles are built with (tools/gpu_bundle's CUDA build); LAMMPS before
# 2026 bundles Kokkos 4.x, against which they are not built
set(DEM_OLDEST_KOKKOS 5.0)

# "4 Feb 2025" -> 20250204 in out_var, or "" when the text is not such a date
function(dem_lammps_date_number text out_var)
  set(months Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
  set(number "")
  if(text MATCHES "^([0-9]+) ([A-Z][a-z][a-z]) ([0-9][0-9][0-9][0-9])$")
    list(FIND months ${CMAKE_MATCH_2} month)
    if(month GREATER_EQUAL 0)
      math(EXPR number "${CMAKE_MATCH_3} * 10000 + (${month} + 1) * 100 + ${CMAKE_MATCH_1}")
    endif()
  endif()
  set(${out_var} "${number}" PARENT_SCOPE)
endfunction()

# Reads LAMMPS_VERSION from src/version.h of the LAMMPS source tree lammps_dir into
# DEM_LAMMPS_VERSION (the parent's scope) and stops when it is older than DEM_OLDEST_LAMMPS.
function(dem_check_lammps_version lammps_dir)
  set(header ${lammps_dir}/src/version.h)
  file(STRINGS ${header} line REGEX "^#define LAMMPS_VERSION ")
  if(NOT line MATCHES "\"([^\"]*)\"")
    message(FATAL_ERROR "No LAMMPS_VERSION in ${header}: cannot tell which LAMMPS this is "
      "(the plugin needs LAMMPS ${DEM_OLDEST_LAMMPS} or newer)")
  endif()
  set(version "${CMAKE_MATCH_1}")
  dem_lammps_date_number("${version}" found)
  dem_lammps_date_number("${DEM_OLDEST_LAMMPS}" oldest)
  if(NOT found)
    message(FATAL_ERROR "LAMMPS_VERSION \"${version}\" in ${header} is not a date like \"${DEM_OLDEST_LAMMPS}\": "
      "cannot tell whether this LAMMPS is new enough (the plugin needs ${DEM_OLDEST_LAMMPS} or newer)")
  endif()
  if(found LESS oldest)
    message(FATAL_ERROR "LAMMPS ${version} (in ${lammps_dir}) is older than the oldest LAMMPS the plugin "
      "supports, ${DEM_OLDEST_LAMMPS}: build the plugin against LAMMPS ${DEM_OLDEST_LAMMPS} or newer "
      "(LAMMPS_BINARY_DIR)")
  endif()
  message(STATUS "LAMMPS ${version} (the plugin supports ${DEM_OLDEST_LAMMPS} and newer)")
  set(DEM_LAMMPS_VERSION "${version}" PARENT_SCOPE)
endfunction()
