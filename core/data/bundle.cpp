// SPDX-License-Identifier: GPL-3.0-or-later
// Bundles: a campaign folder packed into one zlib stream (format in dataset.h).
// Extraction treats the bundle as hostile: entry paths are checked before
// anything is created, files are created with openat() below target_dir
// without following links, and inflation stops at the byte limit however
// small the compressed input is.
#include "core/data/campaign_folder.h"
#include "core/data/dataset.h"
#include "core/base/fsutil.h"

#include <zlib.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

namespace kexbench {

namespace fs = std::filesystem;

namespace {

constexpr size_t kChunk = 65536;

std::string errno_text() { return std::strerror(errno); }

class Fd {
public:
    explicit Fd(int fd = -1) : fd_(fd) {}
    ~Fd()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    Fd(Fd &&o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
    Fd &operator=(Fd &&o) noexcept
    {
        if (this != &o) {
            if (fd_ >= 0)
                ::close(fd_);
            fd_ = o.fd_;
            o.fd_ = -1;
        }
        return *this;
    }
    int get() const { return fd_; }
    int release()
    {
        int fd = fd_;
        fd_ = -1;
        return fd;
    }

private:
    int fd_;
};

// Reads up to size bytes; returns the count (0 at end of file), -1 on error.
ssize_t read_some(int fd, void *buf, size_t size)
{
    for (;;) {
        ssize_t n = ::read(fd, buf, size);
        if (n >= 0 || errno != EINTR)
            return n;
    }
}

void put_le(std::string &out, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out += char(uint8_t(v >> (8 * i)));
}

uint64_t get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = v << 8 | p[i];
    return v;
}

std::string shown(const std::string &path)
{
    return detail::one_line(path.size() > 200 ? path.substr(0, 200) + "..." : path);
}

// ---------------------------------------------------------------------------
// Writing

class DeflateWriter {
public:
    explicit DeflateWriter(int fd) : fd_(fd) { ok_ = deflateInit(&zs_, Z_DEFAULT_COMPRESSION) == Z_OK; }
    ~DeflateWriter() { deflateEnd(&zs_); }
    DeflateWriter(const DeflateWriter &) = delete;
    DeflateWriter &operator=(const DeflateWriter &) = delete;

    bool write(const void *data, size_t size)
    {
        zs_.next_in = static_cast<Bytef *>(const_cast<void *>(data));
        zs_.avail_in = static_cast<uInt>(size); // callers pass at most kChunk or a path
        return pump(Z_NO_FLUSH);
    }
    bool write(const std::string &s) { return write(s.data(), s.size()); }
    bool finish() { return pump(Z_FINISH); }

private:
    bool pump(int flush)
    {
        unsigned char out[kChunk];
        while (ok_) {
            zs_.next_out = out;
            zs_.avail_out = sizeof out;
            int rc = deflate(&zs_, flush);
            ok_ = rc != Z_STREAM_ERROR && write_all(fd_, out, sizeof out - zs_.avail_out);
            if (flush == Z_FINISH ? rc == Z_STREAM_END : zs_.avail_out != 0)
                break;
        }
        return ok_;
    }

