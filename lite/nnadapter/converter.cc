#include "lite/nnadapter/converter.h"

#include <cstring>
#include <map>

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

NNAdapterOperandPrecisionCode PrecisionOf(DataType type) {
  switch (type) {
    case DataType::kFloat32: return NNADAPTER_FLOAT32;
    case DataType::kFloat64: return NNADAPTER_FLOAT64;
    case DataType::kFloat16: return NNADAPTER_FLOAT16;
    case DataType::kInt8: return NNADAPTER_INT8;
    case DataType::kUInt8: return NNADAPTER_UINT8;
    case DataType::kInt16: return NNADAPTER_INT16;
    case DataType::kInt32: return NNADAPTER_INT32;
    case DataType::kInt64: return NNADAPTER_INT64;
    case DataType::kBool: return NNADAPTER_BOOL8;
    case DataType::kUnknown: break;
  }
  return NNADAPTER_UNKNOWN_PRECISION;
}

DataType DataTypeOfPrecision(int32_t precision) {
  switch (precision) {
    case NNADAPTER_FLOAT32: return DataType::kFloat32;
    case NNADAPTER_FLOAT64: return DataType::kFloat64;
    case NNADAPTER_FLOAT16: return DataType::kFloat16;
    case NNADAPTER_INT8:
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL: return DataType::kInt8;
    case NNADAPTER_UINT8:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER: return DataType::kUInt8;
    case NNADAPTER_INT16: return DataType::kInt16;
    case NNADAPTER_INT32:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL: return DataType::kInt32;
    case NNADAPTER_INT64: return DataType::kInt64;
    case NNADAPTER_BOOL8: return DataType::kBool;
    default: return DataType::kUnknown;
  }
}

const std::string& One(const cpp::OpDesc& op, const std::string& slot, bool input) {
  const auto& names = input ? op.Input(slot) : op.Output(slot);
  LITE_ENFORCE(names.size() == 1, "op '", op.Type(), "': slot '", slot,
               "' must name one variable");
  return names[0];
}

int32_t AutoPad(const cpp::OpDesc& op) {
  std::string algo = op.GetAttr<std::string>("padding_algorithm", "EXPLICIT");
  if (algo == "SAME") return NNADAPTER_AUTO_PAD_SAME;
  if (algo == "VALID") return NNADAPTER_AUTO_PAD_VALID;
  LITE_ENFORCE(algo == "EXPLICIT", "op '", op.Type(), "': unknown padding_algorithm '", algo, "'");
  return NNADAPTER_AUTO_PAD_NONE;
}

std::vector<int32_t> Pads(const cpp::OpDesc& op) {
  auto p = op.GetAttr<std::vector<int32_t>>("paddings", {0, 0});
  if (p.size() == 2) return {p[0], p[0], p[1], p[1]};
  LITE_ENFORCE(p.size() == 4, "op '", op.Type(), "': paddings must have 2 or 4 values");
  return p;
}

std::vector<NNAdapterOperand*> ConvAttributeOperands(Converter& c, const cpp::OpDesc& op,
                                                     int32_t fuse_code) {
  return {c.Int32(AutoPad(op)), c.Int32s(Pads(op)),
          c.Int32s(op.GetAttr<std::vector<int32_t>>("strides", {1, 1})),
          c.Int32(op.GetAttr<int32_t>("groups", 1)),
          c.Int32s(op.GetAttr<std::vector<int32_t>>("dilations", {1, 1})), c.Int32(fuse_code)};
}

namespace {
std::string Who(const Converter& c) {
  return c.current() ? "converting op '" + c.current()->Type() + "' to NNAdapter: " : "";
}

// An operand type of `precision` with `dims` (-1 = unknown), layout NCHW.
NNAdapterOperandType OperandType(NNAdapterOperandPrecisionCode precision, const DDim& dims) {
  NNAdapterOperandType type;
  std::memset(&type, 0, sizeof(type));
  type.precision = precision;
  type.layout = NNADAPTER_NCHW;
  type.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    type.dimensions.data[i] = dims[i] < 0 ? NNADAPTER_UNKNOWN : static_cast<int32_t>(dims[i]);
  }
  return type;
}
}  // namespace

