// CxxPredictor / LightPredictor and create_paddle_predictor. run() releases
// the GIL, so Python threads running their own clones overlap.
#include <pybind11/stl.h>

#include "bindings.h"

namespace paddlelite {

namespace {

TensorHandle* Input(const Predictor& p, std::unique_ptr<api::Tensor> t, std::string name) {
  auto* h = new TensorHandle();
  h->owner = p.impl;
  h->input = std::move(t);
  h->name = std::move(name);
  return h;
}

TensorHandle* Output(const Predictor& p, std::unique_ptr<const api::Tensor> t, std::string name) {
  auto* h = new TensorHandle();
  h->owner = p.impl;
  h->output = std::move(t);
  h->name = std::move(name);
  return h;
}

std::string NameAt(const std::vector<std::string>& names, int i, const char* what) {
  // Negative or too large: the C++ call reports it with its own message.
  return i >= 0 && i < static_cast<int>(names.size()) ? names[i] : std::string(what);
}

// A predictor of the same kind as `p` around `impl`.
std::unique_ptr<Predictor> SameKind(const Predictor& p,
                                    std::shared_ptr<api::PaddlePredictor> impl) {
  std::unique_ptr<Predictor> out;
  if (dynamic_cast<const LightPredictor*>(&p)) {
    out.reset(new LightPredictor());
  } else {
    out.reset(new CxxPredictor());
  }
  out->impl = std::move(impl);
  return out;
}

}  // namespace

void BindPredictor(py::module_& m) {
  const auto ref = py::return_value_policy::take_ownership;
  py::class_<Predictor>(m, "PaddlePredictor")
      .def(
          "get_input",
          [](Predictor& p, int i) {
            auto t = p.impl->GetInput(i);
            return Input(p, std::move(t), NameAt(p.impl->GetInputNames(), i, "input"));
          },
          py::arg("index"), ref)
      .def(
          "get_input_by_name",
          [](Predictor& p, const std::string& name) {
            return Input(p, p.impl->GetInputByName(name), name);
          },
          py::arg("name"), ref)
      .def(
          "get_output",
          [](Predictor& p, int i) {
            auto t = p.impl->GetOutput(i);
            return Output(p, std::move(t), NameAt(p.impl->GetOutputNames(), i, "output"));
          },
          py::arg("index"), ref)
      .def(
          "get_output_by_name",
          [](Predictor& p, const std::string& name) {
            const auto names = p.impl->GetOutputNames();
            for (size_t i = 0; i < names.size(); ++i) {
              if (names[i] == name) return Output(p, p.impl->GetOutput(static_cast<int>(i)), name);
            }
            std::string all;
            for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
            throw api::Error("get_output_by_name: '" + name +
                             "' is not an output of the model (outputs: " + all + ")");
          },
          py::arg("name"), ref)
      .def(
          "get_tensor",
          [](Predictor& p, const std::string& name) {
            // The C++ call gives nullptr for an unknown name; a handle around
            // it would dereference it on first use.
            auto t = p.impl->GetTensor(name);
            if (!t) {
              throw api::Error("get_tensor: '" + name +
                               "' is not a variable of the model (see get_input_names(), "
                               "get_output_names(), get_param_names())");
            }
            return Output(p, std::move(t), name);
          },
          py::arg("name"), ref)
      .def("get_input_names", [](Predictor& p) { return p.impl->GetInputNames(); })
      .def("get_output_names", [](Predictor& p) { return p.impl->GetOutputNames(); })
      .def("get_param_names", [](Predictor& p) { return p.impl->GetParamNames(); })
      .def("get_version", [](const Predictor& p) { return p.impl->GetVersion(); })
      .def(
          "run", [](Predictor& p) { p.impl->Run(); }, py::call_guard<py::gil_scoped_release>())
      .def("clone", [](Predictor& p) { return SameKind(p, p.impl->Clone()); })
      .def(
          "save_optimized_model",
          [](Predictor& p, const std::string& path, api::LiteModelType type, bool record_info) {
            p.impl->SaveOptimizedModel(path, type, record_info);
          },
          py::arg("model_dir"), py::arg("model_type") = api::LiteModelType::kNaiveBuffer,
          py::arg("record_info") = false)
      .def(
          "save_optimized_pb_model",
          [](Predictor& p, const std::string& path) {
            p.impl->SaveOptimizedModel(path, api::LiteModelType::kProtobuf);
          },
          py::arg("model_dir"));
  py::class_<CxxPredictor, Predictor>(m, "CxxPredictor");
  py::class_<LightPredictor, Predictor>(m, "LightPredictor");

  m.def(
      "create_paddle_predictor",
      [](const api::CxxConfig& config) {
        auto p = std::make_unique<CxxPredictor>();
        py::gil_scoped_release release;
        p->impl = api::CreatePaddlePredictor<api::CxxConfig>(config);
        return p;
      },
      py::arg("config"));
  m.def(
      "create_paddle_predictor",
      [](const api::MobileConfig& config) {
        auto p = std::make_unique<LightPredictor>();
        py::gil_scoped_release release;
        p->impl = api::CreatePaddlePredictor<api::MobileConfig>(config);
        return p;
      },
      py::arg("config"));
}

}  // namespace paddlelite
