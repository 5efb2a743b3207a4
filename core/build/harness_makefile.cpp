// SPDX-License-Identifier: GPL-3.0-or-later
// A reader for the part of GNU make that harness candidate Makefiles are
// written in (see harness_makefile.h for the list). It evaluates the Makefile
// line by line the way make's first phase does: assignments, directives and
// $(eval ...) text are read, rules and recipes are skipped, and each
// $(call ngcc_instance,<label>,<srcdir>) is recorded with the values the
// harness's rules would take from it at that point.
#include "core/build/harness_makefile.h"

#include "core/base/fsutil.h"
#include "core/base/untrusted.h"

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

namespace kexbench {

namespace {

namespace fs = std::filesystem;

constexpr size_t npos = std::string::npos;
// Nested variable expansions, calls, evals and includes; real Makefiles stay far below.
constexpr int kMaxDepth = 64;
constexpr size_t kMaxMakefileBytes = size_t{4} << 20;
// Unexpandable text is quoted in messages up to this many characters.
constexpr size_t kSnippetChars = 60;

// GNU make's built-in functions: a reference `$(name args)` with one of these names is a function call.
const std::set<std::string, std::less<>> kMakeFunctions = {
    "abspath", "addprefix", "addsuffix", "and",        "basename",   "call",      "dir",    "error",
    "eval",    "file",      "filter",    "filter-out", "findstring", "firstword", "flavor", "foreach",
    "guile",   "if",        "info",      "intcmp",     "join",       "lastword",  "let",    "notdir",
    "or",      "origin",    "patsubst",  "realpath",   "shell",      "sort",      "strip",  "subst",
    "suffix",  "value",     "warning",   "wildcard",   "word",       "wordlist",  "words"};

using Status = Result<void>;
const Status kOk{};

struct Where {
    std::string file;
    int line = 0;
};

std::string at(const Where &w) { return w.file + ":" + std::to_string(w.line); }

std::string snippet(std::string_view text)
{
    std::string s(text.substr(0, kSnippetChars));
    if (text.size() > kSnippetChars)
        s += "...";
    return printable(s);
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view s)
{
    while (!s.empty() && is_blank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back()))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string> words(std::string_view text)
{
    std::vector<std::string> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_blank(text[i]))
            ++i;
        const size_t start = i;
        while (i < text.size() && !is_blank(text[i]))
            ++i;
        if (i > start)
            out.emplace_back(text.substr(start, i - start));
    }
    return out;
}

std::string join(const std::vector<std::string> &parts, const char *separator = " ")
{
    std::string out;
    for (const auto &p : parts)
        out += (out.empty() ? "" : separator) + p;
    return out;
}

bool all_digits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The index just past the reference whose '(' or '{' is at text[open]; npos when it never closes.
// Like make, only the opening kind of bracket is counted.
size_t reference_end(std::string_view text, size_t open)
{
    const char o = text[open], c = o == '(' ? ')' : '}';
    int depth = 0;
    for (size_t i = open; i < text.size(); ++i) {
        if (text[i] == o)
            ++depth;
        else if (text[i] == c && --depth == 0)
            return i + 1;
    }
    return npos;
}

// Splits function arguments at commas outside brackets; the last of at most `max_args` keeps its commas.
std::vector<std::string_view> split_args(std::string_view text, size_t max_args)
{
    std::vector<std::string_view> out;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '{')
            ++depth;
        else if ((c == ')' || c == '}') && depth > 0)
            --depth;
        else if (c == ',' && depth == 0 && out.size() + 1 < max_args) {
            out.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    out.push_back(text.substr(start));
    return out;
}

// make's pattern match: one '%' matches any stem; without '%' the word must equal the pattern.
bool pattern_match(std::string_view pattern, std::string_view word, std::string_view *stem = nullptr)
{
    const size_t pct = pattern.find('%');
    if (pct == npos)
        return pattern == word;
    const std::string_view prefix = pattern.substr(0, pct), suffix = pattern.substr(pct + 1);
    if (word.size() < prefix.size() + suffix.size() || word.substr(0, prefix.size()) != prefix ||
        word.substr(word.size() - suffix.size()) != suffix)
        return false;
    if (stem)
        *stem = word.substr(prefix.size(), word.size() - prefix.size() - suffix.size());
    return true;
}

std::string patsubst(std::string_view pattern, std::string_view replacement, std::string_view text)
{
    std::vector<std::string> out;
    for (const auto &w : words(text)) {
        std::string_view stem;
        if (!pattern_match(pattern, w, &stem)) {
            out.push_back(w);
            continue;
        }
        const size_t pct = replacement.find('%');
        out.push_back(pct == npos || pattern.find('%') == npos
                          ? std::string(replacement)
                          : std::string(replacement.substr(0, pct)) + std::string(stem) +
                                std::string(replacement.substr(pct + 1)));
    }
    return join(out);
}

std::string filter(std::string_view patterns, std::string_view text, bool keep_matches)
{
    const auto pats = words(patterns);
    std::vector<std::string> out;
    for (const auto &w : words(text)) {
        const bool hit =
            std::any_of(pats.begin(), pats.end(), [&](const std::string &p) { return pattern_match(p, w); });
        if (hit == keep_matches)
            out.push_back(w);
    }
    return join(out);
}

std::string subst(std::string_view from, std::string_view to, std::string_view text)
{
    if (from.empty())
        return std::string(text);
    std::string out;
    size_t i = 0;
    for (size_t hit; (hit = text.find(from, i)) != npos; i = hit + from.size())
        out += std::string(text.substr(i, hit - i)) + std::string(to);
    return out + std::string(text.substr(i));
}

std::string per_word(std::string_view text, std::string (*f)(const std::string &))
{
    std::vector<std::string> out;
    for (const auto &w : words(text))
        out.push_back(f(w));
    return join(out);
}

