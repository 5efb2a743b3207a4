// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/fsutil.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace kexbench {

namespace {

std::string errno_text() { return std::strerror(errno); }

} // namespace

bool write_all(int fd, const void *buffer, size_t size)
{
    const char *data = static_cast<const char *>(buffer);
    while (size > 0) {
        ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

Result<void> write_file_atomic(const std::string &path, const std::string &data)
{
    std::filesystem::path target(path);
    std::error_code ec;
    if (target.has_parent_path())
        std::filesystem::create_directories(target.parent_path(), ec);
    std::string tmp = path + ".tmp." + std::to_string(::getpid());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return fail(path + ": cannot write: " + errno_text());
    bool ok = write_all(fd, data.data(), data.size()) && ::fsync(fd) == 0;
    std::string why = ok ? "" : errno_text();
    ok = (::close(fd) == 0) && ok;
    if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
        if (why.empty())
            why = errno_text();
        ::unlink(tmp.c_str());
        return fail(path + ": cannot write: " + why);
    }
    // The rename itself is durable only once the directory is synced.
    std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
    if (int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return {};
}

Result<std::string> read_file(const std::string &path, size_t max_bytes)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(path + ": cannot open: " + errno_text());
    std::string data;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            std::string why = errno_text();
            ::close(fd);
            return fail(path + ": cannot read: " + why);
        }
        if (n == 0)
            break;
        if (data.size() + static_cast<size_t>(n) > max_bytes) {
            ::close(fd);
            return fail(path + ": larger than " + std::to_string(max_bytes) + " bytes");
        }
        data.append(buf, static_cast<size_t>(n));
    }
    ::close(fd);
    return data;
}

} // namespace kexbench
