// SPDX-License-Identifier: GPL-3.0-or-later
// Core's texts for people (report and compare cells, event messages, host
// warnings, disturbance reasons) are composed in English; core's catalogue
// (core/base/i18n.h) renders them in the UI's language at the boundary where the
// workbench shows them, as the report does.
#pragma once

#include "core/base/i18n.h"

#include <QString>

#include <string>

namespace kexbench::ui {

// The language of the installed kexbench translator: its translation of a
// marker is its own code ("zh_CN"); with none, English. Callable from any thread.
kexbench::Language coreLanguage();
// The same as core's option value (ReportOptions::language, CompareOptions::language).
std::string coreLanguageName();
// An English core text in that language, as plain text (the catalogue's
// Markdown code marks dropped).
QString coreText(const std::string &english);
QString coreText(const QString &english);

} // namespace kexbench::ui
