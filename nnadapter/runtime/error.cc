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
  // The caller receives the code and reads the message with
  // NNAdapter_getLastErrorMessage; a caller that probes (the Paddle bridge
  // asks whether a converter's operations are accepted, and keeps a refused
  // op on the CPU with the message in its partition report) would otherwise
  // flood the log with errors it handled. GLOG_v=1 shows every one.
  if (code != NNADAPTER_NO_ERROR) {
    NNADAPTER_VLOG(1) << "error: " << last_error;
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
