#include "runtime/error.h"

namespace nnadapter {
namespace runtime {

static thread_local std::string last_error;
static thread_local const char* current_function = "nnadapter";

void ClearLastError(const char* function) {
  last_error.clear();
  if (function) current_function = function;
}

int SetLastError(const char* function, int code, const std::string& message) {
  last_error = std::string(function ? function : current_function) + ": " +
               message;
  if (code != NNADAPTER_NO_ERROR) {
    NNADAPTER_LOG(ERROR) << last_error;
  }
  return code;
}

const char* GetLastErrorMessage() { return last_error.c_str(); }

}  // namespace runtime
}  // namespace nnadapter

extern "C" NNADAPTER_API_EXPORT const char* NNAdapter_getLastErrorMessage(
    void) {
  return nnadapter::runtime::GetLastErrorMessage();
}
