#include "lite/model_parser/file_util.h"

#include <cstring>
#include <utility>

#include "file_access/file_access.h"
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

}  // namespace

std::string FileErrorMessage(const std::string& what, const std::string& path, int err) {
  return StrCat("cannot read ", what, " '", path, "': ", file_access::ReasonOf(err));
}

std::shared_ptr<const FileContents> ReadWholeFile(const std::string& path,
                                                  const std::string& what) {
  // The shared policy: regular files only (FIFOs refused without blocking),
  // the size cap checked before reading, exactly the fstat size read.
  std::string bytes, error;
  if (!file_access::ReadFile(path, what, {}, &bytes, &error)) throw Error(error);
  return std::make_shared<StringFile>(path, std::move(bytes));
}

void WriteWholeFile(const std::string& path, const std::string& bytes,
                    const std::string& what) {
  // An unnamed temporary linked and renamed into place: a planted symlink is
  // never followed and a kill -9 leaves no stray file.
  std::string error;
  if (!file_access::WriteFileAtomically(path, bytes.data(), bytes.size(), what, &error)) {
    throw Error(error);
  }
}

}  // namespace lite
}  // namespace paddle
