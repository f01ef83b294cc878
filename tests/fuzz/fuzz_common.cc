#include "fuzz_common.h"

#include <memory>

#include "nnadapter/utility/precision.h"
#include "nnadapter/utility/modeling.h"
#include "testing/tensor.h"

namespace fuzz {

// An unknown code counts as 4 bytes, so that a hostile precision still
// gets a buffer.
size_t PrecisionSize(int32_t precision) {
  const size_t size = nnadapter::PrecisionByteSize(precision);
  return size ? size : 4;
}

namespace {

using Buffer = nnadapter_test::Tensor;

void* OutputAccess(void* memory, NNAdapterOperandType* type) {
  Buffer* b = static_cast<Buffer*>(memory);
  const int64_t n = nnadapter::GetElementCount(type->dimensions);
  if (n < 0 || n > kMaxElements) return nullptr;
  b->bytes.assign(static_cast<size_t>(n) * PrecisionSize(type->precision) + 8, 0);
  return b->bytes.data();
}

}  // namespace

void ExecuteWithFuzzedInputs(NNAdapterCompilation* compilation, Reader* reader) {
  uint32_t input_count = 0, output_count = 0;
  if (NNAdapterCompilation_queryInputsAndOutputs(compilation, &input_count, nullptr,
                                                 &output_count, nullptr) !=
      NNADAPTER_NO_ERROR) {
    return;
  }
  if (input_count > 64 || output_count > 64) return;
  std::vector<NNAdapterOperandType> in_types(input_count), out_types(output_count);
  std::vector<NNAdapterOperandType*> in_ptrs, out_ptrs;
  for (auto& t : in_types) in_ptrs.push_back(&t);
  for (auto& t : out_types) out_ptrs.push_back(&t);
  if (NNAdapterCompilation_queryInputsAndOutputs(
          compilation, &input_count, in_ptrs.data(), &output_count,
          out_ptrs.data()) != NNADAPTER_NO_ERROR) {
    return;
  }
  // The work of a run grows with its outputs, which shape inference may make
  // huge from tiny inputs (a pool with pads of 10^4 over a 1x1 map): such a
  // model is compiled, not computed, so every input stays well under the
  // 10 s timeout (as the inputs are bounded below).
  for (const NNAdapterOperandType& t : out_types) {
    if (t.dimensions.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) return;
    int64_t n = 1;
    for (uint32_t k = 0; k < t.dimensions.count; ++k) {
      const int32_t d = t.dimensions.data[k];
      n *= d < 0 ? 1 : d;  // n <= kMaxElements before, d < 2^31: no overflow
      if (n > kMaxElements) return;
    }
  }
  NNAdapterExecution* execution = nullptr;
  if (NNAdapterExecution_create(compilation, &execution) != NNADAPTER_NO_ERROR) {
    return;
  }
  std::vector<Buffer> inputs(input_count), outputs(output_count);
  bool ok = true;
  for (uint32_t i = 0; i < input_count && ok; ++i) {
    const NNAdapterOperandType& t = in_types[i];
    Buffer& b = inputs[i];
    int64_t n = 1;
    const uint32_t rank = t.dimensions.count <= NNADAPTER_MAX_SIZE_OF_DIMENSIONS
                              ? t.dimensions.count
                              : 0;
    for (uint32_t k = 0; k < rank; ++k) {
      int32_t d = t.dimensions.data[k];
      if (d < 0) d = 1 + reader->U8() % 3;
      b.dims.push_back(d);
      n *= d;  // n <= kMaxElements before, d < 2^31: no overflow
      if (n > kMaxElements) {
        ok = false;
        break;
      }
    }
    if (!ok) break;
    b.bytes.assign(static_cast<size_t>(n) * PrecisionSize(t.precision) + 8, 0);
    reader->Bytes(b.bytes.data(), b.bytes.size() - 8);
    NNAdapterExecution_setInput(execution, static_cast<int32_t>(i), &b,
                                Buffer::AccessInput);
  }
  if (ok) {
    for (uint32_t i = 0; i < output_count; ++i) {
      NNAdapterExecution_setOutput(execution, static_cast<int32_t>(i), &outputs[i],
                                   OutputAccess);
    }
    NNAdapterExecution_compute(execution);
  }
  NNAdapterExecution_destroy(execution);
}

void QuietLogs() { setenv("NNADAPTER_LOG_QUIET", "1", 1); }

NNAdapterContext* BuiltinDeviceContext() {
  static NNAdapterContext* context = [] {
    QuietLogs();
    NNAdapterDevice* device = nullptr;
    NNAdapterContext* c = nullptr;
    if (NNAdapterDevice_acquire("builtin_device", &device) != NNADAPTER_NO_ERROR ||
        NNAdapterContext_create(&device, 1, "", nullptr, &c) != NNADAPTER_NO_ERROR) {
      __builtin_trap();  // the harness itself cannot work
    }
    return c;
  }();
  return context;
}

}  // namespace fuzz
