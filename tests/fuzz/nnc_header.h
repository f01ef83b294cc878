// The .nnc cache header as documented in nnadapter/runtime/cache_format.h
// (re-implemented here from the documentation; the fuzzers only use the
// public API):
//   0  8  magic "NNACACHE"
//   8  4  u32 format version (1)
//   12 4  u32 flags (0)
//   16 8  u64 payload length
//   24 4  u32 CRC32 (IEEE, zlib polynomial) of the payload
//   28 .. payload
#ifndef TESTS_FUZZ_NNC_HEADER_H_
#define TESTS_FUZZ_NNC_HEADER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fuzz {

constexpr size_t kNncHeaderSize = 28;

inline uint32_t Crc32(const uint8_t* data, size_t size) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

inline void PutLE(std::vector<uint8_t>* out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out->push_back(static_cast<uint8_t>(v >> (8 * i)));
}

// A cache image whose header is valid for `payload`.
inline std::vector<uint8_t> WrapNncPayload(const uint8_t* payload, size_t size) {
  std::vector<uint8_t> out = {'N', 'N', 'A', 'C', 'A', 'C', 'H', 'E'};
  PutLE(&out, 1, 4);
  PutLE(&out, 0, 4);
  PutLE(&out, size, 8);
  PutLE(&out, Crc32(payload, size), 4);
  out.insert(out.end(), payload, payload + size);
  return out;
}

}  // namespace fuzz

#endif  // TESTS_FUZZ_NNC_HEADER_H_