std::string dir_of(const std::string &w)
{
    const size_t slash = w.rfind('/');
    return slash == npos ? "./" : w.substr(0, slash + 1);
}

std::string notdir_of(const std::string &w)
{
    const size_t slash = w.rfind('/');
    return slash == npos ? w : w.substr(slash + 1);
}

// How many arguments each function kexbench expands takes (the last keeps its commas); 0: not one of them.
// if, foreach, call and eval are handled on their own: they expand their arguments selectively.
size_t function_arguments(const std::string &name)
{
    static const std::map<std::string, size_t, std::less<>> arguments = {
        {"addprefix", 2},  {"addsuffix", 2}, {"subst", 3}, {"patsubst", 3}, {"filter", 2},
        {"filter-out", 2}, {"sort", 1},      {"strip", 1}, {"dir", 1},      {"notdir", 1},
        {"wildcard", 1},   {"origin", 1},    {"info", 1},  {"warning", 1},  {"error", 1}};
    auto it = arguments.find(name);
    return it == arguments.end() ? 0 : it->second;
}

// make's functions that only transform text (their arguments already expanded); nullopt for the others.
std::optional<std::string> text_function(const std::string &name, const std::vector<std::string> &v)
{
    if (name == "addprefix" || name == "addsuffix") {
        std::vector<std::string> out;
        for (const auto &word : words(v[1]))
            out.push_back(name == "addprefix" ? v[0] + word : word + v[0]);
        return join(out);
    }
    if (name == "subst")
        return subst(v[0], v[1], v[2]);
    if (name == "patsubst")
        return patsubst(std::string(trim(v[0])), std::string(trim(v[1])), v[2]);
    if (name == "filter" || name == "filter-out")
        return filter(v[0], v[1], name == "filter");
    if (name == "sort") {
        auto list = words(v[0]);
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        return join(list);
    }
    if (name == "strip")
        return join(words(v[0]));
    if (name == "dir")
        return per_word(v[0], dir_of);
    if (name == "notdir")
        return per_word(v[0], notdir_of);
    return std::nullopt;
}

bool ends_with_continuation(std::string_view line)
{
    size_t backslashes = 0;
    while (backslashes < line.size() && line[line.size() - 1 - backslashes] == '\\')
        ++backslashes;
    return backslashes % 2 == 1;
}

// The line up to its comment; "\#" is a literal '#'.
std::string strip_comment(std::string_view line)
{
    std::string out;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '#') {
            out += '#';
            ++i;
        } else if (line[i] == '#') {
            break;
        } else {
            out += line[i];
        }
    }
    return out;
}

std::vector<std::string> physical_lines(const std::string &text)
{
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == npos)
            end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') // CRLF Makefiles read like LF ones
            line.pop_back();
        lines.push_back(std::move(line));
        start = end + 1;
    }
    return lines;
}

std::pair<std::string, std::string> first_word(std::string_view line)
{
    line = trim(line);
    size_t n = 0;
    while (n < line.size() && !is_blank(line[n]))
        ++n;
    return {std::string(line.substr(0, n)), std::string(trim(line.substr(n)))};
}

// A line after its comment is stripped: a variable assignment, a rule, or text to expand (an $(eval ...)).
struct LineShape {
    enum Kind { Assignment, Rule, Expression } kind = Expression;
    std::string name, op, value;
};

LineShape shape_of(std::string_view s)
{
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '$' && i + 1 < s.size() && (s[i + 1] == '(' || s[i + 1] == '{')) {
            const size_t end = reference_end(s, i + 1);
            if (end == npos)
                break; // expansion reports it
            i = end - 1;
        } else if (c == '$') {
            ++i;
        } else if (c == '=') {
            const size_t op_start = i > 0 && std::strchr("+?!", s[i - 1]) ? i - 1 : i;
            return {LineShape::Assignment, std::string(trim(s.substr(0, op_start))),
                    std::string(s.substr(op_start, i + 1 - op_start)), std::string(trim(s.substr(i + 1)))};
        } else if (c == ':') {
            size_t j = i;
            while (j < s.size() && s[j] == ':')
                ++j;
            if (j < s.size() && s[j] == '=' && j - i <= 3) // :=  ::=  :::=
                return {LineShape::Assignment, std::string(trim(s.substr(0, i))), std::string(s.substr(i, j + 1 - i)),
                        std::string(trim(s.substr(j + 1)))};
            return {LineShape::Rule, {}, {}, {}};
        }
    }
    return {};
}

// Shell words, as a recipe line hands a variable's text to the compiler: blanks
// separate, '...' is literal, "..." groups with \ escaping \ " $ `, \ escapes.
Result<std::vector<std::string>> shell_words(const std::string &text)
{
    std::vector<std::string> out;
    std::string word;
    bool in_word = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (is_blank(c)) {
            if (in_word)
                out.push_back(std::exchange(word, {}));
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\'') {
            const size_t close = text.find('\'', i + 1);
            if (close == npos)
                return fail("unterminated ' in '" + printable(text) + "'");
            word += text.substr(i + 1, close - i - 1);
            i = close;
        } else if (c == '"') {
            for (++i; i < text.size() && text[i] != '"'; ++i) {
                if (text[i] == '\\' && i + 1 < text.size() && std::strchr("\\\"$`", text[i + 1]))
                    ++i;
                word += text[i];
            }
            if (i >= text.size())
                return fail("unterminated \" in '" + printable(text) + "'");
        } else if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
        } else {
            word += c;
        }
    }
    if (in_word)
        out.push_back(word);
    return out;
}

fs::path normal_path(const fs::path &p)
{
    std::error_code ec;
    fs::path n = fs::weakly_canonical(p, ec);
    return ec ? p.lexically_normal() : n;
}

