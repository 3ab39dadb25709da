# The configure-time LAMMPS version check (cmake/lammps_version.cmake) on stand-in LAMMPS trees:
# one older than the oldest supported stops with a message naming both versions; the oldest
# supported passes the check. Run as: cmake -DPLUGIN_SOURCE=... -DWORK=... -DGENERATOR=... -P this file
# SPDX-License-Identifier: GPL-2.0-or-later

# a stand-in LAMMPS build tree (a cache saying PLUGIN and GRANULAR) with sources of this version
function(fake_lammps dir version)
  file(REMOVE_RECURSE ${dir})
  file(WRITE ${dir}/src/version.h "#define LAMMPS_VERSION \"${version}\"\n")
  file(WRITE ${dir}/src/pair.h "")
  file(WRITE ${dir}/build/CMakeCache.txt
    "PKG_PLUGIN:BOOL=ON\nPKG_GRANULAR:BOOL=ON\nBUILD_MPI:BOOL=OFF\nlammps_SOURCE_DIR:STATIC=${dir}/cmake\n")
endfunction()

# configure the plugin against the stand-in of this version; output in out_var
function(configure_against version out_var)
  string(REPLACE " " "_" name "${version}")
  fake_lammps(${WORK}/${name} "${version}")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${PLUGIN_SOURCE} -B ${WORK}/${name}/plugin
    -G ${GENERATOR} -DLAMMPS_BINARY_DIR=${WORK}/${name}/build -DDEM_BUILD_TESTS=OFF
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REGEX REPLACE "[ \n]+" " " text "${out} ${err}")    # CMake wraps its messages
  set(${out_var} "${rc}|${text}" PARENT_SCOPE)
endfunction()

set(failures 0)
function(report what ok)
  if(ok)
    message(STATUS "ok: ${what}")
  else()
    message(STATUS "FAILED: ${what}")
    set(failures ${failures}1 PARENT_SCOPE)
  endif()
endfunction()

configure_against("4 Jan 2024" old)
string(REGEX MATCH "^[1-9][0-9]*[|]" ok "${old}")    # a nonzero exit status
report("LAMMPS 4 Jan 2024 stops the configure" "${ok}")
string(REGEX MATCH "LAMMPS 4 Jan 2024 .* is older than the oldest LAMMPS the plugin supports, 4 Feb 2025" ok "${old}")
report("the message names 4 Jan 2024 and 4 Feb 2025" "${ok}")
configure_against("4 Feb 2025" oldest)
string(REGEX MATCH "LAMMPS 4 Feb 2025 [(]the plugin supports 4 Feb 2025 and newer[)]" ok "${oldest}")
report("LAMMPS 4 Feb 2025 passes the check" "${ok}")
configure_against("Feb 2025" odd)
string(REGEX MATCH "LAMMPS_VERSION \"Feb 2025\" in .* is not a date" ok "${odd}")
report("a version that is not a date stops the configure" "${ok}")
if(failures)
  message(FATAL_ERROR "check(s) failed; the outputs:\n${old}\n${oldest}\n${odd}")
endif()
