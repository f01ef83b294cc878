// Element size and name of an operand precision, derived from
// precision_types.inc.
// Header-only (constexpr) so that code which links only libnnadapter (tests,
// tools) uses the same table as the runtime and the drivers.
#ifndef NNADAPTER_UTILITY_PRECISION_H_
#define NNADAPTER_UTILITY_PRECISION_H_

#include <cstdint>

#include "nnadapter/nnadapter.h"

namespace nnadapter {

// Bytes per element of `precision`; 0 for NNADAPTER_UNKNOWN_PRECISION and
// for any code that is not an NNAdapterOperandPrecisionCode.
constexpr uint32_t PrecisionByteSize(NNAdapterOperandPrecision precision) {
  switch (precision) {
#define NNADAPTER_PRECISION(name, bytes) \
  case NNADAPTER_##name:                 \
    return bytes;
#include "nnadapter/utility/precision_types.inc"
    default:
      return 0;
  }
}

// "FLOAT32", "QUANT_INT8_SYMM_PER_LAYER", ... (without the NNADAPTER_
// prefix); null for a code that is not an NNAdapterOperandPrecisionCode.
constexpr const char* PrecisionName(NNAdapterOperandPrecision precision) {
  switch (precision) {
#define NNADAPTER_PRECISION(name, bytes) \
  case NNADAPTER_##name:                 \
    return #name;
#include "nnadapter/utility/precision_types.inc"
    default:
      return nullptr;
  }
}

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_PRECISION_H_
