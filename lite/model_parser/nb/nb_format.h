// The `.nb` optimized-model format: constants, checksum, and the little
// byte writer/reader shared by nb_writer.cc and nb_reader.cc. The layout is
// documented byte by byte in docs/nb-format.md; keep both in step.
#pragma once
// Header-only xxHash (Debian libxxhash-dev): no library to link.
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "lite/core/error.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the .nb reader/writer assume a little-endian host"
#endif

namespace paddle {
namespace lite {
namespace nb {

// Header fields (all little-endian). Bytes 0..63 keep this meaning in every
// format version, so any runtime can name the producer of a newer file.
constexpr char kMagic[8] = {'P', 'L', 'N', 'N', 'A', 'N', 'B', '\x1a'};
constexpr uint32_t kFormatVersion = 2;  // 2: XXH3-64 checksum
constexpr size_t kHeaderSize = 128;
constexpr size_t kProducerSize = 32;
constexpr size_t kAlignment = 64;      // weights are aligned to this in the file
// The producer version written into new files.
constexpr const char* kProducerVersion = "paddle-lite-nna 0.1.0";

// Header offsets.
constexpr size_t kOffMagic = 0;
constexpr size_t kOffVersion = 8;
constexpr size_t kOffFlags = 12;
constexpr size_t kOffProducer = 16;
constexpr size_t kOffFileSize = 48;
constexpr size_t kOffChecksum = 56;
constexpr size_t kOffMetaOffset = 64;
constexpr size_t kOffMetaSize = 72;
constexpr size_t kOffDataOffset = 80;
constexpr size_t kOffDataSize = 88;

// Flags.
constexpr uint32_t kFlagNNAdapter = 1u;  // the program has `subgraph` ops
// The program section carries compiled NNAdapter programs (opt with device
// names and --nnadapter_model_cache_dir).
constexpr uint32_t kFlagNNAdapterCaches = 2u;
constexpr uint32_t kKnownFlags = kFlagNNAdapter | kFlagNNAdapterCaches;

// Limits that keep a hostile file from asking for absurd allocations.
constexpr uint32_t kMaxRank = 64;

// The file checksum: XXH3-64 (xxHash, seed 0) of the file with the checksum
// field itself (bytes 56..63) read as zero. (Format version 1 used four
// FNV-1a lanes, which paired flips of bit 63 in words 32 bytes apart left
// unchanged: 800 weight sign flips loaded.)
inline uint64_t Checksum64(const char* data, size_t size) {
  XXH3_state_t state;
  XXH3_64bits_reset(&state);
  static const char kZero[8] = {};
  if (size <= kOffChecksum) {
    XXH3_64bits_update(&state, data, size);
  } else {
    XXH3_64bits_update(&state, data, kOffChecksum);
    size_t field = size - kOffChecksum < 8 ? size - kOffChecksum : 8;
    XXH3_64bits_update(&state, kZero, field);
    if (size > kOffChecksum + 8) XXH3_64bits_update(&state, data + kOffChecksum + 8, size - kOffChecksum - 8);
  }
  return XXH3_64bits_digest(&state);
}

inline size_t AlignUp(size_t n) { return (n + kAlignment - 1) / kAlignment * kAlignment; }

// Appends little-endian values to a string.
class ByteWriter {
 public:
  explicit ByteWriter(std::string* out) : out_(out) {}
  template <typename T>
  void Put(T v) {
    out_->append(reinterpret_cast<const char*>(&v), sizeof(T));
  }
  void PutString(const std::string& s) {
    Put<uint32_t>(static_cast<uint32_t>(s.size()));
    out_->append(s);
  }

 private:
  std::string* out_;
};

// Reads little-endian values within [begin, end); every overrun is an Error
// naming what was being read and the absolute file offset.
class ByteReader {
 public:
  ByteReader(const char* file, size_t begin, size_t end, std::string source)
      : file_(file), pos_(begin), end_(end), source_(std::move(source)) {}

  size_t pos() const { return pos_; }
  size_t remaining() const { return end_ - pos_; }
  const std::string& source() const { return source_; }

  template <typename T>
  T Get(const char* what) {
    Need(sizeof(T), what);
    T v;
    std::memcpy(&v, file_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  std::string GetString(const char* what) {
    uint32_t n = Get<uint32_t>(what);
    Need(n, what);
    std::string s(file_ + pos_, n);
    pos_ += n;
    return s;
  }
  // A count of elements each at least `min_bytes` long: rejected when the
  // rest of the section could not hold them.
  uint32_t GetCount(const char* what, size_t min_bytes) {
    uint32_t n = Get<uint32_t>(what);
    if (min_bytes > 0 && n > remaining() / min_bytes) {
      ThrowError(source_, ": ", what, " count ", n, " at byte ", pos_ - 4,
                 " cannot fit in the ", remaining(),
                 " bytes left of the section (corrupt file?)");
    }
    return n;
  }
  void Need(size_t n, const char* what) const {
    if (n > end_ - pos_) {
      ThrowError(source_, ": ", what, " at byte ", pos_, " needs ", n, " bytes but only ",
                 end_ - pos_, " remain in the section (truncated or corrupt file?)");
    }
  }

 private:
  const char* file_;
  size_t pos_;
  size_t end_;
  std::string source_;
};

}  // namespace nb
}  // namespace lite
}  // namespace paddle
