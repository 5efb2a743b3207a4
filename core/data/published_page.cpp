// SPDX-License-Identifier: GPL-3.0-or-later
// Published report pages (perf_<system>.md) as datasets: the parser, the
// Dataset it becomes, its report (the page itself) and its side of a comparison.
#include "core/data/published_page.h"

#include "core/data/dataset.h"
#include "core/base/format.h"
#include "core/base/i18n.h"
#include "core/data/record.h"
#include "core/base/untrusted.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

namespace kexbench {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kMaxPageBytes = 16u << 20;

std::string trim(std::string_view s)
{
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n'))
        --e;
    return std::string(s.substr(b, e - b));
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::vector<std::string> split_lines(const std::string &text)
{
    std::vector<std::string> lines;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(std::move(line));
        pos = end + 1;
    }
    return lines;
}

bool is_table_line(const std::string &line) { return starts_with(trim(line), "|"); }

// "| a | b\| c |" -> {"a", "b| c"}.
std::vector<std::string> table_cells(const std::string &raw)
{
    const std::string line = trim(raw);
    std::vector<std::string> cells;
    std::string cell;
    size_t i = line.empty() || line[0] != '|' ? 0 : 1;
    bool closed = false;
    for (; i < line.size(); ++i) {
        const char ch = line[i];
        if (ch == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
            cell += '|';
            ++i;
            closed = false;
        } else if (ch == '|') {
            cells.push_back(trim(cell));
            cell.clear();
            closed = true;
        } else {
            cell += ch;
            closed = false;
        }
    }
    if (!closed && !trim(cell).empty())
        cells.push_back(trim(cell));
    return cells;
}

// "|---|:--:|" : every cell dashes with optional colons.
bool is_separator(const std::string &line)
{
    const auto cells = table_cells(line);
    if (cells.empty())
        return false;
    for (const auto &c : cells) {
        if (c.empty())
            return false;
        for (char ch : c)
            if (ch != '-' && ch != ':')
                return false;
    }
    return true;
}

// "**caption**" alone on its line.
std::optional<std::string> bold_caption(const std::string &paragraph)
{
    if (paragraph.size() > 4 && starts_with(paragraph, "**") && paragraph.compare(paragraph.size() - 2, 2, "**") == 0 &&
        paragraph.find("**", 2) == paragraph.size() - 2)
        return paragraph.substr(2, paragraph.size() - 4);
    return std::nullopt;
}

// "## 4. Performance" -> {"4", "Performance"}; "## Symmetric primitives" -> {"", ...}.
PublishedSection section_from_heading(const std::string &heading)
{
    PublishedSection s;
    const std::string text = trim(std::string_view(heading).substr(3));
    size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])))
        ++digits;
    if (digits > 0 && digits + 1 < text.size() && text[digits] == '.' && text[digits + 1] == ' ') {
        s.number = text.substr(0, digits);
        s.title = trim(std::string_view(text).substr(digits + 2));
    } else {
        s.title = text;
    }
    return s;
}

// ------------------------------------------------------------------ numbers

// Digits after the decimal point of a plain decimal ("30.90" -> 2); -1 when not a plain decimal.
int decimals_of(std::string_view s)
{
    if (s.empty())
        return -1;
    size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
    int before = 0, after = -1;
    for (; i < s.size(); ++i) {
        const char ch = s[i];
        if (std::isdigit(static_cast<unsigned char>(ch))) {
            if (after >= 0)
                ++after;
            else
                ++before;
        } else if (ch == '.' && after < 0) {
            after = 0;
        } else {
            return -1;
        }
    }
    if (before == 0 && after <= 0)
        return -1;
    return after < 0 ? 0 : after;
}

// A plain decimal or "3.81e+03"; value and half a unit of its last digit.
std::optional<std::pair<double, double>> plain_number(std::string_view s)
{
    std::string text(s);
    double scale = 1;
    if (const size_t e = text.find_first_of("eE"); e != std::string::npos) {
        const std::string exponent = text.substr(e + 1);
        if (exponent.empty() || decimals_of(exponent) != 0)
            return std::nullopt;
        scale = std::pow(10.0, std::strtod(exponent.c_str(), nullptr));
        text = text.substr(0, e);
    }
    const int decimals = decimals_of(text);
    if (decimals < 0)
        return std::nullopt;
    const double value = std::strtod(text.c_str(), nullptr) * scale;
    const double precision = 0.5 * std::pow(10.0, -decimals) * scale;
    if (!std::isfinite(value))
        return std::nullopt;
    return std::make_pair(value, precision);
}

