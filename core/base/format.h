// SPDX-License-Identifier: GPL-3.0-or-later
// Number formatting of the published ngcc-harness pages (MEASUREMENT-METHOD §13).
// The pages are produced by Python, so every function here reproduces CPython's
// format() exactly: correctly rounded decimal conversion of the binary value
// (round-half-even only on exact ties), 'g' dropping trailing zeros, exponents
// with at least two digits. Output never depends on the C locale.
#pragma once

#include <optional>
#include <string>

namespace kexbench::fmt {

// U+2013 EN DASH: the pages' "no value" cell.
inline constexpr const char *kMissing = "\u2013";

// format(x, ".<precision><spec>") for spec 'f', 'e', 'g' or '%' (x * 100, 'f', "%").
// inf/nan print as Python does ("inf", "-inf", "nan"). Any other spec gives "".
std::string py_format(double x, char spec, int precision);

// Cycles: G / M / k with 2 / 2 / 1 decimals, else an integer. The unit is chosen
// before rounding, so 9999.6 -> "10000" and 999995 -> "1000.0 k". None -> "–".
std::string fmt_int(std::optional<double> x);

// Seconds in the first of s, ms, µs with value >= 1 (else ns), as ".3g <unit>".
std::string fmt_time(std::optional<double> seconds);

// Operations per second: ".3g" ("7.23e+03", "742").
std::string fmt_ops(double ops);

// Share as a percentage: >= 0.095 -> no decimals ("69%"), else one ("1.2%"). None -> "–".
std::string pct(std::optional<double> share);

// ".3g": calls per operation in the symmetric-primitives table.
std::string fmt_g3(double x);

// kexbench's own percentages, not the pages' (pct above): the fraction times
// 100 with `decimals` decimals and " %" ("12.3 %"), as docs/method.md writes them.
std::string percent(double fraction, int decimals = 1);

// A duration as a clock reading, rounded to the second: "4:05", "1:02:03";
// negative (not known yet) -> "--:--". The CLI's progress line and the Run
// page's ETA and estimates.
std::string clock_duration(double seconds);

} // namespace kexbench::fmt
