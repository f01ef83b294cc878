// CxxConfig, MobileConfig and their shared base (threads, power mode, the
// set_nnadapter_* family), with Paddle Lite's Python method names.
#include <pybind11/stl.h>

#include "bindings.h"

namespace paddlelite {

namespace {

void BindConfigBase(py::module_& m) {
  using C = api::ConfigBase;
  py::class_<C>(m, "ConfigBase")
      .def("set_model_dir", &C::set_model_dir, py::arg("model_dir"))
      .def("model_dir", &C::model_dir)
      .def("set_threads", &C::set_threads, py::arg("threads"))
      .def("threads", &C::threads)
      .def("set_max_loop_iterations", &C::set_max_loop_iterations, py::arg("n"))
      .def("max_loop_iterations", &C::max_loop_iterations)
      .def("set_power_mode", &C::set_power_mode, py::arg("mode"))
      .def("power_mode", &C::power_mode)
      .def("check_nnadapter_device_name", &C::check_nnadapter_device_name,
           py::arg("device_name"))
      .def("set_nnadapter_device_names", &C::set_nnadapter_device_names,
           py::arg("device_names"))
      .def("nnadapter_device_names", &C::nnadapter_device_names)
      .def("set_nnadapter_context_properties", &C::set_nnadapter_context_properties,
           py::arg("context_properties"))
      .def("nnadapter_context_properties", &C::nnadapter_context_properties)
      .def("set_nnadapter_model_cache_dir", &C::set_nnadapter_model_cache_dir,
           py::arg("model_cache_dir"))
      .def("nnadapter_model_cache_dir", &C::nnadapter_model_cache_dir)
      .def(
          "set_nnadapter_model_cache_buffers",
          [](C& c, const std::string& token, const py::bytes& buffer) {
            std::string bytes = buffer;
            c.set_nnadapter_model_cache_buffers(token,
                                                std::vector<char>(bytes.begin(), bytes.end()));
          },
          py::arg("model_cache_token"), py::arg("model_cache_buffer"))
      .def("set_nnadapter_subgraph_partition_config_path",
           &C::set_nnadapter_subgraph_partition_config_path, py::arg("path"))
      .def("nnadapter_subgraph_partition_config_path",
           &C::nnadapter_subgraph_partition_config_path)
      .def("set_nnadapter_subgraph_partition_config_buffer",
           &C::set_nnadapter_subgraph_partition_config_buffer, py::arg("buffer"))
      .def("nnadapter_subgraph_partition_config_buffer",
           &C::nnadapter_subgraph_partition_config_buffer)
      .def("set_nnadapter_dynamic_shape_info", &C::set_nnadapter_dynamic_shape_info,
           py::arg("dynamic_shape_info"))
      .def("nnadapter_dynamic_shape_info", &C::nnadapter_dynamic_shape_info)
      .def("set_nnadapter_min_subgraph_size", &C::set_nnadapter_min_subgraph_size,
           py::arg("size"))
      .def("set_nnadapter_partition_report_path", &C::set_nnadapter_partition_report_path,
           py::arg("path"))
      .def("set_nnadapter_strict_mode", &C::set_nnadapter_strict_mode, py::arg("strict"))
      .def("add_discarded_pass", &C::add_discarded_pass, py::arg("pass_name"))
      .def("get_discarded_passes", &C::get_discarded_passes)
      // Backends this build lacks: accepted, and named once as not applying
      // when the predictor is created (as in C++).
      .def("set_opencl_binary_path_name", &C::set_opencl_binary_path_name, py::arg("path"),
           py::arg("name"))
      .def("set_opencl_tune", &C::set_opencl_tune, py::arg("tune_mode"), py::arg("path") = "",
           py::arg("name") = "", py::arg("lws_repeats") = 4)
      .def("set_opencl_precision", &C::set_opencl_precision, py::arg("precision"))
      .def("set_metal_lib_path", &C::set_metal_lib_path, py::arg("path"))
      .def("set_metal_use_mps", &C::set_metal_use_mps, py::arg("flag"))
      .def("set_metal_use_memory_reuse", &C::set_metal_use_memory_reuse, py::arg("flag"))
      .def("inapplicable_settings", &C::inapplicable_settings);
}

void BindCxxConfig(py::module_& m) {
  using C = api::CxxConfig;
  py::class_<C, api::ConfigBase>(m, "CxxConfig")
      .def(py::init<>())
      .def("set_model_file", &C::set_model_file, py::arg("model_file"))
      .def("model_file", &C::model_file)
      .def("set_param_file", &C::set_param_file, py::arg("param_file"))
      .def("param_file", &C::param_file)
      .def("set_valid_places", &C::set_valid_places, py::arg("places"))
      .def("valid_places", &C::valid_places)
      .def(
          "set_model_buffer",
          [](C& c, const py::bytes& model, const py::bytes& params) {
            std::string m_bytes = model, p_bytes = params;
            c.set_model_buffer(m_bytes.data(), m_bytes.size(), p_bytes.data(), p_bytes.size());
          },
          py::arg("model_buffer"), py::arg("param_buffer"))
      .def("model_from_memory", &C::is_model_from_memory)
      .def("is_model_from_memory", &C::is_model_from_memory)
      .def("set_disabled_passes", &C::set_disabled_passes, py::arg("pass_names"))
      .def("disabled_passes", &C::disabled_passes)
      .def("set_passes_internal", &C::set_passes_internal, py::arg("passes") = std::vector<std::string>{})
      .def("set_nnadapter_mixed_precision_quantization_config_path",
           &C::set_nnadapter_mixed_precision_quantization_config_path, py::arg("path"))
      .def("nnadapter_mixed_precision_quantization_config_path",
           &C::nnadapter_mixed_precision_quantization_config_path)
      .def("set_nnadapter_mixed_precision_quantization_config_buffer",
           &C::set_nnadapter_mixed_precision_quantization_config_buffer, py::arg("buffer"))
      .def("set_quant_model", &C::set_quant_model, py::arg("quant_model"))
      .def("set_quant_type", &C::set_quant_type, py::arg("quant_type"))
      .def("set_sparse_model", &C::set_sparse_model, py::arg("sparse_model"))
      .def("set_sparse_threshold", &C::set_sparse_threshold, py::arg("sparse_threshold"));
}

void BindMobileConfig(py::module_& m) {
  using C = api::MobileConfig;
  py::class_<C, api::ConfigBase>(m, "MobileConfig")
      .def(py::init<>())
      .def("set_model_from_file", &C::set_model_from_file, py::arg("nb_file"))
      .def("lite_model_file", &C::lite_model_file)
      .def(
          "set_model_from_buffer",
          [](C& c, const py::bytes& buffer) { c.set_model_from_buffer(std::string(buffer)); },
          py::arg("nb_buffer"))
      .def("model_from_memory", &C::is_model_from_memory)
      .def("is_model_from_memory", &C::is_model_from_memory)
      // Paddle Lite < 2.6's split naive buffers: refused with an Error by
      // create_paddle_predictor (convert with opt), as in C++.
      .def(
          "set_model_buffer",
          [](C& c, const py::bytes& model, const py::bytes& params) {
            std::string m_bytes = model, p_bytes = params;
            c.set_model_buffer(m_bytes.data(), m_bytes.size(), p_bytes.data(), p_bytes.size());
          },
          py::arg("model_buffer"), py::arg("param_buffer"));
}

}  // namespace

void BindConfig(py::module_& m) {
  BindConfigBase(m);
  BindCxxConfig(m);
  BindMobileConfig(m);
}

}  // namespace paddlelite