// "548.9 k" -> number "548.9", multiplier 1e3 by the unit table; the unit must be one of them.
std::optional<PublishedFigure> with_unit(std::string_view cell,
                                         const std::vector<std::pair<std::string, double>> &units, bool unit_required)
{
    const std::string text = trim(cell);
    const size_t space = text.find(' ');
    const std::string number = space == std::string::npos ? text : text.substr(0, space);
    const std::string unit =
        space == std::string::npos ? std::string() : trim(std::string_view(text).substr(space + 1));
    double multiplier = 0;
    if (unit.empty() && !unit_required)
        multiplier = 1;
    for (const auto &[name, m] : units)
        if (!unit.empty() && unit == name)
            multiplier = m;
    if (multiplier == 0)
        return std::nullopt;
    const auto n = plain_number(number);
    if (!n)
        return std::nullopt;
    return PublishedFigure{n->first * multiplier, n->second * multiplier, text};
}

// "230 (5 × 46)" -> 230, 5, 46.
bool parse_count_cell(const std::string &cell, PublishedTiming &t)
{
    const size_t open = cell.find('('), times = cell.find("\u00d7"), close = cell.find(')');
    if (open == std::string::npos || times == std::string::npos || close == std::string::npos ||
        !(open < times && times < close))
        return false;
    const std::string n = trim(std::string_view(cell).substr(0, open));
    const std::string trials = trim(std::string_view(cell).substr(open + 1, times - open - 1));
    const std::string iters = trim(std::string_view(cell).substr(times + 2, close - times - 2));
    if (decimals_of(n) != 0 || decimals_of(trials) != 0 || decimals_of(iters) != 0)
        return false;
    t.measurements = std::strtoull(n.c_str(), nullptr, 10);
    t.trials = std::atoi(trials.c_str());
    t.iterations_per_trial = std::strtoull(iters.c_str(), nullptr, 10);
    return true;
}

// "`LoomKEX-128`" -> "LoomKEX-128" (and any " ⚠ KAT ..." after it dropped).
std::string label_of(const std::string &cell)
{
    const size_t open = cell.find('`');
    if (open != std::string::npos) {
        const size_t close = cell.find('`', open + 1);
        if (close != std::string::npos)
            return cell.substr(open + 1, close - open - 1);
    }
    return trim(cell);
}

int column_of(const PublishedTable &t, std::string_view name)
{
    for (size_t i = 0; i < t.header.size(); ++i)
        if (t.header[i] == name)
            return static_cast<int>(i);
    return -1;
}

std::string cell_at(const std::vector<std::string> &row, int column)
{
    return column >= 0 && static_cast<size_t>(column) < row.size() ? row[static_cast<size_t>(column)] : std::string();
}

bool is_missing(const std::string &cell) { return cell.empty() || cell == fmt::kMissing || cell == "-"; }

void read_timings(PublishedPage &page)
{
    const PublishedSection *s = page.section("4");
    if (!s || s->tables.empty())
        return;
    const PublishedTable &t = s->tables.front();
    const int inst = column_of(t, "instance"), op = column_of(t, "operation"), cycles = column_of(t, "mean cycles");
    const int time = column_of(t, "mean time"), ops = column_of(t, "ops/s"), median = column_of(t, "median trial");
    const int n = column_of(t, "n (trials \u00d7 iters)");
    for (size_t i = 0; i < t.rows.size(); ++i) {
        const auto &row = t.rows[i];
        PublishedTiming timing;
        timing.label = label_of(cell_at(row, inst));
        timing.operation = trim(cell_at(row, op));
        const std::string where =
            "section 4 row " + std::to_string(i + 1) + " (" + timing.label + " " + timing.operation + ")";
        if (timing.label.empty() || operation_rank(timing.operation) < 0) {
            page.problems.push_back(where + ": no instance or an unknown operation");
            continue;
        }
        auto figure = [&](int column, auto parse, const char *what) -> std::optional<PublishedFigure> {
            const std::string cell = cell_at(row, column);
            if (column < 0 || is_missing(cell))
                return std::nullopt;
            auto f = parse(cell);
            if (!f)
                page.problems.push_back(where + ": " + what + " '" + printable(cell.substr(0, 40)) +
                                        "' is not a number");
            return f;
        };
        timing.mean_cycles = figure(cycles, parse_published_count, "mean cycles");
        timing.mean_seconds = figure(time, parse_published_time, "mean time");
        timing.ops_per_second = figure(ops, parse_published_number, "ops/s");
        timing.median_trial_seconds = figure(median, parse_published_time, "median trial");
        if (n >= 0 && !is_missing(cell_at(row, n)) && !parse_count_cell(cell_at(row, n), timing))
            page.problems.push_back(where + ": n '" + printable(cell_at(row, n).substr(0, 40)) +
                                    "' is not \"N (T \u00d7 I)\"");
        page.timings.push_back(std::move(timing));
    }
}

