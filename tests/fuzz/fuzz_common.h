// Shared helpers of the NNAdapter libFuzzer targets: a byte reader and a
// bounded executor that feeds a finished compilation with fuzz bytes.
#ifndef TESTS_FUZZ_FUZZ_COMMON_H_
#define TESTS_FUZZ_FUZZ_COMMON_H_

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace fuzz {

// Reads little-endian values from the fuzz input; past the end it yields
// zeros (so every input is a valid program).
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  size_t remaining() const { return pos_ < size_ ? size_ - pos_ : 0; }
  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint32_t U32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(U8()) << (8 * i);
    return v;
  }
  float F32() {
    const uint32_t bits = U32();
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    return f;
  }
  // Copies up to `n` bytes (zero padded).
  void Bytes(uint8_t* out, size_t n) {
    for (size_t i = 0; i < n; ++i) out[i] = U8();
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Bytes per element; an invalid precision counts as 4 so that fuzzed values
// of such operands still get bytes.
size_t PrecisionSize(int32_t precision);

// Upper bound on the elements of any buffer the harness hands to the
// runtime: larger requests are refused (the access callback returns NULL,
// which the API documents as a failed computation).
constexpr int64_t kMaxElements = 1 << 16;

// Creates an execution of `compilation`, feeds every input with bytes from
// `reader` (unknown dimensions become 1..3), runs it and destroys it. All
// failures are ignored: the API only has to report them.
void ExecuteWithFuzzedInputs(NNAdapterCompilation* compilation,
                             Reader* reader);

// Quiets the library's error logging (fuzzing provokes millions of errors).
void QuietLogs();

// A context over builtin_device, opened once (logs quieted first); traps
// when it cannot be opened, since no harness can work then.
NNAdapterContext* BuiltinDeviceContext();

}  // namespace fuzz

#endif  // TESTS_FUZZ_FUZZ_COMMON_H_
