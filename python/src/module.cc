// paddlelite.lite's compiled part (paddlelite._lite).
#include "bindings.h"

#ifndef PADDLELITE_VERSION
#error "PADDLELITE_VERSION must be defined by setup.py"
#endif

PYBIND11_MODULE(_lite, m) {
  namespace py = pybind11;
  m.doc() = "Paddle Lite inference (paddle-lite-nna): configs, predictors, tensors";
  // Every error the library reports (bad path, corrupt model, unsupported
  // op, wrong input shape) arrives as paddlelite.lite.Error with the C++
  // message; it is a RuntimeError.
  py::register_exception<paddle::lite_api::Error>(m, "Error", PyExc_RuntimeError);
  m.attr("__version__") = PADDLELITE_VERSION;
  paddlelite::BindPlace(m);
  paddlelite::BindConfig(m);
  paddlelite::BindTensor(m);
  paddlelite::BindPredictor(m);
}