bool looks_like_id(const std::string &word)
{
    return word.find('-') != std::string::npos &&
           std::any_of(word.begin(), word.end(), [](unsigned char ch) { return std::isdigit(ch); });
}

void fill_identity(PublishedPage &page, const std::string &path)
{
    const fs::path p(path);
    const std::string stem = p.stem().string();
    if (starts_with(stem, "perf_") && stem.size() > 5)
        page.system = stem.substr(5);
    const std::string dash = " \u2014 ";
    const size_t dash_at = page.title.find(dash);
    if (page.system.empty()) {
        const size_t sys = page.title.rfind("(system ");
        if (sys != std::string::npos && page.title.find(')', sys) != std::string::npos)
            page.system = page.title.substr(sys + 8, page.title.find(')', sys) - sys - 8);
    }
    if (page.system.empty())
        page.system = stem;
    const std::string who = page.title.substr(0, dash_at == std::string::npos ? page.title.size() : dash_at);
    const std::string first = who.substr(0, who.find(' '));
    const std::string folder = p.parent_path().filename().string();
    if (!folder.empty() && starts_with(who, folder))
        page.candidate = folder;
    else if (looks_like_id(first))
        page.candidate = first;
    else
        page.candidate = folder.empty() ? first : folder;
    if (const PublishedSection *basic = page.section("1"))
        for (const auto &item : basic->items)
            if (starts_with(item, "Algorithm: "))
                page.algorithm = trim(std::string_view(item).substr(11));
    if (page.algorithm.empty() && who.size() > page.candidate.size() && starts_with(who, page.candidate))
        page.algorithm = trim(std::string_view(who).substr(page.candidate.size()));
}

// "1944 KiB" -> bytes.
std::optional<uint64_t> kib_bytes(const std::string &cell)
{
    const auto f = with_unit(cell, {{"KiB", 1024.0}}, true);
    if (!f || f->value < 0)
        return std::nullopt;
    return static_cast<uint64_t>(std::llround(f->value));
}

std::optional<uint64_t> integer_cell(const std::string &cell)
{
    if (decimals_of(trim(cell)) != 0)
        return std::nullopt;
    return std::strtoull(trim(cell).c_str(), nullptr, 10);
}

// "12th Gen Intel(R) Core(TM) i7-12700 (CPU 2, one core)" -> without the parenthesis on the timing CPU.
std::string cpu_model_of(const PublishedPage &page, std::string &started)
{
    std::string cpu;
    if (const PublishedSection *env = page.section("2"); env && !env->tables.empty())
        for (const auto &row : env->tables.front().rows) {
            if (row.size() < 2)
                continue;
            if (row[0] == "processor") {
                cpu = row[1];
                if (const size_t paren = cpu.rfind(" (CPU "); paren != std::string::npos)
                    cpu = cpu.substr(0, paren);
            } else if (row[0] == "campaign start / end (UTC)") {
                started = trim(row[1].substr(0, row[1].find(" / ")));
            }
        }
    return cpu;
}

} // namespace

std::string published_precision_text(const PublishedFigure &f, const std::string &unit)
{
    const std::string n = f.precision >= 1 ? fmt::py_format(f.precision, 'f', 0) : fmt::py_format(f.precision, 'g', 3);
    return "\u00b1 " + n + (unit.empty() ? "" : " " + unit);
}

