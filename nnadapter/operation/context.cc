#include "operation/context.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace operation {

const std::initializer_list<NNAdapterOperandPrecision> kFloatOrQuant8 = {
    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER};
const std::initializer_list<NNAdapterOperandPrecision> kInt32OrInt64 = {
    NNADAPTER_INT32, NNADAPTER_INT64};
const std::initializer_list<NNAdapterOperandPrecision> kFloatQuant8OrInt = {
    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, NNADAPTER_INT32,
    NNADAPTER_INT64};
const std::initializer_list<NNAdapterOperandPrecision> kFloatQuant8IntOrBool =
    {NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, NNADAPTER_INT32,
     NNADAPTER_INT64, NNADAPTER_BOOL8};

std::string DimsToString(const Dims& dims) {
  return ExtentsToString(dims.data(), dims.size());
}

std::string PrecisionName(NNAdapterOperandPrecision precision) {
  return OperandPrecisionName(precision);
}

Dims ToDims(const NNAdapterOperandDimensionType& dims) {
  uint32_t n = dims.count;
  if (n > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) n = NNADAPTER_MAX_SIZE_OF_DIMENSIONS;
  return Dims(dims.data, dims.data + n);
}

void SetDims(const Dims& dims, NNAdapterOperandDimensionType* out) {
  out->count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); i++) {
    out->data[i] = dims[i] < 0 ? NNADAPTER_UNKNOWN : dims[i];
  }
}

int64_t ElementCount(const Dims& dims) {
  constexpr int64_t kLimit = int64_t{1} << 53;
  int64_t n = 1;
  for (int32_t d : dims) {
    if (d < 0) return -1;
    if (d != 0 && n > kLimit / d) return -1;
    n *= d;
  }
  return n;
}

int32_t CheckedExtent(const Context* ctx, uint32_t i, int64_t value) {
  if (value > std::numeric_limits<int32_t>::max()) {
    ctx->FailInput(i, "the output extent " + std::to_string(value) +
                          " does not fit in int32");
  }
  return static_cast<int32_t>(value);
}

bool BroadcastDims(const Dims& a, const Dims& b, Dims* out, int* bad_axis) {
  const size_t rank = std::max(a.size(), b.size());
  Dims result(rank);
  for (size_t k = 0; k < rank; k++) {
    // Align from the right.
    const int32_t x = k < rank - a.size() ? 1 : a[k - (rank - a.size())];
    const int32_t y = k < rank - b.size() ? 1 : b[k - (rank - b.size())];
    int32_t r;
    if (x == y) {
      r = x;
    } else if (x == 1) {
      r = y;
    } else if (y == 1) {
      r = x;
    } else if (x < 0) {
      r = y;  // unknown must be 1 or y; the result is y either way
    } else if (y < 0) {
      r = x;
    } else {
      if (bad_axis) *bad_axis = static_cast<int>(k);
      return false;
    }
    result[k] = r < 0 ? NNADAPTER_UNKNOWN : r;
  }
  *out = result;
  return true;
}

int32_t WindowOutputSize(int32_t in, int32_t kernel, int32_t stride,
                         int32_t dilation, int32_t pad_begin, int32_t pad_end,
                         bool ceil_mode) {
  if (in < 0) return NNADAPTER_UNKNOWN;
  const int64_t effective = static_cast<int64_t>(dilation) * (kernel - 1) + 1;
  const int64_t span =
      static_cast<int64_t>(in) + pad_begin + pad_end - effective;
  if (span < 0) return 0;
  const int64_t out =
      (ceil_mode ? (span + stride - 1) / stride : span / stride) + 1;
  return static_cast<int32_t>(out);
}

bool SamePadding(int32_t in, int32_t kernel, int32_t stride, int32_t dilation,
                 int32_t* pad_begin, int32_t* pad_end) {
  if (in < 0) return false;
  const int64_t out = (static_cast<int64_t>(in) + stride - 1) / stride;
  const int64_t effective = static_cast<int64_t>(dilation) * (kernel - 1) + 1;
  int64_t total = (out - 1) * stride + effective - in;
  if (total < 0) total = 0;
  *pad_begin = static_cast<int32_t>(total / 2);
  *pad_end = static_cast<int32_t>(total - total / 2);
  return true;
}

