// Latency of the PP-OCRv3 detector on the 640x640 sample input:
//   fp32 model (float kernels), QAT model with its fake quant ops executed in
//   float (no int8 place), QAT model folded into int8 kernels
//   (Place{kX86, kInt8}).
// Usage: qat_int8_bench [models_dir] [threads] [iterations] [profile]
// (profile = 1 also prints the time per op type of each configuration)
// (models_dir defaults to $PADDLE_LITE_MODELS_DIR or ../shared/models).
// A benchmark, not a test: it prints figures.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "lite/api/cxx_predictor.h"
#include "lite/api/paddle_api.h"

using paddle::lite_api::CxxConfig;
using paddle::lite_api::Place;

namespace {
// CPU time of the process (all threads): robust to other processes sharing
// the cores, unlike wall time.
double CpuMs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

std::vector<float> ReadInput(const std::string& path, size_t n) {
  std::vector<float> v(n);
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(v.data()), n * sizeof(float))) {
    std::fprintf(stderr, "cannot read %zu floats from %s\n", n, path.c_str());
    std::exit(1);
  }
  return v;
}

void Bench(const char* label, const std::string& dir, bool int8, int threads, int iters,
           bool profile, const std::vector<float>& input) {
  CxxConfig config;
  config.set_model_file(dir + "/inference.pdmodel");
  config.set_param_file(dir + "/inference.pdiparams");
  config.set_threads(threads);
  if (int8) {
    config.set_valid_places({Place{TARGET(kX86), PRECISION(kInt8)},
                             Place{TARGET(kX86), PRECISION(kFloat)}});
  }
  auto predictor = paddle::lite_api::CreatePaddlePredictor(config);
  auto x = predictor->GetInput(0);
  x->Resize({1, 3, 640, 640});
  x->CopyFromCpu(input.data());
  for (int i = 0; i < 2; ++i) predictor->Run();  // warm-up (plans, packed weights)
  auto* cxx = dynamic_cast<paddle::lite::CxxPredictor*>(predictor.get());
  if (profile && cxx) {
    cxx->runtime_program().ResetProfile();
    cxx->runtime_program().set_profile(true);
  }
  std::vector<double> ms, cpu;
  for (int i = 0; i < iters; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    const double c0 = CpuMs();
    predictor->Run();
    cpu.push_back(CpuMs() - c0);
    auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  std::sort(cpu.begin(), cpu.end());
  double sum = 0;
  for (double v : ms) sum += v;
  std::printf("%-44s threads %d: wall median %7.2f ms, min %7.2f ms, mean %7.2f ms; "
              "CPU median %7.2f ms (%d runs)\n",
              label, threads, ms[ms.size() / 2], ms.front(), sum / ms.size(), cpu[cpu.size() / 2],
              iters);
  if (profile && cxx) std::printf("%s", cxx->runtime_program().ProfileReport(iters).c_str());
}
}  // namespace

int main(int argc, char** argv) {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  std::string models = argc > 1 ? argv[1] : (env ? env : "../shared/models");
  const int threads = argc > 2 ? std::atoi(argv[2]) : 1;
  const int iters = argc > 3 ? std::max(1, std::atoi(argv[3])) : 10;
  const bool profile = argc > 4 && std::atoi(argv[4]) != 0;
  auto input = ReadInput(models + "/ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin",
                         3 * 640 * 640);
  Bench("ppocrv3_det_dyn (fp32, float kernels)", models + "/ppocrv3_det_dyn", false, threads,
        iters, profile, input);
  Bench("ppocrv3_det_slim_int8 (fake quant in float)", models + "/ppocrv3_det_slim_int8", false,
        threads, iters, profile, input);
  Bench("ppocrv3_det_slim_int8 (int8 kernels)", models + "/ppocrv3_det_slim_int8", true,
        threads, iters, profile, input);
  return 0;
}
