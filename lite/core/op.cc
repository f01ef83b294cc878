#include "lite/core/op.h"
#include "lite/core/op_inputs.h"

#include <glog/logging.h>

#include <mutex>
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

// Attributes Paddle writes that do not affect inference on this build:
// training-only settings, device/library hints and framework bookkeeping.
// An op that does not read them is not worth a log line; every other
// attribute an op ignores is logged once at GLOG_v=3 (docs/op-attribute-audit.md).
bool IsIgnorableAttr(const std::string& name) {
  static const std::set<std::string> kAttrs = {
      // framework bookkeeping written on every op
      "op_role", "op_role_var", "op_namescope", "op_callstack", "op_device",
      "with_quant_attr",
      // device and library hints
      "use_cudnn", "use_mkldnn", "use_quantizer", "mkldnn_data_type", "use_xpu",
      "workspace_size_MB", "exhaustive_search", "force_cpu", "use_addto",
      // oneDNN fusion and int8 settings Paddle's mkldnn passes write
      "Scale_in", "Scale_in_eltwise", "Scale_out", "Scale_weights", "Scale_x", "Scale_y",
      "scale_x", "scale_y", "scale_out", "force_fp32_output", "fuse_relu", "fuse_activation",
      "fuse_alpha", "fuse_beta", "fuse_brelu", "fuse_brelu_threshold", "fuse_with_relu",
      "fuse_residual_connection", "fuse_relu_before_depthwise_conv", "x_data_format",
      "y_data_format",
      // training-only
      "is_test", "fix_seed", "seed", "momentum", "use_global_stats",
      "trainable_statistics", "moving_rate", "skip_quant",
  };
  return kAttrs.count(name) > 0;
}

// Logs once per (op type, attribute), at GLOG_v=3, the attributes of desc
// that its AttachImpl never looked up.
void LogUnreadAttrs(const cpp::OpDesc& desc, const std::set<std::string>& read) {
  if (!VLOG_IS_ON(3) || desc.Type() == "subgraph") return;
  static std::mutex mu;
  static std::set<std::pair<std::string, std::string>> logged;
  for (const auto& [name, attr] : desc.attrs()) {
    if (read.count(name) || IsIgnorableAttr(name)) continue;
    {
      std::lock_guard<std::mutex> lock(mu);
      if (!logged.insert({desc.Type(), name}).second) continue;
    }
    VLOG(3) << "op '" << desc.Type() << "': attribute '" << name << "' ("
            << cpp::AttrTypeName(attr.type)
            << ") is not read by this build and is ignored (see docs/op-attribute-audit.md)";
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

TensorArray* GetInputArray(const cpp::OpDesc& desc, Scope* scope, const std::string& slot) {
  NoteInputRead(slot);
  const std::string& name = SingleName(desc, desc.Input(slot), slot, "input");
  TensorArray* a = scope->FindArray(name);
  LITE_ENFORCE(a != nullptr, "op '", desc.Type(), "': input '", slot, "' names variable '",
               name, "', which is not a tensor array written before (LOD_TENSOR_ARRAY)");
  return a;
}

TensorArray* GetOutputArray(const cpp::OpDesc& desc, Scope* scope, const std::string& slot) {
  const std::string& name = SingleName(desc, desc.Output(slot), slot, "output");
  if (TensorArray* a = scope->FindArray(name)) return a;
  return scope->ArrayVar(name);
}

void CheckInputNames(const cpp::OpDesc& desc, Scope* scope, const std::string& slot) {
  NoteInputRead(slot);
  for (const auto& name : desc.Input(slot)) {
    LITE_ENFORCE(scope->FindVar(name) || scope->FindArray(name), "op '", desc.Type(),
                 "': input '", slot, "' names variable '", name, "', which does not exist");
  }
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
  std::set<std::string> attrs_read;
  std::set<std::string>* outer = read_input_slots;
  read_input_slots = &read;
  try {
    cpp::AttrReadRecorder recorder(&attrs_read);
    op->Attach(desc, scope);
  } catch (...) {
    read_input_slots = outer;
    throw;
  }
  read_input_slots = outer;
  EnforceInputsRead(desc, read);
  LogUnreadAttrs(desc, attrs_read);
}

}  // namespace lite
}  // namespace paddle
