// Scope: named tensors, with an optional parent (weights live in a parent
// scope shared by cloned predictors; activations in each predictor's child),
// and named tensor arrays (Paddle's LOD_TENSOR_ARRAY variables). A name is
// either a tensor or an array, never both.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

// A LOD_TENSOR_ARRAY variable: a growable list of tensors (Paddle's
// LoDTensorArray), written by write_to_array, read by read_from_array.
using TensorArray = std::vector<Tensor>;

class Scope {
 public:
  Scope() = default;
  explicit Scope(std::shared_ptr<const Scope> parent)
      : parent_(std::move(parent)) {}
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

  // Returns the tensor named `name` in this scope, creating it if absent
  // (Error when this scope holds an array of that name).
  Tensor* Var(const std::string& name);
  // The tensor array named `name` in this scope, created empty if absent
  // (Error when this scope holds a tensor of that name).
  TensorArray* ArrayVar(const std::string& name);
  // Finds an array in this scope, then the parents; nullptr if absent.
  TensorArray* FindArray(const std::string& name) const;
  // Finds in this scope, then the parents; nullptr if absent.
  Tensor* FindVar(const std::string& name) const;
  Tensor* FindLocalVar(const std::string& name) const;
  // Like FindVar but throws an Error naming the variable.
  Tensor* GetVar(const std::string& name) const;
  bool HasVar(const std::string& name) const { return FindVar(name) != nullptr; }
  std::vector<std::string> LocalVarNames() const;
  // Removes a variable of this scope (not the parents'); no-op if absent.
  void EraseLocal(const std::string& name) {
    vars_.erase(name);
    arrays_.erase(name);
  }
  const std::shared_ptr<const Scope>& parent() const { return parent_; }

 private:
  std::shared_ptr<const Scope> parent_;
  std::map<std::string, std::unique_ptr<Tensor>> vars_;
  std::map<std::string, std::unique_ptr<TensorArray>> arrays_;
};

}  // namespace lite
}  // namespace paddle
