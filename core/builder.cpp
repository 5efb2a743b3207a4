// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/builder.h"

#include "core/discovery.h"
#include "core/fsutil.h"
#include "core/process.h"
#include "core/runner_client.h"

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

bool ends_with(const std::string &s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool is_identifier(std::string_view s)
{
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
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

std::vector<std::string> recipe_cflags(const nlohmann::json &v)
{
    if (!v.is_string())
        return string_array(v, "cflags");
    auto words = split_flags(v.get<std::string>());
    if (!words)
        throw std::runtime_error("cflags: " + words.error());
    return *words;
}

void check_recipe(const BuildRecipe &r)
{
    if (r.name)
        if (std::string why = name_problem(*r.name); !why.empty())
            throw std::runtime_error("name: " + why);
    for (const auto &d : r.defines)
        if (std::string why = define_problem(d); !why.empty())
            throw std::runtime_error("defines: " + why);
}

} // namespace

Result<BuildRecipe> parse_recipe(std::string_view json_text, const std::string &origin)
{
    nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return fail(origin + ": not a JSON object");
    BuildRecipe r;
    try {
        for (const auto &[key, v] : j.items()) {
            if (key == "name") {
                if (!v.is_string())
                    throw std::runtime_error("name must be a string");
                r.name = v.get<std::string>();
            } else if (key == "defines") {
                r.defines = recipe_defines(v);
            } else if (key == "cflags") {
                r.cflags = recipe_cflags(v);
            } else if (key == "exclude") {
                r.exclude = string_array(v, "exclude");
            } else {
                throw std::runtime_error("unknown key '" + key + "' (known: name, defines, cflags, exclude)");
            }
        }
        check_recipe(r);
    } catch (const std::runtime_error &e) {
        return fail(origin + ": " + e.what());
    }
    return r;
}

BuildRecipe merge_recipes(const BuildRecipe &file, const BuildRecipe &cli)
{
    BuildRecipe r;
    r.name = cli.name ? cli.name : file.name;
    std::set<std::string> overridden;
    for (const auto &d : cli.defines)
        overridden.insert(define_name(d));
    for (const auto &d : file.defines)
        if (!overridden.count(define_name(d)))
            r.defines.push_back(d);
    r.defines.insert(r.defines.end(), cli.defines.begin(), cli.defines.end());
    r.cflags = file.cflags;
    r.cflags.insert(r.cflags.end(), cli.cflags.begin(), cli.cflags.end());
    r.exclude = file.exclude;
    for (const auto &g : cli.exclude)
        if (std::find(r.exclude.begin(), r.exclude.end(), g) == r.exclude.end())
            r.exclude.push_back(g);
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
    static const char *const prefixes[] = {"KAT_",     "PQCgenKAT", "main",      "test",    "bench",  "speed",
                                           "cpucycles", "osfreq",   "run_bench", "selftest", "self_test",
                                           "example",  "demo",      "kat.c",     "kat_"};
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
    return ends_with(n, ".c") || ends_with(n, ".cpp") || ends_with(n, ".cc") || ends_with(n, ".S");
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

Result<std::vector<std::string>> split_flags(const std::string &text)
{
    std::vector<std::string> words;
    std::string cur;
    bool in_word = false;
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            else if (c == '\\' && quote == '"' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\'))
                cur += text[++i];
            else
                cur += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
        } else if (c == '\\' && i + 1 < text.size()) {
            cur += text[++i];
            in_word = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word)
                words.push_back(cur);
            cur.clear();
            in_word = false;
        } else {
            cur += c;
            in_word = true;
        }
    }
    if (quote)
        return fail(std::string("unterminated ") + quote + " in flags '" + text + "'");
    if (in_word)
        words.push_back(cur);
    return words;
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
    else if (version_output.find("Free Software Foundation") != std::string::npos || first.find("gcc") != std::string::npos ||
             first.find("GCC") != std::string::npos)
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

// ---------------------------------------------------------------- building

namespace {

// The harness defaults (MEASUREMENT-METHOD §2): permissive, so that legacy
// submission code builds as it did there.
const std::vector<std::string> kCFlags = {
    "-O2", "-fPIC", "-std=gnu11", "-Wall", "-Wno-unused", "-Wno-unknown-pragmas", "-fno-strict-aliasing", "-fwrapv",
    "-fno-omit-frame-pointer", "-D_GNU_SOURCE", "-Wno-error=implicit-function-declaration",
    "-Wno-error=incompatible-pointer-types", "-Wno-error=int-conversion", "-Wno-error=implicit-int"};
// The C-only -Wno-error set would only draw warnings from the C++ compiler.
const std::vector<std::string> kCxxFlags = {
    "-O2", "-fPIC", "-std=gnu++17", "-Wall", "-Wno-unused", "-Wno-unknown-pragmas", "-fno-strict-aliasing",
    "-fwrapv", "-fno-omit-frame-pointer", "-D_GNU_SOURCE"};

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
        if (!a.empty() && a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+./,:@%") ==
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
    bool read_recipe();
    bool choose_name();
    bool resolve_tool(const char *env, const char *fallback, std::vector<std::string> &command);
    bool resolve_tools();
    bool collect_sources();
    bool compile_all();
    bool compile(Source &s, size_t index);
    bool read_symbols(Source &s);
    bool compile_support(const std::string &variant, fs::path &shim, fs::path *wrap);
    bool link(const fs::path &target, const fs::path &shim, const fs::path *wrap);
    bool load_check(const std::string &lib);
    ToolRun tool(const std::vector<std::string> &argv, std::vector<std::string> extra_env = {});
    bool tool_failed(const ToolRun &t, const std::string &what, const std::string &hint);
    std::vector<std::string> source_flags(const Source &s) const;
    std::vector<std::string> metadata_defines(const std::string &variant) const;
    std::string build_flags_text() const;
    std::vector<const Source *> linked() const;
    bool defines_anywhere(const std::string &symbol) const;
    void write_log();

    const BuildOptions &opt_;
    BuildOutcome out_;
    BuildRecipe recipe_;
    fs::path dir_, out_dir_, sdk_;
    std::string name_;
    std::vector<std::string> cc_, cxx_, nm_;
    std::string compiler_;
    std::vector<Source> sources_;
    ScratchDir scratch_;
    std::string log_;
    std::vector<fs::path> produced_; // libraries this run put in place
};

// "/a/b/" names the folder b too; without the trailing separator it has a filename and compares equal.
fs::path folder_path(const std::string &text)
{
    std::error_code ec;
    fs::path p = fs::absolute(text, ec).lexically_normal();
    return p.has_filename() || p == p.root_path() ? p : p.parent_path();
}

bool Build::prepare()
{
    std::error_code ec;
    dir_ = folder_path(opt_.source_dir);
    if (!fs::is_directory(dir_, ec))
        return fail_with(opt_.source_dir + ": not a folder");
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

bool Build::read_recipe()
{
    BuildRecipe file;
    const fs::path path = dir_ / kRecipeFileName;
    std::error_code ec;
    if (fs::exists(path, ec)) {
        auto text = read_file(path.string(), 1u << 20);
        if (!text)
            return fail_with(text.error());
        auto parsed = parse_recipe(*text, path.string());
        if (!parsed)
            return fail_with(parsed.error());
        file = *parsed;
    }
    recipe_ = merge_recipes(file, opt_.command_line);
    for (const auto &d : recipe_.defines)
        if (std::string why = define_problem(d); !why.empty())
            return fail_with(why);
    return true;
}

bool Build::choose_name()
{
    if (recipe_.name) {
        name_ = *recipe_.name;
    } else {
        const fs::path header = dir_ / "KEX_AlgorithmInstance.h";
        auto text = read_file(header.string(), 4u << 20);
        if (!text)
            return fail_with(dir_.string() + ": no KEX_AlgorithmInstance.h to read ALGORITHM_INSTANCE from; pass --name");
        auto name = parse_algorithm_instance(*text);
        if (!name)
            return fail_with(header.string() + ": no #define ALGORITHM_INSTANCE \"...\"; pass --name");
        name_ = *name;
    }
    if (std::string why = name_problem(name_); !why.empty())
        return fail_with(why + "; pass --name");
    out_.instance = name_;
    out_.library = (out_dir_ / ("lib" + name_ + ".so")).string();
    out_.log_file = out_.library + ".build.log";
    return true;
}

// $CC / $CXX / $NM may carry arguments ("ccache gcc"); the program must not come from the folder.
bool Build::resolve_tool(const char *env, const char *fallback, std::vector<std::string> &command)
{
    const char *value = std::getenv(env);
    auto words = split_flags(value && *value ? value : fallback);
    if (!words || words->empty())
        return fail_with(std::string("$") + env + " is not a usable command");
    std::string exe = find_executable(words->front());
    if (exe.empty())
        return fail_with(words->front() + ": not found (set $" + env + ")");
    if (is_inside(exe, dir_))
        return fail_with(exe + ": refusing to run a program from the submission folder");
    command = *words;
    command.front() = exe;
    return true;
}

bool Build::resolve_tools()
{
    if (!resolve_tool("CC", "cc", cc_) || !resolve_tool("CXX", "c++", cxx_) || !resolve_tool("NM", "nm", nm_))
        return false;
    std::vector<std::string> argv = cc_;
    argv.push_back("--version");
    ToolRun t = tool(argv, {"LC_ALL=C"});
    if (!t.ok)
        return tool_failed(t, cc_.front(), "the C compiler does not run; see above");
    compiler_ = compiler_description(t.output);
    return true;
}

bool Build::collect_sources()
{
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(dir_, ec))
        if (e.is_regular_file(ec) && is_source_name(e.path().filename().string()))
            names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    bool has_drng = false, has_aux = false;
    for (const auto &n : names) {
        if (harness_excluded(n)) {
            out_.left_out.push_back(n + " (driver, test or benchmark file by the harness rules)");
        } else if (glob_excluded(n, recipe_.exclude)) {
            out_.left_out.push_back(n + " (--exclude)");
        } else {
            sources_.push_back({dir_ / n, !ends_with(n, ".c") && !ends_with(n, ".S"), {}, {}});
            has_drng = has_drng || n == "drng.c";
            has_aux = has_aux || n == "auxfunc.c";
        }
    }
    if (sources_.empty())
        return fail_with(dir_.string() + ": no C or C++ sources to build (after the exclusions)");
    // As the harness does: the official layer is added only where the folder lacks it.
    if (!has_drng)
        sources_.push_back({sdk_ / "drng.c", false, {}, {}});
    if (!has_aux)
        sources_.push_back({sdk_ / "auxfunc.c", false, {}, {}});
    return true;
}

std::vector<std::string> Build::source_flags(const Source &s) const
{
    std::vector<std::string> f = s.cxx ? kCxxFlags : kCFlags;
    f.push_back("-I" + dir_.string()); // the folder's own headers first,
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

bool Build::compile(Source &s, size_t index)
{
    s.object = scratch_.path / (std::to_string(index) + "_" + s.path.filename().string() + ".o");
    std::vector<std::string> argv = s.cxx ? cxx_ : cc_;
    for (const auto &f : source_flags(s))
        argv.push_back(f);
    argv.insert(argv.end(), {"-c", s.path.string(), "-o", s.object.string()});
    if (ToolRun t = tool(argv); !t.ok)
        return tool_failed(t, s.path.filename().string(),
                           "compile error; see above. Fix the source or pass -D/--cflags/--exclude");
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

bool Build::compile_all()
{
    for (size_t i = 0; i < sources_.size(); ++i) {
        if (!compile(sources_[i], i))
            return false;
        if (sources_[i].defined.count("main"))
            out_.left_out.push_back(sources_[i].path.filename().string() + " (defines main(): a driver program)");
        else
            out_.compiled.push_back(sources_[i].path.string());
    }
    const bool own_code = std::any_of(sources_.begin(), sources_.end(), [&](const Source &s) {
        return !s.defined.count("main") && s.path.parent_path() == dir_;
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

std::string Build::build_flags_text() const
{
    std::string text;
    std::vector<std::string> words = kCFlags;
    for (const auto &d : recipe_.defines)
        words.push_back("-D" + d);
    words.insert(words.end(), recipe_.cflags.begin(), recipe_.cflags.end());
    for (const auto &w : words)
        text += (text.empty() ? "" : " ") + w;
    return text;
}

std::vector<std::string> Build::metadata_defines(const std::string &variant) const
{
    auto str = [](const char *macro, const std::string &v) { return std::string("-D") + macro + "=\"" + c_string_literal(v) + "\""; };
    std::vector<std::string> d = {str("KEXBENCH_INSTANCE", name_),
                                  str("KEXBENCH_DISPLAY_NAME", name_),
                                  str("KEXBENCH_FAMILY", family_for(name_, dir_.filename().string())),
                                  str("KEXBENCH_PARAMETER_SET", parameter_set_for(name_)),
                                  str("KEXBENCH_GROUP", "submission"),
                                  str("KEXBENCH_VARIANT", variant),
                                  str("KEXBENCH_COMPILER", compiler_),
                                  str("KEXBENCH_BUILD_FLAGS", build_flags_text()),
                                  "-DKEXBENCH_SECURITY_BITS=0"};
    // The folder's code owns the DRNG global: the shim must only refer to it.
    if (defines_anywhere("drng_algorithm"))
        d.push_back("-DKEXBENCH_NO_DRNG");
    return d;
}

// The shim for one variant and, for the profiled one, the wrappers.
bool Build::compile_support(const std::string &variant, fs::path &shim, fs::path *wrap)
{
    std::vector<std::string> argv = cc_;
    argv.insert(argv.end(), kCFlags.begin(), kCFlags.end());
    argv.insert(argv.end(), recipe_.cflags.begin(), recipe_.cflags.end()); // same ABI flags as the instance
    argv.push_back("-I" + sdk_.string());
    std::vector<std::string> shim_argv = argv;
    for (const auto &d : metadata_defines(variant))
        shim_argv.push_back(d);
    shim = scratch_.path / ("kexbench_shim_" + variant + ".o");
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
                             "-Wl,--no-undefined", "-Wl,-z,noexecstack", "-Wl,-z,relro", "-lm"});
    if (ToolRun t = tool(argv); !t.ok) {
        fs::remove(tmp, ec);
        return tool_failed(t, target.filename().string(),
                           "link error; see above. An undefined symbol usually means a needed source was left out "
                           "or needs -D/--cflags");
    }
    fs::rename(tmp, target, ec);
    if (ec)
        return fail_with(target.string() + ": cannot move the library into place: " + ec.message());
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

void Build::write_log()
{
    if (out_.log_file.empty())
        return;
    std::string head = "kexbench build-instance " + name_ + " from " + dir_.string() + "\ncompiler: " + compiler_ + "\n";
    for (const auto &l : out_.left_out)
        head += "left out: " + l + "\n";
    for (const auto &n : out_.notes)
        head += "note: " + n + "\n";
    head += out_.ok ? "result: ok\n" : "result: FAILED: " + out_.error + "\n";
    (void)write_file_atomic(out_.log_file, head + "\n" + log_);
}

BuildOutcome Build::run()
{
    const bool built = prepare() && read_recipe() && choose_name() && resolve_tools() && collect_sources() &&
                       compile_all();
    fs::path shim, pshim, wrap;
    bool ok = built && compile_support("reference", shim, nullptr) && link(out_.library, shim, nullptr);
    const bool lto = std::any_of(recipe_.cflags.begin(), recipe_.cflags.end(),
                                 [](const std::string &f) { return starts_with(f, "-flto"); });
    if (ok && opt_.profiled && lto)
        out_.notes.push_back("no profiled variant: --wrap does not see calls that LTO resolves inside one object");
    const fs::path profiled = out_dir_ / "profiled" / ("lib" + name_ + ".so");
    if (ok && opt_.profiled && !lto) {
        ok = compile_support("profiled", pshim, &wrap) && link(profiled, pshim, &wrap);
        if (ok)
            out_.profiled_library = profiled.string();
    }
    if (ok && opt_.load_check)
        ok = load_check(out_.library) && (out_.profiled_library.empty() || load_check(out_.profiled_library));
    if (!ok) {
        // A library kexbench cannot use must not sit where discovery finds it.
        std::error_code ec;
        for (const auto &p : produced_)
            fs::remove(p, ec);
        out_.profiled_library.clear();
    }
    out_.ok = ok;
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