    int fd_;
    z_stream zs_{};
    bool ok_ = false;
};

// Regular files under root (links are not followed or packed), sorted by relative path.
Result<std::vector<std::string>> bundle_members(const fs::path &root, const std::vector<fs::path> &skip)
{
    std::vector<std::string> rels;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code type_ec;
        if (!it->is_regular_file(type_ec) || it->is_symlink(type_ec))
            continue;
        if (std::find(skip.begin(), skip.end(), it->path()) != skip.end())
            continue;
        rels.push_back(it->path().lexically_relative(root).generic_string());
    }
    if (ec)
        return fail(std::string(root.string()).append(": cannot list: ").append(ec.message()));
    std::sort(rels.begin(), rels.end());
    return rels;
}

Result<void> pack_file(DeflateWriter &out, const fs::path &root, const std::string &rel)
{
    std::string name = (root / rel).string();
    Fd fd(::open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
    struct stat st {};
    if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        return fail(std::string(name).append(": cannot read: ").append(errno_text()));
    if (auto why = bundle_path_problem(rel); !why.empty())
        return fail(std::string(name).append(": cannot be bundled: ").append(why));
    std::string head;
    put_le(head, rel.size(), 4);
    head += rel;
    put_le(head, static_cast<uint64_t>(st.st_size), 8);
    if (!out.write(head))
        return fail(std::string("write failed"));
    unsigned char buf[kChunk];
    for (uint64_t left = static_cast<uint64_t>(st.st_size); left > 0;) {
        ssize_t n = read_some(fd.get(), buf, std::min<uint64_t>(left, sizeof buf));
        if (n <= 0)
            return fail(std::string(name).append(": changed or unreadable while bundling"));
        if (!out.write(buf, static_cast<size_t>(n)))
            return fail(std::string("write failed"));
        left -= static_cast<uint64_t>(n);
    }
    return {};
}

Result<uint64_t> write_bundle_to(int fd, const fs::path &root, const std::vector<std::string> &rels)
{
    std::string header(kBundleMagic, sizeof kBundleMagic);
    put_le(header, kBundleVersion, 4);
    if (!write_all(fd, reinterpret_cast<const unsigned char *>(header.data()), header.size()))
        return fail(std::string("write failed: ").append(errno_text()));
    DeflateWriter out(fd);
    for (const auto &rel : rels)
        if (auto r = pack_file(out, root, rel); !r)
            return fail(r.error());
    std::string end;
    put_le(end, 0, 4);
    if (!out.write(end) || !out.finish() || ::fsync(fd) != 0)
        return fail(std::string("write failed: ").append(errno_text()));
    return static_cast<uint64_t>(rels.size());
}

void sync_parent(const fs::path &file)
{
    fs::path dir = file.has_parent_path() ? file.parent_path() : fs::path(".");
    Fd dfd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dfd.get() >= 0)
        ::fsync(dfd.get());
}

// ---------------------------------------------------------------------------
// Reading

// Pulls inflated bytes from the bundle file on demand, counting every byte
// against the limit, so memory and disk use stay bounded by it.
class BundleInflater {
public:
    BundleInflater(int fd, uint64_t limit) : fd_(fd), limit_(limit)
    {
        if (inflateInit(&zs_) != Z_OK)
            error_ = "zlib initialisation failed";
    }
    ~BundleInflater() { inflateEnd(&zs_); }
    BundleInflater(const BundleInflater &) = delete;
    BundleInflater &operator=(const BundleInflater &) = delete;

    // Exactly size bytes, or false with error() set.
    bool read(void *dst, size_t size)
    {
        auto *p = static_cast<unsigned char *>(dst);
        while (size > 0) {
            if (pos_ == len_ && produce() != Step::data) {
                if (error_.empty())
                    error_ = "truncated (the data ends inside an entry)";
                return false;
            }
            size_t n = std::min(size, len_ - pos_);
            std::memcpy(p, out_ + pos_, n);
            pos_ += n;
            p += n;
            size -= n;
        }
        return true;
    }

    // After the end marker: the zlib stream must end here and the file with it.
    bool at_clean_end()
    {
        if (pos_ < len_ || (error_.empty() && produce() == Step::data)) {
            error_ = "data after the end marker";
            return false;
        }
        if (!error_.empty())
            return false;
        unsigned char extra;
        if (zs_.avail_in != 0 || read_some(fd_, &extra, 1) != 0) {
            error_ = "trailing bytes after the compressed data";
            return false;
        }
        return true;
    }

    uint64_t inflated() const { return total_; }
    const std::string &error() const { return error_; }

private:
    enum class Step { data, end, error };

