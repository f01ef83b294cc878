// The model-cache folder (<dir>/<token>.nnc files): how a cache file is
// read, and how the folder is kept within its limits. See
// docs/nnadapter-runtime.md, "Model cache".
//
// Limits (environment variables, read on every use; a malformed value is a
// warning and the default is used):
//   NNADAPTER_MODEL_CACHE_MAX_FILE_BYTES  one .nnc file; a larger one is
//       never read (not even mapped) but replaced. Default 1 GiB.
//   NNADAPTER_MODEL_CACHE_MAX_BYTES       all .nnc files of the folder.
//       Default 2 GiB.
//   NNADAPTER_MODEL_CACHE_MAX_FILES       number of .nnc files of the folder.
//       Default 64.
// After each cache write the least recently used .nnc files (oldest
// modification time; a load sets it to now) are deleted until the folder is
// within both folder limits; the file just written is always kept.
#ifndef NNADAPTER_RUNTIME_CACHE_DIR_H_
#define NNADAPTER_RUNTIME_CACHE_DIR_H_

#include <cstdint>
#include <string>
#include <vector>

namespace nnadapter {
namespace runtime {

constexpr uint64_t kDefaultCacheFileMaxBytes = uint64_t{1} << 30;
constexpr uint64_t kDefaultCacheDirMaxBytes = uint64_t{2} << 30;
constexpr uint64_t kDefaultCacheDirMaxFiles = 64;

uint64_t CacheFileMaxBytes();
uint64_t CacheDirMaxBytes();
uint64_t CacheDirMaxFiles();

// Reads the cache file `path` under the file-access policy (a regular file,
// not a symlink, at most CacheFileMaxBytes(); a FIFO is refused without
// blocking). *present is false when nothing exists at `path`; otherwise a
// failure sets *reason naming the file and why.
bool ReadCacheFile(const std::string& path, std::vector<uint8_t>* data, bool* present,
                   std::string* reason);

// Marks a cache file as just used (its modification time := now).
void MarkCacheFileUsed(const std::string& path);

// Deletes the least recently used .nnc files of `dir` (never `keep`, a
// file name in it) until the folder is within its limits.
void TrimCacheDir(const std::string& dir, const std::string& keep);

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_CACHE_DIR_H_
