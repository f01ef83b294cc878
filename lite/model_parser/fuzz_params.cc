// libFuzzer target for the params loader: any byte string, read as a
// combined params file (LoDTensor records back to back), must give records
// or throw paddle::lite_api::Error; never crash, leak, read out of bounds or
// hit undefined behaviour. Seeds: the real models' .pdiparams files. Built
// and run by FUZZ_TARGET=params tools/scripts/run_nb_fuzzer.sh SECONDS.
#include <cstddef>
#include <cstdint>

#include "lite/model_parser/tensor_record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace paddle::lite;  // NOLINT
  const char* bytes = reinterpret_cast<const char*>(data);
  // The first record is read as an expected float variable of any shape
  // (the check a combined file's reader makes), the rest unconstrained.
  cpp::VarDesc expected;
  expected.name = "w";
  expected.dtype = DataType::kFloat32;
  expected.dims = {-1, -1};
  size_t offset = 0;
  try {
    for (int i = 0; offset < size && i < 64; ++i) {
      Tensor t;
      ReadLoDTensorRecord(bytes, size, &offset, "fuzz.pdiparams", i == 0 ? &expected : nullptr,
                          &t, i);
    }
  } catch (const paddle::lite_api::Error&) {
  }
  return 0;
}
