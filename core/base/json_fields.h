// SPDX-License-Identifier: GPL-3.0-or-later
// Typed JSON field access and the file and text helpers kexbench's JSON readers share.
#pragma once

#include "core/base/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kexbench {

namespace detail {

// Typed field access for kexbench's JSON readers (records, profiles, build.json,
// campaign.json). The read functions throw JsonFieldError, which the readers in
// core/ catch and turn into a Result error prefixed with the file; it never
// leaves a public function.
struct JsonFieldError {
    std::string message; // "field 'plan.trials' is a string, expected an integer"
};

class JsonFields {
public:
    // Throws JsonFieldError unless `object` is a JSON object; prefix names it in messages ("plan.").
    JsonFields(const nlohmann::ordered_json &object, std::string prefix = {});

    std::string path(const std::string &key) const { return prefix_ + key; }
    // The value, or nullptr when the key is absent or null.
    const nlohmann::ordered_json *get(const std::string &key) const;
    // The value; throws "missing field" naming the expected type when absent or null.
    const nlohmann::ordered_json &require(const std::string &key, const char *expected) const;

    // Leave `out` unchanged when the key is absent or null; throw on another type.
    void read(const std::string &key, std::string &out) const;
    void read(const std::string &key, bool &out) const;
    void read(const std::string &key, int &out) const;
    void read(const std::string &key, int64_t &out) const;
    void read(const std::string &key, uint64_t &out) const;
    void read(const std::string &key, double &out) const;
    void read(const std::string &key, std::optional<int> &out) const;
    void read(const std::string &key, std::optional<uint64_t> &out) const;
    void read(const std::string &key, std::optional<double> &out) const;
    void read(const std::string &key, std::vector<std::string> &out) const;
    // Object of strings, in file order (nulls skipped).
    void read(const std::string &key, std::vector<std::pair<std::string, std::string>> &out) const;
    // Object of integers, in file order.
    void read(const std::string &key, std::vector<std::pair<std::string, int64_t>> &out) const;

private:
    const nlohmann::ordered_json &object_;
    std::string prefix_;
};

// Conversions with the same error conventions; path names the value.
std::string json_string(const nlohmann::ordered_json &v, const std::string &path);
uint64_t json_uint(const nlohmann::ordered_json &v, const std::string &path);
int64_t json_int64(const nlohmann::ordered_json &v, const std::string &path);
double json_double(const nlohmann::ordered_json &v, const std::string &path);
[[noreturn]] void json_type_error(const nlohmann::ordered_json &v, const std::string &path, const char *expected);

// Parses JSON text; the error is one line naming origin ("<origin>: invalid JSON: ...").
Result<nlohmann::ordered_json> parse_json_text(const std::string &text, const std::string &origin);

// Reads a whole regular file, refusing it by its size (fstat) before reading a
// byte when it is larger than max_bytes, and refusing FIFOs and devices without
// blocking on them. Errors start with `name`.
Result<std::string> read_file_limited(const std::string &path, uint64_t max_bytes, const std::string &name);

// Control characters replaced by '?', so a message built from file contents stays one line.
std::string one_line(std::string text);

} // namespace detail

} // namespace kexbench
