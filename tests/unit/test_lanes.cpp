// The laws' common paths in SIMD lanes (dem::linear_plain_step, hertz_plain_step and
// hysteretic_plain_step on packs of std::experimental::simd) against the scalar steps
// (linear_step, hertz_step, hysteretic_step with the common settings), contact by contact and bit
// for bit: random contacts, new, sticking and sliding, with
// small and large turns of the contact plane (the series and the exact rotation of the shear
// force), overlapping or not, with two sets of constants mixed in one pack. Compiled with
// -ffp-contract=off (tests/CMakeLists.txt), as the plugin's pair loops are.
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#if __has_include(<experimental/simd>)
#define DEM_LANES_STDX 1
#include "dem/hertz.h"
#include "dem/hysteretic.h"
#include "dem/linear.h"

#include <cstring>
#include <random>

using namespace dem;

namespace {

// one contact's inputs: the geometry and kinematics, and its 8 history slots
struct Case {
  Vec3 d, v1, v2, w1, w2;
  double r1, r2, meff;
  double slots[8];
  int set;    // which constants
};

Case random_case(std::mt19937 &gen)
{
  std::uniform_real_distribution<double> u(-1.0, 1.0), pos(0.5, 1.5);
  Case k;
  k.r1 = pos(gen);
  k.r2 = pos(gen);
  const Vec3 dir{u(gen), u(gen), u(gen)};
  const double gap = 0.02 * u(gen) * (k.r1 + k.r2);
  k.d = ((k.r1 + k.r2 + gap) / norm(dir)) * dir;
  k.v1 = {u(gen), u(gen), u(gen)};
  k.v2 = {u(gen), u(gen), u(gen)};
  k.w1 = {u(gen), u(gen), u(gen)};
  k.w2 = {u(gen), u(gen), u(gen)};
  k.meff = pos(gen);
  // history: new (zeros), active or slipping; a stored shear force nearly in the plane (the
  // series) or anywhere (the exact rotation), or none
  const int kind = static_cast<int>(gen() % 4);
  for (double &s : k.slots) s = 0.0;
  if (kind > 0) {
    const double scale = kind == 1 ? 1e-3 : 1.0;
    const Vec3 n = (1.0 / norm(k.d)) * k.d;
    Vec3 fs{u(gen), u(gen), u(gen)};
    fs = fs - ((1.0 - scale) * dot(fs, n)) * n;
    const double orient = gen() % 2 ? 1.0 : -1.0;
    k.slots[0] = fs.x;
    k.slots[1] = fs.y;
    k.slots[2] = fs.z;
    k.slots[3] = orient * -std::fabs(u(gen));
    k.slots[4] = orient * (kind == 3 ? 2.0 : 1.0);
    k.slots[5] = u(gen);
    k.slots[6] = u(gen);
    k.slots[7] = u(gen);
  }
  k.set = static_cast<int>(gen() % 2);
  return k;
}

template <class D> using V = Vec3T<D>;

// lane l of a pack
template <class D> double at(const D &a, int l)
{
  return a[l];
}
inline double at(double a, int)
{
  return a;
}

template <class D, class G> D pack(G get)
{
  return D([&](auto l) {
    return get(static_cast<int>(l));
  });
}

// The scalar step's force and stored slots for contact k (ContactHistory as the pair loops keep it)
template <class Law, class Params>
void scalar_step(const Params &p, const Case &k, double dt, double force[3], double out[8])
{
  const Contact c = ball_ball(k.d, norm(k.d), k.r1, k.r2, k.v1, k.v2, k.w1, k.w2, k.meff);
  typename Law::History h = Law::History::load(k.slots, ContactHistory::orientation(k.slots), 0);
  const ContactResult r = Law::template step<false, false>(p, c, dt, h);
  for (int m = 0; m < 8; m++) out[m] = 0.0;
  h.store(out, 1.0, 0);
  force[0] = r.force.x;
  force[1] = r.force.y;
  force[2] = r.force.z;
}

// the contacts k[0 .. W-1] in lanes, as the pair loop makes them (dem::ball_ball)
template <class D> ContactT<D> lane_contact(const Case *k)
{
  auto lanes3 = [&](Vec3 Case::*m) {
    return V<D>{pack<D>([&](int l) {
                  return (k[l].*m).x;
                }),
                pack<D>([&](int l) {
                  return (k[l].*m).y;
                }),
                pack<D>([&](int l) {
                  return (k[l].*m).z;
                })};
  };
  auto lanes = [&](double Case::*m) {
    return pack<D>([&](int l) {
      return k[l].*m;
    });
  };
  const V<D> d = lanes3(&Case::d);
  return ball_ball(d, root(dot(d, d)), lanes(&Case::r1), lanes(&Case::r2), lanes3(&Case::v1),
                   lanes3(&Case::v2), lanes3(&Case::w1), lanes3(&Case::w2), lanes(&Case::meff));
}

// The same contacts W at a time in lanes; counts the values that differ from the scalar step's
template <class D, class Law, class Params, class Constants, class Step>
int differing(const std::vector<Case> &cases, const Params (&p)[2], Constants constants, Step step,
              double dt)
{
  constexpr int W = static_cast<int>(D::size());
  int diff = 0;
  for (size_t first = 0; first + W <= cases.size(); first += W) {
    const Case *k = &cases[first];
    const ContactT<D> c = lane_contact<D>(k);
    D s[8];
    for (int m = 0; m < 8; m++)
      s[m] = pack<D>([&](int l) {
        return k[l].slots[m];
      });
    PlainHistory<D> h = PlainHistory<D>::load(s);
    const V<D> F = step(constants(p, k), c, dt, h);
    h.store(s);
    for (int l = 0; l < W; l++) {
      double force[3], out[8];
      scalar_step<Law>(p[k[l].set], k[l], dt, force, out);
      const double lane_force[3] = {at(F.x, l), at(F.y, l), at(F.z, l)};
      for (int a = 0; a < 3; a++) diff += std::memcmp(&force[a], &lane_force[a], 8) != 0;
      for (int m = 0; m < 8; m++) {
        const double v = at(s[m], l);
        diff += std::memcmp(&out[m], &v, 8) != 0;
      }
    }
  }
  return diff;
}

std::vector<Case> random_cases(int n)
{
  std::mt19937 gen(2026);
  std::vector<Case> cases;
  for (int i = 0; i < n; i++) cases.push_back(random_case(gen));
  return cases;
}

template <class D> void linear_in_lanes()
{
  LinearParams p[2];
  p[0].kn = 1e3;
  p[0].ks = 700.0;
  p[0].tan.fric = p[0].tan.fric_dyn = 0.3;
  p[0].dp.nratio = 0.2;
  p[1] = p[0];
  p[1].tan.fric = p[1].tan.fric_dyn = 20.0;    // (mostly sticking)
  p[1].dp.nratio = 0.0;
  auto constants = [](const LinearParams(&q)[2], const Case *k) {
    auto get = [&](auto member) {
      return pack<D>([&](int l) {
        return q[k[l].set].*member;
      });
    };
    LinearPlainLanes<D> c;
    c.kn = get(&LinearParams::kn);
    c.ks = get(&LinearParams::ks);
    c.fric = pack<D>([&](int l) {
      return q[k[l].set].tan.fric;
    });
    c.nratio = pack<D>([&](int l) {
      return q[k[l].set].dp.nratio;
    });
    return c;
  };
  auto step = [](const LinearPlainLanes<D> &c, const ContactT<D> &con, double dt,
                 PlainHistory<D> &h) {
    return linear_plain_step(c, con, dt, h);
  };
  const std::vector<Case> cases = random_cases(4000);
  EXPECT_EQ((differing<D, LinearLaw>(cases, p, constants, step, 1e-3)), 0);
}

template <class D, int DAMP> void hertz_in_lanes(double alpha_d)
{
  HertzParams p[2];
  p[0].hn_factor = 2e4;
  p[0].ks_factor = 0.8;
  p[0].alpha_d = alpha_d;
  p[0].tan.fric = p[0].tan.fric_dyn = 0.3;
  p[0].dp.nratio = 0.2;
  p[1] = p[0];
  p[1].hn_factor = 5e4;
  p[1].tan.fric = p[1].tan.fric_dyn = 20.0;
  auto constants = [](const HertzParams(&q)[2], const Case *k) {
    HertzPlainLanes<D> c;
    c.hn_factor = pack<D>([&](int l) {
      return q[k[l].set].hn_factor;
    });
    c.ks_factor = pack<D>([&](int l) {
      return q[k[l].set].ks_factor;
    });
    c.fric = pack<D>([&](int l) {
      return q[k[l].set].tan.fric;
    });
    c.nratio = pack<D>([&](int l) {
      return q[k[l].set].dp.nratio;
    });
    return c;
  };
  auto step = [](const HertzPlainLanes<D> &c, const ContactT<D> &con, double dt,
                 PlainHistory<D> &h) {
    return hertz_plain_step<DAMP>(c, con, dt, h);
  };
  const std::vector<Case> cases = random_cases(4000);
  EXPECT_EQ((differing<D, HertzLaw>(cases, p, constants, step, 1e-3)), 0);
}

// dem/hysteretic's 7 values: the PFC ones' first 4, the state word with the cycle flags (random),
// F^d . n and the last overlap (near the contact's, so that it loads, unloads and reloads)
template <class D> void hysteretic_in_lanes()
{
  HystParams p[2];
  p[0].kn = 1e3;
  p[0].e = 0.5;
  p[0].damp = 0.3;
  p[0].kt_ratio = 0.8;
  p[0].tan.fric = p[0].tan.fric_dyn = 0.3;
  p[1] = p[0];
  p[1].ku = p[1].kn / (p[1].e * p[1].e);    // (as mixing sets it)
  p[1].damp = 0.0;
  p[1].tan.fric = p[1].tan.fric_dyn = 20.0;
  std::mt19937 gen(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<Case> cases = random_cases(4000);
  for (Case &k : cases) {
    if (k.slots[4] == 0.0) continue;    // (a new contact)
    const double orient = k.slots[4] < 0.0 ? -1.0 : 1.0;
    const int state = static_cast<int>(orient * k.slots[4] + 0.5), flags = gen() % 4;
    k.slots[4] = orient * (state + 4 * flags);
    const double delta = k.r1 + k.r2 - norm(k.d);
    k.slots[6] = orient * (delta + 0.001 * u(gen));
  }
  constexpr int W = static_cast<int>(D::size());
  int diff = 0;
  for (size_t first = 0; first + W <= cases.size(); first += W) {
    const Case *k = &cases[first];
    const ContactT<D> c = lane_contact<D>(k);
    HystHistory r[W];
    for (int l = 0; l < W; l++)
      r[l] = HystHistory::load(k[l].slots, ContactHistory::orientation(k[l].slots), 0);
    HystPlainHistory<D> h;
    h.fs = {pack<D>([&](int l) {
              return r[l].fs.x;
            }),
            pack<D>([&](int l) {
              return r[l].fs.y;
            }),
            pack<D>([&](int l) {
              return r[l].fs.z;
            })};
    h.fn = pack<D>([&](int l) {
      return r[l].fn;
    });
    h.fd_n = pack<D>([&](int l) {
      return r[l].fd_n;
    });
    h.delta_old = pack<D>([&](int l) {
      return r[l].delta_old;
    });
    auto mask = [&](auto test) {
      return pack<D>([&](int l) {
               return test(r[l]) ? 1.0 : 0.0;
             }) != 0.0;
    };
    h.fresh = mask([](const HystHistory &q) {
      return q.state == 0;
    });
    h.slipping = mask([](const HystHistory &q) {
      return q.state == 2;
    });
    h.unloaded = mask([](const HystHistory &q) {
      return (q.flags & HystHistory::UNLOADED) != 0;
    });
    h.secondary = mask([](const HystHistory &q) {
      return (q.flags & HystHistory::SECONDARY) != 0;
    });
    HystPlainLanes<D> kc;
    auto get = [&](auto f) {
      return pack<D>([&](int l) {
        return f(p[k[l].set]);
      });
    };
    kc.kl = get([](const HystParams &q) {
      return q.kn;
    });
    kc.ku = get([](const HystParams &q) {
      return q.ku > 0.0 ? q.ku : q.kn / (q.e * q.e);
    });
    kc.lambda = get([](const HystParams &q) {
      return q.lambda;
    });
    kc.damp = get([](const HystParams &q) {
      return q.damp;
    });
    kc.kt_ratio = get([](const HystParams &q) {
      return q.kt_ratio;
    });
    kc.fric = get([](const HystParams &q) {
      return q.tan.fric;
    });
    const V<D> F = hysteretic_plain_step(kc, c, 1e-3, h);
    for (int l = 0; l < W; l++) {
      double force[3], out[8];
      scalar_step<HystereticLaw>(p[k[l].set], k[l], 1e-3, force, out);
      HystHistory s;
      s.fs = {at(h.fs.x, l), at(h.fs.y, l), at(h.fs.z, l)};
      s.fn = at(h.fn, l);
      s.state = h.slipping[l] ? 2 : 1;
      s.flags = (h.unloaded[l] ? HystHistory::UNLOADED : 0) |
          (h.secondary[l] ? HystHistory::SECONDARY : 0);
      s.fd_n = at(h.fd_n, l);
      s.delta_old = at(h.delta_old, l);
      double lanes_out[8] = {};
      s.store(lanes_out, 1.0, 0);
      const double lane_force[3] = {at(F.x, l), at(F.y, l), at(F.z, l)};
      diff += std::memcmp(force, lane_force, sizeof force) != 0;
      diff += std::memcmp(out, lanes_out, 7 * sizeof(double)) != 0;
    }
  }
  EXPECT_EQ(diff, 0);
}

using Native = stdx::native_simd<double>;
using Four = stdx::fixed_size_simd<double, 4>;

}    // namespace

TEST(Lanes, LinearPlainStepMatchesTheScalarStepBitForBit)
{
  linear_in_lanes<Native>();
  linear_in_lanes<Four>();
}

TEST(Lanes, HertzPlainStepMatchesTheScalarStepBitForBit)
{
  hertz_in_lanes<Native, 0>(0.0);
  hertz_in_lanes<Native, 1>(0.25);
  hertz_in_lanes<Native, 2>(0.5);
  hertz_in_lanes<Four, 4>(1.0);
}

TEST(Lanes, HystereticPlainStepMatchesTheScalarStepBitForBit)
{
  hysteretic_in_lanes<Native>();
  hysteretic_in_lanes<Four>();
}

TEST(Lanes, TheTestSeesADifference)
{
  // a perturbed constant in one lane must show (the comparison is not vacuous)
  LinearParams p[2];
  p[0].kn = 1e3;
  p[0].ks = 700.0;
  p[0].tan.fric = p[0].tan.fric_dyn = 0.3;
  p[1] = p[0];
  auto constants = [](const LinearParams(&q)[2], const Case *k) {
    LinearPlainLanes<Native> c;
    c.kn = pack<Native>([&](int l) {
      return q[k[l].set].kn * (l == 0 ? 1.0 + 1e-15 : 1.0);
    });
    c.ks = pack<Native>([&](int l) {
      return q[k[l].set].ks;
    });
    c.fric = pack<Native>([&](int l) {
      return q[k[l].set].tan.fric;
    });
    c.nratio = pack<Native>([&](int l) {
      return q[k[l].set].dp.nratio;
    });
    return c;
  };
  auto step = [](const LinearPlainLanes<Native> &c, const ContactT<Native> &con, double dt,
                 PlainHistory<Native> &h) {
    return linear_plain_step(c, con, dt, h);
  };
  EXPECT_GT((differing<Native, LinearLaw>(random_cases(400), p, constants, step, 1e-3)), 0);
}
#else
TEST(Lanes, NoExperimentalSimd)
{
  GTEST_SKIP() << "this C++ library has no <experimental/simd>: the plugin runs the scalar loop";
}
#endif
