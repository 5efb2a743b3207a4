// SPDX-License-Identifier: GPL-3.0-or-later
// The small marks models return as Qt::DecorationRole, shared so that one
// kind of concern looks the same in every list (Results, Algorithms).
#pragma once

#include <QImage>

namespace kexbench::ui {

// Amber: what the row shows is suspect (disturbed figures, an unchecked or failed KAT).
const QImage &warningMark();
// Slate: read with care.
const QImage &noticeMark();

} // namespace kexbench::ui
