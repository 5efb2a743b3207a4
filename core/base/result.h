// SPDX-License-Identifier: GPL-3.0-or-later
// A value or a human-readable reason why there is none (Result<void>: done, or
// why not). kexbench's one error style (README, "Errors"). Bad input in kexbench
// never throws across module boundaries: it becomes a Result with a message
// that names the file or instance and the problem.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace kexbench {

struct Error {
    std::string message;
};

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(Error error) : error_(std::move(error.message)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    T &value() & { return *value_; }
    const T &value() const & { return *value_; }
    T &&value() && { return std::move(*value_); }
    T *operator->() { return &*value_; }
    const T *operator->() const { return &*value_; }
    T &operator*() & { return *value_; }
    const T &operator*() const & { return *value_; }
    T &&operator*() && { return std::move(*value_); } // a move-only value out of a temporary
    const std::string &error() const { return error_; }

private:
    std::optional<T> value_;
    std::string error_;
};

// Done, or why not: for work that gives nothing back (writing a file, a check
// that passes). `return {};` is success.
template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : failed_(true), error_(std::move(error.message)) {}

    bool ok() const { return !failed_; }
    explicit operator bool() const { return ok(); }
    const std::string &error() const { return error_; }

private:
    bool failed_ = false;
    std::string error_;
};

inline Error fail(std::string message) { return Error{std::move(message)}; }

} // namespace kexbench
