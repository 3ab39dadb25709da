// A stand-in for Kokkos_Core.hpp in probes/cuda_lanes.cu: dem/macros.h with DEM_WITH_KOKKOS takes
// DEM_INLINE from KOKKOS_FORCEINLINE_FUNCTION, and this gives it Kokkos's CUDA meaning
#pragma once
#define KOKKOS_FORCEINLINE_FUNCTION __host__ __device__ __forceinline__
