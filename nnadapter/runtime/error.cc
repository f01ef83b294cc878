#include "runtime/error.h"

namespace nnadapter {
namespace runtime {

static thread_local std::string last_error;

void ClearLastError() { last_error.clear(); }

int SetLastError(const char* function, int code, const std::string& message) {
  last_error = std::string(function) + ": " + message;
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
