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
//   5 a templated operation: a common operation (unary, binary, softmax,
//     reshape, transpose, concat, reduce, conv, pool, fully connected) whose
//     operands are well-formed except for fuzzed attribute values, so that
//     many programs reach compilation and execution
// then identifies the inputs/outputs (if step 3 did not), finishes the model, compiles it on builtin_device and runs it with
// fuzzed inputs. Every call may fail; none may crash, abort, hang or leak.
#include <cstdint>
#include <cstring>
#include <vector>

#include "fuzz_common.h"
#include "nnadapter/operation_layout.h"

namespace {

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
  std::vector<NNAdapterOperand*> produced;
  bool identified = false;
};

NNAdapterOperand* NewOperand(State* s, int32_t precision, std::vector<int32_t> dims) {
  NNAdapterOperandType type;
  std::memset(&type, 0, sizeof(type));
  type.precision = precision;
  type.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) type.dimensions.data[i] = dims[i];
  NNAdapterOperand* o = nullptr;
  if (NNAdapterModel_addOperand(s->model, &type, &o) != NNADAPTER_NO_ERROR) return nullptr;
  s->operands.push_back(o);
  return o;
}

NNAdapterOperand* ConstI32s(State* s, const std::vector<int32_t>& v) {
  NNAdapterOperand* o = NewOperand(s, NNADAPTER_INT32, {static_cast<int32_t>(v.size())});
  if (o) {
    NNAdapterModel_setOperandValue(o, const_cast<int32_t*>(v.data()),
                                   static_cast<uint32_t>(v.size() * 4), true);
  }
  return o;
}

NNAdapterOperand* ConstF32s(State* s, fuzz::Reader* r, std::vector<int32_t> dims) {
  int64_t n = 1;
  for (int32_t d : dims) n *= d;
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = static_cast<float>(static_cast<int8_t>(r->U8())) / 16.f;
  NNAdapterOperand* o = NewOperand(s, NNADAPTER_FLOAT32, std::move(dims));
  if (o) {
    NNAdapterModel_setOperandValue(o, v.data(), static_cast<uint32_t>(v.size() * 4), true);
  }
  return o;
}

NNAdapterOperand* ConstBool(State* s, bool b) {
  NNAdapterOperand* o = NewOperand(s, NNADAPTER_BOOL8, {1});
  uint8_t v = b;
  if (o) NNAdapterModel_setOperandValue(o, &v, 1, true);
  return o;
}

// A small signed attribute value, mostly in range.
// A small value in [-2 + offset, 4 + offset], or (1 in 16) any 32-bit value;
// the offset wraps around (no signed overflow in the harness).
int32_t SmallInt(fuzz::Reader* r, int32_t offset = 0) {
  const uint8_t v = r->U8();
  const uint32_t raw = v < 240 ? static_cast<uint32_t>(static_cast<int32_t>(v % 7) - 2)
                               : r->U32();
  return static_cast<int32_t>(raw + static_cast<uint32_t>(offset));
}

// A FLOAT32 4-D value to operate on: an existing FLOAT32 operand or a new
// (input) operand [1..2, 1..3, 1..4, 1..4].
NNAdapterOperand* FloatValue(fuzz::Reader* r, State* s) {
  const uint8_t pick = r->U8();
  std::vector<NNAdapterOperand*> candidates;
  for (NNAdapterOperand* o : s->operands) {
    NNAdapterOperandType* t = nullptr;
    if (NNAdapterModel_getOperandType(o, &t) == NNADAPTER_NO_ERROR &&
        t->precision == NNADAPTER_FLOAT32 && t->dimensions.count == 4 &&
        t->lifetime != NNADAPTER_CONSTANT_COPY && t->lifetime != NNADAPTER_CONSTANT_REFERENCE) {
      candidates.push_back(o);
    }
  }
  if (pick < 128 && !candidates.empty()) return candidates[pick % candidates.size()];
  return NewOperand(s, NNADAPTER_FLOAT32,
                    {1 + r->U8() % 2, 1 + r->U8() % 3, 1 + r->U8() % 4, 1 + r->U8() % 4});
}

