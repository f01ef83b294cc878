// The pieces of the paddlelite.lite extension (one Bind* per file) and the
// Python-side handles. Only the public C++ API (paddle_api.h) is used.
//
// Adding a binding for something new in paddle_api.h: add a .def line to the
// Bind* function of its class (config.cc, tensor.cc, predictor.cc,
// place.cc); a new enum value goes into the enum's table in place.cc.
#pragma once
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "paddle_api.h"  // NOLINT

namespace paddlelite {
namespace py = pybind11;
namespace api = paddle::lite_api;

// A predictor as Python sees it. CxxPredictor and LightPredictor are the two
// kinds Paddle Lite's Python API has; both wrap a PaddlePredictor.
struct Predictor {
  std::shared_ptr<api::PaddlePredictor> impl;
  virtual ~Predictor() = default;
};
struct CxxPredictor : Predictor {};
struct LightPredictor : Predictor {};

// A view of one of a predictor's tensors; keeps the predictor alive.
struct TensorHandle {
  std::shared_ptr<api::PaddlePredictor> owner;
  std::unique_ptr<api::Tensor> input;                 // inputs (writable)
  std::unique_ptr<const api::Tensor> output;          // outputs and others (read-only)
  std::string name;
  const api::Tensor& view() const { return input ? *input : *output; }
  api::Tensor& writable() const;  // throws ValueError for a read-only tensor
};

void BindPlace(py::module_& m);
void BindConfig(py::module_& m);
void BindTensor(py::module_& m);
void BindPredictor(py::module_& m);

}  // namespace paddlelite
