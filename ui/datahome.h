// SPDX-License-Identifier: GPL-3.0-or-later
// The one folder the workbench keeps what it makes in (generated campaigns,
// libraries built from submission folders): <GenericDataLocation>/<application>,
// e.g. ~/.local/share/kexbench. Not AppDataLocation: that adds the organisation
// as well, and with organisation and application both "kexbench" it gives
// ~/.local/share/kexbench/kexbench.
#pragma once

#include <QString>

namespace kexbench::ui {

// <data home>/<application>/<sub>, e.g. dataHomePath("instances").
QString dataHomePath(const QString &sub);

} // namespace kexbench::ui
