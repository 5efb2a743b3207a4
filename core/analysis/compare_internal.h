// SPDX-License-Identifier: GPL-3.0-or-later
// What the files of the comparison (compare*.cpp) share and nothing else
// uses: the small text and counter rules, and the steps compare_datasets()
// calls from the files that own them. Private to core/analysis.
#pragma once

#include "core/analysis/compare.h"
#include "core/base/i18n.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace kexbench::compare_detail {

using Json = nlohmann::ordered_json;

inline constexpr const char *kHarnessCounter = "perf_event cpu-cycles (harness driver, user mode)";
inline constexpr const char *kNoTrialValues = "a side has no trial values: no significance test";

// The sides' names, as every header, cell and note of the comparison gives them.
struct Labels {
    std::string a, b;
    Language lang = Language::en;
};

// An instance of the comparison: a candidate's label.
struct Instance {
    std::string candidate, label;
};

// ---- small rules (compare_common.cpp)
std::string code(const std::string &s);
void add_unique(std::vector<std::string> &list, const std::string &item);
std::optional<double> ratio_of(std::optional<double> a, std::optional<double> b);
std::optional<double> as_double(const std::optional<uint64_t> &v);
std::optional<double> as_double(const std::optional<int64_t> &v);
std::optional<double> nominal_clock_hz(const Json &env);
bool harness_counted_cycles(const Record &r);
std::string ghz(double hz);
Language lang_of(const CompareOptions &o);
std::string and_text(Language lang, const std::string &a, const std::string &b);
std::string paren_text(Language lang, const std::string &inner);
std::string list_sep(Language lang);
std::string counter_text(const CounterInfo &c, Language lang);
bool same_known_tick_rate(const Record &a, const Record &b);
bool same_counter(const CounterInfo &a, const CounterInfo &b);
bool counters_comparable(const Record &ra, const Record &rb, const CounterInfo &a, const CounterInfo &b);

// ---- trial-level tests and verdicts (compare_tests.cpp)
std::string alpha_text(double alpha);
void add_trial_tests(OperationComparison &row, const Record &a, const Record &b, const Labels &s,
                     const CompareOptions &o, bool &said_no_test);
std::string verdict_data(const SampleTest &s, const CompareOptions &o);

// ---- record matching (compare.cpp)
bool wanted(const Record &r, const CompareOptions &o);

// ---- sizes and memory (compare_sizes.cpp)
std::vector<Instance> matched_instances(const Comparison &c);
void compare_sizes(Comparison &c, const Dataset &a, const Dataset &b, const Instance &in);
void compare_memory(Comparison &c, const Dataset &a, const Dataset &b, const Instance &in);

// ---- whole-comparison notes (compare_notes.cpp)
void add_notes(Comparison &c, const Dataset &a, const Dataset &b);
std::optional<ProbeSpeed> probe_speed(const Dataset &a, const Dataset &b);
void summarize_ratios(Comparison &c);
Labels display_labels(const Dataset &a, const Dataset &b, const CompareOptions &o);
bool harness_side(const Dataset &ds, const Comparison &c);

// ---- a published page (compare_page.cpp)
void add_published_page_figures(Comparison &c, const Dataset &a, const Dataset &b);
void add_published_page_note(Comparison &c);

} // namespace kexbench::compare_detail
