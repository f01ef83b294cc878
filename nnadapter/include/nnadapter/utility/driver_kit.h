// The driver kit: the HAL glue every NNAdapter driver needs, written once.
//
//   kit::Guard            wraps each hal::Device entry point: no exception
//                         crosses the HAL, every error carries a reason.
//   kit::Fail             records the reason of an error and returns its code.
//   kit::LastErrorMessage the hal::Device::last_error_message of a driver.
//   kit::RequireNotNull   the null-pointer checks of the entry points.
//   kit::CreateContext    create_context around the driver's property reader.
//   kit::ValidateProgram  the whole validate_program loop around a callback.
//   kit::CheckCachedProgram  a program rebuilt from the cache fits its model.
//   kit::BindArguments, kit::WriteOutputs
//                         execute_program arguments -> buffers and types.
//   NNADAPTER_KIT_EXPORT_DEVICE  the exported function table.
//
// Related kit pieces: constant attribute operands (utility/attributes.h), a
// driver's own operation list (utility/operation_list.h), element sizes
// (utility/precision.h). drivers/README.md shows how a driver uses them.
//
// The reason is kept per thread in the driver (this library is linked
// statically, with hidden symbols, into each driver), so concurrent
// programs do not overwrite each other's messages.
#ifndef NNADAPTER_UTILITY_DRIVER_KIT_H_
#define NNADAPTER_UTILITY_DRIVER_KIT_H_

#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "nnadapter/hal/device.h"
#include "nnadapter/hal/extension.h"
#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace kit {

// Starts an entry point on this thread: clears the last reason and makes
// "<driver>: <entry_point>: " the prefix of the reasons Fail records.
void BeginEntryPoint(const char* driver, const char* entry_point) noexcept;

// Records `message` (with the entry point's prefix) as the reason of the
// current error, logs it at verbose level 1 (the runtime logs the message
// it builds from it as an error), and returns `code`.
int Fail(int code, const std::string& message) noexcept;
int Fail(int code, const char* message, const char* detail = "") noexcept;

// The reason of the last failed entry point on this thread ("" if none).
const char* LastErrorMessage() noexcept;

// A result code that must not leave without a reason: returns `code`, and
// records "failed with <code name>" if it is an error and no reason was
// recorded since BeginEntryPoint.
int WithReason(int code) noexcept;

// Runs `body` (returning an NNAdapterResultCode) as the entry point
// `entry_point` of `driver`: std::bad_alloc becomes NNADAPTER_OUT_OF_MEMORY,
// any other exception NNADAPTER_DEVICE_INTERNAL_ERROR, each with a reason.
template <typename F>
int Guard(const char* driver, const char* entry_point, F&& body) noexcept {
  BeginEntryPoint(driver, entry_point);
  try {
    return WithReason(body());
  } catch (const std::bad_alloc&) {
    return Fail(NNADAPTER_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return Fail(NNADAPTER_DEVICE_INTERNAL_ERROR, "internal error: ", e.what());
  } catch (...) {
    return Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                "internal error: unknown exception");
  }
}

// NNADAPTER_INVALID_PARAMETER with "'<name>' must not be null" for the
// first null pointer, else NNADAPTER_NO_ERROR:
//   if (int code = kit::RequireNotNull({{"program", program}})) return code;
struct NamedPointer {
  const char* name;
  const void* pointer;
};
int RequireNotNull(std::initializer_list<NamedPointer> arguments);

// A program rebuilt from cache->buffer must have the input and output
// counts of the sub-model the cache belongs to.
int CheckCachedProgram(const core::Cache& cache, size_t inputs, size_t outputs);

// Parses the context's "KEY=VALUE;..." string (null means empty); a
// malformed string is NNADAPTER_INVALID_PARAMETER with the parser's reason.
int ParseContextProperties(const char* properties,
                           std::map<std::string, std::string>* parsed);

