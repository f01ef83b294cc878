#include "lite/core/scope.h"

namespace paddle {
namespace lite {

Tensor* Scope::Var(const std::string& name) {
  auto it = vars_.find(name);
  if (it != vars_.end()) return it->second.get();
  LITE_ENFORCE(!arrays_.count(name), "variable '", name,
               "' is a tensor array (LOD_TENSOR_ARRAY), used here as a tensor");
  auto* t = new Tensor();
  vars_.emplace(name, std::unique_ptr<Tensor>(t));
  return t;
}

TensorArray* Scope::ArrayVar(const std::string& name) {
  auto it = arrays_.find(name);
  if (it != arrays_.end()) return it->second.get();
  LITE_ENFORCE(!vars_.count(name), "variable '", name,
               "' is a tensor, used here as a tensor array (LOD_TENSOR_ARRAY)");
  auto* a = new TensorArray();
  arrays_.emplace(name, std::unique_ptr<TensorArray>(a));
  return a;
}

TensorArray* Scope::FindArray(const std::string& name) const {
  auto it = arrays_.find(name);
  if (it != arrays_.end()) return it->second.get();
  return parent_ ? parent_->FindArray(name) : nullptr;
}

Tensor* Scope::FindLocalVar(const std::string& name) const {
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : it->second.get();
}

Tensor* Scope::FindVar(const std::string& name) const {
  if (Tensor* t = FindLocalVar(name)) return t;
  return parent_ ? parent_->FindVar(name) : nullptr;
}

Tensor* Scope::GetVar(const std::string& name) const {
  Tensor* t = FindVar(name);
  LITE_ENFORCE(t != nullptr, "variable '", name, "' does not exist in the scope");
  return t;
}

std::vector<std::string> Scope::LocalVarNames() const {
  std::vector<std::string> names;
  for (auto& kv : vars_) names.push_back(kv.first);
  return names;
}

}  // namespace lite
}  // namespace paddle