bool has_glob(std::string_view s) { return s.find_first_of("*?[") != npos; }

struct Variable {
    std::string value;
    bool recursive = false; // `=`: expanded where used; otherwise the value is already expanded
    Where where;            // where it was set, for messages about its text
    std::string poison;     // why a `:=` value could not be expanded: every use of it is this Error
};

// A variable's text at the moment make would have used it, or why kexbench cannot know it.
struct Snapshot {
    bool defined = false;
    std::string text;
    std::string error;
};

struct Declared {
    std::string label, srcdir;
    Where where;
    std::map<std::string, Snapshot> at_call; // by variable name: what the harness's rules expand inside the call
};

struct Conditional {
    bool parent_active = true;
    bool active = false;
    bool taken = false; // a branch of this if/else chain was already chosen
};

class Evaluator {
public:
    explicit Evaluator(fs::path folder) : folder_(std::move(folder))
    {
        vars_["CURDIR"] = Variable{folder_.string(), false, {}, {}};
    }

    Status run_file(const std::string &path, const std::string &shown)
    {
        auto text = read_file(path, kMaxMakefileBytes);
        if (!text)
            return fail(text.error());
        return run_text(*text, shown, 1, false);
    }

    const std::vector<Declared> &declared() const { return declared_; }

    // The variable's value as a recipe would see it: after the whole Makefile was read.
    Snapshot snapshot(const std::string &name, const Where &w)
    {
        Snapshot s;
        s.defined = vars_.count(name) > 0;
        auto v = value_of(name, w);
        if (v)
            s.text = *v;
        else
            s.error = v.error();
        return s;
    }

    fs::path source_dir(const Declared &d) const
    {
        const fs::path p(d.srcdir);
        return normal_path(p.is_absolute() ? p : folder_ / p);
    }

    // A path as a command run in the candidate folder sees it; src/<label> is
    // the harness's symlink to that instance's source folder.
    fs::path candidate_path(const std::string &text) const
    {
        const fs::path p(text);
        if (p.is_absolute())
            return normal_path(p);
        auto part = p.begin();
        if (part != p.end() && *part == "src" && ++part != p.end()) {
            if (const Declared *d = find(part->string())) {
                fs::path rest;
                for (++part; part != p.end(); ++part)
                    rest /= *part;
                return normal_path(source_dir(*d) / rest);
            }
        }
        return normal_path(folder_ / p);
    }

    const Declared *find(const std::string &label) const
    {
        for (const auto &d : declared_)
            if (d.label == label)
                return &d;
        return nullptr;
    }

private:
    struct DepthGuard {
        explicit DepthGuard(int &d) : depth(++d) {}
        ~DepthGuard() { --depth; }
        int &depth;
    };

    Error too_deep(const Where &w) const
    {
        return fail(at(w) + ": expansion nested deeper than " + std::to_string(kMaxDepth) +
                    " levels (a $(call ...), $(eval ...) or include that never ends?)");
    }

    Result<std::string> expand(std::string_view text, const Where &w)
    {
        std::string out;
        for (size_t i = 0; i < text.size(); ++i) {
            if (text[i] != '$') {
                out += text[i];
                continue;
            }
            if (i + 1 >= text.size())
                break; // a '$' ending the text expands to nothing, as in make
            const char next = text[i + 1];
            if (next == '$') {
                out += '$';
                ++i;
                continue;
            }
            Result<std::string> part = std::string();
            if (next == '(' || next == '{') {
                const size_t end = reference_end(text, i + 1);
                if (end == npos)
                    return fail(at(w) + ": unterminated variable reference '" + snippet(text.substr(i)) + "'");
                part = reference(text.substr(i + 2, end - i - 3), text.substr(i, end - i), w);
                i = end - 1;
            } else {
                part = value_of(std::string(1, next), w); // $1, $@: one-character names
                ++i;
            }
            if (!part)
                return part;
            out += *part;
        }
        return out;
    }

    // `content` is the text inside $(...) or ${...}; `whole` is the reference as written, for messages.
    Result<std::string> reference(std::string_view content, std::string_view whole, const Where &w)
    {
        size_t n = 0;
        while (n < content.size() && (std::isalnum(static_cast<unsigned char>(content[n])) || content[n] == '-'))
            ++n;
        if (n < content.size() && (content[n] == ' ' || content[n] == '\t') &&
            kMakeFunctions.count(content.substr(0, n)))
            return function(std::string(content.substr(0, n)), content.substr(n + 1), whole, w);

        // $(VAR:from=to), a substitution reference
        for (size_t i = 0; i < content.size(); ++i) {
            if (content[i] == '$' && i + 1 < content.size() && (content[i + 1] == '(' || content[i + 1] == '{')) {
                const size_t end = reference_end(content, i + 1);
                if (end == npos)
                    break;
                i = end - 1;
            } else if (content[i] == ':') {
                const size_t eq = content.find('=', i);
                if (eq == npos)
                    break;
                auto name = expand(content.substr(0, i), w);
                auto from = expand(content.substr(i + 1, eq - i - 1), w);
                auto to = expand(content.substr(eq + 1), w);
                if (!name || !from || !to)
                    return !name ? name : !from ? from : to;
                auto value = value_of(*name, w);
                if (!value)
                    return value;
                return from->find('%') == npos ? patsubst("%" + *from, "%" + *to, *value)
                                               : patsubst(*from, *to, *value);
            }
        }
        auto name = expand(content, w);
        if (!name)
            return name;
        return value_of(*name, w);
    }

