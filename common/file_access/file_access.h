// The one file-access policy of every loader and writer (lite/ and
// nnadapter/): model files, params, ONNX external data, .nb, .nnc caches,
// partition configs, operator-info files, tool inputs.
//
//  * Reading: regular files only (a FIFO, device, socket or directory is
//    refused at open without blocking), a size cap checked before any byte
//    is read, exactly the fstat size read (a growing file cannot make the
//    reader grow), optional O_NOFOLLOW for names the program chose itself.
//  * Paths a model names (ONNX external data): resolved beneath the model's
//    folder (openat2 RESOLVE_BENEATH, or real-path containment where the
//    kernel lacks it): absolute paths, '..' that leaves the folder, symlinks
//    that point outside it and magic links (/proc/self/...) are refused.
//  * Writing: an unnamed temporary in the target's folder (O_TMPFILE),
//    linked under an unpredictable name (O_EXCL semantics) only once it is
//    complete and fsync'ed, then renamed over the target. A planted symlink
//    is never followed; a kill -9 during the write leaves nothing behind.
//    Where O_TMPFILE is unavailable, O_CREAT|O_EXCL|O_NOFOLLOW with a random
//    name.
//
// Plain C++17 with no dependencies and no exceptions: every function
// returns false and sets *error to a message naming `what` (what the file is
// for, e.g. "ONNX external data"), the path and the system's reason.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace file_access {

// Default cap for files read whole (models, params, caches): 4 GiB.
constexpr uint64_t kDefaultMaxBytes = uint64_t{4} << 30;

struct ReadOptions {
  uint64_t max_bytes = kDefaultMaxBytes;
  // Refuse a symlink as the last component (for names the program made
  // itself, such as cache files, never for paths the user typed).
  bool no_follow = false;
};

// Opens `path` for reading under the policy. Returns a descriptor (the
// caller closes it) and its size, or -1 with *error set.
int OpenForRead(const std::string& path, const std::string& what, const ReadOptions& options,
                uint64_t* size, std::string* error);

// Reads the whole file into *out.
bool ReadFile(const std::string& path, const std::string& what, const ReadOptions& options,
              std::string* out, std::string* error);

// Reads `length` bytes at `offset` of an open descriptor of `file_size`
// bytes; a range past the end is an error naming it.
bool ReadRange(int fd, uint64_t file_size, uint64_t offset, uint64_t length,
               const std::string& what, const std::string& path, std::string* out,
               std::string* error);

// Opens `relative` (a path a model file names) beneath `folder` for
// reading: regular files only, never outside the folder. *shown is the path
// for messages (folder + "/" + relative).
int OpenBeneath(const std::string& folder, const std::string& relative, const std::string& what,
                const ReadOptions& options, uint64_t* size, std::string* shown,
                std::string* error);

// Replaces `path` with `size` bytes atomically (see above).
bool WriteFileAtomically(const std::string& path, const void* data, size_t size,
                         const std::string& what, std::string* error);

// "<strerror(err)>" plus a hint for the common cases (ENOENT, EISDIR,
// EACCES, ELOOP from O_NOFOLLOW, EXDEV from RESOLVE_BENEATH).
std::string ReasonOf(int err);

}  // namespace file_access
