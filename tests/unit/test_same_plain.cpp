// Law::same_plain, which lets the CPU pair loop read one set of constants for every pair of types
// (PairDEM's uniform_plain): two plain pairs of types are the same iff every value that
// Law::plain keeps is, so a change of any one of them must tell them apart, and plain() must
// keep it (a value plain() dropped could not matter to the plain loop).
// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/hertz.h"
#include "dem/hysteretic.h"
#include "dem/linear.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

namespace {

template <class Law> using Change = std::function<void(typename Law::Params &)>;

// base: plain parameters; each change alters one value that plain() keeps
template <class Law> void check_same_plain(const typename Law::Params &base, const std::vector<Change<Law>> &changes)
{
  ASSERT_TRUE(Law::is_plain(base));
  EXPECT_TRUE(Law::same_plain(base, base));
  EXPECT_TRUE(Law::same_plain(Law::plain(base), base));
  for (size_t k = 0; k < changes.size(); k++) {
    auto other = base;
    changes[k](other);
    ASSERT_TRUE(Law::is_plain(other)) << "change " << k;
    EXPECT_FALSE(Law::same_plain(base, other)) << "change " << k;
    EXPECT_FALSE(Law::same_plain(other, base)) << "change " << k;
    // plain() keeps the value: its result tells the two apart as well
    EXPECT_FALSE(Law::same_plain(Law::plain(base), Law::plain(other))) << "change " << k;
  }
}

}    // namespace

TEST(SamePlain, Linear)
{
  dem::LinearParams p;
  p.kn = 2000.0;
  p.ks = 1500.0;
  p.tan.fric = p.tan.fric_dyn = 0.5;
  p.dp.nratio = 0.3;
  check_same_plain<dem::LinearLaw>(p, {[](auto &q) { q.kn = 2001.0; }, [](auto &q) { q.ks = 1501.0; },
                                       [](auto &q) { q.tan.fric = q.tan.fric_dyn = 0.4; },
                                       [](auto &q) { q.dp.nratio = 0.2; }});
}

TEST(SamePlain, Hertz)
{
  dem::HertzParams p;
  p.hn_factor = 1e7;
  p.ks_factor = 0.8;
  p.alpha_d = 0.25;
  p.tan.fric = p.tan.fric_dyn = 0.5;
  p.dp.nratio = 0.3;
  check_same_plain<dem::HertzLaw>(p, {[](auto &q) { q.hn_factor = 2e7; }, [](auto &q) { q.ks_factor = 0.7; },
                                      [](auto &q) { q.alpha_d = 0.0; },
                                      [](auto &q) { q.tan.fric = q.tan.fric_dyn = 0.4; },
                                      [](auto &q) { q.dp.nratio = 0.2; }});
}

TEST(SamePlain, Hysteretic)
{
  dem::HystParams p;
  p.kn = 2000.0;
  p.e = 0.5;
  p.ku = 8000.0;
  p.damp = 0.3;
  p.kt_ratio = 0.75;
  p.tan.fric = p.tan.fric_dyn = 0.5;
  check_same_plain<dem::HystereticLaw>(
      p, {[](auto &q) { q.kn = 2001.0; }, [](auto &q) { q.e = 0.6; }, [](auto &q) { q.ku = 8001.0; },
          [](auto &q) { q.lambda = 0.002; }, [](auto &q) { q.damp = 0.2; }, [](auto &q) { q.kt_ratio = 0.5; },
          [](auto &q) { q.tan.fric = q.tan.fric_dyn = 0.4; }});
}