    Result<std::string> value_of(const std::string &name, const Where &w)
    {
        if (!frames_.empty() && all_digits(name)) {
            const auto &args = frames_.back();
            const size_t index = name.size() < 6 ? std::stoul(name) : npos;
            return index < args.size() ? args[index] : std::string();
        }
        auto it = vars_.find(name);
        if (it == vars_.end())
            return std::string();
        if (!it->second.poison.empty())
            return fail(it->second.poison);
        if (!it->second.recursive)
            return it->second.value;
        if (expanding_.count(name))
            return fail(at(w) + ": variable '" + printable(name) + "' refers to itself");
        if (depth_ >= kMaxDepth)
            return too_deep(w);
        DepthGuard guard(depth_);
        // Copies: expanding may run $(eval ...) that assigns this very variable.
        const std::string body = it->second.value;
        const Where where = it->second.where;
        expanding_.insert(name);
        auto r = expand(body, where);
        expanding_.erase(name);
        return r;
    }

    Result<std::vector<std::string>> expand_args(std::string_view text, size_t max_args, size_t min_args,
                                                 const std::string &name, const Where &w)
    {
        std::vector<std::string> out;
        for (auto a : split_args(text, max_args)) {
            auto e = expand(a, w);
            if (!e)
                return fail(e.error());
            out.push_back(*e);
        }
        if (out.size() < min_args)
            return fail(at(w) + ": $(" + name + " ...) needs " + std::to_string(min_args) + " arguments");
        return out;
    }

    Result<std::string> function(const std::string &name, std::string_view args, std::string_view whole, const Where &w)
    {
        if (name == "if")
            return if_function(args, w);
        if (name == "foreach")
            return foreach_function(args, w);
        if (name == "call")
            return call_function(args, w);
        if (name == "eval") {
            auto text = expand(args, w);
            if (!text)
                return text;
            if (depth_ >= kMaxDepth)
                return too_deep(w);
            DepthGuard guard(depth_);
            auto done = run_text(*text, w.file, w.line, true);
            if (!done)
                return fail(done.error());
            return std::string();
        }
        const size_t arguments = function_arguments(name);
        if (arguments == 0)
            return fail(at(w) + ": cannot expand " + snippet(whole) +
                        ": kexbench reads the Makefile as text and does not run make's $(" + name + " ...)");
        auto a = expand_args(args, arguments, arguments, name, w);
        if (!a)
            return fail(a.error());
        const auto &v = *a;
        if (auto text = text_function(name, v))
            return *text;
        if (name == "wildcard") {
            std::vector<std::string> out;
            for (const auto &pattern : words(v[0]))
                for (auto &match : wildcard(pattern))
                    out.push_back(std::move(match));
            return join(out);
        }
        if (name == "origin") {
            const std::string var(trim(v[0]));
            if (!frames_.empty() && all_digits(var))
                return std::string("automatic");
            return std::string(vars_.count(var) ? "file" : "undefined");
        }
        if (name == "error")
            return fail(at(w) + ": the Makefile stops here with $(error " + printable(v[0]) + ")");
        return std::string(); // info, warning: messages for a make run, not values
    }

    Result<std::string> if_function(std::string_view args, const Where &w)
    {
        const auto parts = split_args(args, 3);
        if (parts.size() < 2)
            return fail(at(w) + ": $(if ...) needs 2 or 3 arguments");
        auto condition = expand(parts[0], w);
        if (!condition)
            return condition;
        if (!trim(*condition).empty())
            return expand(parts[1], w);
        return parts.size() > 2 ? expand(parts[2], w) : std::string();
    }

    Result<std::string> foreach_function(std::string_view args, const Where &w)
    {
        const auto parts = split_args(args, 3);
        if (parts.size() < 3)
            return fail(at(w) + ": $(foreach ...) needs 3 arguments");
        auto var = expand(parts[0], w);
        auto list = expand(parts[1], w);
        if (!var || !list)
            return !var ? var : list;
        const std::string name(trim(*var));
        const auto it = vars_.find(name);
        const std::optional<Variable> saved = it != vars_.end() ? std::optional<Variable>(it->second) : std::nullopt;
        auto restore = [&] {
            if (saved)
                vars_[name] = *saved;
            else
                vars_.erase(name);
        };
        std::vector<std::string> out;
        for (const auto &word : words(*list)) {
            vars_[name] = Variable{word, false, w, {}};
            auto e = expand(parts[2], w);
            if (!e) {
                restore();
                return e;
            }
            out.push_back(*e);
        }
        restore();
        return join(out);
    }

    Result<std::string> call_function(std::string_view text, const Where &w)
    {
        auto args = expand_args(text, npos, 1, "call", w);
        if (!args)
            return fail(args.error());
        (*args)[0] = std::string(trim((*args)[0]));
        if ((*args)[0] == "ngcc_instance") {
            auto done = declare(*args, w);
            if (!done)
                return fail(done.error());
            return std::string();
        }
        auto it = vars_.find((*args)[0]);
        if (it == vars_.end())
            return std::string(); // make calls an undefined variable to nothing
        if (!it->second.poison.empty())
            return fail(it->second.poison);
        if (!it->second.recursive)
            return it->second.value;
        if (depth_ >= kMaxDepth)
            return too_deep(w);
        DepthGuard guard(depth_);
        const std::string body = it->second.value;
        const Where where = it->second.where;
        frames_.push_back(*args);
        auto r = expand(body, where);
        frames_.pop_back();
        return r;
    }