void TemplateOperation(fuzz::Reader* r, State* s) {
  NNAdapterOperand* x = FloatValue(r, s);
  if (!x) return;
  NNAdapterOperandType* xt = nullptr;
  NNAdapterModel_getOperandType(x, &xt);
  const int32_t c = xt->dimensions.data[1] > 0 ? xt->dimensions.data[1] : 1;
  NNAdapterOperand* out = NewOperand(s, NNADAPTER_FLOAT32, {});
  if (!out) return;
  NNAdapterOperationType type = 0;
  std::vector<NNAdapterOperand*> ins;
  std::vector<NNAdapterOperand*> outs = {out};
  static const NNAdapterOperationType kUnary[] = {
      NNADAPTER_ABS, NNADAPTER_RELU, NNADAPTER_RELU6, NNADAPTER_SIGMOID, NNADAPTER_TANH,
      NNADAPTER_EXP, NNADAPTER_LOG, NNADAPTER_SQUARE, NNADAPTER_SWISH, NNADAPTER_FLOOR,
      NNADAPTER_RSQRT, NNADAPTER_SIN, NNADAPTER_COS, NNADAPTER_ASSIGN};
  static const NNAdapterOperationType kBinary[] = {
      NNADAPTER_ADD, NNADAPTER_SUB, NNADAPTER_MUL, NNADAPTER_DIV, NNADAPTER_MAX,
      NNADAPTER_MIN, NNADAPTER_POW, NNADAPTER_FLOOR_DIV};
  switch (r->U8() % 10) {
    case 0:
      type = kUnary[r->U8() % (sizeof(kUnary) / sizeof(kUnary[0]))];
      ins = {x};
      break;
    case 1:
      type = kBinary[r->U8() % (sizeof(kBinary) / sizeof(kBinary[0]))];
      ins = {x, FloatValue(r, s), ConstI32s(s, {SmallInt(r, 2)})};
      break;
    case 2:
      type = r->U8() & 1 ? NNADAPTER_SOFTMAX : NNADAPTER_LOG_SOFTMAX;
      ins = {x, ConstI32s(s, {SmallInt(r)})};
      break;
    case 3:
      type = NNADAPTER_RESHAPE;
      ins = {x, ConstI32s(s, {SmallInt(r, 1), SmallInt(r, 1), SmallInt(r, 1)})};
      break;
    case 4:
      type = NNADAPTER_TRANSPOSE;
      ins = {x, ConstI32s(s, {SmallInt(r, 2), SmallInt(r, 2), SmallInt(r, 2), SmallInt(r, 2)})};
      break;
    case 5:
      type = NNADAPTER_CONCAT;
      ins = {x, FloatValue(r, s), ConstI32s(s, {SmallInt(r)})};
      break;
    case 6:
      type = r->U8() & 1 ? NNADAPTER_REDUCE_MEAN : NNADAPTER_REDUCE_SUM;
      ins = {x, ConstI32s(s, {SmallInt(r)}), ConstBool(s, r->U8() & 1)};
      break;
    case 7: {
      type = NNADAPTER_CONV_2D;
      const int32_t co = 1 + r->U8() % 3, k = 1 + r->U8() % 3;
      const int32_t group = r->U8() % 4 == 0 ? c : 1;
      ins = {x, ConstF32s(s, r, {group == 1 ? co : c, group == 1 ? c : 1, k, k}),
             ConstF32s(s, r, {group == 1 ? co : c}), ConstI32s(s, {SmallInt(r, 2)}),
             ConstI32s(s, {SmallInt(r, 2), SmallInt(r, 2), SmallInt(r, 2), SmallInt(r, 2)}),
             ConstI32s(s, {SmallInt(r, 2), SmallInt(r, 2)}), ConstI32s(s, {group}),
             ConstI32s(s, {SmallInt(r, 2), SmallInt(r, 2)}), ConstI32s(s, {SmallInt(r, 2)})};
      break;
    }
    case 8: {
      const bool is_max = r->U8() & 1;
      type = is_max ? NNADAPTER_MAX_POOL_2D : NNADAPTER_AVERAGE_POOL_2D;
      ins = {x, ConstI32s(s, {SmallInt(r, 2)}),
             ConstI32s(s, {SmallInt(r, 2), SmallInt(r, 2), SmallInt(r, 2), SmallInt(r, 2)}),
             ConstI32s(s, {SmallInt(r, 3), SmallInt(r, 3)}),
             ConstI32s(s, {SmallInt(r, 3), SmallInt(r, 3)}), ConstBool(s, r->U8() & 1),
             ConstBool(s, r->U8() & 1)};
      if (is_max) ins.push_back(ConstI32s(s, {NNADAPTER_INT64}));
      ins.push_back(ConstI32s(s, {SmallInt(r, 2)}));
      break;
    }
    default: {
      type = NNADAPTER_FULLY_CONNECTED;
      const int32_t in_size = r->U8() % 2 ? c : 1 + r->U8() % 8;
      const int32_t units = 1 + r->U8() % 4;
      ins = {x, ConstF32s(s, r, {units, in_size}), ConstF32s(s, r, {units}),
             ConstI32s(s, {SmallInt(r, 2)})};
      break;
    }
  }
  if (NNAdapterModel_addOperation(s->model, type, static_cast<uint32_t>(ins.size()), ins.data(),
                                  static_cast<uint32_t>(outs.size()), outs.data(),
                                  nullptr) == NNADAPTER_NO_ERROR) {
    ++s->operations;
    s->produced.push_back(out);
  }
}