NNAdapterOperand* Converter::Add(NNAdapterOperandPrecisionCode precision, const DDim& dims,
                                 const std::vector<DDim>* alternatives) {
  LITE_ENFORCE(dims.size() <= NNADAPTER_MAX_SIZE_OF_DIMENSIONS, Who(*this), "rank ",
               dims.size(), " exceeds NNAdapter's maximum ", NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  NNAdapterOperandType type = OperandType(precision, dims);
  if (alternatives) {
    LITE_ENFORCE(alternatives->size() <= NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS, Who(*this),
                 alternatives->size(), " dynamic shapes exceed NNAdapter's maximum ",
                 NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS);
    type.dimensions.dynamic_count = static_cast<uint32_t>(alternatives->size());
    for (size_t s = 0; s < alternatives->size(); ++s) {
      for (size_t d = 0; d < dims.size(); ++d) {
        type.dimensions.dynamic_data[s][d] = static_cast<int32_t>((*alternatives)[s].at(d));
      }
    }
  }
  NNAdapterOperand* operand = nullptr;
  int rc = NNAdapterModel_addOperand(model_, &type, &operand);
  LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, Who(*this), "NNAdapterModel_addOperand failed: ",
               NNAdapter_getLastErrorMessage());
  return operand;
}

NNAdapterOperand* Converter::Constant(NNAdapterOperandPrecisionCode precision, const DDim& dims,
                                      const void* data, size_t bytes) {
  NNAdapterOperand* operand = Add(precision, dims);
  int rc = NNAdapterModel_setOperandValue(operand, const_cast<void*>(data),
                                          static_cast<uint32_t>(bytes), true);
  LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, Who(*this), "NNAdapterModel_setOperandValue failed: ",
               NNAdapter_getLastErrorMessage());
  return operand;
}

NNAdapterOperand* Converter::Quant(NNAdapterOperandPrecisionCode precision, const DDim& dims,
                                   const std::vector<float>& scales, uint32_t channel_dim,
                                   const void* data, size_t bytes) {
  LITE_ENFORCE(dims.size() <= NNADAPTER_MAX_SIZE_OF_DIMENSIONS && !scales.empty(), Who(*this),
               "bad quantized operand (rank ", dims.size(), ", ", scales.size(), " scales)");
  NNAdapterOperandType type = OperandType(precision, dims);
  std::vector<float> copy = scales;  // addOperand copies the scales
  if (precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ||
      precision == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL) {
    type.symm_per_channel_params.channel_dim = channel_dim;
    type.symm_per_channel_params.scale_count = static_cast<uint32_t>(copy.size());
    type.symm_per_channel_params.scales = copy.data();
  } else {
    type.symm_per_layer_params.scale = scales[0];
  }
  NNAdapterOperand* operand = nullptr;
  int rc = NNAdapterModel_addOperand(model_, &type, &operand);
  LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, Who(*this), "NNAdapterModel_addOperand failed: ",
               NNAdapter_getLastErrorMessage());
  if (data) {
    rc = NNAdapterModel_setOperandValue(operand, const_cast<void*>(data),
                                        static_cast<uint32_t>(bytes), true);
    LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, Who(*this), "NNAdapterModel_setOperandValue failed: ",
                 NNAdapter_getLastErrorMessage());
  }
  return operand;
}

NNAdapterOperand* Converter::Int32(int32_t v) { return Constant(NNADAPTER_INT32, {1}, &v, 4); }
NNAdapterOperand* Converter::Int32s(const std::vector<int32_t>& v) {
  return Constant(NNADAPTER_INT32, {static_cast<int64_t>(v.size())}, v.data(), v.size() * 4);
}
NNAdapterOperand* Converter::Int64s(const std::vector<int64_t>& v) {
  return Constant(NNADAPTER_INT64, {static_cast<int64_t>(v.size())}, v.data(), v.size() * 8);
}
NNAdapterOperand* Converter::Float32(float v) { return Constant(NNADAPTER_FLOAT32, {1}, &v, 4); }
NNAdapterOperand* Converter::Float32s(const std::vector<float>& v) {
  return Constant(NNADAPTER_FLOAT32, {static_cast<int64_t>(v.size())}, v.data(), v.size() * 4);
}
NNAdapterOperand* Converter::Bool(bool v) {
  uint8_t b = v ? 1 : 0;
  return Constant(NNADAPTER_BOOL8, {1}, &b, 1);
}
NNAdapterOperand* Converter::ConstantTensor(const Tensor& t, const DDim& dims) {
  return Constant(PrecisionOf(t.dtype()), dims, t.raw_data(), t.memory_size());
}

bool Converter::IsWeight(const std::string& var) const { return Weight(var) != nullptr; }

const Tensor* Converter::Weight(const std::string& var) const {
  const Tensor* t = scope_ ? scope_->FindVar(var) : nullptr;
  return (t && t->persistable() && t->initialized()) ? t : nullptr;
}