// Generic checks of every operand type: valid precision and rank, sane
// dimensions and quantization parameters; outputs are not constants.
void Context::CheckOperandTypes() const {
  const Context& ctx = *this;
  core::Operation* op = op_;
  for (uint32_t i = 0; i < op->input_operands.size(); i++) {
    const core::Operand* operand = op->input_operands[i];
    if (!operand) continue;  // optional operands are checked by the op
    const NNAdapterOperandType& t = operand->type;
    if (!IsValidPrecision(t.precision)) {
      ctx.FailInput(i, "invalid precision " + PrecisionName(t.precision));
    }
    if (t.dimensions.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
      ctx.FailInput(i, "rank " + std::to_string(t.dimensions.count) +
                           " exceeds NNADAPTER_MAX_SIZE_OF_DIMENSIONS");
    }
    for (uint32_t d = 0; d < t.dimensions.count; d++) {
      if (t.dimensions.data[d] < NNADAPTER_UNKNOWN) {
        ctx.FailInput(i, "dimension " + std::to_string(d) + " is " +
                             std::to_string(t.dimensions.data[d]) +
                             ", expected >= 0 or NNADAPTER_UNKNOWN");
      }
    }
    if (t.dimensions.dynamic_count > NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS) {
      ctx.FailInput(i, "dynamic_count " +
                           std::to_string(t.dimensions.dynamic_count) +
                           " exceeds NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS");
    }
    switch (t.precision) {
      case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
      case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
      case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER: {
        const float scale = t.symm_per_layer_params.scale;
        if (!(scale > 0) || !std::isfinite(scale)) {
          ctx.FailInput(i, "expected a positive quantization scale, got " +
                               std::to_string(scale));
        }
        break;
      }
      case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
      case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL: {
        const auto& p = t.symm_per_channel_params;
        if (!p.scales || p.scale_count == 0) {
          ctx.FailInput(i, "per-channel quantization without scales");
        }
        if (p.channel_dim >= t.dimensions.count) {
          ctx.FailInput(i, "channel_dim " + std::to_string(p.channel_dim) +
                               " is out of range for " +
                               DimsToString(ToDims(t.dimensions)));
        }
        const int32_t channels = t.dimensions.data[p.channel_dim];
        if (channels >= 0 && static_cast<uint32_t>(channels) != p.scale_count) {
          ctx.FailInput(i, "expected " + std::to_string(channels) +
                               " per-channel scales (dimension " +
                               std::to_string(p.channel_dim) + "), got " +
                               std::to_string(p.scale_count));
        }
        for (uint32_t c = 0; c < p.scale_count; c++) {
          if (!(p.scales[c] > 0) || !std::isfinite(p.scales[c])) {
            ctx.FailInput(i, "scale[" + std::to_string(c) + "] is " +
                                 std::to_string(p.scales[c]) +
                                 ", expected a positive value");
          }
        }
        break;
      }
      default:
        break;
    }
  }
  for (uint32_t j = 0; j < op->output_operands.size(); j++) {
    const core::Operand* operand = op->output_operands[j];
    if (operand && IsConstantOperand(operand)) {
      ctx.FailOutput(j, "must not be a constant operand");
    }
  }
}

Context::Context(core::Operation* op, const char* op_name)
    : op_(op), name_(op_name) {}

const OperationLayout& Context::layout() const {
  const OperationLayout* layout = FindOperationLayout(op_->type);
  if (!layout) {
    throw ValidationError{NNADAPTER_FEATURE_NOT_SUPPORTED,
                          std::string(name_) + ": no operand layout"};
  }
  return *layout;
}

void Context::Inputs() { Inputs(layout().input_count); }

