// SPDX-License-Identifier: GPL-3.0-or-later
// The parent's own check of a describe answer: a runner child hosts candidate
// code and can lie about the name its loader would have refused, so the
// answer is judged again before its name becomes a path.
#include "core/campaign/instance_info.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace kexbench;

namespace {

InstanceInfo answer_naming(const std::string &instance, const std::string &family)
{
    const nlohmann::json answer = {
        {"path", "/lib/libx.so"},
        {"meta", {{"instance", instance}, {"family", family}}},
        {"capacities",
         {{"passes", 2},
          {"pk_bytes", 0},
          {"sk_bytes", 0},
          {"sta_bytes", 0},
          {"stb_bytes", 0},
          {"ss_bytes", 32},
          {"total_msg_bytes", 1}}},
    };
    return answer.get<InstanceInfo>();
}

} // namespace

TEST(InstanceNames, AnAnswerWithABadNameIsOneErrorNamingTheLibrary)
{
    EXPECT_EQ(info_name_problem(answer_naming("../../x", "")),
              "/lib/libx.so: instance name '../../x' may only hold letters, digits, '.', '-' and '_'");
    EXPECT_EQ(info_name_problem(answer_naming(".x", "")), "/lib/libx.so: instance name '.x' starts with '.'");
    EXPECT_EQ(info_name_problem(answer_naming("X-1", "a/b")),
              "/lib/libx.so: family 'a/b' may only hold letters, digits, '.', '-' and '_'");
    EXPECT_EQ(info_name_problem(answer_naming("", "")), "/lib/libx.so: the instance name is empty");
}

TEST(InstanceNames, GoodNamesAndAnEmptyFamilyPass)
{
    EXPECT_EQ(info_name_problem(answer_naming("X25519-NIKE", "X25519-NIKE")), "");
    EXPECT_EQ(info_name_problem(answer_naming("MLKEM-AKE-KC-768", "")), "");
    EXPECT_EQ(info_name_problem(answer_naming("v1.2_rc-3", "toy.kex")), "");
}
