#include "runtime/cache_dir.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "file_access/file_access.h"
#include "nnadapter/utility/logging.h"

namespace nnadapter {
namespace runtime {
namespace {

uint64_t Limit(const char* name, uint64_t fallback) {
  const char* value = std::getenv(name);
  if (!value || !*value) return fallback;
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(value, &end, 10);
  if (errno != 0 || *end != '\0' || v == 0 || value[0] == '-') {
    NNADAPTER_LOG(WARNING) << name << "='" << value
                           << "' is not a whole number >= 1; using " << fallback;
    return fallback;
  }
  return v;
}

bool EndsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

uint64_t CacheFileMaxBytes() {
  return Limit("NNADAPTER_MODEL_CACHE_MAX_FILE_BYTES", kDefaultCacheFileMaxBytes);
}
uint64_t CacheDirMaxBytes() {
  return Limit("NNADAPTER_MODEL_CACHE_MAX_BYTES", kDefaultCacheDirMaxBytes);
}
uint64_t CacheDirMaxFiles() {
  return Limit("NNADAPTER_MODEL_CACHE_MAX_FILES", kDefaultCacheDirMaxFiles);
}

bool ReadCacheFile(const std::string& path, std::vector<uint8_t>* data, bool* present,
                   std::string* reason) {
  struct stat st;
  *present = lstat(path.c_str(), &st) == 0 || errno != ENOENT;
  if (!*present) return false;
  file_access::ReadOptions options;
  options.max_bytes = CacheFileMaxBytes();
  options.no_follow = true;  // the runtime names cache files itself
  std::string bytes;
  if (!file_access::ReadFile(path, "NNAdapter model cache", options, &bytes, reason)) {
    return false;
  }
  data->assign(bytes.begin(), bytes.end());
  return true;
}

void MarkCacheFileUsed(const std::string& path) {
  // Best effort: a read-only cache folder still loads.
  if (utimensat(AT_FDCWD, path.c_str(), nullptr, AT_SYMLINK_NOFOLLOW) != 0) {
    NNADAPTER_VLOG(1) << "cannot mark '" << path << "' as used: " << std::strerror(errno);
  }
}

void TrimCacheDir(const std::string& dir, const std::string& keep) {
  const uint64_t max_bytes = CacheDirMaxBytes();
  const uint64_t max_files = CacheDirMaxFiles();
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  struct Entry {
    std::string name;
    struct timespec used;
    uint64_t bytes;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  while (struct dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (!EndsWith(name, ".nnc")) continue;
    struct stat st;
    if (fstatat(dirfd(d), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) {
      continue;
    }
    // st_blocks: a sparse file counts by what it occupies on disk.
    const uint64_t bytes = std::min<uint64_t>(static_cast<uint64_t>(st.st_size),
                                              static_cast<uint64_t>(st.st_blocks) * 512);
    total += bytes;
    if (name != keep) entries.push_back({name, st.st_mtim, bytes});
  }
  uint64_t files = entries.size() + 1;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.used.tv_sec != b.used.tv_sec ? a.used.tv_sec < b.used.tv_sec
                                          : a.used.tv_nsec < b.used.tv_nsec;
  });
  for (const auto& e : entries) {
    if (files <= max_files && total <= max_bytes) break;
    if (unlinkat(dirfd(d), e.name.c_str(), 0) == 0 || errno == ENOENT) {
      NNADAPTER_VLOG(1) << "model cache folder '" << dir << "': deleted the least recently used '"
                        << e.name << "' (" << e.bytes << " bytes; limits " << max_files
                        << " files, " << max_bytes << " bytes)";
      files--;
      total -= e.bytes;
    } else {
      NNADAPTER_LOG(WARNING) << "model cache folder '" << dir << "': cannot delete '" << e.name
                             << "': " << std::strerror(errno);
    }
  }
  closedir(d);
}

}  // namespace runtime
}  // namespace nnadapter
