// Rebuilds core::Model operations as an NNAdapterModel through the public C
// API (whose NNAdapterModel_addOperation runs the standard shape inference),
// and runs such a model once on builtin_device. Used by google_xnnpack's
// shape inference, the optimizer toolkit's constant folding and the tests.
// A target using it links libnnadapter (the C API) besides nnadapter_utility.
#ifndef NNADAPTER_UTILITY_API_MODEL_H_
#define NNADAPTER_UTILITY_API_MODEL_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/nnadapter.h"

namespace nnadapter {

class ApiModel {
 public:
  ApiModel();
  ~ApiModel();
  ApiModel(const ApiModel&) = delete;
  ApiModel& operator=(const ApiModel&) = delete;
  NNAdapterModel* model() { return model_; }

  // Adds `op` (its operands on first use: constants referenced, not copied;
  // an operand in `dims` declared with those dims; an output otherwise with
  // unknown dims, so that shape inference sets them). False with `error`
  // (the runtime's message) if the C API refuses it.
  bool AddOperation(const core::Operation& op,
                    const std::map<const core::Operand*, std::vector<int32_t>>& dims,
                    std::string* error);
  // The C API operand of a core operand added so far (null if none).
  NNAdapterOperand* Find(const core::Operand* operand) const;
  // The dims the C API holds for an added operand.
  bool Dimensions(const core::Operand* operand, std::vector<int32_t>* dims,
                  std::string* error) const;

 private:
  NNAdapterOperand* Operand(const core::Operand* o,
                            const std::map<const core::Operand*, std::vector<int32_t>>& dims,
                            bool is_output, std::string* error);
  NNAdapterModel* model_ = nullptr;
  std::map<const core::Operand*, NNAdapterOperand*> mapped_;
};

// Runs one operation whose inputs are all constants on builtin_device and
// returns each output's type (dims inferred) and bytes.
bool EvaluateOnBuiltinDevice(const core::Operation& op,
                             std::vector<NNAdapterOperandType>* types,
                             std::vector<std::vector<uint8_t>>* values,
                             std::string* error);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_API_MODEL_H_
