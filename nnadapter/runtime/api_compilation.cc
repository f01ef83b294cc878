// C API: compilations and executions.
#include <cstring>
#include <memory>

#include "nnadapter/nnadapter.h"
#include "runtime/api_common.h"
#include "runtime/compilation.h"
#include "runtime/execution.h"

using nnadapter::runtime::Compilation;
using nnadapter::runtime::Compilations;
using nnadapter::runtime::Execution;
using nnadapter::runtime::Executions;
using nnadapter::runtime::Guard;
using nnadapter::runtime::GuardVoid;
using nnadapter::runtime::SetLastError;

namespace {

bool ValidToken(const char* token) {
  const size_t n = std::strlen(token);
  if (n == 0 || n > 200) return false;
  if (std::strcmp(token, ".") == 0 || std::strcmp(token, "..") == 0) {
    return false;
  }
  for (size_t i = 0; i < n; i++) {
    const char c = token[i];
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
          c == '-' || c == '.')) {
      return false;
    }
  }
  return true;
}

}  // namespace

#define NNADAPTER_REQUIRE_COMPILATION(c)                                   \
  NNADAPTER_REQUIRE_NOT_NULL(c);                                           \
  if (!Compilations().Contains(reinterpret_cast<Compilation*>(c)))         \
  NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,                              \
                 "'" #c "' is not a live compilation (destroyed or invalid)")
#define NNADAPTER_REQUIRE_EXECUTION(e)                                     \
  NNADAPTER_REQUIRE_NOT_NULL(e);                                           \
  if (!Executions().Contains(reinterpret_cast<Execution*>(e)))             \
  NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,                              \
                 "'" #e "' is not a live execution (destroyed or invalid)")

namespace {

using AccessFn = void* (*)(void* memory, NNAdapterOperandType* type);

// The body of NNAdapterExecution_setInput/setOutput (`api`): checks the
// execution, then stores the argument with `set`.
int SetExecutionArgument(const char* api, NNAdapterExecution* execution,
                         int (Execution::*set)(int32_t, void*, AccessFn,
                                               std::string*),
                         int32_t index, void* memory, AccessFn access) {
  return Guard(api, [&]() -> int {
    NNADAPTER_REQUIRE_EXECUTION(execution);
    std::string message;
    int code = (reinterpret_cast<Execution*>(execution)->*set)(index, memory,
                                                                access, &message);
    if (code != NNADAPTER_NO_ERROR) NNADAPTER_FAIL(code, message);
    return NNADAPTER_NO_ERROR;
  });
}

}  // namespace

extern "C" {

NNADAPTER_API_EXPORT int NNAdapterCompilation_create(
    NNAdapterModel* model, const char* cache_token, void* cache_buffer,
    uint32_t cache_length, const char* cache_dir, NNAdapterContext* context,
    NNAdapterCompilation** compilation) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(compilation);
    *compilation = nullptr;
    NNADAPTER_REQUIRE_NOT_NULL(context);
    if (!nnadapter::runtime::Contexts().Contains(context)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'context' is not a live context");
    }
    if (model && !nnadapter::runtime::Models().Contains(model)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'model' is not a live model");
    }
    if ((cache_buffer == nullptr) != (cache_length == 0)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'cache_buffer' and 'cache_length' must be given "
                     "together");
    }
    const bool has_token = cache_token && *cache_token;
    if (has_token && !ValidToken(cache_token)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     std::string("cache_token '") + cache_token +
                         "' may contain only letters, digits, '_', '-' and "
                         "'.'");
    }
    if (cache_buffer && !has_token) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'cache_buffer' needs a 'cache_token'");
    }
    if (!model && !cache_buffer && !(has_token && cache_dir && *cache_dir)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'model' is NULL and no cache (buffer, or token + dir) "
                     "was given");
    }
    if (model && !model->finished && !cache_buffer) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the model is not finished (NNAdapterModel_finish)");
    }
    auto c = std::make_unique<Compilation>(
        model && model->finished ? model : nullptr, context);
    if (has_token) c->token = cache_token;
    if (cache_dir) c->dir = cache_dir;
    if (cache_buffer) {
      const auto* p = static_cast<const uint8_t*>(cache_buffer);
      c->cache_buffer.assign(p, p + cache_length);
    }
    Compilations().Add(c.get());
    *compilation = reinterpret_cast<NNAdapterCompilation*>(c.release());
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT void NNAdapterCompilation_destroy(
    NNAdapterCompilation* compilation) {
  GuardVoid(__func__, [&] {
    auto* c = reinterpret_cast<Compilation*>(compilation);
    if (!c || !Compilations().Contains(c)) return;
    Compilations().Remove(c);
    delete c;
  });
}

