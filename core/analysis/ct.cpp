// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/ct.h"

#include <algorithm>
#include <cmath>

namespace kexbench {

void WelchTest::add(CtClass c, double x)
{
    const unsigned i = index(c);
    ++n_[i];
    const double delta = x - mean_[i];
    mean_[i] += delta / static_cast<double>(n_[i]);
    m2_[i] += delta * (x - mean_[i]);
}

double WelchTest::variance(CtClass c) const
{
    const unsigned i = index(c);
    return n_[i] < 2 ? 0.0 : m2_[i] / static_cast<double>(n_[i] - 1);
}

std::optional<double> WelchTest::t() const
{
    if (n_[0] < 2 || n_[1] < 2)
        return std::nullopt;
    const double se2 =
        variance(CtClass::Fixed) / static_cast<double>(n_[0]) + variance(CtClass::Random) / static_cast<double>(n_[1]);
    if (!(se2 > 0))
        return std::nullopt;
    return (mean_[0] - mean_[1]) / std::sqrt(se2);
}

std::vector<double> ct_crop_percentiles()
{
    std::vector<double> p;
    for (int i = 0; i < 10; ++i)
        p.push_back(1.0 - std::pow(0.5, 10.0 * (i + 1) / 10.0));
    return p;
}

namespace {

// The value at quantile q of sorted values (nearest rank below).
double quantile_of_sorted(const std::vector<double> &sorted, double q)
{
    const size_t i = static_cast<size_t>(q * static_cast<double>(sorted.size() - 1));
    return sorted[std::min(i, sorted.size() - 1)];
}

} // namespace

CtBattery::CtBattery(std::vector<double> calibration)
{
    crops_.push_back(CtCrop{});
    if (calibration.empty())
        return;
    std::sort(calibration.begin(), calibration.end());
    for (double p : ct_crop_percentiles()) {
        CtCrop crop;
        crop.percentile = p;
        crop.threshold = quantile_of_sorted(calibration, p);
        crops_.push_back(crop);
    }
}

void CtBattery::add(CtClass c, double x)
{
    for (CtCrop &crop : crops_)
        if (!crop.percentile || x <= crop.threshold)
            crop.test.add(c, x);
}

const CtCrop *CtBattery::strongest() const
{
    const CtCrop *best = nullptr;
    double best_t = -1;
    for (const CtCrop &crop : crops_)
        if (auto t = crop.test.t(); t && std::fabs(*t) > best_t) {
            best_t = std::fabs(*t);
            best = &crop;
        }
    return best;
}

double CtBattery::max_abs_t() const
{
    const CtCrop *c = strongest();
    return c ? std::fabs(*c->test.t()) : 0.0;
}

std::optional<CtBattery> ct_battery_over(const std::vector<uint64_t> &times, const std::vector<unsigned char> &classes)
{
    if (times.size() != classes.size() || times.size() <= kCtCalibrationMeasurements)
        return std::nullopt;
    std::vector<double> calibration(times.begin(), times.begin() + kCtCalibrationMeasurements);
    CtBattery battery(std::move(calibration));
    for (size_t i = kCtCalibrationMeasurements; i < times.size(); ++i)
        battery.add(classes[i] ? CtClass::Random : CtClass::Fixed, static_cast<double>(times[i]));
    return battery;
}

CtVerdict ct_verdict(const std::optional<CtBattery> &battery)
{
    if (!battery || !battery->strongest())
        return CtVerdict::not_available;
    return battery->leak() ? CtVerdict::leak : CtVerdict::no_leak_detected;
}

std::string ct_verdict_word(CtVerdict verdict)
{
    switch (verdict) {
    case CtVerdict::leak:
        return "leak";
    case CtVerdict::no_leak_detected:
        return "no leak detected";
    case CtVerdict::not_available:
        break;
    }
    return "n/a";
}

std::string ct_verdict_text(CtVerdict verdict, Language lang) { return tr(lang, ct_verdict_word(verdict)); }

namespace {

using ojson = nlohmann::ordered_json;

ojson optional_number(const std::optional<double> &v) { return v && std::isfinite(*v) ? ojson(*v) : ojson(nullptr); }

} // namespace

ojson ct_summary_json(const CtRecord &r)
{
    const std::optional<CtBattery> battery = ct_battery_of(r);
    ojson s;
    s["verdict"] = ct_verdict_word(ct_verdict(battery));
    s["threshold"] = kCtLeakThreshold;
    s["measurements"] = r.ticks.size();
    if (!battery)
        return s;
    const CtCrop *strongest = battery->strongest();
    s["max_abs_t"] = battery->max_abs_t();
    s["crop_percentile"] = strongest && strongest->percentile ? ojson(*strongest->percentile) : ojson(nullptr);
    s["crops"] = ojson::array();
    for (const CtCrop &c : battery->crops())
        s["crops"].push_back({{"percentile", c.percentile ? ojson(*c.percentile) : ojson(nullptr)},
                              {"threshold", c.threshold},
                              {"t", optional_number(c.test.t())},
                              {"fixed", c.test.count(CtClass::Fixed)},
                              {"random", c.test.count(CtClass::Random)}});
    return s;
}

} // namespace kexbench