void Context::Inputs(uint32_t count) {
  const OperationLayout& l = layout();
  if (count > l.input_count) count = l.input_count;
  const uint32_t n = input_count();
  input_names_.clear();
  if (!l.variadic()) {
    for (uint32_t i = 0; i < count; i++) {
      input_names_.push_back(l.inputs[i].name);
    }
    if (n != count) {
      Fail("expected " + std::to_string(count) + " input operands, got " +
           std::to_string(n));
    }
    CheckOperandTypes();
    return;
  }
  // One variadic entry: it takes every operand the others leave.
  if (n < count) {
    Fail("expected at least " + std::to_string(count) +
         " input operands, got " + std::to_string(n));
  }
  const uint32_t repeated = n - (count - 1);
  for (uint32_t k = 0; k < count; k++) {
    const OperandInfo& info = l.inputs[k];
    if (info.kind != OperandKind::kVariadic) {
      input_names_.push_back(info.name);
      continue;
    }
    for (uint32_t i = 0; i < repeated; i++) {
      input_names_.push_back(info.name + std::to_string(i));
    }
  }
  CheckOperandTypes();
}

void Context::Outputs() {
  const OperationLayout& l = layout();
  if (l.min_outputs == kVariableOutputs) {
    Fail("the output count is set by the operation's operands");
  }
  OutputsRange(static_cast<uint32_t>(l.min_outputs),
               static_cast<uint32_t>(l.max_outputs));
}

void Context::Outputs(uint32_t count) { OutputsRange(count, count); }

void Context::OutputsRange(uint32_t min_count, uint32_t max_count) {
  const uint32_t n = output_count();
  if (n < min_count || n > max_count) {
    std::string expected = std::to_string(min_count);
    if (max_count != min_count) {
      expected += " to " + std::to_string(max_count);
    }
    Fail("expected " + expected + " output operands, got " +
         std::to_string(n));
  }
  for (uint32_t j = 0; j < n; j++) {
    if (!op_->output_operands[j]) FailOutput(j, "is null");
  }
}

std::string Context::InputLabel(uint32_t i) const {
  std::string s = "input " + std::to_string(i);
  if (i < input_names_.size()) s += std::string(" (") + input_names_[i] + ")";
  return s;
}

std::string Context::OutputLabel(uint32_t i) const {
  return "output " + std::to_string(i);
}

void Context::Fail(const std::string& what) const {
  throw ValidationError{NNADAPTER_INVALID_PARAMETER,
                        std::string(name_) + ": " + what};
}

void Context::FailInput(uint32_t i, const std::string& what) const {
  Fail(InputLabel(i) + ": " + what);
}

void Context::FailOutput(uint32_t i, const std::string& what) const {
  Fail(OutputLabel(i) + ": " + what);
}

core::Operand* Context::InOptional(uint32_t i) const {
  if (i >= op_->input_operands.size()) {
    Fail(InputLabel(i) + ": missing (only " +
         std::to_string(op_->input_operands.size()) + " input operands)");
  }
  return op_->input_operands[i];
}

core::Operand* Context::In(uint32_t i) const {
  core::Operand* operand = InOptional(i);
  if (!operand) FailInput(i, "expected an operand, got null");
  return operand;
}

bool Context::IsConstant(uint32_t i) const {
  return IsConstantOperand(In(i));
}

void Context::ExpectPrecision(
    uint32_t i,
    std::initializer_list<NNAdapterOperandPrecision> allowed) const {
  const NNAdapterOperandPrecision p = InPrecision(i);
  for (auto a : allowed) {
    if (a == p) return;
  }
  std::string expected;
  for (auto a : allowed) {
    if (!expected.empty()) expected += " or ";
    expected += PrecisionName(a);
  }
  FailInput(i, "expected precision " + expected + ", got " + PrecisionName(p));
}

void Context::ExpectSamePrecision(uint32_t i, uint32_t j) const {
  if (InPrecision(i) != InPrecision(j)) {
    FailInput(i, "expected the precision of " + InputLabel(j) + " (" +
                     PrecisionName(InPrecision(j)) + "), got " +
                     PrecisionName(InPrecision(i)));
  }
}

