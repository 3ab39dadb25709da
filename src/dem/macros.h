// Portability macro of the contact-law core: the same functions run on the host, in the CPU pair
// loop, and inside Kokkos kernels (CPU threads or GPU).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#if defined(DEM_WITH_KOKKOS)
#include <Kokkos_Core.hpp>
#define DEM_INLINE KOKKOS_INLINE_FUNCTION
#else
#define DEM_INLINE inline
#endif