// A complete hal::Device::create_context for a driver whose context is a
// `Context` object: checks `context`, parses `properties`, and lets
// configure(parsed, &new_context) (returning a result code) read the keys
// of the driver.
template <typename Context, typename Configure>
int CreateContext(const char* driver, const char* properties, void** context,
                  Configure&& configure) {
  return Guard(driver, "create_context", [&]() -> int {
    if (int code = RequireNotNull({{"context", context}})) return code;
    *context = nullptr;
    std::map<std::string, std::string> parsed;
    if (int code = ParseContextProperties(properties, &parsed)) return code;
    auto created = std::make_unique<Context>();
    if (int code = configure(parsed, created.get())) return code;
    *context = created.release();
    return NNADAPTER_NO_ERROR;
  });
}

// The frame of hal::Device::create_program for a driver whose program is a
// `Program` object: checks `context`, `cache` and `program`, then lets
// build(&new_program) (returning a result code) compile the model or load
// cache->buffer; *program is the new program on success, null otherwise.
template <typename Program, typename Build>
int CreateProgram(const char* driver, const void* context,
                  const core::Cache* cache, void** program, Build&& build) {
  return Guard(driver, "create_program", [&]() -> int {
    if (int code = RequireNotNull(
            {{"context", context}, {"cache", cache}, {"program", program}})) {
      return code;
    }
    *program = nullptr;
    auto created = std::make_unique<Program>();
    if (int code = build(created.get())) return code;
    *program = created.release();
    return NNADAPTER_NO_ERROR;
  });
}

// The frame of hal::Device::execute_program for a driver whose program is a
// `Program` object: checks `program`, then returns run(program).
template <typename Program, typename Run>
int ExecuteProgram(const char* driver, void* program, Run&& run) {
  return Guard(driver, "execute_program", [&]() -> int {
    auto* p = static_cast<Program*>(program);
    if (int code = RequireNotNull({{"program", p}})) return code;
    return run(p);
  });
}

// Decides whether the driver runs one operation (given its operands as in
// the model); on false it may say why in `reason`.
using OperationCheck =
    std::function<bool(const core::Operation& operation, std::string* reason)>;

// A complete hal::Device::validate_program: checks the pointers, then sets
// supported_operations[i] = check(i-th operation of model->operations).
// Each refusal is logged at verbose level 3 as
// "<driver>: operation #<i> <TYPE> unsupported: <reason>".
int ValidateProgram(const char* driver, const core::Model* model,
                    bool* supported_operations, const OperationCheck& check);
// The same for a driver that needs its context: a null `context` is an
// error too.
int ValidateProgram(const char* driver, const void* context,
                    const core::Model* model, bool* supported_operations,
                    const OperationCheck& check);

// The reason kit::ValidateProgram recorded, on this thread, for refusing
// operation `index` of its last call ("" if supported); the
// unsupported_reason entry of hal::DeviceExtension.
const char* UnsupportedReason(uint32_t index) noexcept;

// One execute_program argument bound to its buffer. `type` is the type the
// access callback saw and possibly changed (inputs: the actual dimensions).
struct BoundArgument {
  void* buffer = nullptr;
  NNAdapterOperandType type{};
};

enum class Coverage {
  kEvery,  // exactly types.size() arguments, each index once
  kSome,   // any subset of the indexes, each at most once
};

// Fails with NNADAPTER_INVALID_PARAMETER unless `count` == `expected`
// (`what`: "input" or "output").
int CheckArgumentCount(const char* what, uint32_t count, size_t expected);

// Binds `count` arguments of one direction (`what`: "input" or "output"):
// for each, calls its access callback with a copy of types[index] and stores
// the buffer and the type at (*bound)[index] (bound gets types.size()
// entries; unbound ones keep a null buffer). Fails with
// NNADAPTER_INVALID_PARAMETER and a reason naming the argument when the
// count or an index is wrong, an index repeats, the callback is null or
// returns no buffer, or it reports more than
// NNADAPTER_MAX_SIZE_OF_DIMENSIONS dimensions.
int BindArguments(const char* what, uint32_t count,
                  const core::Argument* arguments,
                  const std::vector<NNAdapterOperandType>& types,
                  Coverage coverage, std::vector<BoundArgument>* bound);

