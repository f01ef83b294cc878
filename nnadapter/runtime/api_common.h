// Macros shared by the C API implementation files.
#ifndef NNADAPTER_RUNTIME_API_COMMON_H_
#define NNADAPTER_RUNTIME_API_COMMON_H_

#include "runtime/error.h"

#define NNADAPTER_FAIL(code, message) \
  return ::nnadapter::runtime::SetLastError(nullptr, (code), (message))
#define NNADAPTER_REQUIRE_NOT_NULL(arg)                                    \
  if (!(arg))                                                              \
  NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER, "'" #arg "' must not be NULL")

#endif  // NNADAPTER_RUNTIME_API_COMMON_H_
