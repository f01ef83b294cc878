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
  // message; it is a RuntimeError. Messages may quote bytes that are not
  // UTF-8 (a name given as bytes, a line of a binary file): they are decoded
  // with backslash escapes, as an undecodable message would reach Python empty.
  static py::exception<paddle::lite_api::Error> error(m, "Error", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const paddle::lite_api::Error& e) {
      const std::string what = e.what();
      PyObject* message = PyUnicode_DecodeUTF8(what.data(), static_cast<Py_ssize_t>(what.size()),
                                               "backslashreplace");
      PyErr_SetObject(error.ptr(), message);
      Py_XDECREF(message);
    }
  });
  m.attr("__version__") = PADDLELITE_VERSION;
  paddlelite::BindPlace(m);
  paddlelite::BindConfig(m);
  paddlelite::BindTensor(m);
  paddlelite::BindPredictor(m);
}
