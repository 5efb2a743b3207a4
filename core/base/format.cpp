// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/format.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace kexbench::fmt {

namespace {

// Python spells the non-finite values without a sign on NaN; printf-family
// code may print "-nan", so they never reach the digit conversion.
std::string non_finite(double x)
{
    if (std::isnan(x))
        return "nan";
    return x < 0 ? "-inf" : "inf";
}

// std::to_chars with a precision formats "as if by printf in the C locale":
// correctly rounded, 'g' without trailing zeros, two-digit minimum exponent,
// which is exactly what CPython's format() prints for these three types.
std::string to_chars_format(double x, std::chars_format style, int precision)
{
    // Largest output: 309 integer digits of DBL_MAX, sign, point and the decimals.
    std::string buffer(static_cast<size_t>(precision) + 330, '\0');
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), x, style, precision);
    if (ec != std::errc())
        return {};
    buffer.resize(static_cast<size_t>(end - buffer.data()));
    return buffer;
}

} // namespace

std::string py_format(double x, char spec, int precision)
{
    if (precision < 0)
        precision = 0;
    if (spec == '%')
        return py_format(x * 100.0, 'f', precision).append("%");
    if (spec != 'f' && spec != 'e' && spec != 'g')
        return {};
    if (!std::isfinite(x))
        return non_finite(x);
    if (spec == 'f')
        return to_chars_format(x, std::chars_format::fixed, precision);
    if (spec == 'e')
        return to_chars_format(x, std::chars_format::scientific, precision);
    return to_chars_format(x, std::chars_format::general, precision);
}

std::string fmt_int(std::optional<double> x)
{
    if (!x)
        return kMissing;
    const double v = *x;
    if (v >= 1e9)
        return py_format(v / 1e9, 'f', 2).append(" G");
    if (v >= 1e6)
        return py_format(v / 1e6, 'f', 2).append(" M");
    if (v >= 1e4)
        return py_format(v / 1e3, 'f', 1).append(" k");
    return py_format(v, 'f', 0);
}

std::string fmt_time(std::optional<double> seconds)
{
    if (!seconds)
        return kMissing;
    const double s = *seconds;
    // Multiplied, not divided, as the pages do: s * 1e3 and s / 1e-3 can differ in the last bit.
    if (s * 1.0 >= 1)
        return py_format(s, 'g', 3).append(" s");
    if (s * 1e3 >= 1)
        return py_format(s * 1e3, 'g', 3).append(" ms");
    if (s * 1e6 >= 1)
        return py_format(s * 1e6, 'g', 3).append(" \u00b5s");
    return py_format(s * 1e9, 'g', 3).append(" ns");
}

std::string fmt_ops(double ops) { return py_format(ops, 'g', 3); }

std::string pct(std::optional<double> share)
{
    if (!share)
        return kMissing;
    const double percent = 100.0 * *share;
    return py_format(percent, 'f', *share >= 0.095 ? 0 : 1).append("%");
}

std::string fmt_g3(double x) { return py_format(x, 'g', 3); }

std::string percent(double fraction, int decimals) { return py_format(100 * fraction, 'f', decimals) + " %"; }

std::string clock_duration(double seconds)
{
    if (seconds < 0)
        return "--:--";
    const long t = static_cast<long>(seconds + 0.5);
    char buf[32];
    if (t >= 3600)
        std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, (t / 60) % 60, t % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
    return buf;
}

} // namespace kexbench::fmt
