#include "lite/core/registry.h"

#include <algorithm>
#include <map>

namespace paddle {
namespace lite {

// One declaration per table line (repeats are harmless); each New<Class> is
// defined by LITE_OP_CLASS / LITE_KERNEL_CLASS in the class's .cc file.
namespace op_factory {
#define LITE_OP(op_type__, class__) std::unique_ptr<Operator> New##class__();
#define LITE_KERNEL(op_type__, target__, precision__, layout__, alias__, class__)
#include "lite/operators/all_ops.inc"
#undef LITE_OP
#undef LITE_KERNEL
}  // namespace op_factory

// One function per kernel key, named after the key, so that `nm` on a
// library lists the kernels it holds (the light library's test relies on it).
namespace kernel_factory {
#define LITE_OP(op_type__, class__)
#define LITE_KERNEL(op_type__, target__, precision__, layout__, alias__, class__) \
  std::unique_ptr<Kernel> New##class__();                                         \
  std::unique_ptr<Kernel>                                                         \
      create_##op_type__##__##target__##__##precision__##__##layout__##__##alias__() { \
    return New##class__();                                                        \
  }
#include "lite/operators/all_ops.inc"
#undef LITE_OP
#undef LITE_KERNEL
}  // namespace kernel_factory

namespace {

const std::map<std::string, OpFactory>& OpTable() {
  static const std::map<std::string, OpFactory> table = {
#define LITE_OP(op_type__, class__) {#op_type__, &op_factory::New##class__},
#define LITE_KERNEL(op_type__, target__, precision__, layout__, alias__, class__)
#include "lite/operators/all_ops.inc"
#undef LITE_OP
#undef LITE_KERNEL
  };
  return table;
}

const std::vector<KernelInfo>& KernelTable() {
  static const std::vector<KernelInfo> table = {
#define LITE_OP(op_type__, class__)
#define LITE_KERNEL(op_type__, target__, precision__, layout__, alias__, class__) \
  {KernelKey{#op_type__, TARGET(target__), PRECISION(precision__),            \
             DATALAYOUT(layout__), #alias__},                                 \
   &kernel_factory::                                                          \
       create_##op_type__##__##target__##__##precision__##__##layout__##__##alias__},
#include "lite/operators/all_ops.inc"
#undef LITE_OP
#undef LITE_KERNEL
  };
  return table;
}

std::string KernelList(const std::string& op_type) {
  std::string s;
  for (auto* k : KernelsFor(op_type)) s += (s.empty() ? "" : ", ") + k->key.ToString();
  return s.empty() ? "none" : s;
}

}  // namespace

bool IsOpRegistered(const std::string& op_type) {
  return OpTable().count(op_type) > 0;
}

std::vector<std::string> RegisteredOps() {
  std::vector<std::string> r;
  for (auto& kv : OpTable()) r.push_back(kv.first);
  return r;
}

const char* UnsupportedOpReason(const std::string& op_type) {
  static const std::map<std::string, const char*> kReasons = {
#define LITE_UNSUPPORTED_OP(op_type__, reason__) {#op_type__, reason__},
#include "lite/core/unsupported_ops.inc"
#undef LITE_UNSUPPORTED_OP
  };
  auto it = kReasons.find(op_type);
  return it == kReasons.end() ? nullptr : it->second;
}

std::unique_ptr<Operator> CreateOp(const std::string& op_type) {
  auto it = OpTable().find(op_type);
  if (it == OpTable().end()) {
    const char* why = UnsupportedOpReason(op_type);
    ThrowError("op '", op_type, "' is not supported by this build",
               why ? std::string(": ") + why : std::string(), " (", OpTable().size(),
               " op types are; see `opt --print_all_ops`)");
  }
  return it->second();
}

std::vector<const KernelInfo*> KernelsFor(const std::string& op_type) {
  std::vector<const KernelInfo*> r;
  for (auto& k : KernelTable()) {
    if (k.key.op_type == op_type) r.push_back(&k);
  }
  return r;
}

const KernelInfo* FindKernel(const KernelKey& key) {
  for (auto& k : KernelTable()) {
    if (k.key == key) return &k;
  }
  return nullptr;
}

std::unique_ptr<Kernel> CreateKernel(const KernelKey& key) {
  const KernelInfo* info = FindKernel(key);
  LITE_ENFORCE(info != nullptr, "kernel '", key.ToString(),
               "' is not available in this runtime; kernels for op '",
               key.op_type, "': ", KernelList(key.op_type));
  auto kernel = info->create();
  kernel->set_key(info->key);
  return kernel;
}

const KernelInfo* PickKernel(const Operator& op, const std::vector<Place>& places) {
  auto kernels = KernelsFor(op.type());
  std::vector<PrecisionType> precisions = {op.PreferredPrecision(),
                                           PrecisionType::kFloat,
                                           PrecisionType::kAny};
  for (PrecisionType precision : precisions) {
    for (const Place& place : places) {
      for (const KernelInfo* k : kernels) {
        bool target_ok = k->key.target == place.target ||
                         k->key.target == TargetType::kAny ||
                         (k->key.target == TargetType::kHost &&
                          place.target == TargetType::kX86);
        if (target_ok && k->key.precision == precision) return k;
      }
    }
  }
  std::string tried;
  for (const Place& p : places) tried += (tried.empty() ? "" : ", ") + p.DebugString();
  ThrowError("no kernel of op '", op.type(), "' fits the valid places [", tried,
             "]; kernels for this op: ", KernelList(op.type()));
}

}  // namespace lite
}  // namespace paddle