// The start of an execute_program that takes every input and every output:
// fails unless `output_count` == `expected_outputs`, then binds all the input
// arguments (Coverage::kEvery) into `inputs`.
int BindEveryInput(uint32_t input_count, const core::Argument* input_arguments,
                   const std::vector<NNAdapterOperandType>& input_types,
                   uint32_t output_count, size_t expected_outputs,
                   std::vector<BoundArgument>* inputs);

// Binds the output arguments as BindArguments does, then calls
// write(index, buffer) for each bound output (types[index] holds the final
// dimensions the access callback publishes).
int WriteOutputs(uint32_t count, const core::Argument* arguments,
                 const std::vector<NNAdapterOperandType>& types,
                 Coverage coverage,
                 const std::function<void(size_t index, void* buffer)>& write);

// The dimensions of a type as a vector, and back (count and data only; at
// most NNADAPTER_MAX_SIZE_OF_DIMENSIONS are stored).
std::vector<int32_t> DimensionsOf(const NNAdapterOperandType& type);
template <typename T>
void SetDimensions(const std::vector<T>& dims, NNAdapterOperandType* type) {
  const size_t count =
      dims.size() < NNADAPTER_MAX_SIZE_OF_DIMENSIONS
          ? dims.size()
          : static_cast<size_t>(NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  type->dimensions.count = static_cast<uint32_t>(count);
  for (size_t i = 0; i < count; i++) {
    type->dimensions.data[i] = static_cast<int32_t>(dims[i]);
  }
}

}  // namespace kit
}  // namespace nnadapter

// Defines the exported function table of a driver (see hal/device.h) from
// the entry points in namespace `ns`: OpenDevice, CloseDevice,
// CreateContext, DestroyContext, ValidateProgram, CreateProgram,
// DestroyProgram and ExecuteProgram; last_error_message is
// kit::LastErrorMessage. `symbol` is the device name as an identifier (a
// macro is expanded first), `name` the same as a string.
#define NNADAPTER_KIT_EXPORT_DEVICE(symbol, name, vendor, type, version, ns) \
  NNADAPTER_EXPORT_DEVICE(symbol) = {                                        \
      NNADAPTER_HAL_VERSION, name, vendor, type, version,                    \
      ns::OpenDevice,        ns::CloseDevice,    ns::CreateContext,          \
      ns::DestroyContext,    ns::ValidateProgram, ns::CreateProgram,         \
      ns::DestroyProgram,    ns::ExecuteProgram,                             \
      ::nnadapter::kit::LastErrorMessage}

// The optional table (hal/extension.h): refusal reasons from
// kit::UnsupportedReason, capabilities from `get_capabilities` (a function
// int(void* device, NNAdapterCapabilities*), or nullptr).
#define NNADAPTER_KIT_EXPORT_DEVICE_EXTENSION(symbol, get_capabilities) \
  NNADAPTER_KIT_EXPORT_DEVICE_EXTENSION_(symbol, get_capabilities)
#define NNADAPTER_KIT_EXPORT_DEVICE_EXTENSION_(symbol, get_capabilities)     \
  extern "C" __attribute__((visibility("default")))                         \
  nnadapter::hal::DeviceExtension __nnadapter_device_extension__##symbol;   \
  nnadapter::hal::DeviceExtension __nnadapter_device_extension__##symbol = { \
      sizeof(nnadapter::hal::DeviceExtension),                              \
      ::nnadapter::kit::UnsupportedReason, get_capabilities}

#endif  // NNADAPTER_UTILITY_DRIVER_KIT_H_
