// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign folder's lock, apart from the campaign loop that takes it.
#include "core/campaign/campaign.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace kexbench {

namespace {

// The lock of a campaign folder: its open .kexbench.lock under flock. The
// kernel drops the lock when the descriptor closes, also when the process
// dies, so the file a killed campaign leaves behind is never in the way.
constexpr const char *kLockFile = kCampaignLockFile;

// The pid the holder wrote, digits only (empty until it has written).
std::string lock_holder(int fd)
{
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    const std::string text = n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
    return text.substr(0, text.find_first_not_of("0123456789"));
}

} // namespace

CampaignFolderLock::~CampaignFolderLock()
{
    if (fd_ >= 0)
        ::close(fd_);
}

std::string CampaignFolderLock::take(const std::string &dir_text)
{
    const fs::path dir = dir_text;
    const fs::path file = dir / kLockFile;
    // O_CLOEXEC: runner children must not inherit the lock and hold it after we are gone.
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0)
        return file.string() + ": cannot open: " + std::strerror(errno);
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK)
            return file.string() + ": cannot lock: " + std::strerror(errno);
        const std::string pid = lock_holder(fd_);
        return dir.string() + " is in use by " + (pid.empty() ? "another campaign" : "pid " + pid);
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size()))
        return file.string() + ": cannot write: " + std::strerror(errno);
    return {};
}

} // namespace kexbench
