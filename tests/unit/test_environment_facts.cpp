// SPDX-License-Identifier: GPL-3.0-or-later
// The one home of the clock-state and counter-unit rules (core/data): where
// the old copies disagreed, the decision is tested here.
#include "core/data/counter_unit.h"
#include "core/data/environment_facts.h"

#include <gtest/gtest.h>

using namespace kexbench;
using Json = nlohmann::ordered_json;

TEST(EnvironmentFacts, TurboIsKnownOnlyFromAReadableValue)
{
    // intel_pstate decides where it is present; cpufreq boost otherwise.
    EXPECT_TRUE(turbo_state(Json{{"intel_pstate_no_turbo", "0"}, {"cpufreq_boost", "0"}})->on);
    EXPECT_TRUE(turbo_state(Json{{"intel_pstate_no_turbo", "0"}})->intel_pstate);
    EXPECT_FALSE(turbo_state(Json{{"intel_pstate_no_turbo", "1"}, {"cpufreq_boost", "1"}})->on);
    EXPECT_TRUE(turbo_state(Json{{"cpufreq_boost", "1"}})->on);
    EXPECT_FALSE(turbo_state(Json{{"cpufreq_boost", "1"}})->intel_pstate);
    EXPECT_FALSE(turbo_state(Json{{"cpufreq_boost", "0"}})->on);
    // Numbers read as their decimal text.
    EXPECT_TRUE(turbo_state(Json{{"intel_pstate_no_turbo", 0}})->on);
    // The old report called anything but "1" "turbo on": an unreadable value is unknown.
    EXPECT_FALSE(turbo_state(Json{{"intel_pstate_no_turbo", ""}}));
    EXPECT_FALSE(turbo_state(Json{{"intel_pstate_no_turbo", "unknown"}}));
    EXPECT_FALSE(turbo_state(Json{{"intel_pstate_no_turbo", nullptr}}));
    EXPECT_FALSE(turbo_state(Json::object()));
    // An unreadable no_turbo leaves the decision to boost.
    EXPECT_TRUE(turbo_state(Json{{"intel_pstate_no_turbo", "?"}, {"cpufreq_boost", "1"}})->on);
}

TEST(EnvironmentFacts, ClockIssuesNameOnlyReadableStates)
{
    EXPECT_TRUE(clock_issues(Json{{"intel_pstate_no_turbo", ""}, {"cpufreq_boost", "2"}}).empty());
    EXPECT_EQ(clock_issues(Json{{"intel_pstate_no_turbo", 0}}), std::vector<std::string>{"turbo on"});
}

TEST(EnvironmentFacts, ValuesReadAsTextAndNumbers)
{
    const Json env = {{"s", "2100000"}, {"i", 42}, {"d", 2.5}, {"b", true}, {"n", nullptr}, {"o", Json::object()}};
    EXPECT_EQ(env_string(env, "s"), "2100000");
    EXPECT_EQ(env_string(env, "i"), "42");
    EXPECT_EQ(env_string(env, "d"), "2.5");
    EXPECT_EQ(env_string(env, "b"), "true");
    EXPECT_FALSE(env_string(env, "n"));
    EXPECT_FALSE(env_string(env, "o"));
    EXPECT_FALSE(env_string(env, "missing"));
    EXPECT_EQ(env_number(env, "s"), 2100000.0);
    EXPECT_EQ(env_number(env, "d"), 2.5);
    EXPECT_FALSE(env_number(Json{{"x", "21 GHz"}}, "x"));
    EXPECT_FALSE(env_number(Json::array(), "x"));
}

TEST(CounterUnit, OneUnitAndOneColumnWordPerRecord)
{
    Record harness;
    EXPECT_EQ(counter_unit(harness), "cycles");
    Record tsc;
    tsc.kexbench = RecordSamples{};
    tsc.kexbench->counter_unit = "TSC ticks";
    EXPECT_EQ(counter_unit(tsc), "TSC ticks");
    tsc.kexbench->core_cycles = true;
    EXPECT_EQ(counter_unit(tsc), "cycles");
    RecordSamples unnamed;
    EXPECT_EQ(counter_unit(unnamed), "counter ticks");

    // The CSV column word: the three old copies gave "counter_ticks", "counter_ticks" and "" for no unit.
    EXPECT_EQ(unit_column_word("TSC ticks"), "tsc_ticks");
    EXPECT_EQ(unit_column_word("cycles"), "cycles");
    EXPECT_EQ(unit_column_word(""), "counter_ticks");
    EXPECT_EQ(unit_column_word(counter_unit(unnamed)), "counter_ticks");

    std::vector<std::string> words;
    for (const char *w : {"tsc_ticks", "ns", "cycles", "tsc_ticks"})
        add_unit_column_word(words, w);
    EXPECT_EQ(words, (std::vector<std::string>{"cycles", "tsc_ticks", "ns"}));
}
