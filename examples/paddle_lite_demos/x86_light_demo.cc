// Written for this project in the style of Paddle Lite's
// lite/demo/cxx/x86_mobilenetv1_light_demo, making exactly the API calls that
// demo makes (MobileConfig from a file, the OpenCL probe and OpenCL
// settings), to prove such a program compiles and runs unchanged here.
// Usage: x86_light_demo <model.nb> [N,C,H,W]
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "paddle_api.h"  // NOLINT

using namespace paddle::lite_api;  // NOLINT

int64_t ShapeProduction(const shape_t& shape) {
  int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

shape_t ParseShape(const std::string& s) {
  shape_t shape;
  size_t pos = 0;
  while (pos < s.size()) {
    shape.push_back(std::atoi(s.c_str() + pos));
    size_t comma = s.find(',', pos);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return shape;
}

void RunModel(const std::string& model_file, const shape_t& input_shape) {
  MobileConfig config;
  config.set_model_from_file(model_file);
  bool is_opencl_backend_valid = ::IsOpenCLBackendValid(false);
  std::cout << "is_opencl_backend_valid:" << is_opencl_backend_valid << std::endl;
  if (is_opencl_backend_valid) {
    config.set_opencl_binary_path_name("./", "lite_opencl_kernel.bin");
    config.set_opencl_tune(CL_TUNE_NONE);
    config.set_opencl_precision(CL_PRECISION_FP32);
  } else {
    std::cout << "Unsupport opencl nb model." << std::endl;
  }
  std::shared_ptr<PaddlePredictor> predictor = CreatePaddlePredictor<MobileConfig>(config);

  auto input_tensor = predictor->GetInput(0);
  input_tensor->Resize(input_shape);
  auto* input_data = input_tensor->mutable_data<float>();
  for (int64_t i = 0; i < ShapeProduction(input_shape); ++i) input_data[i] = 1.f;
  predictor->Run();

  size_t output_tensor_num = predictor->GetOutputNames().size();
  std::cout << "output tensor num:" << output_tensor_num << std::endl;
  for (size_t tidx = 0; tidx < output_tensor_num; ++tidx) {
    std::unique_ptr<const paddle::lite_api::Tensor> output_tensor = predictor->GetOutput(tidx);
    auto out_shape = output_tensor->shape();
    const float* out_data = output_tensor->data<float>();
    double sum = 0., sq = 0.;
    int64_t n = ShapeProduction(out_shape);
    for (int64_t i = 0; i < n; ++i) sum += out_data[i];
    for (int64_t i = 0; i < n; ++i) sq += (out_data[i] - sum / n) * (out_data[i] - sum / n);
    std::cout << "output tensor " << tidx << " standard deviation:" << std::sqrt(sq / n)
              << std::endl;
    std::cout << "output tensor " << tidx << " mean value:" << sum / n << std::endl;
  }
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " <model.nb> [N,C,H,W]" << std::endl;
    return 1;
  }
  RunModel(argv[1], argc > 2 ? ParseShape(argv[2]) : shape_t{1, 3, 224, 224});
  return 0;
}
