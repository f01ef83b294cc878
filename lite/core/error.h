// Internal helpers that throw paddle::lite_api::Error with a formatted message.
#pragma once
#include <sstream>
#include <string>

#include "lite/api/paddle_error.h"

namespace paddle {
namespace lite {

using Error = ::paddle::lite_api::Error;

namespace detail {
inline void StreamAll(std::ostringstream&) {}
template <typename T, typename... Rest>
void StreamAll(std::ostringstream& os, const T& first, const Rest&... rest) {
  os << first;
  StreamAll(os, rest...);
}
}  // namespace detail

// Concatenates all arguments with operator<< into one string.
template <typename... Args>
std::string StrCat(const Args&... args) {
  std::ostringstream os;
  detail::StreamAll(os, args...);
  return os.str();
}

template <typename... Args>
[[noreturn]] void ThrowError(const Args&... args) {
  throw Error(StrCat(args...));
}

}  // namespace lite
}  // namespace paddle

// LITE_ENFORCE(cond, "message parts", ...): throws paddle::lite_api::Error
// with the message when cond is false.
#define LITE_ENFORCE(cond, ...)                  \
  do {                                           \
    if (!(cond)) {                               \
      ::paddle::lite::ThrowError(__VA_ARGS__);   \
    }                                            \
  } while (0)
