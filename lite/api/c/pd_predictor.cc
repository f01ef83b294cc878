// PD_Predictor: a shared_ptr<PaddlePredictor> plus the input/output names
// (kept so that the const char* handed out stay valid).
#include <string>

#include "lite/api/c/c_api_internal.h"

using paddle::lite_c::ArgError;
using paddle::lite_c::Guard;
using paddle::lite_c::NotEmpty;
using paddle::lite_c::NotNull;
namespace api = paddle::lite_api;

namespace {

PD_Predictor* Wrap(std::shared_ptr<api::PaddlePredictor> p) {
  auto* out = new PD_Predictor();
  out->predictor = std::move(p);
  out->input_names = out->predictor->GetInputNames();
  out->output_names = out->predictor->GetOutputNames();
  return out;
}

void CheckIndex(size_t index, size_t count, const char* what) {
  if (index >= count) {
    throw ArgError{"index " + std::to_string(index) + " is out of range (the model has " +
                   std::to_string(count) + " " + what + ")"};
  }
}

std::string NameList(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

size_t FindName(const std::vector<std::string>& names, const char* name, const char* what) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return i;
  }
  throw ArgError{std::string("'") + name + "' is not an " + what + " of the model (" + what +
                 "s: " + NameList(names) + ")"};
}

PD_Tensor* InputHandle(PD_Predictor* p, size_t i) {
  auto* t = new PD_Tensor();
  t->owner = p->predictor;
  t->name = p->input_names[i];
  t->input = p->predictor->GetInput(static_cast<int>(i));
  return t;
}

PD_Tensor* OutputHandle(PD_Predictor* p, size_t i) {
  auto* t = new PD_Tensor();
  t->owner = p->predictor;
  t->name = p->output_names[i];
  t->output = p->predictor->GetOutput(static_cast<int>(i));
  return t;
}

}  // namespace

extern "C" {

PD_Status PD_PredictorCreate(const PD_Config* config, PD_Predictor** predictor) {
  return Guard("PD_PredictorCreate", PD_MODEL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(predictor, "predictor");
    std::shared_ptr<api::PaddlePredictor> p;
    if (config->optimized) {
      p = api::CreatePaddlePredictor<api::MobileConfig>(config->mobile);
    } else {
      p = api::CreatePaddlePredictor<api::CxxConfig>(config->cxx);
    }
    *predictor = Wrap(std::move(p));
  });
}

PD_Status PD_PredictorClone(PD_Predictor* predictor, PD_Predictor** clone) {
  return Guard("PD_PredictorClone", PD_RUNTIME_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotNull(clone, "clone");
    *clone = Wrap(predictor->predictor->Clone());
  });
}

PD_Status PD_PredictorDestroy(PD_Predictor* predictor) {
  delete predictor;
  return PD_OK;
}

PD_Status PD_PredictorGetInputNum(PD_Predictor* predictor, size_t* count) {
  return Guard("PD_PredictorGetInputNum", PD_INTERNAL_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotNull(count, "count");
    *count = predictor->input_names.size();
  });
}

PD_Status PD_PredictorGetOutputNum(PD_Predictor* predictor, size_t* count) {
  return Guard("PD_PredictorGetOutputNum", PD_INTERNAL_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotNull(count, "count");
    *count = predictor->output_names.size();
  });
}

PD_Status PD_PredictorGetInputName(PD_Predictor* predictor, size_t index, const char** name) {
  return Guard("PD_PredictorGetInputName", PD_INTERNAL_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotNull(name, "name");
    CheckIndex(index, predictor->input_names.size(), "inputs");
    *name = predictor->input_names[index].c_str();
  });
}

PD_Status PD_PredictorGetOutputName(PD_Predictor* predictor, size_t index, const char** name) {
  return Guard("PD_PredictorGetOutputName", PD_INTERNAL_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotNull(name, "name");
    CheckIndex(index, predictor->output_names.size(), "outputs");
    *name = predictor->output_names[index].c_str();
  });
}

PD_Status PD_PredictorGetInput(PD_Predictor* predictor, size_t index, PD_Tensor** tensor) {
  return Guard("PD_PredictorGetInput", PD_RUNTIME_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotNull(tensor, "tensor");
    CheckIndex(index, predictor->input_names.size(), "inputs");
    *tensor = InputHandle(predictor, index);
  });
}

PD_Status PD_PredictorGetInputByName(PD_Predictor* predictor, const char* name,
                                     PD_Tensor** tensor) {
  return Guard("PD_PredictorGetInputByName", PD_RUNTIME_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotEmpty(name, "name");
    NotNull(tensor, "tensor");
    *tensor = InputHandle(predictor, FindName(predictor->input_names, name, "input"));
  });
}

PD_Status PD_PredictorGetOutput(PD_Predictor* predictor, size_t index, PD_Tensor** tensor) {
  return Guard("PD_PredictorGetOutput", PD_RUNTIME_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotNull(tensor, "tensor");
    CheckIndex(index, predictor->output_names.size(), "outputs");
    *tensor = OutputHandle(predictor, index);
  });
}

PD_Status PD_PredictorGetOutputByName(PD_Predictor* predictor, const char* name,
                                      PD_Tensor** tensor) {
  return Guard("PD_PredictorGetOutputByName", PD_RUNTIME_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotEmpty(name, "name");
    NotNull(tensor, "tensor");
    *tensor = OutputHandle(predictor, FindName(predictor->output_names, name, "output"));
  });
}

PD_Status PD_PredictorRun(PD_Predictor* predictor) {
  return Guard("PD_PredictorRun", PD_RUNTIME_ERROR, [&] {
    NotNull(predictor, "predictor");
    predictor->predictor->Run();
  });
}

PD_Status PD_PredictorSaveOptimizedModel(PD_Predictor* predictor, const char* path) {
  return Guard("PD_PredictorSaveOptimizedModel", PD_RUNTIME_ERROR, [&] {
    NotNull(predictor, "predictor");
    NotEmpty(path, "path");
    predictor->predictor->SaveOptimizedModel(path, api::LiteModelType::kNaiveBuffer);
  });
}

}  // extern "C"
