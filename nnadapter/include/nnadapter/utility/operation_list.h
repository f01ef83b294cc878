// A driver's own list of the operations it handles, written once (part of
// the driver kit, see driver_kit.h).
//
// The list is an X-macro table in the driver's folder, operations.inc, one
// line per operation with the driver's own columns after the name:
//   MY_DRIVER_OPERATION(CONV_2D, ConvertConv2D)
//   MY_DRIVER_OPERATION(RELU, ConvertUnary)
// The driver derives its dispatch from it (case NNADAPTER_##name: ...), and
// the kit macros below give the codes and names:
//   constexpr NNAdapterOperationType kOperations[] = {
//   #define MY_DRIVER_OPERATION NNADAPTER_KIT_OPERATION_CODE
//   #include "operations.inc"
//   #undef MY_DRIVER_OPERATION
//   };
//   static const auto supported = kit::OperationSet(kOperations);
// A test compares the same list with anything that must agree with it (an
// operator-info file, see fake_device).
#ifndef NNADAPTER_UTILITY_OPERATION_LIST_H_
#define NNADAPTER_UTILITY_OPERATION_LIST_H_

#include <cstddef>
#include <set>

#include "nnadapter/nnadapter.h"

#define NNADAPTER_KIT_OPERATION_CODE(name, ...) NNADAPTER_##name,
#define NNADAPTER_KIT_OPERATION_NAME(name, ...) #name,

namespace nnadapter {
namespace kit {

template <size_t N>
std::set<NNAdapterOperationType> OperationSet(
    const NNAdapterOperationType (&codes)[N]) {
  return std::set<NNAdapterOperationType>(codes, codes + N);
}

}  // namespace kit
}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_OPERATION_LIST_H_