NNADAPTER_API_EXPORT int NNAdapterCompilation_finish(
    NNAdapterCompilation* compilation) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_COMPILATION(compilation);
    auto* c = reinterpret_cast<Compilation*>(compilation);
    if (c->finished) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the compilation is already finished");
    }
    if (!nnadapter::runtime::Contexts().Contains(c->context())) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the context of this compilation was destroyed");
    }
    if (c->model() && !nnadapter::runtime::Models().Contains(c->model())) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the model of this compilation was destroyed before "
                     "NNAdapterCompilation_finish");
    }
    std::string message;
    int code = c->Finish(&message);
    if (code != NNADAPTER_NO_ERROR) NNADAPTER_FAIL(code, message);
    c->finished = true;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterCompilation_queryCacheUse(
    NNAdapterCompilation* compilation, bool* loaded_from_cache) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_COMPILATION(compilation);
    NNADAPTER_REQUIRE_NOT_NULL(loaded_from_cache);
    auto* c = reinterpret_cast<Compilation*>(compilation);
    if (!c->finished) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the compilation is not finished "
                     "(NNAdapterCompilation_finish)");
    }
    *loaded_from_cache = c->loaded_from_cache;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterCompilation_queryInputsAndOutputs(
    NNAdapterCompilation* compilation, uint32_t* input_count,
    NNAdapterOperandType** input_types, uint32_t* output_count,
    NNAdapterOperandType** output_types) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_COMPILATION(compilation);
    NNADAPTER_REQUIRE_NOT_NULL(input_count);
    NNADAPTER_REQUIRE_NOT_NULL(output_count);
    auto* c = reinterpret_cast<Compilation*>(compilation);
    if (!c->finished) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the compilation is not finished "
                     "(NNAdapterCompilation_finish)");
    }
    *input_count = static_cast<uint32_t>(c->input_types().size());
    *output_count = static_cast<uint32_t>(c->output_types().size());
    if (input_types) {
      for (size_t i = 0; i < c->input_types().size(); i++) {
        if (!input_types[i]) {
          NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                         "input_types[" + std::to_string(i) + "] is NULL");
        }
        *input_types[i] = c->input_types()[i];
      }
    }
    if (output_types) {
      for (size_t i = 0; i < c->output_types().size(); i++) {
        if (!output_types[i]) {
          NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                         "output_types[" + std::to_string(i) + "] is NULL");
        }
        *output_types[i] = c->output_types()[i];
      }
    }
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterExecution_create(
    NNAdapterCompilation* compilation, NNAdapterExecution** execution) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(execution);
    *execution = nullptr;
    NNADAPTER_REQUIRE_COMPILATION(compilation);
    auto* c = reinterpret_cast<Compilation*>(compilation);
    if (!c->finished) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the compilation is not finished "
                     "(NNAdapterCompilation_finish)");
    }
    auto e = std::make_unique<Execution>(c);
    Executions().Add(e.get());
    *execution = reinterpret_cast<NNAdapterExecution*>(e.release());
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT void NNAdapterExecution_destroy(
    NNAdapterExecution* execution) {
  GuardVoid(__func__, [&] {
    auto* e = reinterpret_cast<Execution*>(execution);
    if (!e || !Executions().Contains(e)) return;
    Executions().Remove(e);
    delete e;
  });
}

NNADAPTER_API_EXPORT int NNAdapterExecution_setInput(
    NNAdapterExecution* execution, int32_t index, void* memory,
    void* (*access)(void* memory, NNAdapterOperandType* type)) {
  return SetExecutionArgument(__func__, execution, &Execution::SetInput, index,
                              memory, access);
}

NNADAPTER_API_EXPORT int NNAdapterExecution_setOutput(
    NNAdapterExecution* execution, int32_t index, void* memory,
    void* (*access)(void* memory, NNAdapterOperandType* type)) {
  return SetExecutionArgument(__func__, execution, &Execution::SetOutput, index,
                              memory, access);
}

NNADAPTER_API_EXPORT int NNAdapterExecution_compute(
    NNAdapterExecution* execution) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_EXECUTION(execution);
    auto* e = reinterpret_cast<Execution*>(execution);
    if (!Compilations().Contains(e->compilation())) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the compilation of this execution was destroyed");
    }
    if (!nnadapter::runtime::Contexts().Contains(e->compilation()->context())) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "the context of this execution was destroyed");
    }
    std::string message;
    int code = e->Compute(&message);
    if (code != NNADAPTER_NO_ERROR) NNADAPTER_FAIL(code, message);
    return NNADAPTER_NO_ERROR;
  });
}

}  // extern "C"
