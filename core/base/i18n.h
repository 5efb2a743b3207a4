// SPDX-License-Identifier: GPL-3.0-or-later
// The languages core's texts for people can be rendered in, without Qt: a
// compiled-in catalogue maps each English text (a template with "{}"
// placeholders) to its Simplified Chinese form. English is the key, so English
// output never depends on the catalogue.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace kexbench {

enum class Language { en, zh_CN };

// "en", "zh_CN", "zh", "zh-CN"; nullopt for anything else.
std::optional<Language> parse_language(std::string_view name);
// "en", "zh_CN".
std::string language_name(Language lang);

// The catalogue's text for `english`; `english` itself when lang is en or the
// catalogue has no entry.
std::string tr(Language lang, std::string_view english);

// tr() of a template, then its placeholders filled: "{}" takes the next
// argument, "{1}", "{2}" ... a numbered one (for a translation whose order
// differs). Arguments are inserted as they are.
std::string trf(Language lang, std::string_view english_template, std::initializer_list<std::string> args);

// A text that was composed in English elsewhere and stored (a warning in a
// record, a disturbance reason, an audit): the catalogue entry it is an
// instance of, with the parts the template leaves open kept (and themselves
// translated when they are catalogue texts); phrases joined by "; " are
// translated one by one. Unknown text comes back unchanged.
std::string tr_text(Language lang, std::string_view english);

} // namespace kexbench