    Step produce()
    {
        if (!error_.empty())
            return Step::error;
        while (!ended_) {
            if (zs_.avail_in == 0 && !eof_ && !refill())
                return Step::error;
            zs_.next_out = out_;
            zs_.avail_out = sizeof out_;
            int rc = inflate(&zs_, Z_NO_FLUSH);
            len_ = sizeof out_ - zs_.avail_out;
            pos_ = 0;
            total_ += len_;
            if (total_ > limit_)
                return fail_with("inflates past the " + std::to_string(limit_) + "-byte limit");
            if (rc == Z_STREAM_END)
                ended_ = true;
            else if (rc == Z_NEED_DICT || rc == Z_DATA_ERROR || rc == Z_MEM_ERROR || rc == Z_STREAM_ERROR)
                return fail_with(
                    std::string("corrupt compressed data (").append(zs_.msg ? zs_.msg : "zlib error").append(")"));
            else if (len_ == 0 && eof_ && zs_.avail_in == 0)
                return fail_with("truncated (the compressed data ends early)");
            if (len_ > 0)
                return Step::data;
        }
        return Step::end;
    }

    bool refill()
    {
        ssize_t n = read_some(fd_, in_, sizeof in_);
        if (n < 0) {
            error_ = std::string("cannot read: ").append(errno_text());
            return false;
        }
        eof_ = n == 0;
        zs_.next_in = in_;
        zs_.avail_in = static_cast<uInt>(n);
        return true;
    }

    Step fail_with(std::string why)
    {
        error_ = std::move(why);
        return Step::error;
    }

