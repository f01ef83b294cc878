#include "lite/model_parser/file_util.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace {

class StringFile : public FileContents {
 public:
  StringFile(std::string path, std::string bytes)
      : FileContents(std::move(path)), bytes_(std::move(bytes)) {}
  const char* data() const override { return bytes_.data(); }
  size_t size() const override { return bytes_.size(); }

 private:
  std::string bytes_;
};

// Closes the descriptor on every path out of ReadWholeFile.
struct FdCloser {
  int fd;
  ~FdCloser() {
    if (fd >= 0) close(fd);
  }
};

// Reads exactly the `size` bytes fstat reported: a file that grows while it
// is read (or /dev/zero-like sources) cannot make the reader grow without
// bound, and one that shrinks is an Error, never a SIGBUS as with a mapping.
std::string ReadExactly(int fd, size_t size, const std::string& what, const std::string& path) {
  std::string bytes(size, '\0');
  size_t done = 0;
  while (done < size) {
    ssize_t n = read(fd, &bytes[done], size - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(FileErrorMessage(what, path, errno));
    }
    if (n == 0) {
      ThrowError("cannot read ", what, " '", path, "': it shrank from ", size, " to ", done,
                 " bytes while being read (rewritten on disk?)");
    }
    done += static_cast<size_t>(n);
  }
  return bytes;
}

}  // namespace

std::string FileErrorMessage(const std::string& what, const std::string& path, int err) {
  std::string msg = StrCat("cannot read ", what, " '", path, "': ", std::strerror(err));
  switch (err) {
    case ENOENT: msg += " (check the path and file name)"; break;
    case EISDIR: msg += " (expected a file, got a directory)"; break;
    case EACCES: msg += " (check the file's permissions)"; break;
    default: break;
  }
  return msg;
}

std::shared_ptr<const FileContents> ReadWholeFile(const std::string& path,
                                                  const std::string& what) {
  if (path.empty()) ThrowError("cannot read ", what, ": the path is empty");
  // O_NONBLOCK: opening a FIFO with no writer must not block forever.
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw Error(FileErrorMessage(what, path, errno));
  FdCloser closer{fd};
  struct stat st;
  if (fstat(fd, &st) != 0) throw Error(FileErrorMessage(what, path, errno));
  if (S_ISDIR(st.st_mode)) throw Error(FileErrorMessage(what, path, EISDIR));
  if (!S_ISREG(st.st_mode)) {
    ThrowError("cannot read ", what, " '", path,
               "': not a regular file (a device, FIFO or socket); expected a ", what,
               " on disk");
  }
  return std::make_shared<StringFile>(path,
                                      ReadExactly(fd, static_cast<size_t>(st.st_size), what, path));
}

void WriteWholeFile(const std::string& path, const std::string& bytes,
                    const std::string& what) {
  if (path.empty()) ThrowError("cannot write ", what, ": the path is empty");
  std::string tmp = StrCat(path, ".tmp.", getpid());
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    ThrowError("cannot write ", what, " '", path, "': creating '", tmp, "' failed: ",
               std::strerror(errno));
  }
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : EIO;
      close(fd);
      unlink(tmp.c_str());
      ThrowError("cannot write ", what, " '", path, "': ", std::strerror(err), " after ",
                 done, " of ", bytes.size(), " bytes");
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0) {
    int err = errno;
    unlink(tmp.c_str());
    ThrowError("cannot write ", what, " '", path, "': ", std::strerror(err));
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    unlink(tmp.c_str());
    ThrowError("cannot write ", what, " '", path, "': renaming '", tmp, "' failed: ",
               std::strerror(err));
  }
}

}  // namespace lite
}  // namespace paddle
