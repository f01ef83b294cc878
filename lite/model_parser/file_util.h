// Whole-file reading (regular files only, read once into memory: a file
// rewritten or truncated on disk later cannot change or fault a loaded
// model) and atomic writing, with error messages that name
// the file, what it was supposed to be, and the system's reason.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

namespace paddle {
namespace lite {

// Read-only contents of one file. Keep the shared_ptr alive while using data().
class FileContents {
 public:
  virtual ~FileContents() = default;
  virtual const char* data() const = 0;
  virtual size_t size() const = 0;
  const std::string& path() const { return path_; }

 protected:
  explicit FileContents(std::string path) : path_(std::move(path)) {}

 private:
  std::string path_;
};

// Reads the whole regular file (devices, FIFOs, sockets and directories are
// Errors, without blocking or reading without bound). `what`
// says what the file is for messages ("model file", "params file").
// Throws paddle::lite_api::Error, e.g. "cannot read model file
// '/m/__model__': No such file or directory".
std::shared_ptr<const FileContents> ReadWholeFile(const std::string& path,
                                                  const std::string& what);

// "cannot read <what> '<path>': <strerror(err)>" with a hint for the common
// cases (ENOENT, EISDIR, EACCES).
std::string FileErrorMessage(const std::string& what, const std::string& path,
                             int err);

// Writes `bytes` to `path` via a temporary file in the same directory and a
// rename, so a failed write never leaves a half-written file behind.
void WriteWholeFile(const std::string& path, const std::string& bytes,
                    const std::string& what);

}  // namespace lite
}  // namespace paddle
