// SPDX-License-Identifier: GPL-3.0-or-later
// The constant-time check in the manner of dudect (Reparaz, Balasch,
// Verbauwhede, "Dude, is my code constant time?", DATE 2017): per-iteration
// times of one operation under two input classes, interleaved in random
// order: "fixed" (every exchange from one DRNG seed, so the same secrets and
// the same public values each time) and "random" (a fresh seed each time).
// Welch's t-test compares the classes on the whole sample and on upper-tail
// crops; |t| above 4.5 on any of them says the time depends on the inputs.
// A t-test can find such a dependence; it cannot prove its absence, and it
// cannot tell a secret from a public input: both classes change both.
#pragma once

#include "core/base/i18n.h"
#include "core/data/ct_record.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

constexpr double kCtLeakThreshold = 4.5; // dudect's (and TVLA's) threshold on |t|

enum class CtClass : unsigned char { Fixed = 0, Random = 1 };

// Welford's running mean and variance of each class, and Welch's t between them.
class WelchTest {
public:
    void add(CtClass c, double x);
    uint64_t count(CtClass c) const { return n_[index(c)]; }
    double mean(CtClass c) const { return mean_[index(c)]; }
    double variance(CtClass c) const; // sample variance, 0 below two values
    // Welch's t of fixed minus random; nullopt while a class has fewer than two
    // values or both variances are 0.
    std::optional<double> t() const;

private:
    static unsigned index(CtClass c) { return static_cast<unsigned>(c); }
    uint64_t n_[2] = {0, 0};
    double mean_[2] = {0, 0}, m2_[2] = {0, 0};
};

// One test of the battery: all measurements, or those below a threshold.
struct CtCrop {
    std::optional<double> percentile; // nullopt = uncropped; else the crop keeps values below this percentile
    double threshold = 0;             // of the calibration measurements (inclusive bound)
    WelchTest test;
};

// The battery: the uncropped test and crops at the percentiles
// 1 - 0.5^(10 (i+1) / 10), i = 0..9 (50 %, 75 %, ... 99.9 %; dudect's rule at a
// tenth of its density). Thresholds come from calibration measurements of both
// classes that are then left out of the tests, as dudect does.
class CtBattery {
public:
    explicit CtBattery(std::vector<double> calibration);
    void add(CtClass c, double x);
    const std::vector<CtCrop> &crops() const { return crops_; }
    // The crop with the largest |t|; nullptr before any t exists.
    const CtCrop *strongest() const;
    double max_abs_t() const;
    bool leak() const { return max_abs_t() > kCtLeakThreshold; }

private:
    std::vector<CtCrop> crops_;
};

// The crop percentiles of the battery, in order (after the uncropped test).
std::vector<double> ct_crop_percentiles();

// The measurements a battery is calibrated on, and how many a class needs
// before an early stop on |t| > 4.5 is allowed.
// (200 and 500: a slow instance, ~10 ms an exchange, still gets a verdict
// within a 10 s budget.)
constexpr uint64_t kCtCalibrationMeasurements = 200;
constexpr uint64_t kCtMinPerClass = 500;

// The whole check over stored measurements (classes[i] goes with times[i], in
// measuring order): the first kCtCalibrationMeasurements calibrate, the rest
// are tested. nullopt with fewer measurements than calibration needs.
std::optional<CtBattery> ct_battery_over(const std::vector<uint64_t> &times, const std::vector<unsigned char> &classes);

// The check's verdict: a leak (|t| above the threshold), none detected, or
// not available (too few measurements). Its words are in one table
// (ct.cpp): ct_verdict_word for files and columns, ct_verdict_text to read.
enum class CtVerdict { leak, no_leak_detected, not_available };
CtVerdict ct_verdict(const std::optional<CtBattery> &battery);
// "leak", "no leak detected", "n/a": the untranslated word JSON and CSV carry.
std::string ct_verdict_word(CtVerdict verdict);
// The word in `lang` (zh_CN: 泄漏, 未发现泄漏, 不适用).
std::string ct_verdict_text(CtVerdict verdict, Language lang);

// The check over a record's stored measurements.
inline std::optional<CtBattery> ct_battery_of(const CtRecord &record)
{
    return ct_battery_over(record.ticks, record.classes);
}

// The derived figures a ct record carries for readers without kexbench
// (verdict, threshold, every crop's t): ct_record_to_json's `summary`.
nlohmann::ordered_json ct_summary_json(const CtRecord &record);

} // namespace kexbench
