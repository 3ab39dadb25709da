// The prototype's driver: bench/in.packing without LAMMPS (system.cpp), the plugin's scalar pair
// step as the reference, and the lane loops of each back end and instruction set, compared bit for
// bit over a run of steps and timed in lockstep (step by step, each variant in turn).
//   proto_simd [steps=100] [rounds=5] [warm=300] [temp=0.001] [count=0] [repeat=0] [variant names...]
// temp: the temperature of velocity create (bench/in.packing: 0.001; 1 or more shakes the packing:
// contacts open, form and slip, the rare paths)
// The per-ISA copies are in namespaces dem_simd_generic and dem_simd_v3 (the same sources built
// twice); the copy a pair style would run is chosen here at run time by the CPU's features.
// SPDX-License-Identifier: GPL-2.0-or-later
#include <algorithm>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "system.h"

#define DEM_DECLARE_ISA(ns)                                                                        \
  namespace ns {                                                                                   \
  void scalar_loop(const proto::Loop &, proto::Counts &);                                          \
  void scalar_plain_loop(const proto::Loop &, proto::Counts &);                                    \
  int stdx_width();                                                                                \
  void stdx_atom(const proto::Loop &, proto::Counts &);                                            \
  void stdx_flat(const proto::Loop &, proto::Counts &);                                            \
  void stdx_atom2(const proto::Loop &, proto::Counts &);                                           \
  void stdx_flat2(const proto::Loop &, proto::Counts &);                                           \
  void stdx_t_atom(const proto::Loop &, proto::Counts &);                                          \
  void stdx_t_flat(const proto::Loop &, proto::Counts &);                                          \
  void omp_atom(const proto::Loop &, proto::Counts &);                                             \
  void omp_atom_branchless(const proto::Loop &, proto::Counts &);                                  \
  void autovec_atom(const proto::Loop &, proto::Counts &);                                         \
  int kokkos_width();                                                                              \
  void kokkos_atom(const proto::Loop &, proto::Counts &);                                          \
  void kokkos_flat(const proto::Loop &, proto::Counts &);                                          \
  }
DEM_DECLARE_ISA(dem_simd_generic)
DEM_DECLARE_ISA(dem_simd_v3)

