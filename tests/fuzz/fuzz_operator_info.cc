// libFuzzer harness for the operator-info file parser
// (nnadapter::ParseOperatorInfo, the declarative support tables drivers
// ship): any text either parses or is refused with a message naming the
// source; a parsed table is then asked about a few well-formed operations
// (IsOperationSupported must answer, never crash).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/operator_info.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  nnadapter::OperatorInfo info;
  std::string error;
  if (!nnadapter::ParseOperatorInfo(text, "fuzz.ini", &info, &error)) {
    if (error.find("fuzz.ini") == std::string::npos) std::abort();
    return 0;
  }
  // An operation of each type the table names: a float tensor, a constant
  // int32 scalar (value / axis / constant rules), a null optional operand.
  for (const auto& kv : info.operators) {
    nnadapter::core::Operand a, b, out;
    for (auto* o : {&a, &b, &out}) {
      o->type.precision = NNADAPTER_FLOAT32;
      o->type.dimensions.count = 2;
      o->type.dimensions.data[0] = 1;
      o->type.dimensions.data[1] = 4;
    }
    int32_t scalar = size > 0 ? static_cast<int8_t>(data[0]) : -1;
    b.type.precision = NNADAPTER_INT32;
    b.type.dimensions.count = 0;
    b.type.lifetime = NNADAPTER_CONSTANT_COPY;
    b.buffer = &scalar;
    b.length = sizeof(scalar);
    nnadapter::core::Operation op;
    op.type = kv.first;
    op.input_operands = {&a, &b, nullptr};
    op.output_operands = {&out};
    std::string reason;
    if (!nnadapter::IsOperationSupported(info, op, &reason) &&
        reason.find(nnadapter::OperationTypeName(kv.first)) != 0) {
      std::abort();  // a refusal always names the operation first
    }
  }
  return 0;
}
