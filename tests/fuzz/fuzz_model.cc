// libFuzzer target: the model-building C API driven by a byte-code program.
//
// Each step reads an opcode and its arguments from the fuzz input:
//   0 addOperand      precision (mostly valid ones), rank 0..9, extents
//                     (-1 and 0 included), quantization parameters
//   1 setOperandValue on a chosen operand, with a correct or a fuzzed length
//   2 addOperation    any code (also invalid), 0..12 inputs drawn from the
//                     operands (or NULL / a foreign operand), 0..3 outputs
//                     (fresh operands or existing ones)
//   3 identifyInputsAndOutputs with fuzzed selections
//   4 getSupportedOperations on the builtin_device context
// then finishes the model, compiles it on builtin_device and runs it with
// fuzzed inputs. Every call may fail; none may crash, abort, hang or leak.
#include <cstdint>
#include <vector>

#include "fuzz_common.h"

namespace {

NNAdapterDevice* g_device = nullptr;
NNAdapterContext* g_context = nullptr;

const int32_t kPrecisions[] = {
    NNADAPTER_FLOAT32, NNADAPTER_FLOAT32, NNADAPTER_INT32, NNADAPTER_INT64,
    NNADAPTER_BOOL8, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, NNADAPTER_QUANT_INT32_SYMM_PER_LAYER,
    NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER,
    NNADAPTER_FLOAT16, NNADAPTER_INT8, NNADAPTER_UINT8, NNADAPTER_FLOAT64};

struct State {
  NNAdapterModel* model = nullptr;
  std::vector<NNAdapterOperand*> operands;
  std::vector<std::vector<uint8_t>> values;  // kept alive for copy == false
  uint32_t operations = 0;
};

NNAdapterOperand* AddOperand(fuzz::Reader* r, State* s) {
  NNAdapterOperandType type;
  std::memset(&type, 0, sizeof(type));
  const uint8_t p = r->U8();
  type.precision = p < 240 ? kPrecisions[p % (sizeof(kPrecisions) / sizeof(kPrecisions[0]))]
                           : static_cast<int32_t>(p - 240) * 3;  // also invalid
  type.layout = r->U8() % 3;
  uint8_t rank = r->U8() % 11;
  if (rank > 5 && rank < 9) rank %= 5;  // mostly small ranks, sometimes > 8
  type.dimensions.count = rank;
  for (uint32_t i = 0; i < rank && i < NNADAPTER_MAX_SIZE_OF_DIMENSIONS; ++i) {
    const uint8_t d = r->U8();
    type.dimensions.data[i] = d < 200 ? 1 + d % 4 : (d < 230 ? NNADAPTER_UNKNOWN : d - 230);
  }
  float scales[8];
  switch (type.precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      type.symm_per_layer_params.scale = r->U8() < 250 ? (1 + r->U8() % 16) / 32.f : r->F32();
      break;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
      type.asymm_per_layer_params.scale = (1 + r->U8() % 16) / 32.f;
      type.asymm_per_layer_params.zero_point = r->U8();
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL: {
      const uint32_t n = r->U8() % 9;
      for (uint32_t i = 0; i < n; ++i) scales[i] = (1 + r->U8() % 16) / 64.f;
      type.symm_per_channel_params.channel_dim = r->U8() % 4;
      type.symm_per_channel_params.scale_count = n;
      type.symm_per_channel_params.scales = n ? scales : nullptr;
      break;
    }
    default:
      break;
  }
  NNAdapterOperand* operand = nullptr;
  if (NNAdapterModel_addOperand(s->model, &type, &operand) == NNADAPTER_NO_ERROR) {
    s->operands.push_back(operand);
    return operand;
  }
  return nullptr;
}

void SetValue(fuzz::Reader* r, State* s) {
  if (s->operands.empty()) return;
  NNAdapterOperand* operand = s->operands[r->U8() % s->operands.size()];
  NNAdapterOperandType* type = nullptr;
  if (NNAdapterModel_getOperandType(operand, &type) != NNADAPTER_NO_ERROR) return;
  int64_t n = 1;
  for (uint32_t i = 0; i < type->dimensions.count && i < NNADAPTER_MAX_SIZE_OF_DIMENSIONS; ++i) {
    n *= type->dimensions.data[i] < 0 ? 1 : type->dimensions.data[i];
  }
  if (n > fuzz::kMaxElements) return;
  size_t length = static_cast<size_t>(n) * fuzz::PrecisionSize(type->precision);
  const uint8_t mode = r->U8();
  if (mode % 8 == 7) length = r->U8();  // a wrong length now and then
  std::vector<uint8_t> value(length + 1);
  r->Bytes(value.data(), length);
  // Small values for integer attributes keep shapes/axes plausible.
  if (mode & 0x10) {
    for (size_t i = 0; i < length; ++i) value[i] %= 4;
  }
  const bool copy = (mode & 0x20) == 0;
  NNAdapterModel_setOperandValue(operand, value.data(), static_cast<uint32_t>(length), copy);
  if (!copy) s->values.push_back(std::move(value));  // must outlive the model
}

void AddOperation(fuzz::Reader* r, State* s) {
  const uint8_t code = r->U8();
  const NNAdapterOperationType type = code < 250 ? 1 + code % 93 : code;
  const uint32_t n_in = r->U8() % 13;
  const uint32_t n_out = r->U8() % 4;
  std::vector<NNAdapterOperand*> ins, outs;
  for (uint32_t i = 0; i < n_in; ++i) {
    const uint8_t pick = r->U8();
    if (pick == 255 || s->operands.empty()) {
      ins.push_back(nullptr);
    } else if (pick >= 240) {
      ins.push_back(AddOperand(r, s));
    } else {
      ins.push_back(s->operands[pick % s->operands.size()]);
    }
  }
  for (uint32_t i = 0; i < n_out; ++i) {
    const uint8_t pick = r->U8();
    if (pick < 200 || s->operands.empty()) {
      outs.push_back(AddOperand(r, s));
    } else {
      outs.push_back(s->operands[pick % s->operands.size()]);
    }
  }
  if (NNAdapterModel_addOperation(s->model, type, n_in, ins.data(), n_out,
                                  outs.data(), nullptr) == NNADAPTER_NO_ERROR) {
    ++s->operations;
  }
}

void Identify(fuzz::Reader* r, State* s) {
  std::vector<NNAdapterOperand*> ins, outs;
  const uint32_t n_in = r->U8() % 5, n_out = r->U8() % 4;
  for (uint32_t i = 0; i < n_in && !s->operands.empty(); ++i) {
    ins.push_back(s->operands[r->U8() % s->operands.size()]);
  }
  for (uint32_t i = 0; i < n_out && !s->operands.empty(); ++i) {
    outs.push_back(s->operands[r->U8() % s->operands.size()]);
  }
  NNAdapterModel_identifyInputsAndOutputs(s->model, static_cast<uint32_t>(ins.size()),
                                          ins.data(), static_cast<uint32_t>(outs.size()),
                                          outs.data());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::QuietLogs();
  if (NNAdapterDevice_acquire("builtin_device", &g_device) != NNADAPTER_NO_ERROR ||
      NNAdapterContext_create(&g_device, 1, "", &g_context) != NNADAPTER_NO_ERROR) {
    __builtin_trap();  // the harness itself cannot work
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  State s;
  if (NNAdapterModel_create(&s.model) != NNADAPTER_NO_ERROR) return 0;
  for (int step = 0; step < 48 && !r.empty(); ++step) {
    switch (r.U8() % 5) {
      case 0: AddOperand(&r, &s); break;
      case 1: SetValue(&r, &s); break;
      case 2: AddOperation(&r, &s); break;
      case 3: Identify(&r, &s); break;
      case 4: {
        std::vector<uint8_t> supported(s.operations + 1);
        NNAdapterModel_getSupportedOperations(s.model, g_context,
                                              reinterpret_cast<bool*>(supported.data()));
        break;
      }
    }
  }
  if (NNAdapterModel_finish(s.model) == NNADAPTER_NO_ERROR) {
    NNAdapterCompilation* compilation = nullptr;
    if (NNAdapterCompilation_create(s.model, nullptr, nullptr, 0, nullptr, g_context,
                                    &compilation) == NNADAPTER_NO_ERROR) {
      if (NNAdapterCompilation_finish(compilation) == NNADAPTER_NO_ERROR) {
        fuzz::ExecuteWithFuzzedInputs(compilation, &r);
      }
      NNAdapterCompilation_destroy(compilation);
    }
  }
  NNAdapterModel_destroy(s.model);
  return 0;
}
