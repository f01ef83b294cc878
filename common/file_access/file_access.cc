#include "file_access.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace file_access {
namespace {

std::string Quote(const std::string& s) { return "'" + s + "'"; }

bool Fail(std::string* error, const std::string& message) {
  if (error) *error = message;
  return false;
}

// Checks what an open descriptor is and its size against the cap; closes it
// and returns -1 on refusal.
int Admit(int fd, const std::string& path, const std::string& what, const ReadOptions& options,
          uint64_t* size, std::string* error) {
  struct stat st;
  if (fstat(fd, &st) != 0) {
    const int err = errno;
    close(fd);
    Fail(error, "cannot read " + what + " " + Quote(path) + ": " + ReasonOf(err));
    return -1;
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    Fail(error, "cannot read " + what + " " + Quote(path) + ": " +
                    (S_ISDIR(st.st_mode) ? ReasonOf(EISDIR)
                                         : std::string("not a regular file (a FIFO, device or socket)")) +
                    (S_ISDIR(st.st_mode) ? std::string() : "; expected a " + what + " on disk"));
    return -1;
  }
  const uint64_t bytes = static_cast<uint64_t>(st.st_size);
  if (bytes > options.max_bytes) {
    close(fd);
    Fail(error, "cannot read " + what + " " + Quote(path) + ": it is " + std::to_string(bytes) +
                    " bytes, more than the " + std::to_string(options.max_bytes) +
                    " bytes a " + what + " may have");
    return -1;
  }
  // Reads below must block normally (O_NONBLOCK only kept open() from
  // waiting on a FIFO).
  const int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  if (size) *size = bytes;
  return fd;
}

bool ReadAll(int fd, uint64_t offset, uint64_t length, const std::string& what,
             const std::string& path, std::string* out, std::string* error) {
  out->assign(static_cast<size_t>(length), '\0');
  uint64_t done = 0;
  while (done < length) {
    const ssize_t n = pread(fd, &(*out)[static_cast<size_t>(done)],
                            static_cast<size_t>(length - done), static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      return Fail(error, "cannot read " + what + " " + Quote(path) + ": " + ReasonOf(errno));
    }
    if (n == 0) {
      return Fail(error, "cannot read " + what + " " + Quote(path) + ": it ended after " +
                             std::to_string(offset + done) + " bytes, " +
                             std::to_string(offset + length) +
                             " expected (truncated, or rewritten while being read?)");
    }
    done += static_cast<uint64_t>(n);
  }
  return true;
}

std::string RandomSuffix() {
  unsigned char bytes[8];
  if (getrandom(bytes, sizeof(bytes), 0) != static_cast<ssize_t>(sizeof(bytes))) {
    // No entropy source: still unpredictable enough across processes.
    const uint64_t mix = reinterpret_cast<uintptr_t>(&bytes) ^
                         (static_cast<uint64_t>(getpid()) << 32) ^
                         static_cast<uint64_t>(clock());
    std::memcpy(bytes, &mix, sizeof(bytes));
  }
  static const char kHex[] = "0123456789abcdef";
  std::string s;
  for (unsigned char b : bytes) {
    s += kHex[b >> 4];
    s += kHex[b & 15];
  }
  return s;
}

std::string DirOf(const std::string& path) {
  const auto pos = path.find_last_of('/');
  if (pos == std::string::npos) return ".";
  return pos == 0 ? "/" : path.substr(0, pos);
}

std::string BaseOf(const std::string& path) {
  const auto pos = path.find_last_of('/');
  return pos == std::string::npos ? path : path.substr(pos + 1);
}

bool WriteFd(int fd, const void* data, size_t size, std::string* reason) {
  const char* p = static_cast<const char*>(data);
  size_t done = 0;
  while (done < size) {
    const ssize_t n = write(fd, p + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *reason = (n < 0 ? ReasonOf(errno) : ReasonOf(EIO)) + " after " + std::to_string(done) +
                " of " + std::to_string(size) + " bytes";
      return false;
    }
    done += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0) {
    *reason = "fsync failed: " + ReasonOf(errno);
    return false;
  }
  return true;
}

// Real-path containment, for kernels without openat2.
int OpenBeneathByRealPath(const std::string& folder, const std::string& relative,
                          const std::string& what, const std::string& shown, int* err) {
  char root[PATH_MAX], target[PATH_MAX];
  if (!realpath(folder.c_str(), root)) {
    *err = errno;
    return -1;
  }
  const std::string joined = std::string(root) + "/" + relative;
  if (!realpath(joined.c_str(), target)) {
    *err = errno;
    return -1;
  }
  const std::string r(root), t(target);
  const std::string prefix = r == "/" ? r : r + "/";
  if (t.compare(0, prefix.size(), prefix) != 0) {
    *err = EXDEV;
    return -1;
  }
  (void)what;
  (void)shown;
  const int fd = open(target, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
  if (fd < 0) *err = errno;
  return fd;
}

}  // namespace

std::string ReasonOf(int err) {
  std::string msg = std::strerror(err);
  switch (err) {
    case ENOENT: msg += " (check the path and file name)"; break;
    case EISDIR: msg += " (expected a file, got a directory)"; break;
    case EACCES: msg += " (check the file's permissions)"; break;
    case ELOOP: msg += " (a symbolic link where a plain file is required)"; break;
    case EXDEV: msg += " (the path leads outside the folder it must stay in)"; break;
    default: break;
  }
  return msg;
}

int OpenForRead(const std::string& path, const std::string& what, const ReadOptions& options,
                uint64_t* size, std::string* error) {
  if (path.empty()) {
    Fail(error, "cannot read " + what + ": the path is empty");
    return -1;
  }
  if (path.find('\0') != std::string::npos) {
    Fail(error, "cannot read " + what + " " + Quote(path.c_str()) +
                    "...: the path contains a NUL character");
    return -1;
  }
  // O_NONBLOCK: opening a FIFO with no writer must not block forever.
  int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;
  if (options.no_follow) flags |= O_NOFOLLOW;
  const int fd = open(path.c_str(), flags);
  if (fd < 0) {
    Fail(error, "cannot read " + what + " " + Quote(path) + ": " + ReasonOf(errno));
    return -1;
  }
  return Admit(fd, path, what, options, size, error);
}

bool ReadFile(const std::string& path, const std::string& what, const ReadOptions& options,
              std::string* out, std::string* error) {
  uint64_t size = 0;
  const int fd = OpenForRead(path, what, options, &size, error);
  if (fd < 0) return false;
  const bool ok = ReadAll(fd, 0, size, what, path, out, error);
  close(fd);
  return ok;
}

bool ReadRange(int fd, uint64_t file_size, uint64_t offset, uint64_t length,
               const std::string& what, const std::string& path, std::string* out,
               std::string* error) {
  if (offset > file_size || length > file_size - offset) {
    return Fail(error, "cannot read " + what + " " + Quote(path) + ": " + std::to_string(length) +
                           " bytes at offset " + std::to_string(offset) + " were asked for, the file has " +
                           std::to_string(file_size));
  }
  return ReadAll(fd, offset, length, what, path, out, error);
}

int OpenBeneath(const std::string& folder, const std::string& relative, const std::string& what,
                const ReadOptions& options, uint64_t* size, std::string* shown,
                std::string* error) {
  const std::string dir = folder.empty() ? "." : folder;
  const std::string display = dir + "/" + relative.substr(0, relative.find('\0'));
  if (shown) *shown = display;
  if (relative.empty()) {
    Fail(error, what + ": the location is empty");
    return -1;
  }
  if (relative.find('\0') != std::string::npos) {
    Fail(error, "cannot read " + what + " " + Quote(display) +
                    "...: the location contains a NUL character");
    return -1;
  }
  if (relative[0] == '/') {
    Fail(error, "cannot read " + what + " " + Quote(relative) +
                    ": an absolute location is refused; it must be relative to the folder " +
                    Quote(dir) + " and stay inside it");
    return -1;
  }
  const int dirfd = open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (dirfd < 0) {
    Fail(error, "cannot read " + what + " " + Quote(display) + ": its folder " + Quote(dir) +
                    " cannot be opened: " + ReasonOf(errno));
    return -1;
  }
  struct open_how how;
  std::memset(&how, 0, sizeof(how));
  how.flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  int fd = static_cast<int>(syscall(SYS_openat2, dirfd, relative.c_str(), &how, sizeof(how)));
  int err = fd < 0 ? errno : 0;
  close(dirfd);
  if (fd < 0 && (err == ENOSYS || err == EPERM)) {
    fd = OpenBeneathByRealPath(dir, relative, what, display, &err);
  }
  if (fd < 0) {
    if (err == EXDEV || err == ELOOP) {
      Fail(error, "cannot read " + what + " " + Quote(display) +
                      ": the location leaves the folder " + Quote(dir) +
                      " ('..' or a symbolic link pointing outside it); only files inside the "
                      "model's folder are read");
    } else {
      Fail(error, "cannot read " + what + " " + Quote(display) + ": " + ReasonOf(err));
    }
    return -1;
  }
  return Admit(fd, display, what, options, size, error);
}

bool WriteFileAtomically(const std::string& path, const void* data, size_t size,
                         const std::string& what, std::string* error) {
  if (path.empty()) return Fail(error, "cannot write " + what + ": the path is empty");
  const std::string dir = DirOf(path);
  const std::string fail_head = "cannot write " + what + " " + Quote(path) + ": ";
  std::string reason;
  // 1. An unnamed file: nothing is visible until it is complete.
  int fd = open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
  std::string tmp;
  if (fd >= 0) {
    if (!WriteFd(fd, data, size, &reason)) {
      close(fd);
      return Fail(error, fail_head + reason);
    }
    // Linked under a fresh random name (linkat fails if it exists).
    const std::string proc = "/proc/self/fd/" + std::to_string(fd);
    bool linked = false;
    for (int attempt = 0; attempt < 8 && !linked; ++attempt) {
      tmp = dir + "/." + BaseOf(path) + ".tmp." + RandomSuffix();
      if (linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, tmp.c_str(), AT_SYMLINK_FOLLOW) == 0) {
        linked = true;
      } else if (errno != EEXIST) {
        break;
      }
    }
    const int link_err = errno;
    close(fd);
    if (!linked) {
      // /proc not mounted or linkat refused: the named fallback below.
      (void)link_err;
      fd = -1;
      tmp.clear();
    }
  } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL && errno != ENOENT) {
    return Fail(error, fail_head + "cannot create a file in its folder " + Quote(dir) + ": " +
                           ReasonOf(errno));
  } else if (errno == ENOENT) {
    return Fail(error, fail_head + "its folder " + Quote(dir) + " does not exist");
  }
  // 2. Fallback: a named temporary that is never a pre-existing file or link.
  if (tmp.empty()) {
    for (int attempt = 0; attempt < 8; ++attempt) {
      tmp = dir + "/." + BaseOf(path) + ".tmp." + RandomSuffix();
      fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
      if (fd >= 0 || errno != EEXIST) break;
    }
    if (fd < 0) {
      return Fail(error, fail_head + "cannot create the temporary " + Quote(tmp) + ": " +
                             ReasonOf(errno));
    }
    const bool ok = WriteFd(fd, data, size, &reason);
    if (close(fd) != 0 && ok) reason = "close failed: " + ReasonOf(errno);
    if (!ok || !reason.empty()) {
      unlink(tmp.c_str());
      return Fail(error, fail_head + reason);
    }
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    unlink(tmp.c_str());
    return Fail(error, fail_head + "cannot rename the temporary " + Quote(tmp) + " to it: " +
                           ReasonOf(err));
  }
  return true;
}

}  // namespace file_access
