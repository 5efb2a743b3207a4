// SPDX-License-Identifier: GPL-3.0-or-later
// Typed JSON field access, JSON text parsing with a depth bound, bounded file reading.
#include "core/base/json_fields.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>

namespace kexbench {

using ojson = nlohmann::ordered_json;

namespace detail {

namespace {

const char *describe(const ojson &v)
{
    switch (v.type()) {
    case ojson::value_t::null:
        return "null";
    case ojson::value_t::boolean:
        return "a boolean";
    case ojson::value_t::string:
        return "a string";
    case ojson::value_t::object:
        return "an object";
    case ojson::value_t::array:
        return "an array";
    case ojson::value_t::number_unsigned:
        return "an integer";
    case ojson::value_t::number_integer:
        return v.get<int64_t>() < 0 ? "a negative integer" : "an integer";
    case ojson::value_t::number_float:
        return "a fractional number";
    default:
        return "binary data";
    }
}

// Integral floats are accepted where integers are expected: another writer
// may print 1363 as 1363.0 and mean the same count.
bool integral_float(const ojson &v, double lo, double hi)
{
    if (!v.is_number_float())
        return false;
    double d = v.get<double>();
    return std::isfinite(d) && std::floor(d) == d && d >= lo && d < hi;
}

} // namespace

void json_type_error(const ojson &v, const std::string &path, const char *expected)
{
    throw JsonFieldError{
        std::string("field '").append(path).append("' is ").append(describe(v)).append(", expected ").append(expected)};
}

std::string json_string(const ojson &v, const std::string &path)
{
    if (!v.is_string())
        json_type_error(v, path, "a string");
    return v.get<std::string>();
}

uint64_t json_uint(const ojson &v, const std::string &path)
{
    if (v.is_number_unsigned())
        return v.get<uint64_t>();
    if (v.is_number_integer() && v.get<int64_t>() >= 0)
        return static_cast<uint64_t>(v.get<int64_t>());
    if (integral_float(v, 0.0, 18446744073709551616.0))
        return static_cast<uint64_t>(v.get<double>());
    json_type_error(v, path, "an unsigned integer");
}

int64_t json_int64(const ojson &v, const std::string &path)
{
    if (v.is_number_unsigned() && v.get<uint64_t>() <= uint64_t(std::numeric_limits<int64_t>::max()))
        return static_cast<int64_t>(v.get<uint64_t>());
    if (v.is_number_integer())
        return v.get<int64_t>();
    if (integral_float(v, -9223372036854775808.0, 9223372036854775808.0))
        return static_cast<int64_t>(v.get<double>());
    json_type_error(v, path, "an integer");
}

double json_double(const ojson &v, const std::string &path)
{
    if (!v.is_number())
        json_type_error(v, path, "a number");
    return v.get<double>();
}

JsonFields::JsonFields(const ojson &object, std::string prefix) : object_(object), prefix_(std::move(prefix))
{
    if (object.is_object())
        return;
    if (prefix_.empty())
        throw JsonFieldError{std::string("not a JSON object but ").append(describe(object))};
    json_type_error(object, prefix_.substr(0, prefix_.size() - 1), "an object");
}

const ojson *JsonFields::get(const std::string &key) const
{
    auto it = object_.find(key);
    return it == object_.end() || it->is_null() ? nullptr : &*it;
}

const ojson &JsonFields::require(const std::string &key, const char *expected) const
{
    if (const ojson *v = get(key))
        return *v;
    throw JsonFieldError{
        std::string("missing field '").append(path(key)).append("' (expected ").append(expected).append(")")};
}

void JsonFields::read(const std::string &key, std::string &out) const
{
    if (const ojson *v = get(key))
        out = json_string(*v, path(key));
}

void JsonFields::read(const std::string &key, bool &out) const
{
    if (const ojson *v = get(key)) {
        if (!v->is_boolean())
            json_type_error(*v, path(key), "a boolean");
        out = v->get<bool>();
    }
}

void JsonFields::read(const std::string &key, int &out) const
{
    if (const ojson *v = get(key)) {
        int64_t x = json_int64(*v, path(key));
        if (x < INT_MIN || x > INT_MAX)
            throw JsonFieldError{std::string("field '")
                                     .append(path(key))
                                     .append("' is out of range (")
                                     .append(std::to_string(x))
                                     .append(")")};
        out = static_cast<int>(x);
    }
}

void JsonFields::read(const std::string &key, int64_t &out) const
{
    if (const ojson *v = get(key))
        out = json_int64(*v, path(key));
}

void JsonFields::read(const std::string &key, uint64_t &out) const
{
    if (const ojson *v = get(key))
        out = json_uint(*v, path(key));
}

void JsonFields::read(const std::string &key, double &out) const
{
    if (const ojson *v = get(key))
        out = json_double(*v, path(key));
}

void JsonFields::read(const std::string &key, std::optional<int> &out) const
{
    if (get(key)) {
        int x = 0;
        read(key, x);
        out = x;
    }
}

void JsonFields::read(const std::string &key, std::optional<uint64_t> &out) const
{
    if (const ojson *v = get(key))
        out = json_uint(*v, path(key));
}

void JsonFields::read(const std::string &key, std::optional<double> &out) const
{
    if (const ojson *v = get(key))
        out = json_double(*v, path(key));
}

void JsonFields::read(const std::string &key, std::vector<std::string> &out) const
{
    const ojson *v = get(key);
    if (!v)
        return;
    if (!v->is_array())
        json_type_error(*v, path(key), "an array of strings");
    out.clear();
    for (size_t i = 0; i < v->size(); ++i)
        out.push_back(json_string((*v)[i], path(key) + "[" + std::to_string(i) + "]"));
}

void JsonFields::read(const std::string &key, std::vector<std::pair<std::string, std::string>> &out) const
{
    const ojson *v = get(key);
    if (!v)
        return;
    JsonFields sub(*v, path(key) + ".");
    out.clear();
    for (const auto &[k, x] : v->items())
        if (!x.is_null())
            out.emplace_back(k, json_string(x, sub.path(k)));
}

void JsonFields::read(const std::string &key, std::vector<std::pair<std::string, int64_t>> &out) const
{
    const ojson *v = get(key);
    if (!v)
        return;
    JsonFields sub(*v, path(key) + ".");
    out.clear();
    for (const auto &[k, x] : v->items())
        if (!x.is_null())
            out.emplace_back(k, json_int64(x, sub.path(k)));
}

namespace {

// nlohmann parses iteratively but copies and prints recursively, so a file of
// a million '[' would overflow the stack later; no record nests deeper than ~6.
constexpr int kMaxJsonDepth = 128;

bool nests_too_deep(const std::string &text)
{
    int depth = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

} // namespace

Result<ojson> parse_json_text(const std::string &text, const std::string &origin)
{
    if (nests_too_deep(text))
        return fail(std::string(origin)
                        .append(": invalid JSON: nested deeper than ")
                        .append(std::to_string(kMaxJsonDepth))
                        .append(" levels"));
    try {
        return ojson::parse(text);
    } catch (const nlohmann::json::exception &e) {
        // Drop nlohmann's "[json.exception.parse_error.101] " tag; keep the position and reason.
        std::string what = e.what();
        if (auto close = what.find("] "); what.rfind("[json.exception.", 0) == 0 && close != std::string::npos)
            what.erase(0, close + 2);
        return fail(std::string(origin).append(": invalid JSON: ").append(what));
    }
}

Result<std::string> read_file_limited(const std::string &path, uint64_t max_bytes, const std::string &name)
{
    // O_NONBLOCK: opening a FIFO must not hang; it is refused below as not a regular file.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return fail(std::string(name).append(": cannot open: ").append(std::strerror(errno)));
    std::unique_ptr<int, void (*)(int *)> guard(&fd, [](int *p) { ::close(*p); });
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return fail(std::string(name).append(": not a regular file"));
    // Checked before reading a byte, so a huge (or sparse) file costs nothing.
    if (static_cast<uint64_t>(st.st_size) > max_bytes)
        return fail(std::string(name)
                        .append(": ")
                        .append(std::to_string(st.st_size))
                        .append(" bytes, larger than the ")
                        .append(std::to_string(max_bytes))
                        .append("-byte limit"));
    std::string data(static_cast<size_t>(st.st_size), '\0');
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::read(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(std::string(name).append(": cannot read: ").append(std::strerror(errno)));
        if (n == 0)
            break; // shrank while reading: keep what is there, the parser judges it
        done += static_cast<size_t>(n);
    }
    data.resize(done);
    return data;
}

std::string one_line(std::string text)
{
    for (char &c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return text;
}

} // namespace detail

} // namespace kexbench