    // $(call ngcc_instance,<label>,<srcdir>): what the harness's template reads as it is expanded.
    Status declare(const std::vector<std::string> &args, const Where &w)
    {
        const std::string label(trim(args.size() > 1 ? args[1] : ""));
        const std::string srcdir(trim(args.size() > 2 ? args[2] : ""));
        if (label.empty() || srcdir.empty())
            return fail(at(w) + ": $(call ngcc_instance,<label>,<source folder>) without a label or source folder");
        if (const Declared *d = find(label))
            return fail(at(w) + ": instance '" + printable(label) + "' is declared twice (first at line " +
                        std::to_string(d->where.line) + ")");
        Declared d{label, srcdir, w, {}};
        for (const char *prefix : {"SRCS_", "INC_", "NOAUX_", "NODRNG_"})
            d.at_call[prefix + label] = snapshot(prefix + label, w);
        for (const char *name : {"NGCC_ID", "NGCC_ALG", "NGCC_TYPE", "NGCC_KAT_DIR"})
            d.at_call[name] = snapshot(name, w);
        declared_.push_back(std::move(d));
        return kOk;
    }

    // $(wildcard pattern): existing paths, as written, relative to the Makefile's folder, sorted.
    std::vector<std::string> wildcard(const std::string &pattern) const
    {
        fs::path root = folder_;
        std::string shown_prefix, rest = pattern;
        if (!pattern.empty() && pattern[0] == '/') {
            root = "/";
            shown_prefix = "/";
            rest = pattern.substr(1);
        } else if (pattern.rfind("src/", 0) == 0) {
            const size_t slash = pattern.find('/', 4);
            if (const Declared *d = find(pattern.substr(4, slash == npos ? npos : slash - 4))) {
                root = source_dir(*d);
                shown_prefix = pattern.substr(0, slash == npos ? npos : slash + 1);
                rest = slash == npos ? "" : pattern.substr(slash + 1);
            }
        }
        std::vector<std::string> parts;
        for (size_t start = 0; start <= rest.size();) {
            size_t slash = rest.find('/', start);
            if (slash == npos)
                slash = rest.size();
            if (slash > start)
                parts.push_back(rest.substr(start, slash - start));
            start = slash + 1;
        }
        if (parts.empty())
            return {};
        std::vector<std::pair<fs::path, std::string>> found = {{root, ""}};
        for (size_t k = 0; k < parts.size(); ++k) {
            const bool last = k + 1 == parts.size();
            std::vector<std::pair<fs::path, std::string>> next;
            for (const auto &[path, shown] : found)
                match_component(path, shown, parts[k], last, next);
            found = std::move(next);
        }
        std::vector<std::string> out;
        for (const auto &f : found)
            out.push_back(shown_prefix + f.second);
        std::sort(out.begin(), out.end());
        return out;
    }

    static void match_component(const fs::path &dir, const std::string &shown, const std::string &part, bool last,
                                std::vector<std::pair<fs::path, std::string>> &next)
    {
        std::error_code ec;
        const std::string prefix = shown.empty() ? "" : shown + "/";
        if (!has_glob(part)) {
            const fs::path p = dir / part;
            if (last ? fs::exists(p, ec) : fs::is_directory(p, ec))
                next.emplace_back(p, prefix + part);
            return;
        }
        std::vector<std::string> names;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            names.push_back(it->path().filename().string());
        std::sort(names.begin(), names.end());
        for (const auto &name : names) {
            if (::fnmatch(part.c_str(), name.c_str(), FNM_PERIOD) != 0)
                continue;
            const fs::path p = dir / name;
            if (last || fs::is_directory(p, ec))
                next.emplace_back(p, prefix + name);
        }
    }

    Status assign(const std::string &name_text, const std::string &op, const std::string &value, const Where &w)
    {
        auto expanded_name = expand(name_text, w);
        if (!expanded_name)
            return fail(expanded_name.error());
        const std::string name(trim(*expanded_name));
        if (name.empty())
            return fail(at(w) + ": an assignment without a variable name");
        auto it = vars_.find(name);
        if (op == "=" || (op == "?=" && it == vars_.end()) || (op == "+=" && it == vars_.end())) {
            vars_[name] = Variable{value, true, w, {}};
        } else if (op == ":=" || op == "::=" || op == ":::=") {
            vars_[name] = simple(value, w);
        } else if (op == "+=") {
            Variable &v = it->second;
            if (v.recursive) {
                v.value += (v.value.empty() ? "" : " ") + value;
            } else if (v.poison.empty()) {
                auto more = expand(value, w);
                if (more)
                    v.value += (v.value.empty() || more->empty() ? "" : " ") + *more;
                else
                    v.poison = more.error();
            }
        } else if (op == "!=") {
            vars_[name] =
                Variable{{},
                         false,
                         w,
                         at(w) + ": cannot expand " + printable(name) +
                             " != ...: kexbench reads the Makefile as text and does not run its shell commands"};
        }
        return kOk;
    }

    // A `:=` value: expanded now. A construct kexbench cannot expand only matters if the value is used.
    Variable simple(const std::string &value, const Where &w)
    {
        auto e = expand(value, w);
        return e ? Variable{*e, false, w, {}} : Variable{{}, false, w, e.error()};
    }

    Result<bool> condition(const std::string &keyword, const std::string &rest, const Where &w)
    {
        if (keyword == "ifdef" || keyword == "ifndef") {
            auto name = expand(rest, w);
            if (!name)
                return fail(name.error());
            auto it = vars_.find(std::string(trim(*name)));
            if (it != vars_.end() && !it->second.poison.empty())
                return fail(it->second.poison);
            const bool has_value = it != vars_.end() && !it->second.value.empty();
            return keyword == "ifdef" ? has_value : !has_value;
        }
        std::string_view left, right;
        if (!rest.empty() && rest[0] == '(') {
            const size_t end = reference_end(rest, 0);
            const auto parts = end == npos ? std::vector<std::string_view>{}
                                           : split_args(std::string_view(rest).substr(1, end - 2), 2);
            if (parts.size() != 2 || !trim(std::string_view(rest).substr(end)).empty())
                return fail(at(w) + ": cannot read the condition '" + snippet(rest) + "'");
            left = trim(parts[0]);
            right = trim(parts[1]);
        } else {
            // ifeq "a" "b" or ifeq 'a' 'b'
            std::vector<std::string_view> quoted;
            std::string_view s = rest;
            while (!(s = trim(s)).empty() && quoted.size() < 3) {
                const size_t close = (s[0] == '"' || s[0] == '\'') ? s.find(s[0], 1) : npos;
                if (close == npos)
                    return fail(at(w) + ": cannot read the condition '" + snippet(rest) + "'");
                quoted.push_back(s.substr(1, close - 1));
                s.remove_prefix(close + 1);
            }
            if (quoted.size() != 2)
                return fail(at(w) + ": cannot read the condition '" + snippet(rest) + "'");
            left = quoted[0];
            right = quoted[1];
        }
        auto a = expand(left, w);
        auto b = expand(right, w);
        if (!a || !b)
            return fail((!a ? a : b).error());
        return (*a == *b) == (keyword == "ifeq");
    }