void Context::ExpectRank(uint32_t i, uint32_t rank) const {
  if (InRank(i) != rank) {
    FailInput(i, "expected rank " + std::to_string(rank) + ", got " +
                     DimsToString(InDims(i)));
  }
}

void Context::ExpectRankRange(uint32_t i, uint32_t min_rank,
                              uint32_t max_rank) const {
  const uint32_t r = InRank(i);
  if (r < min_rank || r > max_rank) {
    FailInput(i, "expected rank in [" + std::to_string(min_rank) + ", " +
                     std::to_string(max_rank) + "], got " +
                     DimsToString(InDims(i)));
  }
}

void Context::ExpectConstant(uint32_t i) const {
  const core::Operand* operand = In(i);
  if (!IsConstantOperand(operand)) {
    FailInput(i, "expected a constant operand, got lifetime " +
                     OperandLifetimeName(operand->type.lifetime));
  }
  const int64_t bytes = GetOperandTypeBufferLength(operand->type);
  if (bytes < 0 || (bytes > 0 && !operand->buffer) ||
      static_cast<int64_t>(operand->length) < bytes) {
    FailInput(i, "constant value has " + std::to_string(operand->length) +
                     " bytes, expected " + std::to_string(bytes) + " for " +
                     PrecisionName(operand->type.precision) +
                     DimsToString(InDims(i)));
  }
}

void Context::ExpectDim(uint32_t i, uint32_t axis, int32_t value,
                        const std::string& what) const {
  const Dims d = InDims(i);
  if (axis >= d.size()) {
    FailInput(i, "expected at least " + std::to_string(axis + 1) +
                     " dimensions, got " + DimsToString(d));
  }
  if (d[axis] >= 0 && value >= 0 && d[axis] != value) {
    FailInput(i, "expected dimension " + std::to_string(axis) + " to be " +
                     std::to_string(value) + " (" + what + "), got " +
                     DimsToString(d));
  }
}

void Context::CheckScalarShape(uint32_t i) const {
  const Dims d = InDims(i);
  if (!(d.empty() || (d.size() == 1 && d[0] == 1))) {
    FailInput(i, "expected shape [1], got " + DimsToString(d));
  }
}

const void* Context::ConstantScalar(
    uint32_t i, std::initializer_list<NNAdapterOperandPrecision> allowed) const {
  ExpectPrecision(i, allowed);
  CheckScalarShape(i);
  ExpectConstant(i);
  return In(i)->buffer;
}

namespace {
// Operand buffers carry no alignment guarantee: read through memcpy.
template <typename T>
T Load(const void* buffer) {
  T v;
  std::memcpy(&v, buffer, sizeof(v));
  return v;
}
}  // namespace

int32_t Context::Int32(uint32_t i) const {
  return Load<int32_t>(ConstantScalar(i, {NNADAPTER_INT32}));
}

bool Context::Bool(uint32_t i) const {
  return Load<uint8_t>(ConstantScalar(i, {NNADAPTER_BOOL8})) != 0;
}

float Context::Float(uint32_t i) const {
  return Load<float>(ConstantScalar(i, {NNADAPTER_FLOAT32}));
}

double Context::Number(uint32_t i) const {
  const void* b = ConstantScalar(
      i, {NNADAPTER_FLOAT32, NNADAPTER_INT32, NNADAPTER_INT64});
  switch (InPrecision(i)) {
    case NNADAPTER_FLOAT32:
      return Load<float>(b);
    case NNADAPTER_INT32:
      return Load<int32_t>(b);
    default:
      return static_cast<double>(Load<int64_t>(b));
  }
}

int32_t Context::FuseCode(uint32_t i) const {
  const int32_t v = Int32(i);
  if (v < NNADAPTER_FUSED_NONE || v > NNADAPTER_FUSED_RELU6) {
    FailInput(i, "expected a NNAdapterFuseCode (0..3), got " +
                     std::to_string(v));
  }
  return v;
}

