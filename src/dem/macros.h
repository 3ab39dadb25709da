// Portability macro of the contact-law core: the same functions run on the host, in the CPU pair
// loop, and inside Kokkos kernels (CPU threads or GPU).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Forced inlining: a law is called once per contact in the hottest loop of a run, and a call
// (with its result struct passed through memory) cost ~10% of the pair time when not inlined.
#if defined(DEM_WITH_KOKKOS)
#include <Kokkos_Core.hpp>
#define DEM_INLINE KOKKOS_FORCEINLINE_FUNCTION
#elif defined(__GNUC__)
#define DEM_INLINE inline __attribute__((always_inline))
#else
#define DEM_INLINE inline
#endif
