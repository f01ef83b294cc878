#include "faults.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/properties.h"

namespace nnadapter {
namespace fake_device {

namespace {
int ParseFlag(const std::map<std::string, std::string>& parsed, const std::string& key,
              bool* flag) {
  auto it = parsed.find(key);
  if (it == parsed.end()) return NNADAPTER_NO_ERROR;
  if (it->second != "0" && it->second != "1") {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                     key + "='" + it->second + "': expected 0 or 1");
  }
  *flag = it->second == "1";
  return NNADAPTER_NO_ERROR;
}
}  // namespace

int ParseFaults(const std::map<std::string, std::string>& parsed,
                const std::string& prefix, Faults* faults) {
  if (int code = ParseFlag(parsed, prefix + "COMPILE", &faults->compile)) return code;
  if (int code = ParseFlag(parsed, prefix + "EXECUTE", &faults->execute)) return code;
  auto ops = parsed.find(prefix + "OPERATIONS");
  if (ops != parsed.end()) {
    for (const auto& name : SplitAndTrim(ops->second, ',')) {
      NNAdapterOperationType type;
      if (!ParseOperationTypeName(name, &type)) {
        return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                         prefix + "OPERATIONS: unknown operation '" + name + "'");
      }
      faults->wrong.insert(type);
    }
  }
  auto offset = parsed.find(prefix + "OFFSET");
  if (offset != parsed.end()) {
    char* end = nullptr;
    errno = 0;
    const float v = std::strtof(offset->second.c_str(), &end);
    if (end == offset->second.c_str() || *end != '\0' || errno != 0 || !std::isfinite(v)) {
      return kit::Fail(NNADAPTER_INVALID_PARAMETER, prefix + "OFFSET='" + offset->second +
                                                        "': expected a finite number");
    }
    faults->offset = v;
  }
  return NNADAPTER_NO_ERROR;
}

void InjectValueFault(const Faults& faults, const core::Operation& op,
                      Converter* converter, fake_ddk::Graph* graph) {
  if (!faults.wrong.count(op.type) || op.output_operands.empty()) return;
  const core::Operand* out = op.output_operands[0];
  const int32_t id = converter->TensorOf(out);
  if (id < 0) return;
  const std::vector<int32_t> shape = graph->tensors()[id].shape;
  const int32_t offset = graph->AddConstant({1}, &faults.offset);
  const int32_t shifted = graph->AddTensor(shape);
  fake_ddk::Node node;
  node.type = fake_ddk::OpType::kAdd;
  node.inputs = {id, offset};
  node.outputs = {shifted};
  node.ints = {0};  // no fused activation
  graph->AddNode(node);
  converter->Bind(out, shifted);
}

}  // namespace fake_device
}  // namespace nnadapter
