// SPDX-License-Identifier: GPL-3.0-or-later
// The Report renderers. They add no numbers of their own: every display cell
// was formatted by build_report and every twin value computed there, so
// Markdown and HTML show the same text and CSV and JSON the same numbers.
#include "core/analysis/report.h"

#include <charconv>
#include <cmath>

namespace kexbench {

namespace {

// ------------------------------------------------------------------ Markdown

// A '|' inside a cell would end it; a line break would end the row.
std::string markdown_cell(const std::string &cell)
{
    std::string out;
    for (char ch : cell) {
        if (ch == '|')
            out += "\\|";
        else if (ch == '\n' || ch == '\r')
            out += ' ';
        else
            out += ch;
    }
    return out;
}

std::string markdown_row(const std::vector<std::string> &cells)
{
    std::string line = "|";
    for (const auto &cell : cells)
        line.append(" ").append(markdown_cell(cell)).append(" |");
    return line + "\n";
}

std::string markdown_table(const ReportTable &t)
{
    std::string out;
    if (!t.title.empty())
        out.append("**").append(t.title).append("**\n\n");
    out += markdown_row(t.header);
    out += "|";
    for (size_t i = 0; i < t.header.size(); ++i)
        out += "---|";
    out += "\n";
    for (const auto &row : t.rows)
        out += markdown_row(row);
    for (const auto &note : t.notes)
        out.append("\n").append(note).append("\n");
    return out;
}

std::string markdown_section(const ReportSection &s)
{
    std::string out = std::string("## ").append(s.heading()).append("\n\n");
    for (const auto &p : s.paragraphs)
        out.append(p).append("\n\n");
    for (const auto &item : s.items)
        out.append("- ").append(item).append("\n");
    if (!s.items.empty())
        out += "\n";
    for (const auto &t : s.tables)
        out.append(markdown_table(t)).append("\n");
    return out;
}

// ------------------------------------------------------------------ CSV

std::string csv_field(const std::string &text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char ch : text)
        out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

std::string csv_record(const std::vector<std::string> &cells)
{
    std::string line;
    for (size_t i = 0; i < cells.size(); ++i)
        line.append(i ? "," : "").append(csv_field(plain_text(cells[i])));
    return line + "\r\n";
}

// ------------------------------------------------------------------ HTML

std::string html_escape(std::string_view text)
{
    std::string out;
    for (char ch : text) {
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += ch;
        }
    }
    return out;
}

// Escaped text with `code` spans as <code>; an unmatched backtick stays literal.
std::string html_inline(std::string_view text)
{
    std::string out;
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t open = text.find('`', pos);
        const size_t close = open == std::string_view::npos ? open : text.find('`', open + 1);
        if (close == std::string_view::npos) {
            out += html_escape(text.substr(pos));
            break;
        }
        out += html_escape(text.substr(pos, open - pos));
        out.append("<code>").append(html_escape(text.substr(open + 1, close - open - 1))).append("</code>");
        pos = close + 1;
    }
    return out;
}

std::string html_row(const std::vector<std::string> &cells, const char *tag)
{
    std::string out = "<tr>";
    for (const auto &cell : cells)
        out.append("<").append(tag).append(">").append(html_inline(cell)).append("</").append(tag).append(">");
    return out + "</tr>\n";
}

std::string html_table(const ReportTable &t)
{
    std::string out = std::string("<table id=\"").append(html_escape(t.id)).append("\">\n");
    if (!t.title.empty())
        out.append("<caption>").append(html_inline(t.title)).append("</caption>\n");
    out.append("<thead>\n").append(html_row(t.header, "th")).append("</thead>\n<tbody>\n");
    for (const auto &row : t.rows)
        out += html_row(row, "td");
    out += "</tbody>\n</table>\n";
    for (const auto &note : t.notes)
        out.append("<p class=\"note\">").append(html_inline(note)).append("</p>\n");
    return out;
}

std::string html_section(const ReportSection &s)
{
    std::string out = std::string("<section id=\"").append(html_escape(s.id)).append("\">\n<h2>");
    out.append(html_inline(s.heading())).append("</h2>\n");
    for (const auto &p : s.paragraphs)
        out.append("<p>").append(html_inline(p)).append("</p>\n");
    if (!s.items.empty()) {
        out += "<ul>\n";
        for (const auto &item : s.items)
            out.append("<li>").append(html_inline(item)).append("</li>\n");
        out += "</ul>\n";
    }
    for (const auto &t : s.tables)
        out += html_table(t);
    return out + "</section>\n";
}

