// Written for this project in the style of Paddle Lite's
// lite/demo/cxx/mobilenetv1_light_from_buffer: the .nb is read into a string
// and given to MobileConfig::set_model_from_buffer in its three forms
// (rvalue string, lvalue string, pointer + length), as that demo describes.
// Usage: light_from_buffer_demo <model.nb> [N,C,H,W]
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "paddle_api.h"  // NOLINT

using namespace paddle::lite_api;  // NOLINT

std::string ReadFile(const std::string& filename) {
  std::ifstream ifile(filename.c_str(), std::ios::binary);
  if (!ifile.is_open()) std::cout << "Open file: [" << filename << "] failed." << std::endl;
  std::ostringstream buf;
  buf << ifile.rdbuf();
  return buf.str();
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

double RunOnce(const MobileConfig& config, const shape_t& input_shape) {
  std::shared_ptr<PaddlePredictor> predictor = CreatePaddlePredictor<MobileConfig>(config);
  auto input_tensor = predictor->GetInput(0);
  input_tensor->Resize(input_shape);
  int64_t n = 1;
  for (auto d : input_shape) n *= d;
  auto* input_data = input_tensor->mutable_data<float>();
  for (int64_t i = 0; i < n; ++i) input_data[i] = 1.f;
  predictor->Run();
  std::unique_ptr<const paddle::lite_api::Tensor> output_tensor = predictor->GetOutput(0);
  int64_t out_n = 1;
  for (auto d : output_tensor->shape()) out_n *= d;
  const float* out = output_tensor->data<float>();
  double sum = 0., sq = 0.;
  for (int64_t i = 0; i < out_n; ++i) sum += out[i];
  for (int64_t i = 0; i < out_n; ++i) sq += (out[i] - sum / out_n) * (out[i] - sum / out_n);
  return std::sqrt(sq / out_n);
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " <model.nb> [N,C,H,W]" << std::endl;
    return 1;
  }
  shape_t shape = argc > 2 ? ParseShape(argv[2]) : shape_t{1, 3, 224, 224};
  std::string model_buffer = ReadFile(argv[1]);
  MobileConfig by_ref, by_ptr, by_move;
  by_ref.set_model_from_buffer(model_buffer);
  by_ptr.set_model_from_buffer(model_buffer.data(), model_buffer.length());
  by_move.set_model_from_buffer(std::move(model_buffer));
  double a = RunOnce(by_move, shape), b = RunOnce(by_ref, shape), c = RunOnce(by_ptr, shape);
  std::cout << "output tensor 0 standard deviation:" << a << std::endl;
  if (a != b || a != c) {
    std::cout << "the three set_model_from_buffer forms disagree: " << a << " " << b << " " << c
              << std::endl;
    return 1;
  }
  return 0;
}