// Identifies every non-constant operand that no operation produces as an
// input and the last produced operand as the output.
void IdentifyPlausibly(State* s) {
  std::vector<NNAdapterOperand*> ins, outs;
  for (NNAdapterOperand* o : s->operands) {
    NNAdapterOperandType* t = nullptr;
    if (NNAdapterModel_getOperandType(o, &t) != NNADAPTER_NO_ERROR) continue;
    if (t->lifetime == NNADAPTER_CONSTANT_COPY || t->lifetime == NNADAPTER_CONSTANT_REFERENCE) continue;
    bool produced = false;
    for (NNAdapterOperand* p : s->produced) produced = produced || p == o;
    if (!produced) ins.push_back(o);
  }
  if (!s->produced.empty()) outs.push_back(s->produced.back());
  NNAdapterModel_identifyInputsAndOutputs(s->model, static_cast<uint32_t>(ins.size()),
                                          ins.data(), static_cast<uint32_t>(outs.size()),
                                          outs.data());
  s->identified = true;
}

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
  const NNAdapterOperationType type = code < 250 ? 1 + code % nnadapter::kOperationCount : code;
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
    for (NNAdapterOperand* o : outs) s->produced.push_back(o);
  }
}

void IdentifyPlausibly(State* s);

void Identify(fuzz::Reader* r, State* s) {
  if (r->U8() & 1) {
    IdentifyPlausibly(s);
    return;
  }
  s->identified = true;
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
  fuzz::BuiltinDeviceContext();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  State s;
  if (NNAdapterModel_create(&s.model) != NNADAPTER_NO_ERROR) return 0;
  for (int step = 0; step < 48 && !r.empty(); ++step) {
    switch (r.U8() % 6) {
      case 0: AddOperand(&r, &s); break;
      case 1: SetValue(&r, &s); break;
      case 2: AddOperation(&r, &s); break;
      case 3: Identify(&r, &s); break;
      case 4: {
        std::vector<uint8_t> supported(s.operations + 1);
        NNAdapterModel_getSupportedOperations(s.model, fuzz::BuiltinDeviceContext(),
                                              reinterpret_cast<bool*>(supported.data()));
        break;
      }
      case 5: TemplateOperation(&r, &s); break;
    }
  }
  if (!s.identified) IdentifyPlausibly(&s);
  if (NNAdapterModel_finish(s.model) == NNADAPTER_NO_ERROR) {
    NNAdapterCompilation* compilation = nullptr;
    if (NNAdapterCompilation_create(s.model, nullptr, nullptr, 0, nullptr, fuzz::BuiltinDeviceContext(),
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