    static bool is_conditional(const std::string &word)
    {
        return word == "ifeq" || word == "ifneq" || word == "ifdef" || word == "ifndef";
    }

    Status conditional_line(const std::string &keyword, const std::string &rest, std::vector<Conditional> &stack,
                            const Where &w)
    {
        const bool active = all_active(stack);
        if (is_conditional(keyword)) {
            Conditional c{active, false, false};
            if (active) {
                auto v = condition(keyword, rest, w);
                if (!v)
                    return fail(v.error());
                c.active = c.taken = *v;
            }
            stack.push_back(c);
            return kOk;
        }
        if (stack.empty())
            return fail(at(w) + ": " + keyword + " without ifeq/ifneq/ifdef/ifndef");
        Conditional &c = stack.back();
        if (keyword == "endif") {
            stack.pop_back();
            return kOk;
        }
        // else, or else ifeq ... (a chain)
        if (rest.empty()) {
            c.active = c.parent_active && !c.taken;
            c.taken = true;
            return kOk;
        }
        const auto [chained, chained_rest] = first_word(rest);
        if (!is_conditional(chained))
            return fail(at(w) + ": cannot read 'else " + snippet(rest) + "'");
        c.active = false;
        if (c.parent_active && !c.taken) {
            auto v = condition(chained, chained_rest, w);
            if (!v)
                return fail(v.error());
            c.active = c.taken = *v;
        }
        return kOk;
    }

    Status include(const std::string &keyword, const std::string &rest, const Where &w)
    {
        auto names = expand(rest, w);
        if (!names)
            return fail(names.error());
        for (const auto &name : words(*names)) {
            const std::string file_name = fs::path(name).filename().string();
            if (file_name == "link_rules.mk" || file_name == "link_finish.mk")
                continue; // the harness's own rules: what they do is what kexbench's builder does
            const fs::path path = fs::path(name).is_absolute() ? fs::path(name) : folder_ / name;
            std::error_code ec;
            if (!fs::is_regular_file(path, ec)) {
                if (keyword == "include")
                    return fail(at(w) + ": include: " + printable(name) + " is not a file (looked for " +
                                printable(path.string()) + ")");
                continue; // -include, sinclude: a missing file is fine
            }
            if (depth_ >= kMaxDepth)
                return too_deep(w);
            DepthGuard guard(depth_);
            auto done = run_file(path.string(), path.lexically_normal().string());
            if (!done)
                return done;
        }
        return kOk;
    }

    // define NAME [=|:=|::=|?=|+=] ... endef, starting at lines[i]; i ends on the endef line.
    // The body is kept as written: it is expanded where it is used ($(call ...), $(eval ...)).
    Status define(const std::string &rest, const std::vector<std::string> &lines, size_t &i, bool active,
                  const Where &w)
    {
        std::string name_text = rest, op = "=";
        for (const char *candidate : {":::=", "::=", ":=", "?=", "+=", "="}) {
            const std::string c = candidate;
            if (name_text.size() >= c.size() && name_text.compare(name_text.size() - c.size(), c.size(), c) == 0) {
                op = c;
                name_text = std::string(trim(name_text.substr(0, name_text.size() - c.size())));
                break;
            }
        }
        std::vector<std::string> body;
        int depth = 1;
        for (++i; i < lines.size(); ++i) {
            const std::string word = first_word(lines[i]).first;
            if (word == "define")
                ++depth;
            else if (word == "endef" && --depth == 0)
                break;
            body.push_back(lines[i]);
        }
        if (i >= lines.size())
            return fail(at(w) + ": define " + printable(name_text) + " has no endef");
        return active ? assign(name_text, op, join(body, "\n"), w) : kOk;
    }

    // Reads Makefile text: a file's (line numbers counted from first_line) or
    // an $(eval ...)'s (every line reported at the eval's line).
    Status run_text(const std::string &text, const std::string &file, int first_line, bool eval_text)
    {
        const std::vector<std::string> lines = physical_lines(text);
        std::vector<Conditional> stack;
        bool in_rule = false; // after a rule, lines starting with a tab are its recipe
        for (size_t i = 0; i < lines.size(); ++i) {
            const Where w{file, eval_text ? first_line : first_line + int(i)};
            if (in_rule && !lines[i].empty() && lines[i][0] == '\t') {
                while (ends_with_continuation(lines[i]) && i + 1 < lines.size())
                    ++i; // the shell's text, never make's to read here
                continue;
            }
            std::string logical = lines[i];
            while (ends_with_continuation(logical) && i + 1 < lines.size()) {
                logical.pop_back();
                logical = std::string(trim(logical)) + " " + std::string(trim(lines[++i]));
            }
            const std::string body(trim(strip_comment(logical)));
            if (body.empty())
                continue;
            auto [keyword, rest] = first_word(body);
            auto done = is_conditional(keyword) || keyword == "else" || keyword == "endif"
                            ? conditional_line(keyword, rest, stack, w)
                            : statement(body, lines, i, all_active(stack), in_rule, w);
            if (!done)
                return done;
        }
        if (!stack.empty())
            return fail(file + ": an ifeq/ifneq/ifdef/ifndef has no endif");
        return kOk;
    }

