// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/digest.h"

#include "core/base/fsutil.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace kexbench {

std::string to_hex(const unsigned char *data, size_t len, bool upper)
{
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out(len * 2, '0');
    for (size_t i = 0; i < len; ++i) {
        out[2 * i] = digits[data[i] >> 4];
        out[2 * i + 1] = digits[data[i] & 15];
    }
    return out;
}

std::string sha256_hex(std::string_view data)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int md_len = 0;
    if (EVP_Digest(data.data(), data.size(), md, &md_len, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("OpenSSL SHA-256 failed");
    return to_hex(md, md_len, false);
}

std::string file_sha256_hex(const std::string &path)
{
    auto bytes = read_file(path);
    return bytes ? sha256_hex(*bytes) : std::string();
}

} // namespace kexbench
