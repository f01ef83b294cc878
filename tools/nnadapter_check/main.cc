// nnadapter_check: CPU path vs NNAdapter devices, subgraph by subgraph, and
// a bisection to the ops whose offload changes the outputs (check.h).
#include <gflags/gflags.h>

#include <exception>
#include <iostream>
#include <sstream>

#include "lite/api/paddle_error.h"
#include "tools/nnadapter_check/capabilities.h"
#include "tools/nnadapter_check/check.h"

DEFINE_string(model_dir, "", "folder of the Paddle model");
DEFINE_string(model_file, "", "the program file (e.g. inference.pdmodel); with --param_file");
DEFINE_string(param_file, "", "the combined params file (e.g. inference.pdiparams)");
DEFINE_string(nnadapter_device_names, "", "comma list of NNAdapter devices to check");
DEFINE_string(nnadapter_context_properties, "", "\"KEY=VALUE;KEY=VALUE\" for the devices");
DEFINE_string(input_shape, "", "every input: \"name:d0,d1,...;name2:...\"");
DEFINE_string(input_files, "",
              "optional raw float32 files: \"name:path;name2:path\" (else seeded uniform [-1, 1))");
DEFINE_uint32(seed, 1, "seed of the generated inputs");
DEFINE_double(atol, 1e-4, "absolute tolerance: |device - cpu| <= atol + rtol * |cpu|");
DEFINE_double(rtol, 1e-4, "relative tolerance of the model outputs");
DEFINE_double(tensor_rtol, 1e-3,
              "subgraph outputs differ when max |device - cpu| > atol + tensor_rtol * max |cpu|");
DEFINE_bool(print_capabilities, false,
            "print each device's capabilities and performance figures and exit");
DEFINE_string(partition_config_out, "",
              "write the partition config (culprit ops kept on the CPU) to this file");

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "nnadapter_check --model_dir=DIR --nnadapter_device_names=DEV --input_shape=x:1,3,224,224\n"
      "nnadapter_check --print_capabilities --nnadapter_device_names=DEV1,DEV2\n"
      "Compares the NNAdapter devices with the CPU path and bisects to the culprit ops.");
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  namespace nc = paddle::lite::nnadapter_check;
  try {
    nc::CheckOptions o;
    o.model_dir = FLAGS_model_dir;
    o.model_file = FLAGS_model_file;
    o.param_file = FLAGS_param_file;
    std::stringstream ds(FLAGS_nnadapter_device_names);
    for (std::string d; std::getline(ds, d, ',');) {
      if (!d.empty()) o.devices.push_back(d);
    }
    if (FLAGS_print_capabilities) return nc::PrintCapabilities(o.devices, std::cout);
    o.context_properties = FLAGS_nnadapter_context_properties;
    o.inputs = nc::ParseInputShapes(FLAGS_input_shape);
    std::stringstream fs(FLAGS_input_files);
    for (std::string e; std::getline(fs, e, ';');) {
      const size_t colon = e.find(':');
      if (colon == std::string::npos) {
        std::cerr << "nnadapter_check: --input_files entry '" << e << "': expected name:path\n";
        return 2;
      }
      o.input_files[e.substr(0, colon)] = e.substr(colon + 1);
    }
    o.seed = FLAGS_seed;
    o.atol = FLAGS_atol;
    o.rtol = FLAGS_rtol;
    o.tensor_rtol = FLAGS_tensor_rtol;
    o.config_out = FLAGS_partition_config_out;
    return nc::RunCheck(o, std::cout, nullptr);
  } catch (const paddle::lite_api::Error& e) {
    std::cerr << "nnadapter_check: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    // Never an abort: whatever escapes is reported and exits 2.
    std::cerr << "nnadapter_check: " << e.what() << "\n";
    return 2;
  }
}
