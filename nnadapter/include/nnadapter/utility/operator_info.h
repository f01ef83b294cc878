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
//   input1.constant=true              # must be a constant (false: must
//                                     # not be one)
//   input0.known_dims=true            # every dimension known (> 0)
//   input1.axis=last                  # a constant axis (negative counts
//                                     # from the end) = input0's last axis;
//                                     # last_nhwc: the last in NHWC order
//                                     # (C, axis 1, for a rank-4 input0)
//   input.dtype=float32               # rule for every input (CONCAT); an
//                                     # inputN rule must hold as well
//   output0.dtype=float32
//   inputs.count=9,10                 # allowed operand counts (optional;
//                                     # a range: 2-64)
//   outputs.count=1
// An optional [PERFORMANCE] section declares the device's capabilities
// and performance figures (keys in utility/performance_info.h):
//   [PERFORMANCE]
//   float32.exec_time=0.5
//   transfer_ns_per_byte=0.05
// Keys not listed mean "anything". A section with no keys supports the
// operation unconditionally. Unknown keys, unknown operation names and
// malformed values are errors with "<file>:<line>: <key>" in the message.
// A refusal names the rule that failed with its file and line, e.g.
//   "CONV_2D: input0.dtype (google_xnnpack.ini:12) refuses INT32".
#ifndef NNADAPTER_UTILITY_OPERATOR_INFO_H_
#define NNADAPTER_UTILITY_OPERATOR_INFO_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/performance_info.h"

namespace nnadapter {

struct OperandRule {
  std::vector<NNAdapterOperandPrecision> dtypes;  // empty = any
  std::vector<NNAdapterOperandLayout> layouts;    // empty = any
  std::vector<uint32_t> ranks;                    // empty = any
  std::vector<std::vector<int32_t>> shapes;       // empty = any
  std::vector<int64_t> values;                    // empty = any
  int constant = -1;     // -1 any, 0 must not be, 1 must be a constant
  bool known_dims = false;  // every dimension must be known
  bool axis_last = false;   // a constant axis naming input0's last axis
  bool axis_nhwc = false;   // ... in NHWC order (C = axis 1 for rank 4)
  // "<source>:<line>" of each field given ("dtype" -> "a.ini:12"), so a
  // refusal names the rule that failed.
  std::map<std::string, std::string> where;
};

struct OperatorRule {
  std::vector<uint32_t> input_counts;   // empty = any
  std::vector<uint32_t> output_counts;  // empty = any
  std::string where;                    // "<source>:<line>" of the section
  std::map<int, OperandRule> inputs;   // by index; -1 = default for all
  std::map<int, OperandRule> outputs;  // by index; -1 = default for all
};

struct OperatorInfo {
  std::string source;  // the file (or buffer) name it was parsed from
  std::map<NNAdapterOperationType, OperatorRule> operators;
  // The [PERFORMANCE] section (source DECLARED), if the file has one.
  bool has_performance = false;
  NNAdapterCapabilities performance = NNAdapterCapabilities();
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

// The operator-info file a driver compiled in with the CMake function
// nnadapter_embed_operator_info (nnadapter/drivers/CMakeLists.txt); defined
// only in such a driver.
namespace embedded {
extern const char kOperatorInfoName[];
extern const char kOperatorInfoText[];
}  // namespace embedded

// `text` parsed once per process (thread-safe; keyed by the pointer);
// null with `error` ("<name>:<line>: <key>: ...") if it does not parse.
const OperatorInfo* SharedOperatorInfo(const char* text, const char* name,
                                       std::string* error);
// A validate_program body over the embedded file: each operation must pass
// the file's rules, then `extra` (may be empty: fake_device's enabled set,
// google_xnnpack's converter for relations the file cannot state); a
// refusal's reason (kit::UnsupportedReason) names the rule that failed. A file that does not parse fails the call with its message.
// Inline: it names the embedded symbols, which only drivers define.
inline int ValidateProgramWithEmbeddedOperatorInfo(
    const char* driver, const void* context, const core::Model* model,
    bool* supported_operations,
    const std::function<bool(const core::Operation&, std::string*)>& extra) {
  std::string error;
  const OperatorInfo* info = SharedOperatorInfo(
      embedded::kOperatorInfoText, embedded::kOperatorInfoName, &error);
  if (!info) {
    return kit::Guard(driver, "validate_program", [&] {
      return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                       "its operator-info file is malformed: " + error);
    });
  }
  return kit::ValidateProgram(
      driver, context, model, supported_operations,
      [&](const core::Operation& op, std::string* reason) {
        return IsOperationSupported(*info, op, reason) &&
               (!extra || extra(op, reason));
      });
}

// A get_capabilities body over the embedded file: its [PERFORMANCE]
// section (every figure 1 without one), source DECLARED, then `adjust`
// (may be empty: fake_device's environment override) may change them and
// fail with kit::Fail. Inline for the same reason.
inline int CapabilitiesFromEmbeddedOperatorInfo(
    const char* driver, NNAdapterCapabilities* capabilities,
    const std::function<int(NNAdapterCapabilities*)>& adjust) {
  return kit::Guard(driver, "get_capabilities", [&]() -> int {
    if (int code = kit::RequireNotNull({{"capabilities", capabilities}})) {
      return code;
    }
    std::string error;
    const OperatorInfo* info = SharedOperatorInfo(
        embedded::kOperatorInfoText, embedded::kOperatorInfoName, &error);
    if (!info) return kit::Fail(NNADAPTER_INVALID_PARAMETER, error);
    *capabilities = info->has_performance ? info->performance
                                          : CpuEquivalentCapabilities();
    capabilities->source = NNADAPTER_CAPABILITIES_DECLARED;
    return adjust ? adjust(capabilities) : NNADAPTER_NO_ERROR;
  });
}

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_OPERATOR_INFO_H_