    static bool all_active(const std::vector<Conditional> &stack)
    {
        return std::all_of(stack.begin(), stack.end(), [](const Conditional &c) { return c.active; });
    }

    // One logical line that is not a conditional; a define reads on to its endef (i moves there).
    Status statement(const std::string &body, const std::vector<std::string> &lines, size_t &i, bool active,
                     bool &in_rule, const Where &w)
    {
        auto [keyword, rest] = first_word(body);
        bool exported = false;
        std::string line = body;
        while (keyword == "override" || keyword == "export" || keyword == "unexport" || keyword == "private") {
            exported = exported || keyword != "override";
            line = rest;
            std::tie(keyword, rest) = first_word(line);
        }
        if (keyword == "define") {
            in_rule = false;
            return define(rest, lines, i, active, w);
        }
        if (keyword == "endef")
            return fail(at(w) + ": endef without define");
        if (!active || line.empty() || keyword == "vpath")
            return kOk;
        if (keyword == "include" || keyword == "-include" || keyword == "sinclude") {
            in_rule = false;
            return include(keyword, rest, w);
        }
        if (keyword == "undefine") {
            auto name = expand(rest, w);
            if (!name)
                return fail(name.error());
            vars_.erase(std::string(trim(*name)));
            return kOk;
        }
        const LineShape shape = shape_of(line);
        if (shape.kind == LineShape::Assignment) {
            in_rule = false;
            return assign(shape.name, shape.op, shape.value, w);
        }
        if (shape.kind == LineShape::Rule) {
            in_rule = true; // targets and prerequisites are make's business, not the recipe's
            return kOk;
        }
        return exported ? kOk : expression(line, in_rule, w);
    }

    // A line that is only references: $(eval ...), $(info ...), run for their effect.
    Status expression(const std::string &line, bool &in_rule, const Where &w)
    {
        auto e = expand(line, w);
        if (!e)
            return fail(e.error());
        if (trim(*e).empty())
            return kOk;
        if (e->find(':') == npos)
            return fail(at(w) + ": missing separator: '" + snippet(line) +
                        "' is not an assignment, a rule or a directive");
        in_rule = true; // it expanded to a rule
        return kOk;
    }

    fs::path folder_;
    std::map<std::string, Variable> vars_;
    std::vector<std::vector<std::string>> frames_; // $(call) arguments, innermost last: $(0) is the name
    std::set<std::string> expanding_;              // recursive variables being expanded now
    std::vector<Declared> declared_;
    int depth_ = 0;
};

// The Makefile's absolute path in its folder as `make -C <cand>` has it (a
// symlinked Makefile still runs in the folder that holds the link).
fs::path absolute_makefile(const std::string &makefile)
{
    const fs::path abs = fs::absolute(makefile).lexically_normal();
    return normal_path(abs.parent_path()) / abs.filename();
}

Result<Evaluator> evaluate(const std::string &makefile)
{
    const fs::path path = absolute_makefile(makefile);
    Evaluator ev(path.parent_path());
    auto done = ev.run_file(path.string(), makefile);
    if (!done)
        return fail(done.error());
    return ev;
}

std::vector<std::string> labels_of(const Evaluator &ev)
{
    std::vector<std::string> out;
    for (const auto &d : ev.declared())
        out.push_back(d.label);
    return out;
}

// The path argument of -I (and the other include-path options) in "-Ipath" or "-I path" form.
const char *const kPathOptions[] = {"-I", "-iquote", "-isystem", "-idirafter", "-L"};

const char *path_option_of(const std::string &word)
{
    for (const char *opt : kPathOptions)
        if (word.rfind(opt, 0) == 0)
            return opt;
    return nullptr;
}

// Flag words with relative include/library paths made absolute, as seen from the candidate folder.
std::vector<std::string> absolute_paths(const std::vector<std::string> &flags, const Evaluator &ev)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < flags.size(); ++i) {
        const char *opt = path_option_of(flags[i]);
        if (!opt) {
            out.push_back(flags[i]);
            continue;
        }
        std::string path = flags[i].substr(std::strlen(opt));
        if (path.empty() && i + 1 < flags.size())
            path = flags[++i];
        out.push_back(std::string(opt) + ev.candidate_path(path).string());
    }
    return out;
}

struct RecipeReader {
    const std::string &makefile;
    Evaluator &ev;
    const Declared &d;

    // The label's variable for a per-label prefix (SRCS_ -> SRCS_<label>); NGCC_* are candidate-wide.
    std::string variable(const std::string &prefix) const
    {
        return prefix.rfind("NGCC_", 0) == 0 ? prefix : prefix + d.label;
    }

    // Some values the harness's template expands inside the ngcc_instance call;
    // the others only in recipes, so after the whole file was read.
    Result<Snapshot> value(const std::string &prefix)
    {
        const std::string name = variable(prefix);
        auto it = d.at_call.find(name);
        Snapshot s = it != d.at_call.end() ? it->second : ev.snapshot(name, d.where);
        if (!s.error.empty())
            return fail(s.error + " (needed for " + name + ")");
        return s;
    }

    Result<std::vector<std::string>> flag_words(const std::string &prefix)
    {
        auto s = value(prefix);
        if (!s)
            return fail(s.error());
        auto w = shell_words(s->text);
        if (!w)
            return fail(makefile + ": " + variable(prefix) + ": " + w.error());
        return w;
    }

