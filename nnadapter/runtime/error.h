// Per-thread last error and the catch-all wrapper used by every C entry.
#ifndef NNADAPTER_RUNTIME_ERROR_H_
#define NNADAPTER_RUNTIME_ERROR_H_

#include <exception>
#include <new>
#include <sstream>
#include <string>

#include "nnadapter/nnadapter.h"
#include "nnadapter/utility/logging.h"

namespace nnadapter {
namespace runtime {

// Sets the name of the C function being executed (used in messages).
void ClearLastError(const char* function = nullptr);
// Stores "<function>: <message>", logs it, returns `code`. A null
// `function` means the C entry point currently running (set by Guard).
int SetLastError(const char* function, int code, const std::string& message);
const char* GetLastErrorMessage();

// Runs `body` (returning an NNAdapterResultCode); converts any exception to
// a result code so that nothing crosses the C API.
template <typename F>
int Guard(const char* function, F&& body) {
  ClearLastError(function);
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return SetLastError(function, NNADAPTER_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return SetLastError(function, NNADAPTER_DEVICE_INTERNAL_ERROR,
                        std::string("internal error: ") + e.what());
  } catch (...) {
    return SetLastError(function, NNADAPTER_DEVICE_INTERNAL_ERROR,
                        "internal error: unknown exception");
  }
}

template <typename F>
void GuardVoid(const char* function, F&& body) {
  Guard(function, [&] {
    body();
    return static_cast<int>(NNADAPTER_NO_ERROR);
  });
}

// Builds a message with <<.
class Msg {
 public:
  template <typename T>
  Msg& operator<<(const T& v) {
    os_ << v;
    return *this;
  }
  operator std::string() const { return os_.str(); }  // NOLINT
  std::string str() const { return os_.str(); }

 private:
  std::ostringstream os_;
};

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_ERROR_H_