const char *kStyle = "body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;"
                     "color:#1b1b1b;line-height:1.45}\n"
                     "table{border-collapse:collapse;margin:1rem 0;font-size:.92rem}\n"
                     "th,td{border:1px solid #c8c8c8;padding:.25rem .6rem;text-align:left;vertical-align:top}\n"
                     "th{background:#eef1f4}\n"
                     "tbody tr:nth-child(even){background:#f8f9fa}\n"
                     "caption{text-align:left;font-weight:600;padding:.3rem 0}\n"
                     "code{font-family:ui-monospace,monospace;font-size:.95em}\n"
                     "p.note{font-size:.9rem;color:#444}\n";

} // namespace

std::string plain_text(std::string_view markdown_inline)
{
    std::string out;
    for (char ch : markdown_inline)
        if (ch != '`')
            out += ch;
    return out;
}

std::string render_markdown(const Report &report)
{
    std::string out = std::string("# ").append(report.title).append("\n\n");
    for (const auto &p : report.intro)
        out.append(p).append("\n\n");
    for (const auto &s : report.sections)
        out += markdown_section(s);
    while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n')
        out.pop_back();
    return out;
}

DataValue data_value(const std::optional<double> &v) { return v && std::isfinite(*v) ? DataValue(*v) : DataValue(); }

DataValue data_int(const std::optional<int64_t> &v) { return v ? DataValue(*v) : DataValue(); }

DataValue data_uint(const std::optional<uint64_t> &v) { return v ? DataValue(static_cast<int64_t>(*v)) : DataValue(); }

std::string data_text(const DataValue &v)
{
    if (const auto *i = std::get_if<int64_t>(&v))
        return std::to_string(*i);
    if (const auto *d = std::get_if<double>(&v)) {
        if (!std::isfinite(*d))
            return {};
        char buf[64];
        const auto res = std::to_chars(buf, buf + sizeof buf, *d); // shortest round-trip form
        return std::string(buf, res.ptr);
    }
    if (const auto *s = std::get_if<std::string>(&v))
        return plain_text(*s);
    return {};
}

std::string render_csv(const ReportTable &table)
{
    if (!table.data_header.empty()) {
        std::string out = csv_record(table.data_header);
        for (const auto &row : table.data_rows) {
            std::vector<std::string> cells;
            for (const auto &v : row)
                cells.push_back(data_text(v));
            out += csv_record(cells);
        }
        return out;
    }
    std::string out = csv_record(table.header);
    for (const auto &row : table.rows)
        out += csv_record(row);
    return out;
}

std::string render_json(const Report &report)
{
    using Json = nlohmann::ordered_json;
    auto value = [](const DataValue &v) -> Json {
        if (const auto *i = std::get_if<int64_t>(&v))
            return *i;
        if (const auto *d = std::get_if<double>(&v))
            return std::isfinite(*d) ? Json(*d) : Json();
        if (const auto *s = std::get_if<std::string>(&v))
            return plain_text(*s);
        return nullptr;
    };
    Json sections = Json::array();
    for (const auto &s : report.sections) {
        Json tables = Json::array();
        for (const auto &t : s.tables) {
            Json rows = Json::array();
            Json columns = Json::array();
            if (!t.data_header.empty()) {
                for (const auto &h : t.data_header)
                    columns.push_back(h);
                for (const auto &row : t.data_rows) {
                    Json r = Json::array();
                    for (const auto &v : row)
                        r.push_back(value(v));
                    rows.push_back(std::move(r));
                }
            } else {
                for (const auto &h : t.header)
                    columns.push_back(plain_text(h));
                for (const auto &row : t.rows) {
                    Json r = Json::array();
                    for (const auto &cell : row)
                        r.push_back(plain_text(cell));
                    rows.push_back(std::move(r));
                }
            }
            tables.push_back(Json{{"id", t.id},
                                  {"title", plain_text(t.title)},
                                  {"columns", std::move(columns)},
                                  {"rows", std::move(rows)}});
        }
        sections.push_back(Json{{"id", s.id}, {"title", plain_text(s.heading())}, {"tables", std::move(tables)}});
    }
    const Json doc{{"title", plain_text(report.title)},
                   {"system", report.system},
                   {"candidate", report.candidate},
                   {"language", report.language},
                   {"sections", std::move(sections)}};
    return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string render_html(const Report &report)
{
    const char *lang = report.language == "zh_CN" ? "zh-CN" : "en";
    std::string out =
        std::string("<!DOCTYPE html>\n<html lang=\"").append(lang).append("\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        .append(html_escape(plain_text(report.title)))
        .append("</title>\n<style>\n")
        .append(kStyle)
        .append("</style>\n</head>\n<body>\n<h1>")
        .append(html_inline(report.title))
        .append("</h1>\n");
    for (const auto &p : report.intro)
        out.append("<p>").append(html_inline(p)).append("</p>\n");
    for (const auto &s : report.sections)
        out += html_section(s);
    return out + "</body>\n</html>\n";
}

} // namespace kexbench
