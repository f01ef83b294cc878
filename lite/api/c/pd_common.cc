// Status names, data type sizes, the thread-local last error.
#include "lite/api/c/c_api_internal.h"

#ifndef PADDLE_LITE_VERSION_STRING
#error "PADDLE_LITE_VERSION_STRING must be defined by the build"
#endif

namespace paddle {
namespace lite_c {
namespace {
thread_local std::string last_error;
}  // namespace

void SetLastError(const std::string& message) {
  try {
    last_error = message;
  } catch (...) {
    last_error.clear();  // out of memory while recording: keep an empty message
  }
}

}  // namespace lite_c
}  // namespace paddle

extern "C" {

const char* PD_GetLastError(void) { return paddle::lite_c::last_error.c_str(); }

const char* PD_StatusName(PD_Status status) {
  switch (paddle::lite_c::AsInt(status)) {
    case PD_OK: return "PD_OK";
    case PD_INVALID_ARGUMENT: return "PD_INVALID_ARGUMENT";
    case PD_MODEL_ERROR: return "PD_MODEL_ERROR";
    case PD_RUNTIME_ERROR: return "PD_RUNTIME_ERROR";
    case PD_OUT_OF_MEMORY: return "PD_OUT_OF_MEMORY";
    case PD_INTERNAL_ERROR: return "PD_INTERNAL_ERROR";
  }
  return "PD_UNKNOWN_STATUS";
}

size_t PD_DataTypeSize(PD_DataType type) {
  switch (paddle::lite_c::AsInt(type)) {
    case PD_DATA_FLOAT32: return 4;
    case PD_DATA_INT32: return 4;
    case PD_DATA_INT64: return 8;
    case PD_DATA_UINT8: return 1;
    case PD_DATA_INT8: return 1;
    case PD_DATA_FLOAT64: return 8;
    case PD_DATA_INT16: return 2;
    case PD_DATA_BOOL: return 1;
    case PD_DATA_UNK: break;
  }
  return 0;
}

PD_Status PD_GetVersion(const char** version) {
  return paddle::lite_c::Guard("PD_GetVersion", PD_INTERNAL_ERROR, [&] {
    paddle::lite_c::NotNull(version, "version");
    *version = PADDLE_LITE_VERSION_STRING;
  });
}

}  // extern "C"