    Result<std::string> text(const std::string &prefix)
    {
        auto s = value(prefix);
        if (!s)
            return fail(s.error());
        return std::string(trim(s->text));
    }
};

Status read_sources(RecipeReader &in, HarnessRecipe &r)
{
    auto srcs = in.value("SRCS_");
    if (!srcs)
        return fail(srcs.error());
    if (!srcs->defined)
        return kOk; // the harness's default list: the builder globs the source folder
    r.sources.emplace();
    for (const auto &word : words(srcs->text)) {
        const fs::path path = normal_path(fs::path(r.source_dir) / word);
        std::error_code ec;
        if (!fs::is_regular_file(path, ec))
            return fail(in.makefile + ": SRCS_" + r.label + ": " + printable(word) + " is not a file (looked for " +
                        printable(path.string()) + "; SRCS_ paths are relative to the instance's source folder)");
        r.sources->push_back(path.string());
    }
    return kOk;
}

// INC_ and DEFS_ apply to C and C++ alike: their -I and -D words become include folders and defines, the rest flags of both.
void sort_compile_words(const std::vector<std::string> &flags, const Evaluator &ev, HarnessRecipe &r)
{
    for (size_t i = 0; i < flags.size(); ++i) {
        const std::string &f = flags[i];
        if (f.rfind("-I", 0) == 0 || f.rfind("-D", 0) == 0) {
            std::string arg = f.substr(2);
            if (arg.empty() && i + 1 < flags.size())
                arg = flags[++i];
            if (f[1] == 'I')
                r.include_dirs.push_back(ev.candidate_path(arg).string());
            else
                r.defines.push_back(arg);
            continue;
        }
        std::vector<std::string> one = {f};
        if (path_option_of(f) && f.size() == std::strlen(path_option_of(f)) && i + 1 < flags.size())
            one.push_back(flags[++i]);
        for (const auto &g : absolute_paths(one, ev)) {
            r.cflags.push_back(g);
            r.cxxflags.push_back(g);
        }
    }
}

Status read_flags(RecipeReader &in, const Evaluator &ev, HarnessRecipe &r)
{
    for (const char *prefix : {"INC_", "DEFS_"}) {
        auto w = in.flag_words(prefix);
        if (!w)
            return fail(w.error());
        sort_compile_words(*w, ev, r);
    }
    const std::pair<const char *, std::vector<std::string> *> lists[] = {
        {"CFLAGS_", &r.cflags}, {"CXXFLAGS_", &r.cxxflags}, {"LDLIBS_", &r.ldlibs}};
    for (const auto &[prefix, list] : lists) {
        auto w = in.flag_words(prefix);
        if (!w)
            return fail(w.error());
        for (auto &f : absolute_paths(*w, ev))
            list->push_back(std::move(f));
    }
    auto shim = in.flag_words("SHIMDEFS_");
    auto test = in.flag_words("TESTFLAGS_");
    if (!shim || !test)
        return fail((!shim ? shim : test).error());
    r.shim_defines = *shim;
    r.test_flags = *test;
    return kOk;
}

Status read_settings(RecipeReader &in, const Evaluator &ev, HarnessRecipe &r)
{
    const std::pair<const char *, std::string *> texts[] = {{"NOAUX_", nullptr},
                                                            {"NODRNG_", nullptr},
                                                            {"KATDIR_", &r.kat_dir},
                                                            {"KATNAME_", &r.kat_name},
                                                            {"NGCC_KAT_DIR", &r.candidate_kat_dir},
                                                            {"NGCC_ID", &r.candidate_id},
                                                            {"NGCC_ALG", &r.algorithm},
                                                            {"NGCC_TYPE", &r.type}};
    for (const auto &[prefix, target] : texts) {
        auto t = in.text(prefix);
        if (!t)
            return fail(t.error());
        if (std::strcmp(prefix, "NOAUX_") == 0)
            r.no_aux = *t == "1";
        else if (std::strcmp(prefix, "NODRNG_") == 0)
            r.no_drng = *t == "1";
        else
            *target = *t;
    }
    // The harness hands these folders to its KAT tool, which runs in the candidate folder.
    for (std::string *dir : {&r.kat_dir, &r.candidate_kat_dir})
        if (!dir->empty())
            *dir = ev.candidate_path(*dir).string();
    return kOk;
}

} // namespace

Result<std::vector<std::string>> harness_labels(const std::string &makefile)
{
    auto ev = evaluate(makefile);
    if (!ev)
        return fail(ev.error());
    return labels_of(*ev);
}

Result<HarnessRecipe> read_harness_recipe(const std::string &makefile, const std::string &label)
{
    auto ev = evaluate(makefile);
    if (!ev)
        return fail(ev.error());
    const Declared *d = ev->find(label);
    if (!d) {
        const auto labels = labels_of(*ev);
        if (labels.empty())
            return fail(makefile + ": declares no instance (no $(eval $(call ngcc_instance,<label>,<source folder>)))");
        return fail(makefile + ": no instance '" + printable(label) + "'; its instances are " +
                    printable(join(labels, ", ")));
    }
    HarnessRecipe r;
    r.makefile = absolute_makefile(makefile).string();
    r.label = label;
    r.source_dir = ev->source_dir(*d).string();
    std::error_code ec;
    if (!fs::is_directory(r.source_dir, ec))
        return fail(at(d->where) + ": instance " + printable(label) + ": source folder '" + printable(d->srcdir) +
                    "' does not exist (looked for " + printable(r.source_dir) + ")");
    RecipeReader in{makefile, *ev, *d};
    if (auto done = read_sources(in, r); !done)
        return fail(done.error());
    if (auto done = read_flags(in, *ev, r); !done)
        return fail(done.error());
    if (auto done = read_settings(in, *ev, r); !done)
        return fail(done.error());
    return r;
}

} // namespace kexbench
