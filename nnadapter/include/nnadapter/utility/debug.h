// Human-readable renderings of NNAdapter objects.
#ifndef NNADAPTER_UTILITY_DEBUG_H_
#define NNADAPTER_UTILITY_DEBUG_H_

#include <cstddef>
#include <string>

#include "nnadapter/hal/types.h"

namespace nnadapter {

// "FLOAT32", "QUANT_INT8_SYMM_PER_LAYER", ...; "UNKNOWN(<code>)" otherwise.
std::string OperandPrecisionName(NNAdapterOperandPrecision precision);
// Inverse of OperandPrecisionName (case-insensitive, with or without the
// NNADAPTER_ prefix); returns false if unknown.
bool ParseOperandPrecisionName(const std::string& name,
                               NNAdapterOperandPrecision* precision);
std::string OperandLayoutName(NNAdapterOperandLayout layout);
std::string OperandLifetimeName(NNAdapterOperandLifetime lifetime);
std::string ResultCodeName(int code);
// Operation name, or "UNKNOWN_OPERATION(<code>)".
std::string OperationTypeName(NNAdapterOperationType type);
// Parses "CONV_2D" or "NNADAPTER_CONV_2D"; false if unknown.
bool ParseOperationTypeName(const std::string& name,
                            NNAdapterOperationType* type);
// "[1,3,-1,224]" for `count` extents of any integer type.
template <typename T>
std::string ExtentsToString(const T* data, size_t count) {
  std::string s = "[";
  for (size_t i = 0; i < count; i++) {
    if (i) s += ",";
    s += std::to_string(data[i]);
  }
  return s + "]";
}
// "[1,3,-1,224]" (-1 = unknown).
std::string DimensionsToString(const NNAdapterOperandDimensionType& dims);
// "FLOAT32[1,3,224,224] NCHW MODEL_INPUT scale=..." etc.
std::string OperandTypeToString(const NNAdapterOperandType& type);

// The model as a DOT graph ("digraph G { ... }"): operation nodes (boxes)
// and operand nodes with their types; copy into any Graphviz viewer.
std::string Visualize(const core::Model* model);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_DEBUG_H_
