// Written for this project in the style of Paddle Lite's generic NNAdapter
// demo (PaddleLite-generic-demo, image_classification_demo/shell/demo.cc),
// making exactly the API calls it makes, without its OpenCV image handling
// (inputs are filled with ones). The flow is the one Paddle Lite's docs
// show: full API (CxxConfig with NNAdapter devices) -> SaveOptimizedModel
// (kNaiveBuffer) -> light API (MobileConfig on model_dir + ".nb" with the
// same devices, cache dir and cache buffers).
// Usage: nnadapter_generic_demo <model_dir> <out_prefix> <device_names>
//        <context_properties|null> <model_cache_dir|null> <model_cache_token|null>
//        <subgraph_partition_config_path|null>
//        <mixed_precision_quantization_config_path|null> [N,C,H,W]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "paddle_api.h"  // NOLINT

const int CPU_THREAD_NUM = 1;
const paddle::lite_api::PowerMode CPU_POWER_MODE =
    paddle::lite_api::PowerMode::LITE_POWER_NO_BIND;

bool read_file(const std::string& filename, std::vector<char>* contents, bool binary) {
  std::ifstream in(filename, binary ? std::ios::binary : std::ios::in);
  if (!in) return false;
  contents->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

std::vector<std::string> split_string(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(sep, start);
    if (end == std::string::npos) end = s.size();
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

double process(std::shared_ptr<paddle::lite_api::PaddlePredictor> predictor,
               const paddle::lite_api::shape_t& shape) {
  std::unique_ptr<paddle::lite_api::Tensor> input_tensor = predictor->GetInput(0);
  input_tensor->Resize(shape);
  int64_t n = 1;
  for (auto d : shape) n *= d;
  float* input_data = input_tensor->mutable_data<float>();
  for (int64_t i = 0; i < n; ++i) input_data[i] = 1.f;
  predictor->Run();
  auto output_tensor = predictor->GetOutput(0);
  int64_t out_n = 1;
  for (auto d : output_tensor->shape()) out_n *= d;
  const float* out = output_tensor->data<float>();
  double sum = 0., sq = 0.;
  for (int64_t i = 0; i < out_n; ++i) sum += out[i];
  for (int64_t i = 0; i < out_n; ++i) sq += (out[i] - sum / out_n) * (out[i] - sum / out_n);
  return std::sqrt(sq / out_n);  // the standard deviation, as Paddle Lite's demos print
}

int main(int argc, char** argv) {
  if (argc < 9) {
    printf("usage: %s model_dir out_prefix nnadapter_device_names nnadapter_context_properties "
           "nnadapter_model_cache_dir nnadapter_model_cache_token "
           "nnadapter_subgraph_partition_config_path "
           "nnadapter_mixed_precision_quantization_config_path [N,C,H,W]\n",
           argv[0]);
    return -1;
  }
  std::string model_dir = argv[1];
  std::string out_prefix = argv[2];
  std::vector<std::string> nnadapter_device_names = split_string(argv[3], ',');
  std::string nnadapter_context_properties = strcmp(argv[4], "null") == 0 ? "" : argv[4];
  std::string nnadapter_model_cache_dir = strcmp(argv[5], "null") == 0 ? "" : argv[5];
  std::string nnadapter_model_cache_token = strcmp(argv[6], "null") == 0 ? "" : argv[6];
  std::string nnadapter_subgraph_partition_config_path =
      strcmp(argv[7], "null") == 0 ? "" : argv[7];
  std::string nnadapter_mixed_precision_quantization_config_path =
      strcmp(argv[8], "null") == 0 ? "" : argv[8];
  paddle::lite_api::shape_t shape{1, 3, 224, 224};
  if (argc > 9) {
    shape.clear();
    for (const auto& d : split_string(argv[9], ',')) shape.push_back(std::atoll(d.c_str()));
  }

  // Full API: optimize for the NNAdapter devices, then save the .nb.
  std::shared_ptr<paddle::lite_api::PaddlePredictor> predictor = nullptr;
  paddle::lite_api::CxxConfig cxx_config;
  cxx_config.set_model_dir(model_dir);
  cxx_config.set_threads(CPU_THREAD_NUM);
  cxx_config.set_power_mode(CPU_POWER_MODE);
  std::vector<paddle::lite_api::Place> valid_places;
  valid_places.push_back(paddle::lite_api::Place{TARGET(kNNAdapter), PRECISION(kInt8)});
  valid_places.push_back(paddle::lite_api::Place{TARGET(kNNAdapter), PRECISION(kFloat)});
  cxx_config.set_nnadapter_device_names(nnadapter_device_names);
  cxx_config.set_nnadapter_context_properties(nnadapter_context_properties);
  cxx_config.set_nnadapter_model_cache_dir(nnadapter_model_cache_dir);
  if (!nnadapter_mixed_precision_quantization_config_path.empty()) {
    std::vector<char> buffer;
    if (read_file(nnadapter_mixed_precision_quantization_config_path, &buffer, false) &&
        !buffer.empty()) {
      cxx_config.set_nnadapter_mixed_precision_quantization_config_buffer(
          std::string(buffer.data(), buffer.size()));
    }
  }
  if (!nnadapter_subgraph_partition_config_path.empty()) {
    std::vector<char> buffer;
    if (read_file(nnadapter_subgraph_partition_config_path, &buffer, false) && !buffer.empty()) {
      cxx_config.set_nnadapter_subgraph_partition_config_buffer(
          std::string(buffer.data(), buffer.size()));
    }
  }
  valid_places.push_back(paddle::lite_api::Place{TARGET(kX86), PRECISION(kInt8)});
  valid_places.push_back(paddle::lite_api::Place{TARGET(kX86), PRECISION(kFloat)});
  cxx_config.set_valid_places(valid_places);
  double full_mean = 0.;
  try {
    predictor = paddle::lite_api::CreatePaddlePredictor(cxx_config);
    full_mean = process(predictor, shape);
    predictor->SaveOptimizedModel(out_prefix, paddle::lite_api::LiteModelType::kNaiveBuffer);
  } catch (const std::exception& e) {
    printf("An internal error occurred in PaddleLite(cxx config): %s\n", e.what());
    return -1;
  }

  // Light API: run the .nb on the same devices.
  paddle::lite_api::MobileConfig mobile_config;
  mobile_config.set_model_from_file(out_prefix + ".nb");
  mobile_config.set_threads(CPU_THREAD_NUM);
  mobile_config.set_power_mode(CPU_POWER_MODE);
  if (!paddle::lite_api::IsOpenCLBackendValid()) {
    printf("OpenCL is not supported by the current device (expected on x86).\n");
  }
  mobile_config.set_nnadapter_device_names(nnadapter_device_names);
  mobile_config.set_nnadapter_context_properties(nnadapter_context_properties);
  mobile_config.set_nnadapter_model_cache_dir(nnadapter_model_cache_dir);
  if (!nnadapter_model_cache_token.empty() && !nnadapter_model_cache_dir.empty()) {
    std::vector<char> nnadapter_model_cache_buffer;
    std::string path = nnadapter_model_cache_dir + "/" + nnadapter_model_cache_token + ".nnc";
    if (!read_file(path, &nnadapter_model_cache_buffer, true)) {
      printf("Failed to load the cache model file %s\n", path.c_str());
    }
    if (!nnadapter_model_cache_buffer.empty()) {
      mobile_config.set_nnadapter_model_cache_buffers(nnadapter_model_cache_token,
                                                      nnadapter_model_cache_buffer);
    }
  }
  double light_mean = 0.;
  try {
    predictor =
        paddle::lite_api::CreatePaddlePredictor<paddle::lite_api::MobileConfig>(mobile_config);
    light_mean = process(predictor, shape);
  } catch (const std::exception& e) {
    printf("An internal error occurred in PaddleLite(mobile config): %s\n", e.what());
    return -1;
  }
  printf("output tensor 0 standard deviation: full api %.9f, light api %.9f\n", full_mean,
         light_mean);
  if (std::fabs(full_mean - light_mean) > 1e-5 * std::max(1.0, std::fabs(full_mean))) {
    printf("full and light API disagree\n");
    return 1;
  }
  return 0;
}