std::string published_time_precision_text(const PublishedFigure &f) { return "\u00b1 " + fmt::fmt_time(f.precision); }

// ------------------------------------------------------------------ public

std::optional<PublishedFigure> parse_published_count(std::string_view cell)
{
    return with_unit(cell, {{"k", 1e3}, {"M", 1e6}, {"G", 1e9}}, false);
}

std::optional<PublishedFigure> parse_published_time(std::string_view cell)
{
    return with_unit(cell, {{"s", 1.0}, {"ms", 1e-3}, {"\u00b5s", 1e-6}, {"\u03bcs", 1e-6}, {"us", 1e-6}, {"ns", 1e-9}},
                     true);
}

std::optional<PublishedFigure> parse_published_number(std::string_view cell)
{
    const std::string text = trim(cell);
    const auto n = plain_number(text);
    if (!n)
        return std::nullopt;
    return PublishedFigure{n->first, n->second, text};
}

const PublishedSection *PublishedPage::section(std::string_view number) const
{
    for (const auto &s : sections)
        if (s.number == number)
            return &s;
    return nullptr;
}

bool is_markdown_page(const std::string &path)
{
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return std::tolower(ch); });
    return ext == ".md" || ext == ".markdown";
}

Result<PublishedPage> parse_published_page(const std::string &text, const std::string &path)
{
    PublishedPage page;
    const std::vector<std::string> lines = split_lines(text);
    size_t i = 0;
    while (i < lines.size() && trim(lines[i]).empty())
        ++i;
    if (i >= lines.size() || !starts_with(lines[i], "# "))
        return fail(path + ": not a published page (no \"# \" title line)");
    page.title = trim(std::string_view(lines[i]).substr(2));
    ++i;
    PublishedSection *current = nullptr;
    std::string paragraph;
    auto flush = [&] {
        if (paragraph.empty())
            return;
        if (!current)
            page.intro.push_back(paragraph);
        else if (current->tables.empty())
            current->paragraphs.push_back(paragraph);
        else
            current->tables.back().notes.push_back(paragraph);
        paragraph.clear();
    };
    for (; i < lines.size(); ++i) {
        const std::string line = trim(lines[i]);
        if (line.empty()) {
            flush();
            continue;
        }
        if (starts_with(line, "## ")) {
            flush();
            page.sections.push_back(section_from_heading(line));
            current = &page.sections.back();
            continue;
        }
        if (current && starts_with(line, "- ") && paragraph.empty()) {
            current->items.push_back(trim(std::string_view(line).substr(2)));
            continue;
        }
        if (current && is_table_line(line) && i + 1 < lines.size() && is_separator(lines[i + 1])) {
            PublishedTable t;
            // A "**caption**" paragraph right above the table is its title.
            if (auto caption = bold_caption(paragraph)) {
                t.title = *caption;
                paragraph.clear();
            }
            flush();
            t.header = table_cells(line);
            for (i += 2; i < lines.size() && is_table_line(lines[i]); ++i) {
                auto cells = table_cells(lines[i]);
                cells.resize(t.header.size());
                t.rows.push_back(std::move(cells));
            }
            --i;
            current->tables.push_back(std::move(t));
            continue;
        }
        paragraph.append(paragraph.empty() ? "" : " ").append(line);
    }
    flush();
    const PublishedSection *perf = page.section("4");
    if (!perf || perf->tables.empty() || perf->tables.front().header.size() < 2 ||
        perf->tables.front().header[0] != "instance" || perf->tables.front().header[1] != "operation")
        return fail(path +
                    ": not a published page (no \"## 4. Performance\" section with an instance/operation table)");
    fill_identity(page, path);
    read_timings(page);
    return page;
}

