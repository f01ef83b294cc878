#include "nnadapter/utility/driver_kit.h"

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/properties.h"

namespace nnadapter {
namespace kit {

namespace {

struct ThreadState {
  const char* driver = nullptr;
  const char* entry_point = nullptr;
  std::string message;
  // Set instead of `message` when recording the reason ran out of memory.
  const char* fixed = nullptr;
  // Refusal reasons of the last validate_program ("" = supported).
  std::vector<std::string> refusals;
};

ThreadState& State() {
  static thread_local ThreadState state;
  return state;
}

}  // namespace

void BeginEntryPoint(const char* driver, const char* entry_point) noexcept {
  ThreadState& s = State();
  s.driver = driver;
  s.entry_point = entry_point;
  s.message.clear();
  s.fixed = nullptr;
}

int Fail(int code, const char* message, const char* detail) noexcept {
  ThreadState& s = State();
  try {
    std::string text;
    if (s.driver) text = std::string(s.driver) + ": ";
    if (s.entry_point) text += std::string(s.entry_point) + ": ";
    text += message ? message : "";
    text += detail ? detail : "";
    s.message = std::move(text);
    s.fixed = nullptr;
    NNADAPTER_VLOG(1) << s.message;
  } catch (...) {
    s.message.clear();
    s.fixed = "out of memory while recording the reason of an error";
  }
  return code;
}

int Fail(int code, const std::string& message) noexcept {
  return Fail(code, message.c_str());
}

const char* LastErrorMessage() noexcept {
  const ThreadState& s = State();
  return s.fixed ? s.fixed : s.message.c_str();
}

const char* UnsupportedReason(uint32_t index) noexcept {
  const ThreadState& s = State();
  return index < s.refusals.size() ? s.refusals[index].c_str() : "";
}

int WithReason(int code) noexcept {
  const ThreadState& s = State();
  if (code == NNADAPTER_NO_ERROR || s.fixed || !s.message.empty()) return code;
  try {
    return Fail(code, "failed with " + ResultCodeName(code));
  } catch (...) {
    return Fail(code, "failed");
  }
}

int RequireNotNull(std::initializer_list<NamedPointer> arguments) {
  for (const NamedPointer& a : arguments) {
    if (!a.pointer) {
      return Fail(NNADAPTER_INVALID_PARAMETER,
                  std::string("'") + a.name + "' must not be null");
    }
  }
  return NNADAPTER_NO_ERROR;
}

int CheckCachedProgram(const core::Cache& cache, size_t inputs,
                       size_t outputs) {
  if (inputs == cache.input_types.size() &&
      outputs == cache.output_types.size()) {
    return NNADAPTER_NO_ERROR;
  }
  return Fail(NNADAPTER_INVALID_PARAMETER,
              "the cached program has " + std::to_string(inputs) +
                  " inputs and " + std::to_string(outputs) +
                  " outputs, the sub-model " +
                  std::to_string(cache.input_types.size()) + " and " +
                  std::to_string(cache.output_types.size()));
}

int ParseContextProperties(const char* properties,
                           std::map<std::string, std::string>* parsed) {
  std::string error;
  if (!ParseProperties(properties ? properties : "", parsed, &error)) {
    return Fail(NNADAPTER_INVALID_PARAMETER, error);
  }
  return NNADAPTER_NO_ERROR;
}

namespace {

int CheckOperations(const char* driver, const core::Model* model,
                    bool* supported_operations, const OperationCheck& check) {
  if (!model || !supported_operations) {
    return Fail(NNADAPTER_INVALID_PARAMETER,
                "'model' and 'supported_operations' must not be null");
  }
  size_t i = 0;
  auto& refusals = State().refusals;
  refusals.assign(model->operations.size(), std::string());
  for (const auto& op : model->operations) {
    std::string reason;
    supported_operations[i] = check(op, &reason);
    if (!supported_operations[i]) {
      refusals[i] = reason.empty() ? "refused (no reason given)" : reason;
      NNADAPTER_VLOG(3) << driver << ": operation #" << i << " "
                        << OperationTypeName(op.type)
                        << " unsupported: " << reason;
    }
    i++;
  }
  return NNADAPTER_NO_ERROR;
}

}  // namespace

int ValidateProgram(const char* driver, const core::Model* model,
                    bool* supported_operations, const OperationCheck& check) {
  return Guard(driver, "validate_program", [&] {
    return CheckOperations(driver, model, supported_operations, check);
  });
}

int ValidateProgram(const char* driver, const void* context,
                    const core::Model* model, bool* supported_operations,
                    const OperationCheck& check) {
  return Guard(driver, "validate_program", [&] {
    if (int code = RequireNotNull({{"context", context}})) return code;
    return CheckOperations(driver, model, supported_operations, check);
  });
}

int CheckArgumentCount(const char* what, uint32_t count, size_t expected) {
  if (count == expected) return NNADAPTER_NO_ERROR;
  return Fail(NNADAPTER_INVALID_PARAMETER,
              std::to_string(count) + " " + what + " arguments, expected " +
                  std::to_string(expected));
}

int BindArguments(const char* what, uint32_t count,
                  const core::Argument* arguments,
                  const std::vector<NNAdapterOperandType>& types,
                  Coverage coverage, std::vector<BoundArgument>* bound) {
  const std::string prefix = std::string(what) + " ";
  const size_t size = types.size();
  if (coverage == Coverage::kEvery) {
    int code = CheckArgumentCount(what, count, size);
    if (code != NNADAPTER_NO_ERROR) return code;
  }
  if (count && !arguments) {
    return Fail(NNADAPTER_INVALID_PARAMETER,
                prefix + "arguments: null array of " + std::to_string(count));
  }
  bound->assign(size, BoundArgument());
  for (uint32_t i = 0; i < count; i++) {
    const core::Argument& arg = arguments[i];
    const std::string name = prefix + "argument " + std::to_string(i) +
                             " (index " + std::to_string(arg.index) + ")";
    if (arg.index < 0 || static_cast<size_t>(arg.index) >= size) {
      return Fail(NNADAPTER_INVALID_PARAMETER,
                  name + ": index out of range [0, " + std::to_string(size) +
                      ")");
    }
    BoundArgument& b = (*bound)[arg.index];
    if (b.buffer) {
      return Fail(NNADAPTER_INVALID_PARAMETER, name + ": index given twice");
    }
    if (!arg.access) {
      return Fail(NNADAPTER_INVALID_PARAMETER,
                  name + ": null access callback");
    }
    b.type = types[arg.index];
    b.buffer = arg.access(arg.memory, &b.type);
    if (!b.buffer) {
      return Fail(NNADAPTER_INVALID_PARAMETER,
                  name + ": access callback returned no buffer");
    }
    if (b.type.dimensions.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
      return Fail(NNADAPTER_INVALID_PARAMETER,
                  name + ": access callback reported " +
                      std::to_string(b.type.dimensions.count) +
                      " dimensions (at most " +
                      std::to_string(NNADAPTER_MAX_SIZE_OF_DIMENSIONS) + ")");
    }
  }
  return NNADAPTER_NO_ERROR;
}

int BindEveryInput(uint32_t input_count, const core::Argument* input_arguments,
                   const std::vector<NNAdapterOperandType>& input_types,
                   uint32_t output_count, size_t expected_outputs,
                   std::vector<BoundArgument>* inputs) {
  int code = CheckArgumentCount("output", output_count, expected_outputs);
  if (code != NNADAPTER_NO_ERROR) return code;
  return BindArguments("input", input_count, input_arguments, input_types,
                       Coverage::kEvery, inputs);
}

int WriteOutputs(uint32_t count, const core::Argument* arguments,
                 const std::vector<NNAdapterOperandType>& types,
                 Coverage coverage,
                 const std::function<void(size_t index, void* buffer)>& write) {
  std::vector<BoundArgument> bound;
  int code = BindArguments("output", count, arguments, types, coverage, &bound);
  if (code != NNADAPTER_NO_ERROR) return code;
  for (size_t i = 0; i < bound.size(); i++) {
    if (bound[i].buffer) write(i, bound[i].buffer);
  }
  return NNADAPTER_NO_ERROR;
}

std::vector<int32_t> DimensionsOf(const NNAdapterOperandType& type) {
  const uint32_t count =
      type.dimensions.count < NNADAPTER_MAX_SIZE_OF_DIMENSIONS
          ? type.dimensions.count
          : NNADAPTER_MAX_SIZE_OF_DIMENSIONS;
  return std::vector<int32_t>(type.dimensions.data,
                              type.dimensions.data + count);
}

}  // namespace kit
}  // namespace nnadapter
