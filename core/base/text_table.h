// SPDX-License-Identifier: GPL-3.0-or-later
// Plain-text tables for terminals: columns padded to their widest cell,
// counted in UTF-8 code points so "µs" lines up.
#pragma once

#include <string>
#include <vector>

namespace kexbench {

class TextTable {
public:
    explicit TextTable(std::vector<std::string> header);
    void align_right(const std::vector<size_t> &columns);
    void add_row(std::vector<std::string> cells);
    size_t rows() const { return rows_.size(); }
    std::string render() const;

private:
    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
    std::vector<bool> right_;
};

// Number of UTF-8 code points in s.
size_t display_width(const std::string &s);

} // namespace kexbench
