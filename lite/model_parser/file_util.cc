#include "lite/model_parser/file_util.h"

#include <fcntl.h>
#include <sys/mman.h>
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

class MappedFile : public FileContents {
 public:
  MappedFile(std::string path, void* addr, size_t size)
      : FileContents(std::move(path)), addr_(addr), size_(size) {}
  ~MappedFile() override { munmap(addr_, size_); }
  const char* data() const override { return static_cast<const char*>(addr_); }
  size_t size() const override { return size_; }

 private:
  void* addr_;
  size_t size_;
};

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

std::string ReadAll(int fd, const std::string& what, const std::string& path) {
  std::string bytes;
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof(chunk));
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(FileErrorMessage(what, path, errno));
    }
    if (n == 0) break;
    bytes.append(chunk, static_cast<size_t>(n));
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
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error(FileErrorMessage(what, path, errno));
  FdCloser closer{fd};
  struct stat st;
  if (fstat(fd, &st) != 0) throw Error(FileErrorMessage(what, path, errno));
  if (S_ISDIR(st.st_mode)) throw Error(FileErrorMessage(what, path, EISDIR));
  if (!S_ISREG(st.st_mode) || st.st_size == 0) {
    // Pipes, devices, and empty files (which cannot be mapped).
    return std::make_shared<StringFile>(path, ReadAll(fd, what, path));
  }
  size_t size = static_cast<size_t>(st.st_size);
  void* addr = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (addr == MAP_FAILED) {
    return std::make_shared<StringFile>(path, ReadAll(fd, what, path));
  }
  return std::make_shared<MappedFile>(path, addr, size);
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
