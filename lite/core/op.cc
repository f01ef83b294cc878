#include "lite/core/op.h"
#include "lite/core/op_inputs.h"

#include <set>
#include <sstream>

namespace paddle {
namespace lite {

std::string KernelKey::ToString() const {
  return StrCat(op_type, "/", lite_api::TargetToStr(target), "/",
                lite_api::PrecisionToStr(precision), "/",
                lite_api::DataLayoutToStr(layout), "/", alias);
}

bool KernelKey::FromString(const std::string& text, KernelKey* key) {
  std::vector<std::string> parts;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, '/')) parts.push_back(item);
  if (parts.size() != 5 || parts[0].empty() || parts[4].empty()) return false;
  KernelKey k;
  k.op_type = parts[0];
  k.target = lite_api::TargetFromStr(parts[1]);
  k.precision = lite_api::PrecisionFromStr(parts[2]);
  k.layout = lite_api::DataLayoutFromStr(parts[3]);
  k.alias = parts[4];
  if (k.target == TargetType::kUnk || k.precision == PrecisionType::kUnk ||
      k.layout == DataLayoutType::kUnk) {
    return false;
  }
  *key = k;
  return true;
}

namespace {
// Input slots read by the Get*Input helpers during the current Attach on
// this thread (null outside Attach).
thread_local std::set<std::string>* read_input_slots = nullptr;

void NoteInputRead(const std::string& slot) {
  if (read_input_slots) read_input_slots->insert(slot);
}

// Input slots an op may carry without reading them: Paddle inputs that only
// matter in training (present in some exports, meaningless for inference),
// and the subgraph op, which binds its block's variables from attributes.
bool IsUnreadInputAllowed(const std::string& op_type, const std::string& slot) {
  static const std::set<std::pair<std::string, std::string>> kSlots = {
      {"dropout", "Seed"},
      {"batch_norm", "MomentumTensor"},
  };
  return op_type == "subgraph" || kSlots.count({op_type, slot}) > 0;
}

// Throws naming the first non-empty input slot of desc not in `read`.
void EnforceInputsRead(const cpp::OpDesc& desc, const std::set<std::string>& read) {
  for (const auto& [slot, names] : desc.inputs()) {
    if (names.empty() || read.count(slot) || IsUnreadInputAllowed(desc.Type(), slot)) continue;
    std::string known;
    for (const auto& r : read) known += (known.empty() ? "" : ", ") + r;
    ThrowError("op '", desc.Type(), "': input '", slot, "' (variable '", names[0],
               "') is not supported by this build; the op reads only: ", known,
               " (see docs/op-attribute-audit.md)");
  }
}

const std::string& SingleName(const cpp::OpDesc& desc,
                              const std::vector<std::string>& names,
                              const std::string& slot, const char* kind) {
  LITE_ENFORCE(!names.empty(), "op '", desc.Type(), "': required ", kind,
               " '", slot, "' is missing");
  LITE_ENFORCE(names.size() == 1, "op '", desc.Type(), "': ", kind, " '",
               slot, "' expects one variable, got ", names.size());
  return names[0];
}
}  // namespace

Tensor* GetInput(const cpp::OpDesc& desc, Scope* scope, const std::string& slot) {
  NoteInputRead(slot);
  const std::string& name = SingleName(desc, desc.Input(slot), slot, "input");
  Tensor* t = scope->FindVar(name);
  LITE_ENFORCE(t != nullptr, "op '", desc.Type(), "': input '", slot,
               "' names variable '", name, "', which does not exist");
  return t;
}

Tensor* GetOptionalInput(const cpp::OpDesc& desc, Scope* scope,
                         const std::string& slot) {
  NoteInputRead(slot);
  if (!desc.HasInput(slot)) return nullptr;
  return GetInput(desc, scope, slot);
}

std::vector<Tensor*> GetInputList(const cpp::OpDesc& desc, Scope* scope,
                                  const std::string& slot) {
  NoteInputRead(slot);
  const auto& names = desc.Input(slot);
  LITE_ENFORCE(!names.empty(), "op '", desc.Type(), "': required input '",
               slot, "' is missing");
  std::vector<Tensor*> r;
  for (auto& name : names) {
    Tensor* t = scope->FindVar(name);
    LITE_ENFORCE(t != nullptr, "op '", desc.Type(), "': input '", slot,
                 "' names variable '", name, "', which does not exist");
    r.push_back(t);
  }
  return r;
}

Tensor* GetOutput(const cpp::OpDesc& desc, Scope* scope, const std::string& slot) {
  const std::string& name = SingleName(desc, desc.Output(slot), slot, "output");
  if (Tensor* local = scope->FindLocalVar(name)) return local;
  return scope->Var(name);
}

Tensor* GetOptionalOutput(const cpp::OpDesc& desc, Scope* scope,
                          const std::string& slot) {
  if (!desc.HasOutput(slot)) return nullptr;
  return GetOutput(desc, scope, slot);
}

std::vector<Tensor*> GetOutputList(const cpp::OpDesc& desc, Scope* scope,
                                   const std::string& slot) {
  const auto& names = desc.Output(slot);
  LITE_ENFORCE(!names.empty(), "op '", desc.Type(), "': required output '",
               slot, "' is missing");
  std::vector<Tensor*> r;
  for (auto& name : names) r.push_back(scope->Var(name));
  return r;
}

void AttachChecked(Operator* op, const cpp::OpDesc& desc, Scope* scope) {
  std::set<std::string> read;
  std::set<std::string>* outer = read_input_slots;
  read_input_slots = &read;
  try {
    op->Attach(desc, scope);
  } catch (...) {
    read_input_slots = outer;
    throw;
  }
  read_input_slots = outer;
  EnforceInputsRead(desc, read);
}

}  // namespace lite
}  // namespace paddle
