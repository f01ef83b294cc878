// NNAdapterOperationTypeName. Including operation_layout.h checks at compile
// time that the enum agrees with operation_types.inc (the single source of
// truth) and that the codes are 1..kOperationCount.
#include "nnadapter/nnadapter.h"
#include "nnadapter/operation_layout.h"

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