namespace {

using proto::Counts;
using proto::LoopFn;
using proto::System;

struct Variant {
  std::string name;
  LoopFn fn;
  bool v3;    // needs x86-64-v3 (AVX2, FMA)
};

// the CPU's level, as a pair style would print it in its init log
bool cpu_has_v3()
{
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
      __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

// the thread's CPU time (time slices the loaded machine gives to others are not counted)
double cpu_seconds()
{
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// a hash of the state's bits (FNV-1a): the same run built by another compiler gives the same one
unsigned long long state_hash(const System &s)
{
  unsigned long long h = 1469598103934665603ULL;
  auto add = [&](const auto &v) {
    const unsigned char *p = reinterpret_cast<const unsigned char *>(v.data());
    for (size_t k = 0; k < v.size() * sizeof(v[0]); k++) h = (h ^ p[k]) * 1099511628211ULL;
  };
  add(s.x);
  add(s.v);
  add(s.omega);
  add(s.f);
  add(s.torque);
  add(s.hist);
  add(s.touch);
  return h;
}

double median(std::vector<double> v)
{
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// runs `steps` steps of velocity Verlet with `fn` as the pair loop; returns the median over the
// steps of the CPU seconds of one call of fn
double run(System &s, LoopFn fn, int steps, double dt, Counts &counts)
{
  std::vector<double> t;
  for (int n = 0; n < steps; n++) {
    s.initial_integrate(dt);
    s.update_ghosts();
    s.clear_forces();
    const proto::Loop L = s.loop(dt);
    const double t0 = cpu_seconds();
    fn(L, counts);
    t.push_back(cpu_seconds() - t0);
    s.final_integrate(dt);
  }
  return t.empty() ? 0.0 : median(t);
}

// the first difference between two runs' states (empty: bit for bit the same)
template <class V> long first_diff(const V &a, const V &b)
{
  for (size_t k = 0; k < a.size(); k++)
    if (std::memcmp(&a[k], &b[k], sizeof(a[k])) != 0) return static_cast<long>(k);
  return -1;
}
std::string compare(const System &a, const System &b)
{
  std::string out;
  auto check = [&](const char *what, const auto &u, const auto &v) {
    const long k = first_diff(u, v);
    if (k < 0) return;
    char line[200];
    std::snprintf(line, sizeof line, " %s[%ld] %.17g vs %.17g;", what, k, double(u[k]), double(v[k]));
    out += line;
  };
  check("x", a.x, b.x);
  check("v", a.v, b.v);
  check("omega", a.omega, b.omega);
  check("f", a.f, b.f);
  check("torque", a.torque, b.torque);
  check("hist", a.hist, b.hist);
  check("touch", a.touch, b.touch);
  return out;
}

}    // namespace

int main(int argc, char **argv)
{
  int steps = 100, rounds = 5, warm = 300, count = 0, repeat = 0;
  double temp = 0.001;
  std::vector<std::string> only;
  for (int k = 1; k < argc; k++) {
    const std::string a = argv[k];
    const size_t eq = a.find('=');
    if (eq == std::string::npos) {
      only.push_back(a);
      continue;
    }
    const std::string key = a.substr(0, eq);
    const double value = std::atof(a.c_str() + eq + 1);
    if (key == "steps") steps = static_cast<int>(value);
    else if (key == "rounds") rounds = static_cast<int>(value);
    else if (key == "warm") warm = static_cast<int>(value);
    else if (key == "temp") temp = value;
    else if (key == "count") count = static_cast<int>(value);
    else if (key == "repeat") repeat = static_cast<int>(value);
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  const double dt = 1e-4;

  const bool v3 = cpu_has_v3();
  std::printf("dispatch: this CPU %s x86-64-v3 (AVX2, FMA, BMI2): a pair style would run the %s copy\n",
              v3 ? "has" : "lacks", v3 ? "x86-64-v3" : "generic");
  std::printf("lanes: std::experimental::simd native_simd<double> generic %d, x86-64-v3 %d; "
              "Kokkos SIMD generic %d, x86-64-v3 %d\n",
              dem_simd_generic::stdx_width(), v3 ? dem_simd_v3::stdx_width() : 0,
              dem_simd_generic::kokkos_width(), v3 ? dem_simd_v3::kokkos_width() : 0);

  std::vector<Variant> variants = {
      {"scalar", dem_simd_generic::scalar_loop, false},
      {"scalar-plain", dem_simd_generic::scalar_plain_loop, false},
      {"scalar@v3", dem_simd_v3::scalar_loop, true},
      {"scalar-plain@v3", dem_simd_v3::scalar_plain_loop, true},
      {"stdx-atom", dem_simd_generic::stdx_atom, false},
      {"stdx-flat", dem_simd_generic::stdx_flat, false},
      {"stdx2-atom", dem_simd_generic::stdx_atom2, false},
      {"stdx2-flat", dem_simd_generic::stdx_flat2, false},
      {"stdx-atom@v3", dem_simd_v3::stdx_atom, true},
      {"stdx-flat@v3", dem_simd_v3::stdx_flat, true},
      {"stdx2-atom@v3", dem_simd_v3::stdx_atom2, true},
      {"stdx2-flat@v3", dem_simd_v3::stdx_flat2, true},
      {"stdx-t-atom@v3", dem_simd_v3::stdx_t_atom, true},
      {"stdx-t-flat@v3", dem_simd_v3::stdx_t_flat, true},
      {"omp-atom", dem_simd_generic::omp_atom, false},
      {"omp-atom@v3", dem_simd_v3::omp_atom, true},
      {"omp-bl-atom", dem_simd_generic::omp_atom_branchless, false},
      {"omp-bl-atom@v3", dem_simd_v3::omp_atom_branchless, true},
      {"autovec-atom", dem_simd_generic::autovec_atom, false},
      {"autovec-atom@v3", dem_simd_v3::autovec_atom, true},
      {"kokkos-atom@v3", dem_simd_v3::kokkos_atom, true},
      {"kokkos-flat@v3", dem_simd_v3::kokkos_flat, true},
  };
  const bool kokkos = dem_simd_generic::kokkos_width() > 0;
  std::vector<Variant *> use;
  for (Variant &v : variants)
    if ((!v.v3 || v3) && (kokkos || v.name.rfind("kokkos", 0) != 0) &&
        (only.empty() || std::find(only.begin(), only.end(), v.name) != only.end()))
      use.push_back(&v);

  // the packing, settled for `warm` steps by the reference loop (shear history, some slip)
  System start;
  start.build_packing(20, 4928459, temp);
  {
    Counts c;
    run(start, dem_simd_generic::scalar_loop, warm, dt, c);
  }
  std::printf("packing: %d atoms, %d ghosts, %ld neighbour pairs (%.2f per atom), temperature %g, "
              "%d steps from step %d\n",
              start.nlocal, start.nall - start.nlocal, start.pairs(),
              double(start.pairs()) / start.nlocal, temp, steps, warm);

  // count=1: each variant runs its steps once, nothing else (for callgrind: bench/simd/irs.sh)
  if (count) {
    for (Variant *v : use) {
      System s = start;
      Counts c;
      run(s, v->fn, steps, dt, c);
    }
    return 0;
  }

  // the reference run and the bitwise comparison of every variant with it
  System ref = start;
  Counts cref;
  run(ref, dem_simd_generic::scalar_loop, steps, dt, cref);
  std::printf("reference: %.1f %% of the pairs touching, events per step (half units): activated "
              "%.1f slip_start %.1f slip_end %.1f; deep %ld; state hash %016llx\n",
              100.0 * cref.touching / (double(steps) * start.pairs()), double(cref.activated) / steps,
              double(cref.slip_start) / steps, double(cref.slip_end) / steps, cref.deep,
              state_hash(ref));
  bool all_equal = true;
  for (Variant *v : use) {
    System s = start;
    Counts c;
    run(s, v->fn, steps, dt, c);
    const std::string diff = compare(ref, s);
    const bool same = diff.empty() && c == cref;
    all_equal = all_equal && same;
    std::printf("  %-16s %s%s\n", v->name.c_str(),
                same ? "bit for bit equal to the reference (x, v, omega, f, torque, history, flags, counts)"
                     : "DIFFERS:",
                diff.c_str());
  }

  // repeat=K: the same step (the state after warm + steps) K times per variant, A B C A B C ...,
  // the history and flags restored before each (warm caches, as when a step follows the last);
  // the minimum and the median
  if (repeat > 0) {
    System base = ref;
    std::vector<std::vector<double>> t(use.size());
    std::vector<System> sys(use.size(), base);
    for (int q = 0; q < repeat; q++)
      for (size_t k = 0; k < use.size(); k++) {
        System &x = sys[k];
        x.hist = base.hist;
        x.touch = base.touch;
        x.clear_forces();
        const proto::Loop L = x.loop(dt);
        Counts c;
        const double t0 = cpu_seconds();
        use[k]->fn(L, c);
        t[k].push_back(cpu_seconds() - t0);
      }
    std::printf("ns per neighbour pair (CPU time of the pair loop, one step repeated %d times, "
                "warm caches): minimum, median, and the ratio of the minima to %s:\n",
                repeat, use[0]->name.c_str());
    const double base_min = *std::min_element(t[0].begin(), t[0].end());
    for (size_t k = 0; k < use.size(); k++) {
      const double mn = *std::min_element(t[k].begin(), t[k].end());
      std::printf("  %-16s %6.2f  %6.2f  %.3f\n", use[k]->name.c_str(), 1e9 * mn / start.pairs(),
                  1e9 * median(t[k]) / start.pairs(), mn / base_min);
    }
    return all_equal ? 0 : 1;
  }

  // timing in lockstep: every variant runs the same trajectory on its own copy; at each step each
  // variant does its step in turn (the order rotates), so that the loaded machine's changes hit them
  // alike; a variant's time per step is its pair loop's CPU time, and its ratio to the first variant
  // is taken step by step (medians over all steps of all rounds)
  struct Sample {
    std::vector<double> ns, ratio;
  };
  std::vector<Sample> samples(use.size());
  for (int r = 0; r < rounds; r++) {
    std::vector<System> sys(use.size(), start);
    std::vector<Counts> c(use.size());
    for (int n = 0; n < steps; n++) {
      std::vector<double> t(use.size());
      for (size_t q = 0; q < use.size(); q++) {
        const size_t k = (q + n + r) % use.size();
        t[k] = run(sys[k], use[k]->fn, 1, dt, c[k]);
      }
      for (size_t k = 0; k < use.size(); k++) {
        samples[k].ns.push_back(1e9 * t[k] / double(start.pairs()));
        samples[k].ratio.push_back(t[k] / t[0]);
      }
    }
  }
  if (rounds > 0) {
    std::printf("ns per neighbour pair (CPU time of the pair loop, median of %d steps in lockstep: "
                "%d rounds of %d; 10-90 %% range), and the median of the step-by-step ratio to %s:\n",
                rounds * steps, rounds, steps, use[0]->name.c_str());
    for (size_t k = 0; k < use.size(); k++) {
      std::vector<double> v = samples[k].ns;
      std::sort(v.begin(), v.end());
      const double lo = v[v.size() / 10], hi = v[v.size() - 1 - v.size() / 10];
      std::printf("  %-16s %6.2f  (%6.2f-%6.2f)  %.3f\n", use[k]->name.c_str(), median(samples[k].ns),
                  lo, hi, median(samples[k].ratio));
    }
  }
  return all_equal ? 0 : 1;
}
