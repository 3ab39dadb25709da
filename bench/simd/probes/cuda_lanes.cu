// Does the generic law (proto/linear_lanes.h) compile for a GPU with T = double, and with how many
// registers against the plugin's own dem::linear_step<false, false> on the same plain settings?
// nvcc -arch=sm_90 -O3 -std=c++17 -Xptxas -v -DDEM_WITH_KOKKOS -Iprobes/cuda_shim -Iproto -I../../src
// (the law alone: contact geometry, history load, step, store; one thread per contact)
#include "dem/linear.h"
#include "linear_lanes.h"

struct Inputs {
  const double *d, *v1, *v2, *w1, *w2;    // n x 3
  double *hist;                           // n x 8
  double *force;                          // n x 3
  int n;
  dem::LinearParams p;
  double dt;
};

__global__ void law_dem(Inputs in)
{
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= in.n) return;
  auto v3 = [&](const double *a) { return dem::Vec3{a[3 * k], a[3 * k + 1], a[3 * k + 2]}; };
  const dem::Vec3 d = v3(in.d);
  const dem::Contact c = dem::ball_ball(d, std::sqrt(dem::dot(d, d)), 0.5, 0.5, v3(in.v1),
                                        v3(in.v2), v3(in.w1), v3(in.w2), 0.26);
  double *slot = in.hist + 8 * k;
  const dem::LinearParams p = dem::linear_plain(in.p);
  dem::ContactHistory h =
      dem::ContactHistory::load(slot, dem::ContactHistory::orientation(slot), 0);
  const dem::ContactResult r = dem::linear_step<false, false>(p, c, in.dt, h);
  h.store(slot, 1.0, 0);
  in.force[3 * k] = r.force.x;
  in.force[3 * k + 1] = r.force.y;
  in.force[3 * k + 2] = r.force.z;
}

__global__ void law_generic(Inputs in)
{
  using demx::V3;
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= in.n) return;
  auto v3 = [&](const double *a) { return V3<double>{a[3 * k], a[3 * k + 1], a[3 * k + 2]}; };
  const V3<double> d = v3(in.d);
  const demx::Contact<double> c = demx::ball_ball(d, std::sqrt(demx::dot(d, d)), 0.5, 0.5,
                                                  v3(in.v1), v3(in.v2), v3(in.w1), v3(in.w2), 0.26);
  double *slot = in.hist + 8 * k;
  double s[8];
  for (int q = 0; q < 8; q++) s[q] = slot[q];
  demx::History<double> h = demx::load_history(s);
  const demx::PlainParams<double> p{in.p.kn, in.p.ks, in.p.tan.fric, in.p.dp.nratio};
  const V3<double> f = demx::linear_plain_step(p, c, in.dt, h);
  demx::store_history(h, s);
  for (int q = 0; q < 8; q++) slot[q] = s[q];
  in.force[3 * k] = f.x;
  in.force[3 * k + 1] = f.y;
  in.force[3 * k + 2] = f.z;
}
