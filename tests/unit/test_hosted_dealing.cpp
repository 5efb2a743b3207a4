// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/hosted_campaign.h"

#include <gtest/gtest.h>

using namespace kexbench;

TEST(HostedDealing, LongestFirstToTheLeastLoadedHost)
{
    // 9 s to host 0; 5 s to host 1; 4 s to host 1 (5 < 9): 9 vs 9; 3 s to host 0 (tie: the first); 2 s to host 1.
    const auto shares =
        deal_longest_first({{"libA.so", 3}, {"libB.so", 9}, {"libC.so", 2}, {"libD.so", 5}, {"libE.so", 4}}, 2);
    ASSERT_EQ(shares.size(), 2u);
    EXPECT_EQ(shares[0], (std::vector<std::string>{"libB.so", "libA.so"}));
    EXPECT_EQ(shares[1], (std::vector<std::string>{"libD.so", "libE.so", "libC.so"}));
}

TEST(HostedDealing, OneHostTakesEverythingLongestFirstAndNoHostNothing)
{
    const auto one = deal_longest_first({{"libA.so", 1}, {"libB.so", 7}}, 1);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0], (std::vector<std::string>{"libB.so", "libA.so"}));
    EXPECT_TRUE(deal_longest_first({{"libA.so", 1}}, 0).empty());
    // More hosts than instances: the extra hosts get nothing.
    const auto many = deal_longest_first({{"libA.so", 1}}, 3);
    EXPECT_EQ(many[0].size(), 1u);
    EXPECT_TRUE(many[1].empty());
    EXPECT_TRUE(many[2].empty());
}

TEST(HostedDealing, HostsOfAnotherArchitectureOrCpuModelAreAnotherSystem)
{
    RemoteProbe a, b, c;
    a.address = "bench@a";
    a.uname_machine = "aarch64";
    a.cpu_model = "Cortex-A72";
    b = a;
    b.address = "bench@b";
    EXPECT_EQ(different_systems_problem({a, b}), "");
    c = a;
    c.address = "bench@c";
    c.cpu_model = "Cortex-A76";
    EXPECT_EQ(different_systems_problem({a, b, c}),
              "bench@a (aarch64, Cortex-A72) and bench@c (aarch64, Cortex-A76) are different systems: measure each as "
              "its own campaign and put the two side by side on Compare");
    c.cpu_model = a.cpu_model;
    c.uname_machine = "x86_64";
    EXPECT_NE(different_systems_problem({a, c}).find("bench@c (x86_64, Cortex-A72)"), std::string::npos);
}