    int fd_;
    uint64_t limit_;
    z_stream zs_{};
    unsigned char in_[kChunk];
    unsigned char out_[kChunk];
    size_t pos_ = 0, len_ = 0;
    uint64_t total_ = 0;
    bool eof_ = false, ended_ = false;
    std::string error_;
};

// Opens (creating as needed) the folder chain of `rel` below dir_fd without
// following links, then creates the file itself; it must not exist yet.
Result<int> create_below(int dir_fd, const std::string &rel)
{
    Fd current(::dup(dir_fd));
    size_t start = 0;
    for (size_t slash; (slash = rel.find('/', start)) != std::string::npos; start = slash + 1) {
        std::string comp = rel.substr(start, slash - start);
        if (::mkdirat(current.get(), comp.c_str(), 0755) != 0 && errno != EEXIST)
            return fail(std::string("cannot create a folder for entry '")
                            .append(shown(rel))
                            .append("': ")
                            .append(errno_text()));
        Fd next(::openat(current.get(), comp.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (next.get() < 0)
            return fail(std::string("cannot open the folder for entry '")
                            .append(shown(rel))
                            .append("': ")
                            .append(errno_text()));
        current = Fd(next.release());
    }
    std::string name = rel.substr(start);
    int fd = ::openat(current.get(), name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return fail(errno == EEXIST
                        ? std::string("duplicate entry '").append(shown(rel)).append("'")
                        : std::string("cannot create entry '").append(shown(rel)).append("': ").append(errno_text()));
    return fd;
}

Result<void> check_header(int fd)
{
    unsigned char head[sizeof kBundleMagic + 4];
    size_t got = 0;
    while (got < sizeof head) {
        ssize_t n = read_some(fd, head + got, sizeof head - got);
        if (n <= 0)
            break;
        got += static_cast<size_t>(n);
    }
    if (got < sizeof head || std::memcmp(head, kBundleMagic, sizeof kBundleMagic) != 0)
        return fail(std::string("not a kexbench bundle (bad magic)"));
    uint64_t version = get_le(head + sizeof kBundleMagic, 4);
    if (version != kBundleVersion)
        return fail(std::string("unsupported bundle format version ")
                        .append(std::to_string(version))
                        .append(" (expected ")
                        .append(std::to_string(kBundleVersion))
                        .append(")"));
    return {};
}

Result<void> copy_entry(BundleInflater &in, int out_fd, uint64_t size)
{
    unsigned char buf[kChunk];
    while (size > 0) {
        size_t n = static_cast<size_t>(std::min<uint64_t>(size, sizeof buf));
        if (!in.read(buf, n))
            return fail(in.error());
        if (!write_all(out_fd, buf, n))
            return fail(std::string("cannot write: ").append(errno_text()));
        size -= n;
    }
    return {};
}

// One entry; false at the end marker.
Result<bool> extract_entry(BundleInflater &in, int target_fd, uint64_t limit)
{
    unsigned char word[8];
    if (!in.read(word, 4))
        return fail(in.error());
    uint64_t path_len = get_le(word, 4);
    if (path_len == 0)
        return false;
    if (path_len > kBundleMaxPath)
        return fail(std::string("entry path length ")
                        .append(std::to_string(path_len))
                        .append(" is over ")
                        .append(std::to_string(kBundleMaxPath)));
    std::string rel(path_len, '\0');
    if (!in.read(rel.data(), rel.size()) || !in.read(word, 8))
        return fail(in.error());
    if (auto why = bundle_path_problem(rel); !why.empty())
        return fail(std::string("entry '").append(shown(rel)).append("' refused: ").append(why));
    uint64_t size = get_le(word, 8);
    // Refuse on the claim, before writing a byte of it.
    if (size > limit || in.inflated() + size > limit)
        return fail(std::string("entry '")
                        .append(shown(rel))
                        .append("' claims ")
                        .append(std::to_string(size))
                        .append(" bytes, past the ")
                        .append(std::to_string(limit))
                        .append("-byte limit"));
    auto fd = create_below(target_fd, rel);
    if (!fd)
        return fail(fd.error());
    Fd out(*fd);
    if (auto r = copy_entry(in, out.get(), size); !r)
        return fail(r.error());
    return true;
}

} // namespace

std::string bundle_path_problem(const std::string &path)
{
    if (path.empty())
        return "empty path";
    if (path.size() > kBundleMaxPath)
        return "path too long";
    if (path.find('\0') != std::string::npos)
        return "contains NUL";
    if (path[0] == '/')
        return "absolute path";
    size_t start = 0;
    for (;;) {
        size_t slash = path.find('/', start);
        std::string comp = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (comp.empty())
            return "empty path component";
        if (comp == "..")
            return "contains '..'";
        if (comp == ".")
            return "contains '.'";
        if (slash == std::string::npos)
            return {};
        start = slash + 1;
    }
}

bool is_bundle_file(const std::string &path)
{
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    char head[sizeof kBundleMagic];
    return fd.get() >= 0 && read_some(fd.get(), head, sizeof head) == ssize_t(sizeof head) &&
           std::memcmp(head, kBundleMagic, sizeof head) == 0;
}

Result<uint64_t> write_bundle(const std::string &campaign_dir, const std::string &bundle_path)
{
    std::error_code ec;
    fs::path root = fs::canonical(campaign_dir, ec);
    if (ec || !fs::is_directory(root, ec))
        return fail(std::string(campaign_dir).append(": not a folder"));
    std::string tmp = bundle_path + ".tmp." + std::to_string(::getpid());
    // A bundle written into the folder it packs must not pack itself.
    auto members = bundle_members(root, {fs::weakly_canonical(bundle_path, ec), fs::weakly_canonical(tmp, ec),
                                         fs::weakly_canonical(root / kCampaignLockFile, ec)});
    if (!members)
        return fail(members.error());
    Fd fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (fd.get() < 0)
        return fail(std::string(bundle_path).append(": cannot write: ").append(errno_text()));
    auto n = write_bundle_to(fd.get(), root, *members);
    bool closed = ::close(fd.release()) == 0;
    if (!n || !closed || ::rename(tmp.c_str(), bundle_path.c_str()) != 0) {
        ::unlink(tmp.c_str());
        return fail(
            std::string(bundle_path).append(": ").append(n ? std::string("cannot write: ") + errno_text() : n.error()));
    }
    sync_parent(bundle_path);
    return n;
}

namespace {

// Every entry of the bundle into the (new, empty) folder dir.
Result<uint64_t> extract_entries(int bundle_fd, const std::string &dir, const LoadLimits &limits)
{
    Fd target(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (target.get() < 0)
        return fail(std::string("cannot open the temporary folder ").append(dir).append(": ").append(errno_text()));
    BundleInflater inflater(bundle_fd, limits.max_bundle_bytes);
    uint64_t count = 0;
    for (;;) {
        auto more = extract_entry(inflater, target.get(), limits.max_bundle_bytes);
        if (!more)
            return fail(more.error());
        if (!*more)
            break;
        ++count;
    }
    if (!inflater.at_clean_end())
        return fail(inflater.error());
    return count;
}

// The target may be absent or an empty folder (never a link): unpacking
// merges nothing into existing files, so a failed unbundle can leave nothing.
std::string target_problem(const fs::path &target)
{
    struct stat st {};
    if (::lstat(target.c_str(), &st) != 0)
        return errno == ENOENT
                   ? std::string()
                   : std::string("cannot inspect ").append(target.string()).append(": ").append(errno_text());
    if (!S_ISDIR(st.st_mode))
        return target.string() + " exists and is not a folder";
    std::error_code ec;
    if (!fs::is_empty(target, ec) || ec)
        return target.string() + " exists and is not empty (unbundle into a new or empty folder)";
    return {};
}

// Creates the missing folders above target; returns the topmost one it created
// (empty when none), so a failure can remove exactly those.
Result<fs::path> make_parents(const fs::path &parent)
{
    fs::path topmost;
    std::error_code ec;
    for (fs::path p = parent; !p.empty() && !fs::exists(fs::symlink_status(p, ec)); p = p.parent_path())
        topmost = p;
    if (!topmost.empty() && !fs::create_directories(parent, ec) && ec)
        return fail(std::string("cannot create ").append(parent.string()).append(": ").append(ec.message()));
    return topmost;
}

} // namespace

// Unpacks into a hidden temporary folder beside the target and renames it into
// place only when every entry and the end of the stream checked out: a
// truncated, corrupt or hostile bundle leaves nothing behind.
Result<uint64_t> extract_bundle(const std::string &bundle_path, const std::string &target_dir, const LoadLimits &limits)
{
    auto named = [&](const std::string &why) { return fail(std::string(bundle_path).append(": ").append(why)); };
    Fd in(::open(bundle_path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    struct stat st {};
    if (in.get() < 0 || ::fstat(in.get(), &st) != 0)
        return named(std::string("cannot open: ").append(errno_text()));
    if (!S_ISREG(st.st_mode))
        return named("not a regular file");
    if (auto h = check_header(in.get()); !h)
        return named(h.error());
    fs::path target = fs::path(target_dir).lexically_normal();
    if (target.filename().empty())
        target = target.parent_path(); // "out/" is "out"
    if (auto why = target_problem(target); !why.empty())
        return named(why);
    const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
    auto created = make_parents(parent);
    if (!created)
        return named(created.error());
    std::string tmpl = (parent / ("." + target.filename().string() + ".unbundle-XXXXXX")).string();
    if (::mkdtemp(tmpl.data()) == nullptr) {
        const std::string why = errno_text();
        std::error_code ec;
        if (!created->empty())
            fs::remove_all(*created, ec);
        return named(
            std::string("cannot create a temporary folder beside ").append(target.string()).append(": ").append(why));
    }
    auto count = extract_entries(in.get(), tmpl, limits);
    if (count && ::rename(tmpl.c_str(), target.c_str()) != 0)
        count = fail(std::string("cannot move the unpacked files to ")
                         .append(target.string())
                         .append(": ")
                         .append(errno_text()));
    if (!count) {
        std::error_code ec;
        fs::remove_all(tmpl, ec);
        if (!created->empty())
            fs::remove_all(*created, ec); // only folders this call made, holding nothing else
        return named(count.error());
    }
    sync_parent(target);
    return count;
}

} // namespace kexbench