DDim Converter::Dims(const std::string& var) const {
  if (const Tensor* w = Weight(var)) return w->dims();
  // An operand of this model: the dims NNAdapter inferred from the model's
  // input shapes (a VarDesc's may be stale or less precise).
  NNAdapterOperand* mapped = Mapped(var);
  NNAdapterOperandType* t = nullptr;
  if (mapped && NNAdapterModel_getOperandType(mapped, &t) == NNADAPTER_NO_ERROR && t) {
    return DDim(t->dimensions.data, t->dimensions.data + t->dimensions.count);
  }
  DDim dims;
  DataType type = DataType::kUnknown;
  LITE_ENFORCE(var_info_ && var_info_(var, &dims, &type), Who(*this), "the shape of '", var,
               "' is unknown");
  return dims;
}

DataType Converter::DType(const std::string& var) const {
  if (const Tensor* w = Weight(var)) return w->dtype();
  DDim dims;
  DataType type = DataType::kUnknown;
  if (var_info_ && var_info_(var, &dims, &type) && type != DataType::kUnknown) return type;
  return DataType::kFloat32;
}

NNAdapterOperand* Converter::Input(const std::string& var) {
  if (NNAdapterOperand* o = Mapped(var)) return o;
  NNAdapterOperand* o = nullptr;
  if (const Tensor* w = Weight(var)) {
    o = ConstantTensor(*w, w->dims());
  } else {
    DDim dims;
    DataType type = DataType::kUnknown;
    LITE_ENFORCE(var_info_ && var_info_(var, &dims, &type), Who(*this), "input '", var,
                 "' has an unknown shape");
    auto dynamic = dynamic_shapes_.find(var);
    o = Add(PrecisionOf(type == DataType::kUnknown ? DataType::kFloat32 : type), dims,
            dynamic == dynamic_shapes_.end() ? nullptr : &dynamic->second);
    input_names_.push_back(var);
    inputs_.push_back(o);
  }
  operands_[var] = o;
  return o;
}

// A variable written twice (some QAT exports quantize one activation twice
// into the same name) maps to its latest operand: ops converted later read
// the latest write, as the CPU program does.
NNAdapterOperand* Converter::Output(const std::string& var) {
  DDim dims;
  DataType type = DataType::kFloat32;
  var_info_(var, &dims, &type);
  // Shape inference in addOperation fills precision and dims; start unknown.
  NNAdapterOperand* o = Add(PrecisionOf(type == DataType::kUnknown ? DataType::kFloat32 : type),
                            DDim(dims.size(), -1));
  operands_[var] = o;
  return o;
}

void Converter::AddOperation(NNAdapterOperationType type, std::vector<NNAdapterOperand*> inputs,
                             std::vector<NNAdapterOperand*> outputs) {
  int rc = NNAdapterModel_addOperation(model_, type, static_cast<uint32_t>(inputs.size()),
                                       inputs.data(), static_cast<uint32_t>(outputs.size()),
                                       outputs.data(), nullptr);
  LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, Who(*this), "NNAdapterModel_addOperation(",
               NNAdapterOperationTypeName(type) ? NNAdapterOperationTypeName(type) : "?",
               ") failed: ", NNAdapter_getLastErrorMessage());
  ++operation_count_;
  operations_.push_back({type, std::move(inputs), std::move(outputs)});
}

void Converter::Convert(const cpp::OpDesc& op) {
  ConvertFn fn = FindConverter(op.Type());
  LITE_ENFORCE(fn != nullptr, "op '", op.Type(), "' has no NNAdapter converter");
  current_ = &op;
  fn(*this, op);
  current_ = nullptr;
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

#define LITE_NNADAPTER_CONVERTER(op_type__, fn__) void fn__(Converter& c, const cpp::OpDesc& op);
#include "lite/nnadapter/converters.inc"
#undef LITE_NNADAPTER_CONVERTER

namespace {
const std::map<std::string, ConvertFn>& ConverterTable() {
  static const std::map<std::string, ConvertFn> table = {
#define LITE_NNADAPTER_CONVERTER(op_type__, fn__) {#op_type__, &fn__},
#include "lite/nnadapter/converters.inc"
#undef LITE_NNADAPTER_CONVERTER
  };
  return table;
}
}  // namespace

ConvertFn FindConverter(const std::string& op_type) {
  auto it = ConverterTable().find(op_type);
  return it == ConverterTable().end() ? nullptr : it->second;
}

std::vector<std::string> ConvertibleOpTypes() {
  std::vector<std::string> r;
  for (auto& kv : ConverterTable()) r.push_back(kv.first);
  return r;
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
