// The handles behind the C API and the guard that turns every C++ error into
// a status + thread-local message. Uses only the public C++ API.
#pragma once
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/c/paddle_c_api.h"
#include "lite/api/paddle_api.h"

struct PD_Config {
  paddle::lite_api::CxxConfig cxx;
  paddle::lite_api::MobileConfig mobile;
  bool optimized{false};  // the last model setter was a .nb one
};

struct PD_Predictor {
  std::shared_ptr<paddle::lite_api::PaddlePredictor> predictor;
  std::vector<std::string> input_names;
  std::vector<std::string> output_names;
};

struct PD_Tensor {
  std::shared_ptr<paddle::lite_api::PaddlePredictor> owner;  // keeps the tensor alive
  std::unique_ptr<paddle::lite_api::Tensor> input;           // writable (inputs)
  std::unique_ptr<const paddle::lite_api::Tensor> output;    // read-only (outputs)
  std::string name;
  const paddle::lite_api::Tensor& view() const { return input ? *input : *output; }
};

namespace paddle {
namespace lite_c {

// An argument error raised by the C layer itself (PD_INVALID_ARGUMENT).
struct ArgError {
  std::string message;
};

void SetLastError(const std::string& message);

// Runs `body` (returns void); maps ArgError to PD_INVALID_ARGUMENT,
// lite_api::Error to `error_status`, std::bad_alloc to PD_OUT_OF_MEMORY and
// anything else to PD_INTERNAL_ERROR, recording the message prefixed with
// `function`.
template <typename F>
PD_Status Guard(const char* function, PD_Status error_status, F&& body) {
  try {
    body();
    return PD_OK;
  } catch (const ArgError& e) {
    SetLastError(std::string(function) + ": " + e.message);
    return PD_INVALID_ARGUMENT;
  } catch (const lite_api::Error& e) {
    SetLastError(std::string(function) + ": " + e.what());
    return error_status;
  } catch (const std::bad_alloc&) {
    SetLastError(std::string(function) + ": out of memory");
    return PD_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    SetLastError(std::string(function) + ": internal error: " + e.what());
    return PD_INTERNAL_ERROR;
  } catch (...) {
    SetLastError(std::string(function) + ": internal error (unknown exception)");
    return PD_INTERNAL_ERROR;
  }
}

// An enum argument read as int: a C caller may pass any value, and loading
// an out-of-range enum value in C++ is undefined.
template <typename E>
int AsInt(const E& e) {
  static_assert(sizeof(E) == sizeof(int), "C enums are int-sized here");
  int v = 0;
  std::memcpy(&v, &e, sizeof(v));
  return v;
}

// Throws ArgError "argument `name` is NULL" when p is NULL.
inline void NotNull(const void* p, const char* name) {
  if (!p) throw ArgError{std::string("argument '") + name + "' is NULL"};
}
// Throws ArgError when s is NULL or empty.
inline void NotEmpty(const char* s, const char* name) {
  NotNull(s, name);
  if (!*s) throw ArgError{std::string("argument '") + name + "' is an empty string"};
}

}  // namespace lite_c
}  // namespace paddle
