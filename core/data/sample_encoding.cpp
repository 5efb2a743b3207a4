// SPDX-License-Identifier: GPL-3.0-or-later
// Samples: LEB128 varints -> zlib -> base64, and back with bounds on every step.
#include "core/data/sample_encoding.h"

#include "core/base/base64.h"

#include <zlib.h>

#include <climits>
#include <limits>
#include <memory>
#include <new>

namespace kexbench {

namespace {

std::string zlib_compress(const std::string &raw)
{
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    std::string out(size, '\0');
    int rc = compress2(reinterpret_cast<Bytef *>(out.data()), &size, reinterpret_cast<const Bytef *>(raw.data()),
                       static_cast<uLong>(raw.size()), Z_DEFAULT_COMPRESSION);
    if (rc != Z_OK)
        throw std::bad_alloc(); // compress2 into a compressBound buffer fails only without memory
    out.resize(size);
    return out;
}

// Inflates in 64 KiB steps and stops as soon as the output passes `limit`.
Result<std::string> zlib_inflate_limited(const std::string &in, size_t limit)
{
    if (in.size() > UINT_MAX)
        return fail(std::string("compressed data too large"));
    z_stream zs{};
    if (inflateInit(&zs) != Z_OK)
        return fail(std::string("zlib initialisation failed"));
    std::unique_ptr<z_stream, int (*)(z_stream *)> guard(&zs, inflateEnd);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    zs.avail_in = static_cast<uInt>(in.size());
    std::string out;
    unsigned char buf[65536];
    for (;;) {
        zs.next_out = buf;
        zs.avail_out = sizeof buf;
        int rc = inflate(&zs, Z_NO_FLUSH);
        out.append(reinterpret_cast<char *>(buf), sizeof buf - zs.avail_out);
        if (out.size() > limit)
            return fail(std::string("inflates past ").append(std::to_string(limit)).append(" bytes"));
        if (rc == Z_STREAM_END)
            break;
        if (rc == Z_BUF_ERROR || (rc == Z_OK && zs.avail_in == 0 && zs.avail_out != 0))
            return fail(std::string("truncated zlib data"));
        if (rc != Z_OK)
            return fail(std::string("invalid zlib data (").append(zs.msg ? zs.msg : "error").append(")"));
    }
    if (zs.avail_in != 0)
        return fail(std::string("trailing bytes after the zlib data"));
    return out;
}

Result<std::vector<uint64_t>> parse_varints(const std::string &bytes, size_t max_values)
{
    std::vector<uint64_t> values;
    size_t i = 0;
    while (i < bytes.size()) {
        if (values.size() == max_values)
            return fail(std::string("more than ").append(std::to_string(max_values)).append(" values"));
        uint64_t v = 0;
        for (int shift = 0;; shift += 7, ++i) {
            if (i == bytes.size())
                return fail(std::string("truncated varint at byte ").append(std::to_string(i)));
            uint8_t b = static_cast<uint8_t>(bytes[i]);
            // The tenth byte holds only bit 63: anything more overflows 64 bits.
            if (shift == 63 && b > 1)
                return fail(std::string("varint overflows 64 bits at byte ").append(std::to_string(i)));
            v |= uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) {
                ++i;
                break;
            }
        }
        values.push_back(v);
    }
    return values;
}

} // namespace

std::string encode_samples(const std::vector<uint64_t> &values)
{
    std::string raw;
    raw.reserve(values.size() * 3);
    for (uint64_t v : values) {
        while (v >= 0x80) {
            raw += char(uint8_t(v) | 0x80);
            v >>= 7;
        }
        raw += char(v);
    }
    return base64_encode(zlib_compress(raw));
}

Result<std::vector<uint64_t>> decode_samples(const std::string &text, size_t max_values)
{
    if (text.empty())
        return fail(std::string("empty sample data"));
    auto compressed = base64_decode(text);
    if (!compressed)
        return fail(compressed.error());
    size_t limit =
        max_values > std::numeric_limits<size_t>::max() / 10 ? std::numeric_limits<size_t>::max() : max_values * 10;
    auto raw = zlib_inflate_limited(*compressed, limit);
    if (!raw)
        return fail(std::string("sample data ").append(raw.error()));
    return parse_varints(*raw, max_values);
}

} // namespace kexbench
