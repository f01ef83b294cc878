// NNAdapterOperationTypeName and the compile-time check that the enum in
// nnadapter.h agrees with operation_types.inc (the single source of truth).
#include "nnadapter/nnadapter.h"

#define NNADAPTER_OPERATION(name, code)                          \
  static_assert(NNADAPTER_##name == (code),                      \
                "nnadapter.h and operation_types.inc disagree: " #name);
#include "nnadapter/operation_types.inc"

namespace {
constexpr int kCount = 0
#define NNADAPTER_OPERATION(name, code) +1
#include "nnadapter/operation_types.inc"
    ;
static_assert(kCount == 93, "expected 93 standard operations");
}  // namespace

extern "C" NNADAPTER_API_EXPORT const char* NNAdapterOperationTypeName(
    NNAdapterOperationType type) {
  switch (type) {
#define NNADAPTER_OPERATION(name, code) \
  case code:                            \
    return #name;
#include "nnadapter/operation_types.inc"
    default:
      return nullptr;
  }
}
