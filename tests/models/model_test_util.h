// Helpers for tests that run the real models of ../shared/models.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "tools/common/vision.h"

namespace paddle {
namespace lite {
namespace testing {

// The models folder: $PADDLE_LITE_MODELS_DIR (set by CMake). A missing
// folder is a test failure, never a skip.
inline std::string ModelsDir() {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  std::string dir = env ? env : "../shared/models";
  std::ifstream probe(dir + "/README.md");
  if (!probe) {
    ADD_FAILURE() << "the real models folder '" << dir
                  << "' is missing (set PADDLE_LITE_MODELS_DIR); these tests "
                     "need ../shared/models";
  }
  return dir;
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(static_cast<bool>(in)) << "cannot open " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The config of <dir>/<stem>.pdmodel + <stem>.pdiparams.
inline lite_api::CxxConfig PdModelConfig(const std::string& dir,
                                         const std::string& stem = "inference",
                                         int threads = 1) {
  lite_api::CxxConfig config;
  config.set_model_file(dir + "/" + stem + ".pdmodel");
  config.set_param_file(dir + "/" + stem + ".pdiparams");
  config.set_threads(threads);
  return config;
}

inline std::shared_ptr<lite_api::PaddlePredictor> LoadPdModel(
    const std::string& dir, const std::string& stem, int threads = 1) {
  return lite_api::CreatePaddlePredictor(PdModelConfig(dir, stem, threads));
}

// Feeds one float input and runs; returns output `i` as a flat vector.
inline std::vector<float> RunFloat(lite_api::PaddlePredictor* predictor,
                                   const std::vector<int64_t>& shape,
                                   const std::vector<float>& data, int output = 0,
                                   std::vector<int64_t>* out_shape = nullptr) {
  auto input = predictor->GetInput(0);
  input->Resize(shape);
  input->CopyFromCpu(data.data());
  predictor->Run();
  auto out = predictor->GetOutput(output);
  std::vector<int64_t> s = out->shape();
  int64_t n = 1;
  for (auto d : s) n *= d;
  std::vector<float> v(n);
  out->CopyToCpu(v.data());
  if (out_shape) *out_shape = s;
  return v;
}

// Runs f expecting a lite_api::Error whose message contains `needle`.
inline void ExpectErrorMentioning(const std::function<void()>& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "expected an error mentioning '" << needle << "'";
  } catch (const lite_api::Error& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

struct ErrorStats {
  double max_abs{0};
  double mean_abs{0};
};
inline ErrorStats Compare(const std::vector<float>& a, const std::vector<float>& b) {
  ErrorStats s;
  EXPECT_EQ(a.size(), b.size());
  size_t n = std::min(a.size(), b.size());
  double sum = 0;
  for (size_t i = 0; i < n; ++i) {
    double e = std::fabs(static_cast<double>(a[i]) - b[i]);
    if (std::isnan(e)) e = INFINITY;
    s.max_abs = std::max(s.max_abs, e);
    sum += e;
  }
  s.mean_abs = n ? sum / n : 0;
  return s;
}

inline size_t Numel(const std::vector<int64_t>& shape) {
  size_t n = 1;
  for (auto d : shape) n *= static_cast<size_t>(d);
  return n;
}

// The PP-OCRv3 detectors (fp32 and QAT int8): the preprocessed reference
// image doc_11 at 640x640, and the probability map a predictor gives for it
// (expected to be [1, 1, 640, 640]).
inline const std::vector<int64_t> kDetShape = {1, 3, 640, 640};
inline std::vector<float> DetInput() {
  return vision::ReadFloats(ModelsDir() + "/ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin",
                            Numel(kDetShape));
}
inline std::vector<float> RunDetMap(lite_api::PaddlePredictor* predictor) {
  std::vector<int64_t> shape;
  auto out = RunFloat(predictor, kDetShape, DetInput(), 0, &shape);
  EXPECT_EQ(shape, (std::vector<int64_t>{1, 1, 640, 640}));
  return out;
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
