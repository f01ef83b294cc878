// Temporary directories and whole-file reads for tests of caches and
// driver loading.
#ifndef NNADAPTER_TESTING_FILES_H_
#define NNADAPTER_TESTING_FILES_H_

#include <cstdint>
#include <string>
#include <vector>

namespace nnadapter_test {

// A fresh directory /tmp/<prefix>XXXXXX, removed with its contents when the
// object goes. path() is empty (and a test failure recorded) if it could not
// be created.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Sets an environment variable for one scope (unset after).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value);
  ~ScopedEnv();
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

// The bytes of the file at `path` (empty if it cannot be read).
std::vector<uint8_t> ReadFileBytes(const std::string& path);

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_FILES_H_
