#include "nnadapter/utility/debug.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/precision.h"

namespace nnadapter {

std::string OperandPrecisionName(NNAdapterOperandPrecision precision) {
  const char* name = PrecisionName(precision);
  return name ? name : "UNKNOWN(" + std::to_string(precision) + ")";
}

static std::string Upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (s.rfind("NNADAPTER_", 0) == 0) s = s.substr(10);
  return s;
}

bool ParseOperandPrecisionName(const std::string& name,
                               NNAdapterOperandPrecision* precision) {
  const std::string upper = Upper(name);
#define NNADAPTER_PRECISION(n, bytes)  \
  if (upper == #n) {                   \
    *precision = NNADAPTER_##n;        \
    return upper != "UNKNOWN_PRECISION"; \
  }
#include "nnadapter/utility/precision_types.inc"
  if (upper == "FLOAT" || upper == "FP32") {
    *precision = NNADAPTER_FLOAT32;
    return true;
  }
  if (upper == "BOOL") {
    *precision = NNADAPTER_BOOL8;
    return true;
  }
  return false;
}

std::string OperandLayoutName(NNAdapterOperandLayout layout) {
  switch (layout) {
    case NNADAPTER_NCHW:
      return "NCHW";
    case NNADAPTER_NHWC:
      return "NHWC";
    default:
      return "UNKNOWN(" + std::to_string(layout) + ")";
  }
}

std::string OperandLifetimeName(NNAdapterOperandLifetime lifetime) {
  switch (lifetime) {
    case NNADAPTER_TEMPORARY_VARIABLE:
      return "TEMPORARY_VARIABLE";
    case NNADAPTER_CONSTANT_COPY:
      return "CONSTANT_COPY";
    case NNADAPTER_CONSTANT_REFERENCE:
      return "CONSTANT_REFERENCE";
    case NNADAPTER_MODEL_INPUT:
      return "MODEL_INPUT";
    case NNADAPTER_MODEL_OUTPUT:
      return "MODEL_OUTPUT";
    default:
      return "UNKNOWN(" + std::to_string(lifetime) + ")";
  }
}

std::string ResultCodeName(int code) {
  switch (code) {
    case NNADAPTER_NO_ERROR:
      return "NNADAPTER_NO_ERROR";
    case NNADAPTER_OUT_OF_MEMORY:
      return "NNADAPTER_OUT_OF_MEMORY";
    case NNADAPTER_INVALID_PARAMETER:
      return "NNADAPTER_INVALID_PARAMETER";
    case NNADAPTER_DEVICE_NOT_FOUND:
      return "NNADAPTER_DEVICE_NOT_FOUND";
    case NNADAPTER_DEVICE_INTERNAL_ERROR:
      return "NNADAPTER_DEVICE_INTERNAL_ERROR";
    case NNADAPTER_FEATURE_NOT_SUPPORTED:
      return "NNADAPTER_FEATURE_NOT_SUPPORTED";
    case NNADAPTER_INVALID_DIMENSIONS:
      return "NNADAPTER_INVALID_DIMENSIONS";
    case NNADAPTER_INVALID_STATE:
      return "NNADAPTER_INVALID_STATE";
    default:
      return "UNKNOWN_RESULT(" + std::to_string(code) + ")";
  }
}

std::string OperationTypeName(NNAdapterOperationType type) {
  switch (type) {
#define NNADAPTER_OPERATION(name, code) \
  case code:                            \
    return #name;
#include "nnadapter/operation_types.inc"
    default:
      return "UNKNOWN_OPERATION(" + std::to_string(type) + ")";
  }
}

bool ParseOperationTypeName(const std::string& name,
                            NNAdapterOperationType* type) {
  const std::string upper = Upper(name);
#define NNADAPTER_OPERATION(n, code) \
  if (upper == #n) {                 \
    *type = code;                    \
    return true;                     \
  }
#include "nnadapter/operation_types.inc"
  return false;
}

std::string DimensionsToString(const NNAdapterOperandDimensionType& dims) {
  std::ostringstream os;
  os << "[";
  const uint32_t count = std::min<uint32_t>(dims.count,
                                            NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  for (uint32_t i = 0; i < count; i++) {
    if (i) os << ",";
    os << dims.data[i];
  }
  os << "]";
  return os.str();
}

std::string OperandTypeToString(const NNAdapterOperandType& type) {
  std::ostringstream os;
  os << OperandPrecisionName(type.precision)
     << DimensionsToString(type.dimensions) << " "
     << OperandLayoutName(type.layout) << " "
     << OperandLifetimeName(type.lifetime);
  switch (type.precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      os << " scale=" << type.symm_per_layer_params.scale;
      break;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      os << " scale=" << type.asymm_per_layer_params.scale
         << " zero_point=" << type.asymm_per_layer_params.zero_point;
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      os << " channel_dim=" << type.symm_per_channel_params.channel_dim
         << " scales=" << type.symm_per_channel_params.scale_count;
      break;
    default:
      break;
  }
  if (type.dimensions.dynamic_count > 0) {
    os << " dynamic_shapes=" << type.dimensions.dynamic_count;
  }
  return os.str();
}

std::string Visualize(const core::Model* model) {
  std::ostringstream os;
  std::map<const core::Operand*, int> ids;
  auto id_of = [&](const core::Operand* operand) {
    auto it = ids.find(operand);
    if (it != ids.end()) return it->second;
    int id = static_cast<int>(ids.size());
    ids[operand] = id;
    return id;
  };
  os << "digraph G {\n";
  for (const auto& operand : model->operands) {
    int id = id_of(&operand);
    os << "  o" << id << " [label=\"o" << id << "\\n"
       << OperandTypeToString(operand.type) << "\""
       << (IsConstantOperand(&operand) ? ", style=dashed" : "") << "];\n";
  }
  int op_id = 0;
  for (const auto& op : model->operations) {
    os << "  n" << op_id << " [shape=box, label=\"" << OperationTypeName(op.type)
       << "\"];\n";
    for (size_t i = 0; i < op.input_operands.size(); i++) {
      if (!op.input_operands[i]) continue;
      os << "  o" << id_of(op.input_operands[i]) << " -> n" << op_id
         << " [label=\"" << i << "\"];\n";
    }
    for (size_t i = 0; i < op.output_operands.size(); i++) {
      if (!op.output_operands[i]) continue;
      os << "  n" << op_id << " -> o" << id_of(op.output_operands[i])
         << " [label=\"" << i << "\"];\n";
    }
    op_id++;
  }
  os << "}\n";
  return os.str();
}

}  // namespace nnadapter
