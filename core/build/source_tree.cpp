// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/build/source_tree.h"

#include "core/build/builder.h"  // harness_excluded(), is_source_name()
#include "core/base/untrusted.h" // name_problem(), printable()

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fnmatch.h>
#include <map>
#include <optional>
#include <set>
#include <system_error>

namespace fs = std::filesystem;

namespace kexbench {

namespace {

// Deeper than any real submission; a bound so a hostile or looping tree ends.
constexpr int kMaxDepth = 32;
// Test_Vectors/<instance>/KAT_KEX_<instance>.txt is one level down; two leaves room for one more folder.
constexpr int kKatFolderDepth = 2;
// How many ancestors may hold the Test_Vectors folder: <sub>/Implementations/Reference_Implementation/<instance>.
constexpr int kKatAncestors = 3;

std::string lower(std::string s)
{
    for (char &c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// "a//b/./c" -> {a, b, c}: the components a glob or a relative path is made of.
std::vector<std::string> split_path(const std::string &path)
{
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= path.size()) {
        size_t slash = path.find('/', start);
        if (slash == std::string::npos)
            slash = path.size();
        std::string part = path.substr(start, slash - start);
        if (!part.empty() && part != ".")
            parts.push_back(std::move(part));
        start = slash + 1;
    }
    return parts;
}

std::string join_path(const std::vector<std::string> &parts, size_t count)
{
    std::string joined;
    for (size_t i = 0; i < count && i < parts.size(); ++i)
        joined += (i ? "/" : "") + parts[i];
    return joined;
}

std::string file_name_of(const std::string &rel)
{
    const size_t slash = rel.rfind('/');
    return slash == std::string::npos ? rel : rel.substr(slash + 1);
}

// "." for a file directly in the root, as include folders are written.
std::string folder_of(const std::string &rel)
{
    const size_t slash = rel.rfind('/');
    return slash == std::string::npos ? "." : rel.substr(0, slash);
}

std::vector<std::string> folder_parts(const std::string &rel)
{
    auto parts = split_path(rel);
    parts.pop_back();
    return parts;
}

size_t common_length(const std::vector<std::string> &a, const std::vector<std::string> &b)
{
    size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n])
        ++n;
    return n;
}

bool inside(const fs::path &path, const fs::path &top)
{
    const fs::path rel = path.lexically_relative(top);
    return !rel.empty() && *rel.begin() != "..";
}

// The folder as an absolute path without a trailing '/', so parent_path() climbs one level.
fs::path absolute_folder(const std::string &root)
{
    std::error_code ec;
    fs::path p = fs::absolute(root, ec).lexically_normal();
    if (p.filename().empty() && p.has_parent_path() && p != p.root_path())
        p = p.parent_path();
    return p;
}

// ---- globs -------------------------------------------------------------------

// Components never contain '/', so fnmatch's '*', '?' and [...] cannot cross one.
bool component_match(const std::string &pattern, const std::string &name)
{
    return ::fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

bool match_components(const std::vector<std::string> &pat, size_t p, const std::vector<std::string> &path, size_t s)
{
    if (p == pat.size())
        return s == path.size();
    if (pat[p] == "**") {
        for (size_t k = s; k <= path.size(); ++k)
            if (match_components(pat, p + 1, path, k))
                return true;
        return false;
    }
    return s < path.size() && component_match(pat[p], path[s]) && match_components(pat, p + 1, path, s + 1);
}

std::vector<std::string> pattern_components(const std::string &pattern)
{
    std::vector<std::string> parts;
    for (auto &part : split_path(pattern))
        if (part != "**" || parts.empty() || parts.back() != "**") // "**/**" is "**": less backtracking
            parts.push_back(std::move(part));
    // "dir/" reads as "everything below dir", as users write folder exclusions.
    if (pattern.ends_with("/") && (parts.empty() || parts.back() != "**"))
        parts.push_back("**");
    return parts;
}

// The first glob that leaves rel out: one that matches its path or the path
// of a folder holding it, so "avx2", "src/avx2" and "src/avx2/**" all leave
// out src/avx2/poly.c.
std::string excluding_glob(const std::string &rel, const std::vector<std::string> &globs)
{
    std::string prefix;
    for (const auto &part : split_path(rel)) {
        prefix += (prefix.empty() ? "" : "/") + part;
        for (const auto &g : globs)
            if (path_glob_match(g, prefix))
                return g;
    }
    return {};
}

bool has_glob_characters(const std::string &pattern) { return pattern.find_first_of("*?[") != std::string::npos; }

// A folder or file name as a glob that matches only itself.
std::string glob_literal(const std::string &name)
{
    std::string out;
    for (char c : name) {
        if (c == '*' || c == '?' || c == '[' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

// ---- walking a tree -------------------------------------------------------------

bool is_tree_file(const std::string &name) { return is_source_name(name) || is_header_name(name); }

// Every source and header below a folder that can be reached without leaving
// it: hidden entries and links out of the folder are left out with a reason.
class TreeWalk {
public:
    TreeWalk(fs::path top, std::vector<std::string> prune) : top_(std::move(top)), prune_(std::move(prune)) {}
    void run();
    std::vector<std::string> files; // relative, sorted
    std::vector<std::string> left_out;

private:
    struct Link {
        fs::path path;
        std::string rel;
        int depth;
        bool folder;
    };
    void walk_folder(const fs::path &dir, const std::string &rel, int depth);
    void visit(const fs::path &dir, const std::string &rel_dir, const std::string &name, int depth);
    void enter_folder(const fs::path &target, const std::string &rel, int depth);
    void follow_link(const Link &link);
    void keep_file(const fs::path &target, const std::string &rel);

    fs::path top_;
    std::vector<std::string> prune_;
    std::vector<Link> links_;
    std::set<fs::path> seen_folders_;
    std::map<fs::path, std::string> seen_files_;
};

void TreeWalk::run()
{
    seen_folders_.insert(top_);
    walk_folder(top_, "", 0);
    // Links after every real entry, so a file is kept under its own path and
    // a link to it is the duplicate. Following a folder link may add links.
    for (size_t i = 0; i < links_.size(); ++i)
        follow_link(Link(links_[i]));
    std::sort(files.begin(), files.end());
}

void TreeWalk::walk_folder(const fs::path &dir, const std::string &rel, int depth)
{
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        names.push_back(it->path().filename().string());
    if (ec) {
        left_out.push_back(rel + "/ (cannot be read: " + ec.message() + ")");
        return;
    }
    std::sort(names.begin(), names.end());
    for (const auto &name : names)
        visit(dir, rel, name, depth);
}

void TreeWalk::visit(const fs::path &dir, const std::string &rel_dir, const std::string &name, int depth)
{
    const std::string rel = rel_dir.empty() ? name : rel_dir + "/" + name;
    const fs::path path = dir / name;
    std::error_code ec;
    const bool link = fs::is_symlink(fs::symlink_status(path, ec));
    const fs::file_status status = fs::status(path, ec);
    const bool folder = fs::is_directory(status);
    if (!folder && !is_tree_file(name))
        return; // READMEs, Makefiles, KAT files: not part of a build
    if (name[0] == '.')
        left_out.push_back(rel + (folder ? "/ (hidden folder)" : " (hidden file)"));
    else if (link)
        links_.push_back({path, rel, depth, folder});
    else if (folder)
        enter_folder(path, rel, depth + 1);
    else if (!fs::is_regular_file(status))
        left_out.push_back(rel + " (not a regular file)");
    else
        keep_file(path, rel);
}

void TreeWalk::enter_folder(const fs::path &target, const std::string &rel, int depth)
{
    if (const std::string g = excluding_glob(rel, prune_); !g.empty())
        left_out.push_back(rel + "/ (--exclude '" + g + "')");
    else if (!seen_folders_.insert(target).second)
        left_out.push_back(rel + "/ (a link to a folder already searched)");
    else if (depth > kMaxDepth)
        left_out.push_back(rel + "/ (more than " + std::to_string(kMaxDepth) + " folders deep, not searched)");
    else
        walk_folder(target, rel, depth);
}

void TreeWalk::follow_link(const Link &link)
{
    std::error_code ec;
    const fs::path target = fs::canonical(link.path, ec);
    const std::string shown = link.rel + (link.folder ? "/" : "");
    if (ec)
        left_out.push_back(shown + " (broken symbolic link)");
    else if (!inside(target, top_))
        left_out.push_back(shown + " (symbolic link to " + target.string() + ", outside the folder: not followed)");
    else if (link.folder)
        enter_folder(target, link.rel, link.depth + 1);
    else if (!fs::is_regular_file(target, ec))
        left_out.push_back(shown + " (not a regular file)");
    else
        keep_file(target, link.rel);
}

void TreeWalk::keep_file(const fs::path &target, const std::string &rel)
{
    const auto [it, fresh] = seen_files_.emplace(target, rel);
    if (fresh)
        files.push_back(rel);
    else
        left_out.push_back(rel + " (the same file as " + it->second + ")");
}

Result<TreeWalk> walk_tree(const std::string &root, const std::vector<std::string> &prune)
{
    std::error_code ec;
    const fs::path top = fs::canonical(root, ec);
    if (ec)
        return fail(printable(root + ": " + ec.message()));
    if (!fs::is_directory(top, ec))
        return fail(printable(root + ": not a folder"));
    fs::directory_iterator probe(top, ec);
    if (ec)
        return fail(printable(root + ": cannot be read: " + ec.message()));
    TreeWalk walk(top, prune);
    walk.run();
    return walk;
}

// ---- include folders --------------------------------------------------------

// "." first (the root's own headers), then sorted: the order of the -I flags.
bool include_order(const std::string &a, const std::string &b)
{
    return std::make_pair(a != ".", a) < std::make_pair(b != ".", b);
}

std::string shadow_note(const std::string &header, const std::vector<std::string> &folders)
{
    std::string listed;
    for (size_t i = 0; i < folders.size(); ++i)
        listed += (i == 0 ? "" : i + 1 == folders.size() ? " and " : ", ") + folders[i];
    return header + " is in " + listed + ": a bare #include \"" + header + "\" from another folder gets " +
           folders.front() + "/" + header + ", the first on the include path";
}

void add_include_dirs(const std::vector<std::string> &headers, SourceTree &tree)
{
    std::set<std::string> dirs;
    std::map<std::string, std::vector<std::string>> folders_by_name;
    for (const auto &h : headers) {
        dirs.insert(folder_of(h));
        folders_by_name[file_name_of(h)].push_back(folder_of(h));
    }
    tree.include_dirs.assign(dirs.begin(), dirs.end());
    std::sort(tree.include_dirs.begin(), tree.include_dirs.end(), include_order);
    for (auto &[name, folders] : folders_by_name) {
        if (folders.size() < 2)
            continue;
        std::sort(folders.begin(), folders.end(), include_order);
        tree.notes.push_back(shadow_note(name, folders));
    }
}

std::vector<std::string> kept_headers(const std::vector<std::string> &files, const std::vector<std::string> &exclude)
{
    std::vector<std::string> headers;
    for (const auto &rel : files)
        if (is_header_name(file_name_of(rel)) && excluding_glob(rel, exclude).empty())
            headers.push_back(rel);
    return headers;
}

// Lines shown to a user: sorted by path, and safe for a terminal (the names come from the submission).
void finish_lines(SourceTree &tree)
{
    std::sort(tree.left_out.begin(), tree.left_out.end());
    for (auto &line : tree.left_out)
        line = printable(line);
    for (auto &line : tree.notes)
        line = printable(line);
}

// ---- alternative implementations -------------------------------------------------

// "Reference_Implementation", "ref", "clean-ref": a word starting with "ref"
// ("prefetch" is not one), so the reference copy is the one kept by default.
bool looks_like_reference(const std::string &component)
{
    const std::string name = lower(component);
    for (size_t i = 0; i < name.size(); ++i) {
        const bool word_start = i == 0 || !std::isalnum(static_cast<unsigned char>(name[i - 1]));
        if (word_start && name.compare(i, 3, "ref") == 0)
            return true;
    }
    return false;
}

// Which copy of a clashing file to keep: the one whose first folder after the
// shared part names a reference implementation, else one sitting directly in
// the shared folder (the others are its variants), else the first in sort order.
const std::string &variant_to_keep(const std::vector<std::string> &paths)
{
    size_t shared = folder_parts(paths.front()).size();
    for (const auto &p : paths)
        shared = std::min(shared, common_length(folder_parts(paths.front()), folder_parts(p)));
    auto rank = [&](const std::string &p) {
        const auto parts = folder_parts(p);
        const bool in_shared = parts.size() == shared;
        return std::make_pair(in_shared ? false : looks_like_reference(parts[shared]), in_shared);
    };
    const std::string *best = &paths.front();
    for (const auto &p : paths)
        if (rank(p) > rank(*best)) // strict: ties keep the earlier in sort order
            best = &p;
    return *best;
}

// The glob that leaves out `other` but not `keep`: the first folder where
// their paths part, or the file itself when it sits where they part.
std::string exclusion_for(const std::string &other, const std::string &keep)
{
    const auto parts = folder_parts(other);
    const size_t shared = common_length(parts, folder_parts(keep));
    std::vector<std::string> literal;
    for (const auto &part : parts)
        literal.push_back(glob_literal(part));
    if (shared < parts.size())
        return join_path(literal, shared + 1) + "/**";
    // "./poly.c" rather than "poly.c": a glob without '/' would match every poly.c.
    const std::string folder = shared == 0 ? "." : join_path(literal, shared);
    return folder + "/" + glob_literal(file_name_of(other));
}

std::string json_string(const std::string &text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string shell_word(const std::string &text)
{
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string folder_list(const std::vector<std::string> &paths)
{
    std::string listed;
    for (size_t i = 0; i < paths.size(); ++i)
        listed += (i == 0 ? "" : i + 1 == paths.size() ? " and " : ", ") + folder_of(paths[i]);
    return listed;
}

std::string clash_message(const std::string &root, const std::vector<std::string> &clashes,
                          const std::set<std::string> &globs)
{
    std::string text = root + ": ";
    for (size_t i = 0; i < clashes.size(); ++i)
        text += (i ? "; " : "") + clashes[i];
    std::string json, options;
    for (const auto &g : globs) {
        json += (json.empty() ? "" : ", ") + json_string(g);
        options += (options.empty() ? "--exclude " : " --exclude ") + shell_word(g);
    }
    text += ": alternative implementations, kexbench will not guess. Keep one with the recipe line \"exclude\": [" +
            json + "] in " + kRecipeFileName + " (or " + options + ")";
    return printable(text);
}

// Where the copies of one file name part: the first folder below what their
// paths share ("Optimized_Implementation"), or the shared folder itself for a
// copy sitting in it.
std::string parting_folders(const std::vector<std::string> &paths)
{
    size_t shared = folder_parts(paths.front()).size();
    for (const auto &p : paths)
        shared = std::min(shared, common_length(folder_parts(paths.front()), folder_parts(p)));
    std::vector<std::string> parting;
    for (const auto &p : paths) {
        const auto parts = folder_parts(p);
        parting.push_back(parts.size() > shared ? join_path(parts, shared + 1)
                          : shared == 0         ? "."
                                                : join_path(parts, shared));
    }
    std::string listed;
    for (size_t i = 0; i < parting.size(); ++i)
        listed += (i == 0 ? "" : i + 1 == parting.size() ? " and " : ", ") + parting[i];
    return listed;
}

// One sentence per pair of variant folders: a whole Optimized_Implementation
// copy is one clash to the reader, not one per file.
std::vector<std::string> clash_sentences(const std::map<std::string, std::vector<std::string>> &clashing)
{
    std::vector<std::pair<std::string, std::vector<std::string>>> groups; // parting folders, file names
    for (const auto &[name, paths] : clashing) {
        const std::string where = parting_folders(paths);
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto &g) { return g.first == where; });
        if (it == groups.end())
            groups.push_back({where, {name}});
        else
            it->second.push_back(name);
    }
    std::vector<std::string> sentences;
    for (const auto &[where, names] : groups) {
        if (names.size() == 1) {
            sentences.push_back(names.front() + " is in " + folder_list(clashing.at(names.front())));
            continue;
        }
        std::string listed;
        for (size_t i = 0; i < names.size(); ++i)
            listed += (i ? ", " : "") + names[i];
        sentences.push_back(where + " hold the same " + std::to_string(names.size()) + " source names (" + listed +
                            ")");
    }
    return sentences;
}

// Empty when no two kept sources share a file name; else the refusal.
std::string clash_problem(const std::string &root, const std::vector<std::string> &sources)
{
    std::map<std::string, std::vector<std::string>> paths_by_name;
    for (const auto &s : sources)
        paths_by_name[file_name_of(s)].push_back(s);
    std::map<std::string, std::vector<std::string>> clashing;
    std::set<std::string> globs;
    for (const auto &[name, paths] : paths_by_name) {
        if (paths.size() < 2)
            continue;
        clashing[name] = paths;
        const std::string &keep = variant_to_keep(paths);
        for (const auto &p : paths)
            if (p != keep)
                globs.insert(exclusion_for(p, keep));
    }
    return clashing.empty() ? std::string() : clash_message(root, clash_sentences(clashing), globs);
}

const char *const kHarnessReason = " (driver, test or benchmark file by the harness rules)";

// ---- naming sources --------------------------------------------------------------

// The pattern relative to the root, or nothing when it points outside it.
std::optional<std::string> pattern_below(const fs::path &top, const std::string &pattern)
{
    const fs::path p(pattern);
    fs::path rel = p.is_absolute() ? p.lexically_normal().lexically_relative(top) : p.lexically_normal();
    if (rel.empty() || *rel.begin() == "..")
        return std::nullopt;
    std::string text = rel.string();
    // Normalising "./extra_*.c" must not turn an anchored glob into a bare-name one.
    if (pattern.find('/') != std::string::npos && text.find('/') == std::string::npos)
        text = "./" + text;
    return text;
}

struct Selection {
    const fs::path &top;
    const std::string &root;
    const std::vector<std::string> &files;
    std::set<std::string> chosen;
    std::vector<std::string> left_out;
};

Result<void> select_glob(Selection &s, const std::string &pattern, const std::string &glob)
{
    bool matched = false;
    for (const auto &rel : s.files) {
        const std::string name = file_name_of(rel);
        if (!is_source_name(name) || !path_glob_match(glob, rel))
            continue;
        matched = true;
        // A glob such as "**/*.c" is not a request for the submission's drivers.
        if (harness_excluded(name))
            s.left_out.push_back(rel + kHarnessReason);
        else
            s.chosen.insert(rel);
    }
    if (!matched)
        return fail("sources: '" + pattern + "' matches no file below " + s.root);
    return {};
}

Result<void> select_path(Selection &s, const std::string &pattern, const std::string &rel)
{
    std::error_code ec;
    const fs::path target = fs::canonical(s.top / rel, ec);
    if (ec)
        return fail("sources: '" + pattern + "' matches no file below " + s.root);
    if (!inside(target, s.top))
        return fail("sources: '" + pattern + "' resolves to " + target.string() + ", outside " + s.root);
    if (fs::is_directory(target, ec)) // a folder stands for every source below it
        return select_glob(s, pattern, rel + "/**");
    if (!fs::is_regular_file(target, ec))
        return fail("sources: '" + pattern + "' is not a regular file");
    s.chosen.insert(fs::path(rel).lexically_normal().string()); // named explicitly: no harness rule
    return {};
}

Result<void> select_pattern(Selection &s, const std::string &pattern)
{
    const auto rel = pattern_below(s.top, pattern);
    if (!rel)
        return fail("sources: '" + pattern + "' is outside " + s.root);
    return has_glob_characters(*rel) ? select_glob(s, pattern, *rel) : select_path(s, pattern, *rel);
}

// ---- finding one file --------------------------------------------------------------

// One level of a breadth-first search: matches of `name` in the folders of
// `level`, and their subfolders (never through a link that leaves top).
void scan_level(const fs::path &top, const std::vector<std::string> &level, const std::string &name,
                std::vector<std::string> &matches, std::vector<std::string> &next, std::set<fs::path> &seen)
{
    for (const auto &rel_dir : level) {
        std::error_code ec;
        for (fs::directory_iterator it(top / rel_dir, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string entry = it->path().filename().string();
            std::error_code ec2;
            const fs::path target = fs::canonical(it->path(), ec2);
            if (entry[0] == '.' || ec2 || !inside(target, top))
                continue;
            const std::string rel = rel_dir.empty() ? entry : rel_dir + "/" + entry;
            if (fs::is_directory(target, ec2)) {
                if (seen.insert(target).second)
                    next.push_back(rel);
            } else if (entry == name && fs::is_regular_file(target, ec2)) {
                matches.push_back(rel);
            }
        }
    }
}

// The shallowest file called name below dir, then the first in sort order; relative to dir, or empty.
std::string shallowest_file(const fs::path &dir, const std::string &name, int max_depth)
{
    std::error_code ec;
    const fs::path top = fs::canonical(dir, ec);
    if (ec || name.empty() || name.find('/') != std::string::npos)
        return {};
    std::vector<std::string> level{""};
    std::set<fs::path> seen{top};
    for (int depth = 0; depth <= max_depth && !level.empty(); ++depth) {
        std::vector<std::string> matches, next;
        scan_level(top, level, name, matches, next, seen);
        if (!matches.empty())
            return *std::min_element(matches.begin(), matches.end());
        std::sort(next.begin(), next.end());
        level = std::move(next);
    }
    return {};
}

// Only the names submissions give their vector folders: a looser rule (any
// name holding "kat") matched scratch folders such as /tmp/kexbench-kat-XXXXXX
// and compared the build with somebody else's generated text.
bool looks_like_test_vectors(const std::string &folder_name)
{
    std::string n;
    for (char c : lower(folder_name))
        if (c != '_' && c != '-' && c != ' ' && c != '.')
            n += c;
    for (const char *name :
         {"testvectors", "testvector", "kat", "kats", "katfiles", "knownanswertests", "knownanswertest"})
        if (n == name)
            return true;
    return false;
}

// Shared scratch and system folders are never searched: what lies there belongs to nobody's submission.
bool is_shared_folder(const fs::path &folder)
{
    const std::string f = folder.lexically_normal().string();
    return folder == folder.root_path() || f == "/tmp" || f == "/var/tmp" || f == "/home" || f == "/usr";
}

// The KAT file in a Test_Vectors-like folder directly in `folder`.
std::string kat_in_vector_folders(const fs::path &folder, const std::string &kat_name)
{
    std::error_code ec;
    const fs::path top = fs::canonical(folder, ec);
    std::vector<std::string> names;
    for (fs::directory_iterator it(top, ec), end; !ec && it != end; it.increment(ec))
        names.push_back(it->path().filename().string());
    std::sort(names.begin(), names.end());
    for (const auto &n : names) {
        const fs::path target = fs::canonical(top / n, ec);
        if (n[0] == '.' || ec || !inside(target, top) || !looks_like_test_vectors(n) || !fs::is_directory(target, ec))
            continue;
        if (const std::string rel = shallowest_file(top / n, kat_name, kKatFolderDepth); !rel.empty())
            return (folder / n / rel).string();
    }
    return {};
}

} // namespace

bool is_header_name(const std::string &file_name)
{
    for (const char *ext : {".h", ".hpp", ".hh", ".inc"})
        if (file_name.ends_with(ext))
            return true;
    return false;
}

bool path_glob_match(const std::string &pattern, const std::string &relative_path)
{
    const auto path = split_path(relative_path);
    if (pattern.find('/') == std::string::npos)
        return !path.empty() && component_match(pattern, path.back());
    return match_components(pattern_components(pattern), 0, path, 0);
}

Result<SourceTree> discover_sources(const std::string &root, const std::vector<std::string> &exclude_globs)
{
    auto walk = walk_tree(root, exclude_globs);
    if (!walk)
        return fail(walk.error());
    SourceTree tree;
    tree.left_out = std::move(walk->left_out);
    for (const auto &rel : walk->files) {
        const std::string name = file_name_of(rel);
        if (!is_source_name(name))
            continue;
        if (harness_excluded(name))
            tree.left_out.push_back(rel + kHarnessReason);
        else if (const std::string g = excluding_glob(rel, exclude_globs); !g.empty())
            tree.left_out.push_back(rel + " (--exclude '" + g + "')");
        else
            tree.sources.push_back(rel);
    }
    if (const std::string clash = clash_problem(root, tree.sources); !clash.empty())
        return fail(clash);
    add_include_dirs(kept_headers(walk->files, exclude_globs), tree);
    finish_lines(tree);
    return tree;
}

Result<SourceTree> select_sources(const std::string &root, const std::vector<std::string> &patterns,
                                  const std::vector<std::string> &exclude_globs)
{
    // No pruning: a pattern may name a file in a folder that the exclusions then leave out.
    auto walk = walk_tree(root, {});
    if (!walk)
        return fail(walk.error());
    std::error_code ec;
    const fs::path top = fs::canonical(root, ec);
    Selection s{top, root, walk->files, {}, {}};
    for (const auto &pattern : patterns)
        if (auto r = select_pattern(s, pattern); !r)
            return fail(printable(r.error()));
    SourceTree tree;
    tree.left_out = std::move(walk->left_out);
    tree.left_out.insert(tree.left_out.end(), s.left_out.begin(), s.left_out.end());
    for (const auto &rel : s.chosen) {
        if (const std::string g = excluding_glob(rel, exclude_globs); !g.empty())
            tree.left_out.push_back(rel + " (--exclude '" + g + "')");
        else
            tree.sources.push_back(rel);
    }
    add_include_dirs(kept_headers(walk->files, exclude_globs), tree);
    finish_lines(tree);
    return tree;
}

std::string find_file_below(const std::string &root, const std::string &file_name)
{
    const std::string rel = shallowest_file(root, file_name, kMaxDepth);
    return rel.empty() ? std::string() : (absolute_folder(root) / rel).string();
}

std::string find_reference_kat(const std::string &root, const std::string &instance)
{
    if (!name_problem(instance).empty()) // the name becomes part of a file name
        return {};
    const std::string kat_name = "KAT_KEX_" + instance + ".txt";
    if (std::string below = find_file_below(root, kat_name); !below.empty())
        return below;
    fs::path folder = absolute_folder(root);
    for (int up = 0; up < kKatAncestors && folder.has_parent_path() && folder.parent_path() != folder; ++up) {
        folder = folder.parent_path();
        if (is_shared_folder(folder))
            break;
        if (std::string beside = kat_in_vector_folders(folder, kat_name); !beside.empty())
            return beside;
    }
    return {};
}

} // namespace kexbench