int32_t Context::NormalizeAxis(uint32_t i, int64_t axis, int32_t rank) const {
  if (axis < -rank || axis >= rank) {
    FailInput(i, "expected an axis in [" + std::to_string(-rank) + ", " +
                     std::to_string(rank) + "), got " + std::to_string(axis));
  }
  return static_cast<int32_t>(axis < 0 ? axis + rank : axis);
}

int32_t Context::Axis(uint32_t i, int32_t rank) const {
  return NormalizeAxis(i, Int32(i), rank);
}

const core::Operand* Context::ConstantVector(
    uint32_t i, std::initializer_list<NNAdapterOperandPrecision> allowed) const {
  ExpectPrecision(i, allowed);
  ExpectRankRange(i, 0, 1);
  if (!IsConstantOperand(In(i))) return nullptr;
  ExpectConstant(i);
  return In(i);
}

bool Context::TryIntVector(uint32_t i, std::vector<int64_t>* values) const {
  const core::Operand* operand = ConstantVector(i, kInt32OrInt64);
  if (!operand) return false;
  const int64_t n = GetElementCount(operand->type.dimensions);
  values->resize(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; k++) {
    if (operand->type.precision == NNADAPTER_INT32) {
      (*values)[k] =
          Load<int32_t>(static_cast<const int32_t*>(operand->buffer) + k);
    } else {
      (*values)[k] =
          Load<int64_t>(static_cast<const int64_t*>(operand->buffer) + k);
    }
  }
  return true;
}

std::vector<int64_t> Context::IntVector(uint32_t i) const {
  std::vector<int64_t> values;
  if (!TryIntVector(i, &values)) ExpectConstant(i);  // fails with the reason
  return values;
}

bool Context::TryFloatVector(uint32_t i, std::vector<float>* values) const {
  const core::Operand* operand = ConstantVector(i, {NNADAPTER_FLOAT32});
  if (!operand) return false;
  const int64_t n = GetElementCount(operand->type.dimensions);
  values->resize(static_cast<size_t>(n));
  if (n > 0) std::memcpy(values->data(), operand->buffer, n * sizeof(float));
  return true;
}

std::vector<float> Context::FloatVector(uint32_t i) const {
  std::vector<float> values;
  if (!TryFloatVector(i, &values)) ExpectConstant(i);
  return values;
}

int32_t Context::VectorLength(uint32_t i) const {
  ExpectRankRange(i, 0, 1);
  const Dims d = InDims(i);
  return d.empty() ? 1 : d[0];
}

NNAdapterOperandType& Context::Out(uint32_t j) const {
  if (j >= op_->output_operands.size() || !op_->output_operands[j]) {
    FailOutput(j, "missing");
  }
  return op_->output_operands[j]->type;
}

void Context::CheckOutputRank(uint32_t j, const Dims& dims) const {
  if (dims.size() > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    FailOutput(j, "the inferred rank " + std::to_string(dims.size()) +
                      " exceeds NNADAPTER_MAX_SIZE_OF_DIMENSIONS");
  }
}

namespace {
// Per-layer quantization of an output: the input's, unless the caller
// created the output with the same precision and a valid scale of its own.
template <typename Params>
void KeepCallerScale(bool same_precision, const Params& caller,
                     const Params& input, Params* out) {
  *out = input;
  if (same_precision && caller.scale > 0 && std::isfinite(caller.scale)) {
    *out = caller;
  }
}
}  // namespace

