// libFuzzer target for the Python API: embeds CPython (pybind11/embed.h),
// registers the binding module (python/src, compiled into this program) as
// paddlelite._lite in sys.modules, imports paddlelite.lite from the checkout and hands each
// input to python/fuzz/fuzz_driver.py, which decodes it into calls of the
// module's public functions and methods with arguments of wrong types and odd
// values. An exception without a message, a SystemError, a crash or a
// sanitizer report is a finding. Built and run by
// tools/scripts/run_api_fuzzers.sh python SECONDS.
#include <pybind11/embed.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace py = pybind11;

extern "C" PyObject* PyInit__lite();

namespace {
py::object* g_one = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* root = std::getenv("PADDLELITE_FUZZ_ROOT");
  const char* models = std::getenv("PADDLE_LITE_MODELS_DIR");
  if (!root || !models) {
    std::fprintf(stderr, "fuzz_python: set PADDLELITE_FUZZ_ROOT and PADDLE_LITE_MODELS_DIR\n");
    std::abort();
  }
  py::initialize_interpreter();
  try {
    py::module_ sys = py::module_::import("sys");
    // The compiled-in module, registered under its package name (the
    // built-in importer does not find dotted names in packages).
    PyObject* lite = PyInit__lite();
    if (!lite) throw py::error_already_set();
    sys.attr("modules")["paddlelite._lite"] = py::reinterpret_steal<py::object>(lite);
    sys.attr("path").attr("insert")(0, std::string(root) + "/python");
    sys.attr("path").attr("insert")(0, std::string(root) + "/python/fuzz");
    py::module_ driver = py::module_::import("fuzz_driver");
    driver.attr("setup")(models);
    g_one = new py::object(driver.attr("one"));
  } catch (const py::error_already_set& e) {
    std::fprintf(stderr, "fuzz_python: cannot set up the driver: %s\n", e.what());
    std::abort();
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (*g_one)(py::bytes(reinterpret_cast<const char*>(data), size));
  } catch (const py::error_already_set& e) {
    std::fprintf(stderr, "fuzz_python: finding: %s\n", e.what());
    std::abort();
  }
  return 0;
}
