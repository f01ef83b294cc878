// libFuzzer target: the .nnc model-cache loader.
//
// The input is a cache image handed to NNAdapterCompilation_create(model =
// NULL, token, cache_buffer, cache_length) on a builtin_device context, then
// NNAdapterCompilation_finish; a cache that loads is executed with fuzzed
// inputs. Two modes, chosen by the first byte:
//   even: the rest of the input is the raw cache file (header included);
//   odd:  the rest is the payload; the harness writes a valid header (magic,
//         format version, length, CRC32) so that mutations reach the payload
//         parser instead of stopping at the checksum.
// The seed corpus holds real cache files in both forms (make_cache_seeds).
#include <cstdint>
#include <vector>

#include "fuzz_common.h"
#include "nnc_header.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::BuiltinDeviceContext();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::vector<uint8_t> image;
  if (data[0] & 1) {
    image = fuzz::WrapNncPayload(data + 1, size - 1);
  } else {
    image.assign(data + 1, data + size);
  }
  if (image.empty()) return 0;
  NNAdapterCompilation* compilation = nullptr;
  if (NNAdapterCompilation_create(nullptr, "fuzz", image.data(),
                                  static_cast<uint32_t>(image.size()), nullptr,
                                  fuzz::BuiltinDeviceContext(), &compilation) != NNADAPTER_NO_ERROR) {
    return 0;
  }
  if (NNAdapterCompilation_finish(compilation) == NNADAPTER_NO_ERROR) {
    // Inputs: the bytes after the image are reused from the start of data.
    fuzz::Reader r(data, size);
    fuzz::ExecuteWithFuzzedInputs(compilation, &r);
  }
  NNAdapterCompilation_destroy(compilation);
  return 0;
}