void Context::SetOutput(uint32_t j, const Dims& dims, int like_input) const {
  CheckOutputRank(j, dims);
  NNAdapterOperandType& out = Out(j);
  const NNAdapterOperandType& in = InType(static_cast<uint32_t>(like_input));
  const NNAdapterOperandPrecision previous = out.precision;
  const NNAdapterSymmPerLayerQuantParams previous_symm =
      out.symm_per_layer_params;
  const NNAdapterAsymmPerLayerQuantParams previous_asymm =
      out.asymm_per_layer_params;
  out.precision = in.precision;
  out.layout = in.layout;
  switch (in.precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      KeepCallerScale(previous == in.precision, previous_symm,
                      in.symm_per_layer_params, &out.symm_per_layer_params);
      break;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      KeepCallerScale(previous == in.precision, previous_asymm,
                      in.asymm_per_layer_params, &out.asymm_per_layer_params);
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      out.symm_per_channel_params = in.symm_per_channel_params;
      break;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL:
      out.asymm_per_channel_params = in.asymm_per_channel_params;
      break;
    default:
      break;
  }
  SetDims(dims, &out.dimensions);
}

void Context::SetOutputPrecision(uint32_t j, const Dims& dims,
                                 NNAdapterOperandPrecision precision,
                                 int layout_from_input) const {
  CheckOutputRank(j, dims);
  NNAdapterOperandType& out = Out(j);
  out.precision = precision;
  if (layout_from_input >= 0) {
    out.layout = InType(static_cast<uint32_t>(layout_from_input)).layout;
  }
  SetDims(dims, &out.dimensions);
}

namespace {
bool ScaleMatches(float actual, double expected) {
  return std::fabs(actual - expected) <= 1e-3 * std::fabs(expected) + 1e-12;
}
}  // namespace

void Context::ExpectFilter(uint32_t filter, uint32_t input,
                           uint32_t channel_dim) const {
  if (InPrecision(input) == NNADAPTER_FLOAT32) {
    ExpectPrecision(filter, {NNADAPTER_FLOAT32});
    return;
  }
  ExpectPrecision(filter, {NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                           NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL});
  const NNAdapterOperandType& f = InType(filter);
  if (f.precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL &&
      f.symm_per_channel_params.channel_dim != channel_dim) {
    FailInput(filter, "expected per-channel scales along dimension " +
                          std::to_string(channel_dim) + ", got channel_dim " +
                          std::to_string(f.symm_per_channel_params.channel_dim));
  }
}

void Context::ExpectBias(uint32_t bias, uint32_t input, uint32_t filter,
                         int32_t units) const {
  ExpectRank(bias, 1);
  ExpectDim(bias, 0, units, "the number of output channels");
  const NNAdapterOperandType& in = InType(input);
  const NNAdapterOperandType& f = InType(filter);
  const NNAdapterOperandType& b = InType(bias);
  if (in.precision == NNADAPTER_FLOAT32) {
    ExpectPrecision(bias, {NNADAPTER_FLOAT32});
    return;
  }
  if (f.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    ExpectPrecision(bias, {NNADAPTER_QUANT_INT32_SYMM_PER_LAYER});
    const double expected = static_cast<double>(in.symm_per_layer_params.scale) *
                            f.symm_per_layer_params.scale;
    if (!ScaleMatches(b.symm_per_layer_params.scale, expected)) {
      FailInput(bias, "expected scale = input scale * filter scale = " +
                          std::to_string(expected) + ", got " +
                          std::to_string(b.symm_per_layer_params.scale));
    }
    return;
  }
  ExpectPrecision(bias, {NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL});
  const auto& fp = f.symm_per_channel_params;
  const auto& bp = b.symm_per_channel_params;
  if (bp.scale_count != fp.scale_count) {
    FailInput(bias, "expected " + std::to_string(fp.scale_count) +
                        " per-channel scales (as the filter), got " +
                        std::to_string(bp.scale_count));
  }
  for (uint32_t c = 0; c < fp.scale_count; c++) {
    const double expected =
        static_cast<double>(in.symm_per_layer_params.scale) * fp.scales[c];
    if (!ScaleMatches(bp.scales[c], expected)) {
      FailInput(bias, "expected scale[" + std::to_string(c) +
                          "] = input scale * filter scale[" +
                          std::to_string(c) + "] = " +
                          std::to_string(expected) + ", got " +
                          std::to_string(bp.scales[c]));
    }
  }
}

}  // namespace operation
}  // namespace nnadapter
