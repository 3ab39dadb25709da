# The DEM package: the plugin's styles built into LAMMPS (-D PKG_DEM=on). This file goes to LAMMPS's
# cmake/Modules/Packages/DEM.cmake; src/DEM holds the plugin's sources (plugin/*.h, *.cpp) with the
# contact-law core beside them (src/dem as src/DEM/dem), src/KOKKOS the /kk sources
# (plugin/kokkos/*); tools/intree installs them all. LAMMPS's CMake compiles src/DEM/*.cpp and finds
# the styles by their style headers (pair_dem_linear.h, ..., and their _kokkos.h twins, with the
# sources of the same name); this adds the rest.
# SPDX-License-Identifier: GPL-2.0-or-later
set(DEM_SOURCES_DIR ${LAMMPS_SOURCE_DIR}/DEM)
# the plugin's version, which restart files name (plugin_version.h), for the package's sources
# (src/DEM/*.cpp, DEM_SOURCES): that of the project() line of the plugin's CMakeLists.txt
# (tools/intree checks that they agree)
set(DEM_VERSION 1.0.0)
string(REGEX MATCH "^([0-9]+)\\.([0-9]+)\\.([0-9]+)$" dem_version_ok ${DEM_VERSION})
set_property(SOURCE ${DEM_SOURCES} APPEND PROPERTY COMPILE_DEFINITIONS DEM_VERSION_MAJOR=${CMAKE_MATCH_1}
  DEM_VERSION_MINOR=${CMAKE_MATCH_2} DEM_VERSION_PATCH=${CMAKE_MATCH_3})

# the plugin's loader (LAMMPS's plugin interface) is no part of the package
get_property(dem_all_sources TARGET lammps PROPERTY SOURCES)
list(REMOVE_ITEM dem_all_sources ${DEM_SOURCES_DIR}/dem_plugin.cpp)
set_property(TARGET lammps PROPERTY SOURCES ${dem_all_sources})

if(PKG_KOKKOS)
  string(TOLOWER "${KOKKOS_PREC}" dem_prec)
  if(NOT dem_prec STREQUAL "double")
    message(FATAL_ERROR "The DEM package's /kk styles need KOKKOS_PREC=double (this build: ${KOKKOS_PREC})")
  endif()
  if(DEFINED Kokkos_VERSION AND Kokkos_VERSION VERSION_LESS 5.0)
    message(FATAL_ERROR "The DEM package's /kk styles need Kokkos 5.0 or newer (this build: ${Kokkos_VERSION})")
  endif()
  # the core's functions as Kokkos functions (dem/macros.h), alike in every source that includes them
  target_compile_definitions(lammps PRIVATE DEM_WITH_KOKKOS)
  # the /kk source that no style header is named after
  target_sources(lammps PRIVATE ${LAMMPS_SOURCE_DIR}/KOKKOS/pair_dem_kokkos.cpp)
endif()

# as in the plugin's build (plugin/CMakeLists.txt): the pair loops' square roots without errno, and
# on x86-64 no fused multiply-adds, so that a build for a CPU that has them gives the same forces
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  set(dem_loop_options -fno-math-errno)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
    list(APPEND dem_loop_options -ffp-contract=off)
  endif()
  set_source_files_properties(${DEM_SOURCES_DIR}/pair_dem.cpp ${LAMMPS_SOURCE_DIR}/KOKKOS/pair_dem_kokkos.cpp
    PROPERTIES COMPILE_OPTIONS "${dem_loop_options}")
endif()
