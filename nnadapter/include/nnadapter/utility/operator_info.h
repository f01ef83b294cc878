// Declarative per-device operator-info files (modeled on the Ascend TBE
// "operator information library"): what a device supports, readable without
// opening the device.
//
// Format (ini): one section per supported operation, named as in
// operation_types.inc; '#' or ';' start a comment; blank lines ignored.
//   [CONV_2D]
//   input0.dtype=float32,quant_int8_symm_per_layer   # allowed precisions
//   input0.format=NCHW                # allowed layouts (NCHW, NHWC, ND=any)
//   input0.rank=4                     # allowed ranks
//   input0.shape=[-1,-1,-1,-1];[1,3,224,224]  # allowed shapes, -1 = any
//   input6.value=1                    # allowed values of an int32/bool
//                                     # constant operand (every element)
//   input.dtype=float32               # rule for every input (CONCAT); an
//                                     # inputN rule must hold as well
//   output0.dtype=float32
//   inputs.count=9,10                 # allowed operand counts (optional)
// Keys not listed mean "anything". A section with no keys supports the
// operation unconditionally. Unknown keys, unknown operation names and
// malformed values are errors with "<file>:<line>" in the message.
#ifndef NNADAPTER_UTILITY_OPERATOR_INFO_H_
#define NNADAPTER_UTILITY_OPERATOR_INFO_H_

#include <map>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"

namespace nnadapter {

struct OperandRule {
  std::vector<NNAdapterOperandPrecision> dtypes;  // empty = any
  std::vector<NNAdapterOperandLayout> layouts;    // empty = any
  std::vector<uint32_t> ranks;                    // empty = any
  std::vector<std::vector<int32_t>> shapes;       // empty = any
  std::vector<int64_t> values;                    // empty = any
};

struct OperatorRule {
  std::vector<uint32_t> input_counts;  // empty = any
  std::map<int, OperandRule> inputs;   // by index; -1 = default for all
  std::map<int, OperandRule> outputs;  // by index; -1 = default for all
};

struct OperatorInfo {
  std::map<NNAdapterOperationType, OperatorRule> operators;
};

bool ParseOperatorInfo(const std::string& text, const std::string& source_name,
                       OperatorInfo* info, std::string* error);
bool LoadOperatorInfoFile(const std::string& path, OperatorInfo* info,
                          std::string* error);

// Checks one operation against the table; on false `reason` says why.
bool IsOperationSupported(const OperatorInfo& info,
                          const core::Operation& operation,
                          std::string* reason);
// A ready-made body for hal::Device::validate_program: fills
// supported_operations in model->operations order (kit::ValidateProgram
// over IsOperationSupported).
int ValidateProgramWithOperatorInfo(const OperatorInfo& info,
                                    const core::Model* model,
                                    bool* supported_operations);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_OPERATOR_INFO_H_
