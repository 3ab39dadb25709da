// SPDX-License-Identifier: GPL-2.0-or-later
// The contact parts' list (dem/parts/part.h): the history layout, the reach and the uses that
// the pair styles and the wall fix take from it.
#include "dem/contact_step.h"
#include "dem/hertz.h"
#include "dem/linear.h"

#include <gtest/gtest.h>

#include <string>

using namespace dem;

TEST(Parts, LayoutFollowsTheList)
{
  using Parts = LinearLaw::Parts;
  EXPECT_EQ(Parts::count, 7);
  EXPECT_EQ(Parts::history_bits, HIST_ROLLING | HIST_PBOND | HIST_PBSTRENGTH | HIST_FJOINT);
  EXPECT_EQ(Parts::slots(HIST_ENERGY | HIST_EXTRA), 0);
  EXPECT_EQ(Parts::slots(HIST_ROLLING), 3);
  EXPECT_EQ(Parts::slots(HIST_PBOND), 8);
  EXPECT_EQ(Parts::slots(HIST_ROLLING | HIST_PBOND), 11);
  EXPECT_EQ(Parts::slots(HIST_PBOND | HIST_PBSTRENGTH), 10);
  EXPECT_EQ(Parts::slots(HIST_FJOINT), 41);    // (9 for the interface, 2 per element, 16 at most)
  EXPECT_EQ(HertzLaw::Parts::slots(HIST_ROLLING | HIST_PBOND),
            3);    // (dem/hertz has no parallel bond)

  // the rolling moment after the law's values, the bond's after it
  int at[MAX_PARTS] = {};
  unsigned kept = 0;
  EXPECT_EQ(Parts::place(HIST_ROLLING | HIST_PBOND, true, 10, at, kept), 21);
  EXPECT_EQ(at[Parts::index<RollingPart>()], 10);
  EXPECT_EQ(at[Parts::index<ParallelBondPart>()], 13);
  EXPECT_EQ(kept, (1u << Parts::index<RollingPart>()) | (1u << Parts::index<ParallelBondPart>()));
  // without the optional parts a loop keeps the bond's slots but does not run it
  kept = 0;
  EXPECT_EQ(Parts::place(HIST_PBOND, false, 10, at, kept), 18);
  EXPECT_EQ(at[Parts::index<ParallelBondPart>()], 10);
  EXPECT_EQ(kept, 0u);

  // vector components: the rolling moment's 3; the bond's F_n and M_t are scalars
  const int both = HIST_ROLLING | HIST_PBOND;
  for (int k = 0; k < 3; k++) EXPECT_TRUE(Parts::is_vector_slot(k, both));
  EXPECT_FALSE(Parts::is_vector_slot(3, both));
  EXPECT_TRUE(Parts::is_vector_slot(4, both));
  EXPECT_FALSE(Parts::is_vector_slot(7, both));
  EXPECT_FALSE(Parts::is_vector_slot(0, HIST_PBOND));
  EXPECT_TRUE(Parts::is_vector_slot(1, HIST_PBOND));
  // the flat joint's values are seen from the smaller ID: all read times the orientation
  for (int k = 0; k < 41; k++) EXPECT_FALSE(Parts::is_vector_slot(k, HIST_FJOINT));

  std::string text;
  Parts::describe(both, [&](const char *t) {
    text += std::string("|") + t;
  });
  EXPECT_EQ(text,
            "|the rolling moment of rolling resistance|the force and moment of parallel bonds");
}

TEST(Parts, UsesAndReach)
{
  using Parts = LinearLaw::Parts;
  LinearParams p;
  EXPECT_EQ(Parts::history_bits_of(p), 0);
  EXPECT_FALSE(Parts::uses_optional(p));
  EXPECT_FALSE(Parts::holds(p));
  p.roll.model = ROLL_A;
  EXPECT_EQ(Parts::history_bits_of(p), HIST_ROLLING);
  EXPECT_FALSE(Parts::uses_optional(p));    // (rolling runs in every loop)
  p.hold_gap = 0.25;
  EXPECT_TRUE(Parts::uses_optional(p));
  EXPECT_TRUE(Parts::holds(p));
  EXPECT_EQ(Parts::hold_reach(p, 2.0, 0.0), 0.25);
  // a contact bond holds to 2 cb_tenf / kn beyond the largest bonding gap, at most the radii's sum
  p.hold_gap = 0.0;
  p.cbond = true;
  p.cb_reach = 0.5;
  EXPECT_TRUE((Parts::uses<BondsPart>(p)));
  EXPECT_EQ(Parts::hold_reach(p, 2.0, 0.125), 0.625);
  EXPECT_EQ(Parts::hold_reach(p, 0.25, 0.125), 0.375);
  EXPECT_FALSE((HertzLaw::Parts::uses<BondsPart>(HertzParams{})));
}