Result<Dataset> load_published_page(const std::string &path)
{
    auto text = detail::read_file_limited(path, kMaxPageBytes, path);
    if (!text)
        return fail(text.error());
    auto parsed = parse_published_page(*text, path);
    if (!parsed)
        return fail(parsed.error());
    PublishedPage &page = *parsed;
    Dataset ds;
    ds.root = path;
    ds.kind = kPublishedPageKind;
    ds.system_label = page.system;
    for (const auto &p : page.problems)
        ds.problems.push_back(fs::path(path).filename().string() + ": " + p);

    std::string started;
    const std::string cpu = cpu_model_of(page, started);
    // Section 3: KAT status and build flags per instance.
    std::map<std::string, std::pair<std::string, std::string>> kat; // label -> flags, status
    if (const PublishedSection *s = page.section("3"); s && !s->tables.empty()) {
        const PublishedTable &t = s->tables.front();
        const int inst = column_of(t, "instance"), flags = column_of(t, "build flags"), status = column_of(t, "KAT");
        for (const auto &row : t.rows)
            kat[label_of(cell_at(row, inst))] = {cell_at(row, flags), cell_at(row, status)};
    }
    // Section 5: ELF image per instance, RSS per instance x operation.
    std::map<std::string, uint64_t> elf;
    std::map<std::pair<std::string, std::string>, std::pair<std::optional<uint64_t>, std::optional<uint64_t>>> rss;
    if (const PublishedSection *s = page.section("5"); s && !s->tables.empty()) {
        const PublishedTable &t = s->tables.front();
        const int inst = column_of(t, "instance"), op = column_of(t, "operation");
        const int image = column_of(t, "static: ELF image (bytes)"), base = column_of(t, "baseline RSS"),
                  peak = column_of(t, "peak RSS");
        for (const auto &row : t.rows) {
            const std::string label = label_of(cell_at(row, inst));
            if (auto bytes = integer_cell(cell_at(row, image)))
                elf[label] = *bytes;
            rss[{label, trim(cell_at(row, op))}] = {kib_bytes(cell_at(row, base)), kib_bytes(cell_at(row, peak))};
        }
    }
    std::vector<std::string> labels;
    for (const PublishedTiming &t : page.timings) {
        Record r;
        r.status = "complete";
        r.candidate = page.candidate;
        r.label = t.label;
        r.instance = t.label;
        r.operation = t.operation;
        r.plan.trials = t.trials;
        r.plan.iterations_per_trial = t.iterations_per_trial;
        r.measurements = t.measurements;
        r.guide_100_measurements_met = t.measurements >= 100;
        if (t.mean_cycles)
            r.mean_cycles = t.mean_cycles->value;
        if (t.mean_seconds)
            r.mean_seconds = t.mean_seconds->value;
        if (t.median_trial_seconds)
            r.median_trial_seconds = t.median_trial_seconds->value;
        if (t.ops_per_second)
            r.operations_per_second = t.ops_per_second->value;
        if (auto it = kat.find(t.label); it != kat.end()) {
            r.flags = it->second.first;
            r.kat = it->second.second;
            r.kat_not_passed = !r.kat.empty() && r.kat != "PASS";
        }
        if (auto it = rss.find({t.label, t.operation}); it != rss.end()) {
            r.baseline_rss_bytes = it->second.first;
            r.peak_rss_bytes = it->second.second;
        }
        r.started_utc = started;
        r.environment = nlohmann::ordered_json::object();
        if (!cpu.empty())
            r.environment["cpu_model"] = cpu;
        r.environment["published_page"] = true;
        r.source_path = fs::path(path).filename().string();
        if (std::find(labels.begin(), labels.end(), t.label) == labels.end())
            labels.push_back(t.label);
        ds.records.push_back(std::move(r));
    }
    for (const auto &label : labels) {
        BuildEntry b;
        b.key = page.candidate + "/" + label;
        b.candidate = page.candidate;
        b.label = label;
        b.instance = label;
        b.algorithm = page.algorithm;
        if (auto it = kat.find(label); it != kat.end()) {
            b.flags = it->second.first;
            b.kat = it->second.second;
        }
        if (auto it = elf.find(label); it != elf.end())
            b.elf_load_bytes = it->second;
        ds.builds.push_back(std::move(b));
    }
    ds.page = std::move(page);
    return ds;
}

std::string published_page_notice(const std::string &system, const std::string &language)
{
    const Language lang = parse_language(language).value_or(Language::en);
    return trf(lang,
               "This is a published page ({}), not a campaign: trial-level figures only, as printed (means over "
               "trials, rounded to 3\u20134 significant digits), with no per-trial values, no per-iteration samples "
               "and no distributions.",
               {system});
}

} // namespace kexbench
