// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/build/builder.h"
#include "core/base/text.h"

#include "core/campaign/build_info.h"
#include "core/base/digest.h"
#include "core/base/discovery.h"
#include "core/base/elf_file.h"
#include "core/base/fsutil.h"
#include "core/build/harness_makefile.h"
#include "core/campaign/kat_check.h"
#include "core/campaign/process.h"
#include "core/campaign/runner_client.h"
#include "core/build/source_tree.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fnmatch.h>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <unistd.h>

namespace fs = std::filesystem;

namespace kexbench {

// ---------------------------------------------------------------- pure pieces

namespace {

bool starts_with(const std::string &s, std::string_view p) { return s.compare(0, p.size(), p) == 0; }

bool is_identifier(std::string_view s)
{
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
        return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::string define_name(const std::string &define) { return define.substr(0, define.find('=')); }

std::vector<std::string> string_array(const nlohmann::json &v, const std::string &what)
{
    if (!v.is_array())
        throw std::runtime_error(what + " must be an array of strings");
    std::vector<std::string> out;
    for (const auto &e : v) {
        if (!e.is_string())
            throw std::runtime_error(what + " must be an array of strings");
        out.push_back(e.get<std::string>());
    }
    return out;
}

// defines as ["A", "B=1"] or {"A": null, "B": 1, "C": "x"}.
std::vector<std::string> recipe_defines(const nlohmann::json &v)
{
    if (!v.is_object())
        return string_array(v, "defines");
    std::vector<std::string> out;
    for (const auto &[k, val] : v.items()) {
        if (val.is_null())
            out.push_back(k);
        else if (val.is_string())
            out.push_back(k + "=" + val.get<std::string>());
        else if (val.is_number_integer())
            out.push_back(k + "=" + val.dump());
        else
            throw std::runtime_error("defines." + k + " must be a string, an integer or null");
    }
    return out;
}

// A flag word list: one string split like a shell would, or an array of words.
std::vector<std::string> recipe_words(const nlohmann::json &v, const std::string &what)
{
    if (!v.is_string())
        return string_array(v, what);
    auto words = split_flags(v.get<std::string>());
    if (!words)
        throw std::runtime_error(what + ": " + words.error());
    return *words;
}

std::string recipe_string(const nlohmann::json &v, const std::string &what)
{
    if (!v.is_string())
        throw std::runtime_error(what + " must be a string");
    return v.get<std::string>();
}

bool recipe_bool(const nlohmann::json &v, const std::string &what)
{
    if (!v.is_boolean())
        throw std::runtime_error(what + " must be true or false");
    return v.get<bool>();
}

void check_recipe(const BuildRecipe &r)
{
    if (r.name)
        if (std::string why = name_problem(*r.name); !why.empty())
            throw std::runtime_error("name: " + why);
    // The candidate id becomes a campaign folder name (records/<candidate>/...).
    if (r.candidate)
        if (std::string why = name_problem(*r.candidate, "candidate id"); !why.empty())
            throw std::runtime_error("candidate: " + why);
    if (r.flags && !is_flag_profile(*r.flags))
        throw std::runtime_error("flags: '" + *r.flags + "' is not a profile (guide, harness-default, kexbench)");
    for (const auto &d : r.defines)
        if (std::string why = define_problem(d); !why.empty())
            throw std::runtime_error("defines: " + why);
}

const char *const kRecipeKeys = "name, candidate, flags, sources, include_dirs, defines, cflags, ldlibs, exclude, kat, "
                                "manifest, no_aux, no_drng";

void read_recipe_key(BuildRecipe &r, const std::string &key, const nlohmann::json &v)
{
    if (key == "name")
        r.name = recipe_string(v, key);
    else if (key == "candidate")
        r.candidate = recipe_string(v, key);
    else if (key == "flags")
        r.flags = recipe_string(v, key);
    else if (key == "kat")
        r.kat = recipe_string(v, key);
    else if (key == "manifest")
        r.manifest = recipe_string(v, key);
    else if (key == "defines")
        r.defines = recipe_defines(v);
    else if (key == "cflags")
        r.cflags = recipe_words(v, key);
    else if (key == "ldlibs")
        r.ldlibs = recipe_words(v, key);
    else if (key == "sources")
        r.sources = string_array(v, key);
    else if (key == "include_dirs")
        r.include_dirs = string_array(v, key);
    else if (key == "exclude")
        r.exclude = string_array(v, key);
    else if (key == "no_aux")
        r.no_aux = recipe_bool(v, key);
    else if (key == "no_drng")
        r.no_drng = recipe_bool(v, key);
    else
        throw std::runtime_error("unknown key '" + key + "' (known: " + kRecipeKeys + ")");
}

void add_unique(std::vector<std::string> &to, const std::vector<std::string> &from)
{
    for (const auto &x : from)
        if (std::find(to.begin(), to.end(), x) == to.end())
            to.push_back(x);
}

} // namespace

Result<BuildRecipe> parse_recipe(std::string_view json_text, const std::string &origin)
{
    nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return fail(origin + ": not a JSON object");
    BuildRecipe r;
    try {
        for (const auto &[key, v] : j.items())
            read_recipe_key(r, key, v);
        check_recipe(r);
    } catch (const std::runtime_error &e) {
        return fail(origin + ": " + e.what());
    }
    return r;
}

std::string recipe_json(const BuildRecipe &r)
{
    // ordered_json keeps the keys in the order a person reads a recipe.
    nlohmann::ordered_json j;
    auto put = [&](const char *key, const std::optional<std::string> &v) {
        if (v)
            j[key] = *v;
    };
    auto put_list = [&](const char *key, const std::vector<std::string> &v) {
        if (!v.empty())
            j[key] = v;
    };
    put("name", r.name);
    put("candidate", r.candidate);
    put("flags", r.flags);
    put_list("sources", r.sources);
    put_list("include_dirs", r.include_dirs);
    put_list("defines", r.defines);
    put_list("cflags", r.cflags);
    put_list("ldlibs", r.ldlibs);
    put_list("exclude", r.exclude);
    put("kat", r.kat);
    put("manifest", r.manifest);
    if (r.no_aux)
        j["no_aux"] = true;
    if (r.no_drng)
        j["no_drng"] = true;
    return j.dump(2) + "\n";
}

BuildRecipe merge_recipes(const BuildRecipe &file, const BuildRecipe &cli)
{
    BuildRecipe r;
    r.name = cli.name ? cli.name : file.name;
    r.candidate = cli.candidate ? cli.candidate : file.candidate;
    r.flags = cli.flags ? cli.flags : file.flags;
    r.kat = cli.kat ? cli.kat : file.kat;
    r.manifest = cli.manifest ? cli.manifest : file.manifest;
    std::set<std::string> overridden;
    for (const auto &d : cli.defines)
        overridden.insert(define_name(d));
    for (const auto &d : file.defines)
        if (!overridden.count(define_name(d)))
            r.defines.push_back(d);
    r.defines.insert(r.defines.end(), cli.defines.begin(), cli.defines.end());
    r.cflags = file.cflags;
    r.cflags.insert(r.cflags.end(), cli.cflags.begin(), cli.cflags.end());
    r.sources = cli.sources.empty() ? file.sources : cli.sources;
    r.include_dirs = cli.include_dirs;
    add_unique(r.include_dirs, file.include_dirs);
    r.ldlibs = file.ldlibs;
    add_unique(r.ldlibs, cli.ldlibs);
    r.exclude = file.exclude;
    add_unique(r.exclude, cli.exclude);
    r.no_aux = file.no_aux || cli.no_aux;
    r.no_drng = file.no_drng || cli.no_drng;
    return r;
}

std::string define_problem(const std::string &define)
{
    const std::string name = define_name(define);
    if (!is_identifier(name))
        return "-D " + define + ": '" + name + "' is not a C identifier";
    if (define.find_first_of("\n\r") != std::string::npos)
        return "-D " + name + ": the value spans lines";
    return {};
}

std::optional<std::string> parse_algorithm_instance(std::string_view header_text)
{
    static const std::regex line(R"re(^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE[ \t]+"([^"\n]*)")re",
                                 std::regex::multiline);
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_search(header_text.begin(), header_text.end(), m, line))
        return std::nullopt;
    return m[1].str();
}

bool harness_excluded(const std::string &n)
{
    static const char *const prefixes[] = {"KAT_",      "PQCgenKAT", "main",   "test",      "bench",
                                           "speed",     "cpucycles", "osfreq", "run_bench", "selftest",
                                           "self_test", "example",   "demo",   "kat.c",     "kat_"};
    static const char *const parts[] = {"_test.", "test_.", "_bench.", "bench_.", "_main.", "_kat."};
    for (const char *p : prefixes)
        if (starts_with(n, p))
            return true;
    for (const char *p : parts)
        if (n.find(p) != std::string::npos)
            return true;
    return false;
}

bool glob_excluded(const std::string &file_name, const std::vector<std::string> &globs)
{
    return std::any_of(globs.begin(), globs.end(),
                       [&](const std::string &g) { return ::fnmatch(g.c_str(), file_name.c_str(), 0) == 0; });
}

bool is_source_name(const std::string &n)
{
    return n.ends_with(".c") || n.ends_with(".cpp") || n.ends_with(".cc") || n.ends_with(".S");
}

std::string family_for(const std::string &instance, const std::string &folder_name)
{
    const size_t dash = instance.rfind('-');
    if (dash != std::string::npos && dash > 0)
        return instance.substr(0, dash);
    // The family becomes a folder name too: a folder called "my kex" does not make one.
    return name_problem(folder_name, "family").empty() ? folder_name : instance;
}

std::string parameter_set_for(const std::string &instance)
{
    const size_t dash = instance.rfind('-');
    return dash != std::string::npos && dash + 1 < instance.size() ? instance.substr(dash + 1) : instance;
}

std::string compiler_description(const std::string &version_output)
{
    const std::string first = version_output.substr(0, version_output.find('\n'));
    static const std::regex version_word(R"(\d+(\.\d+)+)");
    std::string version;
    size_t pos = 0;
    while (pos < first.size() && version.empty()) {
        size_t end = first.find(' ', pos);
        if (end == std::string::npos)
            end = first.size();
        const std::string word = first.substr(pos, end - pos);
        if (std::regex_match(word, version_word))
            version = word;
        pos = end + 1;
    }
    std::string id;
    if (version_output.find("clang") != std::string::npos)
        id = "Clang";
    else if (version_output.find("Free Software Foundation") != std::string::npos ||
             first.find("gcc") != std::string::npos || first.find("GCC") != std::string::npos)
        id = "GNU";
    if (id.empty() || version.empty())
        return first;
    return id + " " + version;
}

std::string c_string_literal(const std::string &text)
{
    std::string out;
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\%03o", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

std::string sdk_path()
{
    if (const char *env = std::getenv("KEXBENCH_SDK_DIR"); env && *env)
        return env;
    return (fs::path(executable_dir()).parent_path() / "share" / "kexbench" / "sdk").lexically_normal().string();
}

// ---------------------------------------------------------------- flag profiles

namespace {

// The harness adds these to every guide build so legacy code builds as it did there (§2).
const std::vector<std::string> kPermissive = {"-Wno-error=implicit-function-declaration",
                                              "-Wno-error=incompatible-pointer-types", "-Wno-error=int-conversion",
                                              "-Wno-error=implicit-int"};

std::vector<std::string> plus(std::vector<std::string> a, const std::vector<std::string> &b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

} // namespace

bool is_flag_profile(const std::string &p) { return p == "guide" || p == "harness-default" || p == "kexbench"; }

std::vector<std::string> profile_flags(const std::string &profile, bool cxx)
{
    // The C-only -Wno-error set and -std=c99/gnu11 would only draw warnings from the C++ compiler.
    if (profile == "guide") // the guide's reference flags (x86-64 and aarch64 alike) plus the harness additions
        return cxx ? std::vector<std::string>{"-std=gnu++17", "-Wpedantic", "-Wall",        "-Wextra",
                                              "-O2",          "-fPIC",      "-D_GNU_SOURCE"}
                   : plus({"-std=c99", "-Wpedantic", "-Wall", "-Wextra", "-O2", "-fPIC", "-D_GNU_SOURCE"}, kPermissive);
    if (profile == "harness-default")
        return cxx ? std::vector<std::string>{"-O2",
                                              "-fPIC",
                                              "-std=gnu++17",
                                              "-Wall",
                                              "-Wno-unused",
                                              "-Wno-unknown-pragmas",
                                              "-fno-strict-aliasing",
                                              "-fwrapv",
                                              "-fno-omit-frame-pointer",
                                              "-D_GNU_SOURCE"}
                   : plus({"-O2", "-fPIC", "-std=gnu11", "-Wall", "-Wno-unused", "-Wno-unknown-pragmas",
                           "-fno-strict-aliasing", "-fwrapv", "-fno-omit-frame-pointer", "-D_GNU_SOURCE"},
                          kPermissive);
    if (profile == "kexbench") // what CMake's Release build gives kexbench's own instances
        return cxx ? std::vector<std::string>{"-O3", "-DNDEBUG", "-fPIC", "-std=gnu++17", "-D_GNU_SOURCE"}
                   : plus({"-O3", "-DNDEBUG", "-fPIC", "-std=gnu11", "-D_GNU_SOURCE"}, kPermissive);
    return {};
}

// ---------------------------------------------------------------- building

namespace {

const char *const kWrapped[] = {"sm3hash", "pseudohash", "pseudoXOF", "get_random_number"};
const char *const kWrapSkipMacro[] = {"KEXBENCH_PROFILE_NO_SM3HASH", "KEXBENCH_PROFILE_NO_PSEUDOHASH",
                                      "KEXBENCH_PROFILE_NO_PSEUDOXOF", "KEXBENCH_PROFILE_NO_DRNG"};

struct Source {
    fs::path path;
    bool cxx = false;
    fs::path object;
    std::set<std::string> defined; // global symbols the object defines
};

// A command line as a person would paste it into a shell.
std::string shell_line(const std::vector<std::string> &argv)
{
    std::string line;
    for (const auto &a : argv) {
        if (!line.empty())
            line += ' ';
        if (!a.empty() &&
            a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+./,:@%") ==
                std::string::npos) {
            line += a;
            continue;
        }
        line += '\'';
        for (char c : a)
            line += c == '\'' ? std::string("'\\''") : std::string(1, c);
        line += '\'';
    }
    return line;
}

bool is_inside(const fs::path &file, const fs::path &dir)
{
    std::error_code ec;
    const fs::path f = fs::weakly_canonical(file, ec), d = fs::weakly_canonical(dir, ec);
    auto [dit, fit] = std::mismatch(d.begin(), d.end(), f.begin(), f.end());
    return dit == d.end();
}

// path relative to dir when it lies inside, else absolute.
std::string relative_or_absolute(const fs::path &path, const fs::path &dir)
{
    if (!is_inside(path, dir))
        return path.lexically_normal().string();
    const fs::path rel = path.lexically_normal().lexically_relative(dir.lexically_normal());
    return rel.empty() ? "." : rel.string();
}

// A private scratch folder for objects, removed with everything in it.
struct ScratchDir {
    fs::path path;
    ScratchDir()
    {
        char tmpl[] = "/tmp/kexbench-build-XXXXXX";
        if (const char *p = ::mkdtemp(tmpl))
            path = p;
    }
    ~ScratchDir()
    {
        std::error_code ec;
        if (!path.empty())
            fs::remove_all(path, ec);
    }
    ScratchDir(const ScratchDir &) = delete;
    ScratchDir &operator=(const ScratchDir &) = delete;
};

// One compiler, nm or linker child.
struct ToolRun {
    bool ok = false;
    std::string output;  // stdout and stderr
    std::string problem; // set when it could not run or timed out
};

// "/a/b/" names the folder b too; without the trailing separator it has a filename and compares equal.
fs::path folder_path(const std::string &text)
{
    std::error_code ec;
    fs::path p = fs::absolute(text, ec).lexically_normal();
    return p.has_filename() || p == p.root_path() ? p : p.parent_path();
}

std::string host_arch()
{
    return host_elf_machine() == 183  ? "aarch64"
           : host_elf_machine() == 62 ? "x86_64"
                                      : elf_machine_name(host_elf_machine());
}

// What the KAT gate compares with, and how the outcome reads.
struct KatPlan {
    std::vector<KatManifestEntry> manifest; // the manifest's entries (may lack the instance)
    std::string manifest_file;
    std::string reference_file; // KAT_KEX_<name>.txt shipped with the submission
    bool has_vectors() const { return !manifest_file.empty() || !reference_file.empty(); }
};

// One library variant built from the sources with one flag profile.
struct Attempt {
    std::string profile;
    std::optional<KatCheck> kat;
};

class Build {
public:
    explicit Build(const BuildOptions &o) : opt_(o) {}
    BuildOutcome run();

private:
    bool fail_with(std::string error, std::string tool_output = {})
    {
        out_.error = std::move(error);
        out_.tool_output = std::move(tool_output);
        return false;
    }
    bool prepare();
    bool read_harness_makefile();
    bool read_recipe();
    bool choose_name();
    bool resolve_tool(const char *env, const std::string &fallback, std::vector<std::string> &command);
    bool resolve_tools();
    bool collect_sources();
    bool plan_kat();
    bool build_plain(const std::string &profile);
    bool build_profiled();
    bool compile_all(const std::string &profile);
    bool compile(Source &s, size_t index, const std::string &profile);
    bool read_symbols(Source &s);
    bool compile_support(const std::string &variant, fs::path &shim, fs::path *wrap);
    bool link(const fs::path &target, const fs::path &shim, const fs::path *wrap);
    bool check_library(const std::string &lib);
    bool load_check(const std::string &lib);
    bool check_elf_machine(const std::string &lib);
    void run_kat(Attempt &attempt);
    bool gate_on_kat();
    ToolRun tool(const std::vector<std::string> &argv, std::vector<std::string> extra_env = {});
    bool tool_failed(const ToolRun &t, const std::string &what, const std::string &hint);
    std::vector<std::string> source_flags(const Source &s, const std::string &profile) const;
    std::vector<std::string> metadata_defines(const std::string &variant) const;
    std::string build_flags_text(const std::string &profile) const;
    std::vector<const Source *> linked() const;
    bool defines_anywhere(const std::string &symbol) const;
    bool cross() const { return arch_ != host_arch(); }
    std::string variant() const;
    BuildRecipe resolved_recipe() const;
    void write_results();
    void write_log();

    const BuildOptions &opt_;
    BuildOutcome out_;
    BuildRecipe recipe_;
    std::optional<HarnessRecipe> harness_;
    fs::path dir_, out_dir_, sdk_;
    std::string name_, arch_, compiler_version_;
    std::vector<std::string> cc_, cxx_, nm_;
    std::string compiler_;
    std::vector<Source> sources_;
    std::vector<fs::path> include_dirs_;
    KatPlan kat_plan_;
    Attempt final_;
    std::string guide_result_;
    ScratchDir scratch_;
    std::string log_;
    std::vector<fs::path> produced_; // libraries this run put in place
};

bool Build::prepare()
{
    std::error_code ec;
    if (!opt_.harness_makefile.empty() && !read_harness_makefile())
        return false;
    if (!harness_) {
        if (opt_.source_dir.empty())
            return fail_with("name a submission folder (or --harness-makefile with --label)");
        dir_ = folder_path(opt_.source_dir);
    }
    if (!fs::is_directory(dir_, ec))
        return fail_with(dir_.string() + ": not a folder");
    arch_ = opt_.arch.empty() ? host_arch() : opt_.arch;
    if (arch_ != "x86_64" && arch_ != "aarch64")
        return fail_with("--arch " + arch_ + ": kexbench builds for x86_64 and aarch64");
    sdk_ = opt_.sdk_dir.empty() ? fs::path(sdk_path()) : fs::path(opt_.sdk_dir);
    for (const char *f : {"kexbench_shim.c", "exports.map", "drng.c", "auxfunc.c", "wrap.c"})
        if (!fs::is_regular_file(sdk_ / f, ec))
            return fail_with(sdk_.string() + ": the kexbench SDK is incomplete (no " + f + "); set KEXBENCH_SDK_DIR");
    if (scratch_.path.empty())
        return fail_with("cannot create a scratch folder in /tmp");
    out_dir_ = folder_path(opt_.out_dir);
    fs::create_directories(out_dir_, ec);
    if (ec || !fs::is_directory(out_dir_))
        return fail_with(opt_.out_dir + ": cannot create: " + ec.message());
    return true;
}

// The label's recipe, as the recipe layer under the command line. Its
// sources may sit beside the source folder (../common/x.c): the build root
// is then the folder that holds them all.
bool Build::read_harness_makefile()
{
    if (opt_.harness_label.empty())
        return fail_with("--harness-makefile needs --label (the instance label of its ngcc_instance call)");
    auto h = read_harness_recipe(opt_.harness_makefile, opt_.harness_label);
    if (!h)
        return fail_with(h.error());
    harness_ = *h;
    dir_ = fs::path(h->source_dir).lexically_normal();
    if (h->sources)
        for (const auto &src : *h->sources)
            while (!is_inside(src, dir_) && dir_.has_parent_path() && dir_ != dir_.root_path())
                dir_ = dir_.parent_path();
    return true;
}

BuildRecipe recipe_of(const HarnessRecipe &h, const fs::path &root)
{
    BuildRecipe r;
    r.name = h.label;
    if (h.sources)
        for (const auto &src : *h.sources)
            r.sources.push_back(relative_or_absolute(src, root));
    for (const auto &inc : h.include_dirs)
        r.include_dirs.push_back(relative_or_absolute(inc, root));
    r.defines = h.defines;
    r.cflags = h.cflags;
    r.ldlibs = h.ldlibs;
    r.no_aux = h.no_aux;
    r.no_drng = h.no_drng;
    // The candidate's NGCC_ID is the id its published data uses.
    if (!h.candidate_id.empty() && name_problem(h.candidate_id, "candidate id").empty())
        r.candidate = h.candidate_id;
    // KATDIR_ names the label's vector folder; else the harness looks in the candidate's NGCC_KAT_DIR.
    const std::string kat_name = h.kat_name.empty() ? kat_file_name(h.label) : h.kat_name;
    if (!h.kat_dir.empty())
        r.kat = (fs::path(h.kat_dir) / kat_name).lexically_relative(root).string();
    else if (!h.candidate_kat_dir.empty())
        if (std::string found = find_file_below(h.candidate_kat_dir, kat_name); !found.empty())
            r.kat = fs::path(found).lexically_relative(root).string();
    return r;
}

bool Build::read_recipe()
{
    BuildRecipe file;
    if (harness_) {
        file = recipe_of(*harness_, dir_);
    } else {
        const fs::path path = opt_.recipe_file.empty() ? dir_ / kRecipeFileName : fs::path(opt_.recipe_file);
        std::error_code ec;
        if (!opt_.recipe_file.empty() || fs::exists(path, ec)) {
            auto text = read_file(path.string(), 1u << 20);
            if (!text)
                return fail_with(text.error());
            auto parsed = parse_recipe(*text, path.string());
            if (!parsed)
                return fail_with(parsed.error());
            file = *parsed;
        }
    }
    recipe_ = merge_recipes(file, opt_.command_line);
    for (const auto &d : recipe_.defines)
        if (std::string why = define_problem(d); !why.empty())
            return fail_with(why);
    if (recipe_.flags && !is_flag_profile(*recipe_.flags))
        return fail_with("--flags " + *recipe_.flags + ": not a profile (guide, harness-default, kexbench)");
    if (recipe_.candidate)
        if (std::string why = name_problem(*recipe_.candidate, "candidate id"); !why.empty())
            return fail_with(why);
    return true;
}

// The instance header in the folder itself, else the first one among the include folders.
bool Build::choose_name()
{
    if (recipe_.name) {
        name_ = *recipe_.name;
    } else {
        fs::path header;
        for (const auto &dir : include_dirs_) {
            std::error_code ec;
            if (fs::is_regular_file(dir / "KEX_AlgorithmInstance.h", ec)) {
                header = dir / "KEX_AlgorithmInstance.h";
                break;
            }
        }
        if (header.empty())
            return fail_with(dir_.string() +
                             ": no KEX_AlgorithmInstance.h to read ALGORITHM_INSTANCE from; pass --name");
        auto text = read_file(header.string(), 4u << 20);
        auto name = text ? parse_algorithm_instance(*text) : std::nullopt;
        if (!name)
            return fail_with(header.string() + ": no #define ALGORITHM_INSTANCE \"...\"; pass --name");
        name_ = *name;
    }
    if (std::string why = name_problem(name_); !why.empty())
        return fail_with(why + "; pass --name");
    out_.instance = name_;
    out_.candidate = recipe_.candidate.value_or("");
    out_.library = (out_dir_ / ("lib" + name_ + ".so")).string();
    out_.log_file = out_.library + ".build.log";
    return true;
}

// $CC / $CXX / $NM may carry arguments ("ccache gcc"); the program must not come from the folder.
// A cross build uses Debian's cross tools: the host's $CC would build for the host.
bool Build::resolve_tool(const char *env, const std::string &fallback, std::vector<std::string> &command)
{
    const char *value = cross() ? nullptr : std::getenv(env);
    auto words = split_flags(value && *value ? std::string(value) : fallback);
    if (!words || words->empty())
        return fail_with(std::string("$") + env + " is not a usable command");
    std::string exe = find_executable(words->front());
    if (exe.empty())
        return fail_with(cross() ? words->front() + ": not found (Debian package g++-" + arch_ +
                                       "-linux-gnu; scripts/install-deps.sh installs it)"
                                 : words->front() + ": not found (set $" + env + ")");
    if (is_inside(exe, dir_))
        return fail_with(exe + ": refusing to run a program from the submission folder");
    command = *words;
    command.front() = exe;
    return true;
}

bool Build::resolve_tools()
{
    const std::string prefix = cross() ? arch_ + "-linux-gnu-" : "";
    if (!resolve_tool("CC", cross() ? prefix + "gcc" : "cc", cc_) ||
        !resolve_tool("CXX", cross() ? prefix + "g++" : "c++", cxx_) ||
        !resolve_tool("NM", cross() ? prefix + "nm" : "nm", nm_))
        return false;
    std::vector<std::string> argv = cc_;
    argv.push_back("--version");
    ToolRun t = tool(argv, {"LC_ALL=C"});
    if (!t.ok)
        return tool_failed(t, cc_.front(), "the C compiler does not run; see above");
    compiler_ = compiler_description(t.output);
    compiler_version_ = t.output.substr(0, t.output.find('\n'));
    out_.compiler = compiler_;
    return true;
}

bool Build::collect_sources()
{
    std::vector<std::string> exclude = recipe_.exclude;
    // Our own output must never become a source or a reference (--out inside the folder).
    if (is_inside(out_dir_, dir_) && out_dir_ != dir_)
        exclude.push_back(relative_or_absolute(out_dir_, dir_) + "/**");
    auto tree = recipe_.sources.empty() ? discover_sources(dir_.string(), exclude)
                                        : select_sources(dir_.string(), recipe_.sources, exclude);
    if (!tree)
        return fail_with(tree.error());
    out_.left_out = tree->left_out;
    out_.notes.insert(out_.notes.end(), tree->notes.begin(), tree->notes.end());
    for (const auto &inc : recipe_.include_dirs)
        include_dirs_.push_back((dir_ / inc).lexically_normal());
    for (const auto &inc : tree->include_dirs)
        include_dirs_.push_back((dir_ / inc).lexically_normal());
    bool has_drng = false, has_aux = false;
    for (const auto &rel : tree->sources) {
        const fs::path path = (dir_ / rel).lexically_normal();
        const std::string n = path.filename().string();
        sources_.push_back({path, !n.ends_with(".c") && !n.ends_with(".S"), {}, {}});
        has_drng = has_drng || n == "drng.c";
        has_aux = has_aux || n == "auxfunc.c";
    }
    if (sources_.empty())
        return fail_with(dir_.string() + ": no C or C++ sources to build (after the exclusions)");
    // As the harness does: the official layer is added only where the folder lacks it.
    if (!has_drng && !recipe_.no_drng)
        sources_.push_back({sdk_ / "drng.c", false, {}, {}});
    if (!has_aux && !recipe_.no_aux)
        sources_.push_back({sdk_ / "auxfunc.c", false, {}, {}});
    return true;
}

// A manifest (recipe, --manifest) and the reference KAT file (recipe, or
// found in or beside the folder). Paths in a recipe are relative to the folder.
bool Build::plan_kat()
{
    if (recipe_.manifest) {
        kat_plan_.manifest_file = (dir_ / *recipe_.manifest).lexically_normal().string();
        auto entries = read_kat_manifest(kat_plan_.manifest_file);
        if (!entries)
            return fail_with(entries.error());
        kat_plan_.manifest = *entries;
    }
    if (recipe_.kat) {
        kat_plan_.reference_file = (dir_ / *recipe_.kat).lexically_normal().string();
        std::error_code ec;
        if (!fs::is_regular_file(kat_plan_.reference_file, ec))
            return fail_with("kat: " + kat_plan_.reference_file + ": no such file");
    } else if (std::string found = find_reference_kat(dir_.string(), name_);
               !found.empty() && !is_inside(found, out_dir_)) {
        kat_plan_.reference_file = found;
    }
    return true;
}

std::vector<std::string> Build::source_flags(const Source &s, const std::string &profile) const
{
    std::vector<std::string> f = profile_flags(profile, s.cxx);
    for (const auto &inc : include_dirs_) // the folder's own headers first,
        f.push_back("-I" + inc.string());
    f.push_back("-I" + sdk_.string()); // kexbench's drng.h/auxfunc.h when it has none
    for (const auto &d : recipe_.defines)
        f.push_back("-D" + d);
    f.insert(f.end(), recipe_.cflags.begin(), recipe_.cflags.end());
    return f;
}

ToolRun Build::tool(const std::vector<std::string> &argv, std::vector<std::string> extra_env)
{
    const std::string line = shell_line(argv);
    log_ += "$ " + line + "\n";
    if (opt_.on_command)
        opt_.on_command(line);
    ProcessSpec spec;
    spec.argv = argv;
    spec.timeout = opt_.timeout;
    spec.extra_env = std::move(extra_env);
    ProcessResult r = run_process(spec);
    ToolRun t;
    t.output = r.out + r.err;
    log_ += t.output;
    t.ok = r.succeeded();
    if (!r.started)
        t.problem = "cannot run " + argv.front() + ": " + r.error;
    else if (r.timed_out)
        t.problem = argv.front() + " did not finish within " + std::to_string(opt_.timeout.count()) + " s";
    return t;
}

// The failing step's one line: how it ended when the tool never got to say why, else the hint.
bool Build::tool_failed(const ToolRun &t, const std::string &what, const std::string &hint)
{
    return fail_with(what + ": " + (t.problem.empty() ? hint : t.problem), t.output);
}

bool Build::compile(Source &s, size_t index, const std::string &profile)
{
    s.object = scratch_.path / (profile + "_" + std::to_string(index) + "_" + s.path.filename().string() + ".o");
    s.defined.clear();
    std::vector<std::string> argv = s.cxx ? cxx_ : cc_;
    for (const auto &f : source_flags(s, profile))
        argv.push_back(f);
    argv.insert(argv.end(), {"-c", s.path.string(), "-o", s.object.string()});
    if (ToolRun t = tool(argv); !t.ok)
        return tool_failed(t, relative_or_absolute(s.path, dir_),
                           "compile error; see above. For a header that is not found, add its folder with -I DIR "
                           "(recipe \"include_dirs\"); else fix the source, pass -D/--cflags, or --exclude the file");
    return read_symbols(s);
}

// Global symbols the object defines (nm -P: "name type value size").
bool Build::read_symbols(Source &s)
{
    std::vector<std::string> argv = nm_;
    argv.insert(argv.end(), {"-P", "--defined-only", s.object.string()});
    ToolRun t = tool(argv, {"LC_ALL=C"});
    if (!t.ok)
        return tool_failed(t, s.path.filename().string(), "nm cannot read the object; see above");
    const std::string &output = t.output;
    size_t pos = 0;
    while (pos < output.size()) {
        size_t end = output.find('\n', pos);
        if (end == std::string::npos)
            end = output.size();
        const std::string line = output.substr(pos, end - pos);
        const size_t sp = line.find(' ');
        // Upper-case types are global definitions; lower-case ones are file-local.
        if (sp != std::string::npos && sp + 1 < line.size() && std::isupper(static_cast<unsigned char>(line[sp + 1])))
            s.defined.insert(line.substr(0, sp));
        pos = end + 1;
    }
    return true;
}

bool Build::compile_all(const std::string &profile)
{
    out_.compiled.clear();
    // Drivers are found by their main() on the first build; a rebuild keeps that verdict.
    std::vector<std::string> drivers;
    for (size_t i = 0; i < sources_.size(); ++i) {
        if (!compile(sources_[i], i, profile))
            return false;
        const std::string shown = relative_or_absolute(sources_[i].path, dir_);
        if (sources_[i].defined.count("main"))
            drivers.push_back(shown + " (defines main(): a driver program)");
        else
            out_.compiled.push_back(sources_[i].path.string());
    }
    for (const auto &d : drivers)
        if (std::find(out_.left_out.begin(), out_.left_out.end(), d) == out_.left_out.end())
            out_.left_out.push_back(d);
    const bool own_code = std::any_of(sources_.begin(), sources_.end(), [&](const Source &s) {
        return !s.defined.count("main") && is_inside(s.path, dir_);
    });
    if (!own_code)
        return fail_with(dir_.string() + ": every source defines main(); nothing is left to build an instance from");
    return true;
}

std::vector<const Source *> Build::linked() const
{
    std::vector<const Source *> out;
    for (const auto &s : sources_)
        if (!s.defined.count("main"))
            out.push_back(&s);
    return out;
}

bool Build::defines_anywhere(const std::string &symbol) const
{
    auto objs = linked();
    return std::any_of(objs.begin(), objs.end(), [&](const Source *s) { return s->defined.count(symbol) > 0; });
}

std::string Build::build_flags_text(const std::string &profile) const
{
    std::vector<std::string> words = profile_flags(profile, false);
    for (const auto &d : recipe_.defines)
        words.push_back("-D" + d);
    words.insert(words.end(), recipe_.cflags.begin(), recipe_.cflags.end());
    return joined(words, " ");
}

// The harness's NGCC_VARIANT rule: a source folder whose path says "Optimi" is the optimized one.
std::string Build::variant() const
{
    return dir_.string().find("Optimi") != std::string::npos ? "optimized" : "reference";
}

std::vector<std::string> Build::metadata_defines(const std::string &variant) const
{
    auto str = [](const char *macro, const std::string &v) {
        return std::string("-D") + macro + "=\"" + c_string_literal(v) + "\"";
    };
    std::vector<std::string> d = {str("KEXBENCH_INSTANCE", name_),
                                  str("KEXBENCH_DISPLAY_NAME", name_),
                                  str("KEXBENCH_FAMILY", family_for(name_, dir_.filename().string())),
                                  str("KEXBENCH_PARAMETER_SET", parameter_set_for(name_)),
                                  str("KEXBENCH_GROUP", "submission"),
                                  str("KEXBENCH_VARIANT", variant),
                                  str("KEXBENCH_COMPILER", compiler_),
                                  str("KEXBENCH_BUILD_FLAGS", build_flags_text(final_.profile)),
                                  "-DKEXBENCH_SECURITY_BITS=0"};
    // The folder's code owns the DRNG global: the shim must only refer to it.
    if (defines_anywhere("drng_algorithm"))
        d.push_back("-DKEXBENCH_NO_DRNG");
    return d;
}

// The shim for one variant and, for the profiled one, the wrappers. They are
// kexbench's own files: always the harness-default flags, plus the recipe's
// cflags so that ABI-changing flags match the instance.
bool Build::compile_support(const std::string &variant, fs::path &shim, fs::path *wrap)
{
    std::vector<std::string> argv = cc_;
    const auto flags = profile_flags("harness-default", false);
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.insert(argv.end(), recipe_.cflags.begin(), recipe_.cflags.end());
    argv.push_back("-I" + sdk_.string());
    std::vector<std::string> shim_argv = argv;
    for (const auto &d : metadata_defines(variant))
        shim_argv.push_back(d);
    shim = scratch_.path / ("kexbench_shim_" + final_.profile + "_" + variant + ".o");
    shim_argv.insert(shim_argv.end(), {"-c", (sdk_ / "kexbench_shim.c").string(), "-o", shim.string()});
    if (ToolRun t = tool(shim_argv); !t.ok)
        return tool_failed(t, "kexbench_shim.c", "compile error; see above. Check --cflags");
    if (!wrap)
        return true;
    // A function no object defines is not wrapped: its __real_ reference would stay undefined.
    for (size_t i = 0; i < std::size(kWrapped); ++i)
        if (!defines_anywhere(kWrapped[i]))
            argv.push_back(std::string("-D") + kWrapSkipMacro[i]);
    *wrap = scratch_.path / "kexbench_wrap.o";
    argv.insert(argv.end(), {"-c", (sdk_ / "wrap.c").string(), "-o", wrap->string()});
    if (ToolRun t = tool(argv); !t.ok)
        return tool_failed(t, "wrap.c", "compile error; see above. Check --cflags");
    return true;
}

// Links into a hidden temporary name and renames, so a failed build never leaves half a library.
bool Build::link(const fs::path &target, const fs::path &shim, const fs::path *wrap)
{
    auto objs = linked();
    const bool cxx = std::any_of(objs.begin(), objs.end(), [](const Source *s) { return s->cxx; });
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    const fs::path tmp = target.parent_path() / ("." + target.filename().string() + ".tmp");
    std::vector<std::string> argv = cxx ? cxx_ : cc_;
    argv.insert(argv.end(), recipe_.cflags.begin(), recipe_.cflags.end());
    argv.insert(argv.end(), {"-shared", "-o", tmp.string()});
    for (const Source *s : objs)
        argv.push_back(s->object.string());
    argv.push_back(shim.string());
    if (wrap) {
        argv.push_back(wrap->string());
        for (const char *fn : kWrapped)
            if (defines_anywhere(fn))
                argv.push_back(std::string("-Wl,--wrap=") + fn);
    }
    argv.insert(argv.end(), {"-Wl,--version-script=" + (sdk_ / "exports.map").string(), "-Wl,-Bsymbolic",
                             "-Wl,--no-undefined", "-Wl,-z,noexecstack", "-Wl,-z,relro"});
    argv.insert(argv.end(), recipe_.ldlibs.begin(), recipe_.ldlibs.end());
    argv.push_back("-lm");
    if (ToolRun t = tool(argv); !t.ok) {
        fs::remove(tmp, ec);
        return tool_failed(t, target.filename().string(),
                           "link error; see above. An undefined symbol usually means a source that defines it was "
                           "left out: name the sources with --sources GLOB (recipe \"sources\"), or a library is "
                           "missing: --ldlibs (recipe \"ldlibs\")");
    }
    fs::rename(tmp, target, ec);
    if (ec)
        return fail_with(target.string() + ": cannot move the library into place: " + ec.message());
    if (std::find(produced_.begin(), produced_.end(), target) == produced_.end())
        produced_.push_back(target);
    return true;
}

// A runner child loads the library the way every measurement will.
bool Build::load_check(const std::string &lib)
{
    RunnerOptions ro;
    ro.runner = opt_.runner;
    ro.timeout = std::chrono::seconds(60);
    log_ += "# load check: kexbench-runner describe " + lib + "\n";
    auto info = describe_instance(lib, ro);
    if (!info)
        return fail_with(info.error());
    if (info->meta.instance != name_)
        return fail_with(lib + ": reports instance " + info->meta.instance + ", expected " + name_);
    return true;
}

// A cross-built library cannot be loaded here; its ELF header at least must name the target.
bool Build::check_elf_machine(const std::string &lib)
{
    auto elf = read_elf(lib);
    if (!elf)
        return fail_with(elf.error());
    if (elf->machine_name != arch_ && !(arch_ == "x86_64" && elf->machine_name == "x86-64"))
        return fail_with(lib + ": the linker made a " + elf->machine_name + " library, not " + arch_);
    return true;
}

bool Build::check_library(const std::string &lib)
{
    if (cross())
        return check_elf_machine(lib);
    return !opt_.load_check || load_check(lib);
}

bool Build::build_plain(const std::string &profile)
{
    final_ = Attempt{profile, std::nullopt};
    fs::path shim;
    return compile_all(profile) && compile_support(variant(), shim, nullptr) && link(out_.library, shim, nullptr) &&
           check_library(out_.library);
}

bool Build::build_profiled()
{
    const bool lto = std::any_of(recipe_.cflags.begin(), recipe_.cflags.end(),
                                 [](const std::string &f) { return starts_with(f, "-flto"); });
    if (lto) {
        out_.notes.push_back("no profiled variant: --wrap does not see calls that LTO resolves inside one object");
        return true;
    }
    const fs::path profiled = out_dir_ / "profiled" / ("lib" + name_ + ".so");
    fs::path shim, wrap;
    if (!compile_support("profiled", shim, &wrap) || !link(profiled, shim, &wrap) || !check_library(profiled.string()))
        return false;
    out_.profiled_library = profiled.string();
    return true;
}

// The KAT of the library just built, in a runner child; its files go to <out>/kat/.
void Build::run_kat(Attempt &attempt)
{
    RunnerOptions ro;
    ro.runner = opt_.runner;
    const std::string kat_dir = (out_dir_ / "kat").string();
    std::error_code ec;
    fs::create_directories(kat_dir, ec);
    log_ += "# KAT (" + attempt.profile + " flags): kexbench-runner kat " + out_.library + "\n";
    KatCheckOptions how;
    how.reference_file = kat_plan_.reference_file;
    how.manifest_given = !kat_plan_.manifest_file.empty();
    how.candidate = recipe_.candidate.value_or("");
    how.source_dir = dir_.string();
    how.log_root = out_dir_.string(); // the log names kat/KAT_KEX_<name>.txt, as the harness's does
    attempt.kat = check_kat(out_.library, kat_plan_.manifest, kat_dir, ro, how);
    log_ += "# KAT: " + attempt.kat->summary() + "\n";
}

// "manifest <file>" or "reference <file>": what the build's KAT compared with.
std::string kat_against(const KatPlan &plan, const KatCheck &k)
{
    if (k.reference == "manifest")
        return "manifest " + plan.manifest_file;
    return k.reference;
}

// As the harness gates its builds: a guide build whose KAT does not pass is
// rebuilt with the harness defaults, and both outcomes are kept.
bool Build::gate_on_kat()
{
    if (!opt_.kat || !kat_plan_.has_vectors() || cross())
        return true;
    run_kat(final_);
    // A profile chosen by name is kept as chosen.
    if (final_.kat->verdict == KatVerdict::Pass || final_.profile != "guide" || recipe_.flags)
        return true;
    guide_result_ = kat_verdict_word(final_.kat->verdict);
    out_.notes.push_back("the guide-flag build's KAT gave " + final_.kat->summary() +
                         "; rebuilt with the harness-default flags, as the harness does");
    if (!build_plain("harness-default"))
        return false;
    run_kat(final_);
    return true;
}

BuildRecipe Build::resolved_recipe() const
{
    BuildRecipe r;
    r.name = name_;
    r.candidate = recipe_.candidate;
    r.flags = final_.profile;
    for (const auto &s : sources_)
        if (is_inside(s.path, dir_) && !s.defined.count("main"))
            r.sources.push_back(relative_or_absolute(s.path, dir_));
    for (const auto &inc : include_dirs_)
        r.include_dirs.push_back(relative_or_absolute(inc, dir_));
    r.defines = recipe_.defines;
    r.cflags = recipe_.cflags;
    r.ldlibs = recipe_.ldlibs;
    // Recipe paths are relative to the folder, also for files beside it (../../Test_Vectors/...).
    auto from_folder = [&](const std::string &file) { return fs::path(file).lexically_relative(dir_).string(); };
    if (!kat_plan_.reference_file.empty())
        r.kat = from_folder(kat_plan_.reference_file);
    if (!kat_plan_.manifest_file.empty())
        r.manifest = from_folder(kat_plan_.manifest_file);
    // Naming the sources replaces discovery, so the official layer is added only if it is not among them.
    r.no_aux = recipe_.no_aux;
    r.no_drng = recipe_.no_drng;
    return r;
}

BuildKat build_kat_of(const KatPlan &plan, const KatCheck &k)
{
    BuildKat b;
    b.status = kat_verdict_word(k.verdict);
    b.reason = k.verdict == KatVerdict::Pass ? "" : k.reason;
    b.reference = kat_against(plan, k);
    b.mode = k.mode;
    b.sha256 = k.sha256;
    b.log = k.log_file.empty() ? "" : "kat/" + fs::path(k.log_file).filename().string();
    // A reference file's digest in the mode used: what a campaign checks the library against again.
    if (!k.expected.empty())
        b.expected_sha256 = k.expected;
    else if (!plan.reference_file.empty())
        if (auto text = read_file(plan.reference_file))
            b.expected_sha256 = sha256_hex(canonical_kat_text(*text, false, std::nullopt));
    return b;
}

// The resolved recipe and the build record beside the library.
void Build::write_results()
{
    out_.flags = final_.profile;
    out_.guide_result = guide_result_;
    out_.build_flags = build_flags_text(final_.profile);
    out_.recipe_file = out_.library + ".recipe.json";
    out_.recipe_text = recipe_json(resolved_recipe());
    if (auto w = write_file_atomic(out_.recipe_file, out_.recipe_text); !w)
        out_.notes.push_back(w.error());
    BuildInfo info;
    info.candidate = recipe_.candidate.value_or("");
    info.instance = name_;
    info.algorithm = family_for(name_, dir_.filename().string());
    info.variant = variant();
    info.flags = final_.profile;
    info.guide_result = guide_result_;
    info.compiler = compiler_;
    info.compiler_version = compiler_version_;
    info.build_flags = out_.build_flags;
    info.arch = arch_;
    info.source_dir = dir_.string();
    info.library_sha256 = file_sha256_hex(out_.library);
    if (!out_.profiled_library.empty())
        info.profiled_library_sha256 = file_sha256_hex(out_.profiled_library);
    if (final_.kat) {
        info.kat = build_kat_of(kat_plan_, *final_.kat);
        // "against manifest <file>", or "against <KAT file>" for the submission's own vectors.
        const std::string &ref = info.kat->reference;
        const std::string against = ref.empty()                       ? ""
                                    : ref.rfind("reference ", 0) == 0 ? " against " + ref.substr(10)
                                                                      : " against " + ref;
        out_.kat = final_.kat->summary() + against;
        out_.kat_log = final_.kat->log_file;
        out_.kat_failed = final_.kat->verdict != KatVerdict::Pass;
    } else {
        info.kat_note = cross()     ? "not run: a cross build for " + arch_ + "; run `kexbench-cli kat` on the board"
                        : !opt_.kat ? "not run (--no-kat)"
                                    : "no KAT vectors supplied (no manifest, no kat file in the recipe, no " +
                                          kat_file_name(name_) + " in or beside the folder)";
        out_.kat = info.kat_note;
    }
    out_.build_info_file = build_info_path(out_.library);
    if (auto w = write_build_info(out_.library, info); !w)
        out_.notes.push_back(w.error());
}

void Build::write_log()
{
    if (out_.log_file.empty())
        return;
    std::string head = "kexbench build-instance " + name_ + " from " + dir_.string() + "\ncompiler: " + compiler_ +
                       "\nflags: " + final_.profile + "\n";
    for (const auto &l : out_.left_out)
        head += "left out: " + l + "\n";
    for (const auto &n : out_.notes)
        head += "note: " + n + "\n";
    if (!out_.kat.empty())
        head += "KAT: " + out_.kat + "\n";
    head += out_.ok ? "result: ok\n" : "result: FAILED: " + out_.error + "\n";
    (void)write_file_atomic(out_.log_file, head + "\n" + log_);
}

BuildOutcome Build::run()
{
    bool ok = prepare() && read_recipe() && resolve_tools() && collect_sources() && choose_name() && plan_kat();
    if (ok) {
        const std::string profile = recipe_.flags.value_or("guide");
        ok = build_plain(profile);
        // A guide build that does not even compile is treated like one whose KAT failed.
        if (!ok && profile == "guide" && !recipe_.flags && !out_.library.empty()) {
            guide_result_ = "build failed";
            out_.notes.push_back("the guide-flag build failed (" + out_.error +
                                 "); rebuilt with the harness-default flags, as the harness does");
            out_.error.clear();
            out_.tool_output.clear();
            ok = build_plain("harness-default");
        }
        ok = ok && gate_on_kat() && (!opt_.profiled || build_profiled());
    }
    if (!ok) {
        // A library kexbench cannot use must not sit where discovery finds it.
        std::error_code ec;
        for (const auto &p : produced_)
            fs::remove(p, ec);
        out_.profiled_library.clear();
    }
    out_.ok = ok;
    if (ok)
        write_results();
    write_log();
    return out_;
}

} // namespace

BuildOutcome build_instance(const BuildOptions &options)
{
    Build build(options);
    return build.run();
}

} // namespace kexbench
