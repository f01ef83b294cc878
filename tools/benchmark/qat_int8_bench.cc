// The int8 path against the fp32 model, in interleaved rounds on one
// process: every round runs each configuration once, so a change in the
// machine's load hits all of them alike, and each ratio is taken round by
// round (the median of those ratios is printed). Configurations, per QAT
// model of kTwins (the fp32 model and its QAT twin):
//   fp32            the fp32 model on float kernels (the yardstick)
//   qat float       the QAT model loaded without an int8 place (its fake
//                   quant-dequant ops execute in float: the default)
//   qat int8 -chain int8 kernels, every conv float in / float out
//                   (int8_nhwc_chain_pass disabled: the previous design)
//   qat int8        int8 kernels, int8 NHWC activations between chained convs
//   qat int8 light  the .nb `opt --valid_targets=x86` writes for the QAT
//                   model (int8 kernels), run by MobileConfig; its ratio to
//                   "qat int8" (light / full, same round) is printed last
// Figures: process CPU time per run (CLOCK_PROCESS_CPUTIME_ID: robust to
// other processes on the cores) and wall time, medians; the per-run
// conversions the int8 convs still do (float NCHW -> s8 NHWC quantizations
// and f32 NHWC -> NCHW transposes); with profile = 1 the time per op type.
// Usage: qat_int8_bench [models_dir] [threads, e.g. 1 or 1,2] [rounds] [profile]
// (models_dir defaults to $PADDLE_LITE_MODELS_DIR or ../shared/models).
// A benchmark, not a test: it prints figures.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <filesystem>

#include "lite/api/cxx_predictor.h"
#include "lite/api/paddle_api.h"
#include "tools/opt/opt_tool.h"

using paddle::lite_api::CxxConfig;
using paddle::lite_api::PaddlePredictor;
using paddle::lite_api::Place;

namespace {
// An fp32 model and its quantization-aware-trained twin, with the input
// they are measured on.
struct Twin {
  const char* fp32_dir;
  const char* qat_dir;
  const char* input;  // under models_dir
  std::vector<int64_t> shape;
};
const Twin kTwins[] = {
    {"ppocrv3_det_dyn", "ppocrv3_det_slim_int8",
     "ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin", {1, 3, 640, 640}},
};

double CpuMs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
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

struct Config {
  std::string label;
  std::shared_ptr<PaddlePredictor> predictor;
  std::vector<double> cpu, wall;
};

std::shared_ptr<PaddlePredictor> Load(const std::string& dir, bool int8, bool chain,
                                      int threads) {
  CxxConfig config;
  config.set_model_file(dir + "/inference.pdmodel");
  config.set_param_file(dir + "/inference.pdiparams");
  config.set_threads(threads);
  if (int8) {
    config.set_valid_places({Place{TARGET(kX86), PRECISION(kInt8)},
                             Place{TARGET(kX86), PRECISION(kFloat)}});
  }
  if (!chain) config.set_disabled_passes({"int8_nhwc_chain_pass"});
  return paddle::lite_api::CreatePaddlePredictor(config);
}

// The QAT model through opt (default flags: int8 kernels on x86) and
// MobileConfig: the deployment path.
std::shared_ptr<PaddlePredictor> LoadLight(const std::string& dir, int threads) {
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("qat_int8_bench_" + std::to_string(getpid()))).string();
  paddle::lite::opt::OptFlags f;
  f.model_file = dir + "/inference.pdmodel";
  f.param_file = dir + "/inference.pdiparams";
  f.optimize_out = out;
  std::ostringstream log;
  if (paddle::lite::opt::RunOpt(f, log, log) != 0) {
    std::fprintf(stderr, "opt failed:\n%s", log.str().c_str());
    std::exit(1);
  }
  paddle::lite_api::MobileConfig config;
  config.set_model_from_file(out + ".nb");
  config.set_threads(threads);
  auto predictor = paddle::lite_api::CreatePaddlePredictor(config);
  std::filesystem::remove(out + ".nb");  // mapped: stays readable until unmapped
  return predictor;
}

void RunOnce(Config* c, bool record) {
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = CpuMs();
  c->predictor->Run();
  const double cpu = CpuMs() - c0;
  const auto t1 = std::chrono::steady_clock::now();
  if (!record) return;
  c->cpu.push_back(cpu);
  c->wall.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
}

// What the int8 convs of `c` convert per run: float NCHW inputs quantized
// and transposed to s8 NHWC, f32 NHWC results transposed back to NCHW, and
// the outputs that stay s8 NHWC for the next conv.
std::string Conversions(const Config& c) {
  auto* cxx = dynamic_cast<paddle::lite::CxxPredictor*>(c.predictor.get());
  if (!cxx) return "";
  int convs = 0, nchw_in = 0, nchw_out = 0, s8_out = 0;
  for (const auto& inst : cxx->runtime_program().instructions()) {
    const auto& d = inst.op->desc();
    if (!d.GetAttr<bool>("enable_int8", false) || !d.HasAttr("input_scale")) continue;
    ++convs;
    nchw_in += !d.GetAttr<bool>("input_nhwc", false);
    nchw_out += !d.GetAttr<bool>("output_nhwc", false);
    s8_out += d.GetAttr<bool>("output_int8", false);
  }
  if (convs == 0) return "";
  std::ostringstream os;
  os << "; " << convs << " int8 convs per run: " << nchw_in
     << " NCHW float inputs quantized+transposed, " << nchw_out
     << " results transposed to NCHW, " << s8_out << " s8 NHWC outputs";
  return os.str();
}

void Bench(const std::string& models, const Twin& twin, int threads, int rounds, bool profile) {
  const size_t n = twin.shape[0] * twin.shape[1] * twin.shape[2] * twin.shape[3];
  const std::vector<float> input = ReadInput(models + "/" + twin.input, n);
  const std::string fp32 = models + "/" + twin.fp32_dir, qat = models + "/" + twin.qat_dir;
  std::vector<Config> configs(5);
  configs[0].label = std::string(twin.fp32_dir) + " fp32";
  configs[0].predictor = Load(fp32, false, true, threads);
  configs[1].label = std::string(twin.qat_dir) + " qat float";
  configs[1].predictor = Load(qat, false, true, threads);
  configs[2].label = std::string(twin.qat_dir) + " qat int8 -chain";
  configs[2].predictor = Load(qat, true, false, threads);
  configs[3].label = std::string(twin.qat_dir) + " qat int8";
  configs[3].predictor = Load(qat, true, true, threads);
  configs[4].label = std::string(twin.qat_dir) + " qat int8 light (opt .nb)";
  configs[4].predictor = LoadLight(qat, threads);
  for (auto& c : configs) {
    auto x = c.predictor->GetInput(0);
    x->Resize(twin.shape);
    x->CopyFromCpu(input.data());
    for (int i = 0; i < 2; ++i) RunOnce(&c, false);  // warm-up (plans, packed weights)
    auto* cxx = dynamic_cast<paddle::lite::CxxPredictor*>(c.predictor.get());
    if (profile && cxx) {
      cxx->runtime_program().ResetProfile();
      cxx->runtime_program().set_profile(true);
    }
  }
  for (int r = 0; r < rounds; ++r) {
    for (auto& c : configs) RunOnce(&c, true);
  }
  const Config& base = configs.front();
  for (const auto& c : configs) {
    std::vector<double> cpu_ratio, wall_ratio;
    for (int r = 0; r < rounds; ++r) {
      cpu_ratio.push_back(c.cpu[r] / base.cpu[r]);
      wall_ratio.push_back(c.wall[r] / base.wall[r]);
    }
    std::printf("%-42s threads %d: CPU median %7.2f ms, wall median %7.2f ms; vs fp32 (same "
                "round, median of %d): CPU %.3fx, wall %.3fx%s\n",
                c.label.c_str(), threads, Median(c.cpu), Median(c.wall), rounds,
                Median(cpu_ratio), Median(wall_ratio), Conversions(c).c_str());
    auto* cxx = dynamic_cast<paddle::lite::CxxPredictor*>(c.predictor.get());
    if (profile && cxx) std::printf("%s", cxx->runtime_program().ProfileReport(rounds).c_str());
  }
  const Config& full = configs[3];
  const Config& light = configs[4];
  std::vector<double> cpu_ratio, wall_ratio;
  for (int r = 0; r < rounds; ++r) {
    cpu_ratio.push_back(light.cpu[r] / full.cpu[r]);
    wall_ratio.push_back(light.wall[r] / full.wall[r]);
  }
  std::printf("light int8 / full int8 (MobileConfig on opt's .nb / CxxConfig int8), threads %d, "
              "same round, median of %d: CPU %.3fx, wall %.3fx (goal <= 1.03)\n",
              threads, rounds, Median(cpu_ratio), Median(wall_ratio));
}

std::vector<int> ParseThreads(const char* arg) {
  std::vector<int> out;
  std::stringstream ss(arg);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::max(1, std::atoi(item.c_str())));
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  const std::string models = argc > 1 ? argv[1] : (env ? env : "../shared/models");
  const std::vector<int> threads = ParseThreads(argc > 2 ? argv[2] : "1");
  const int rounds = argc > 3 ? std::max(1, std::atoi(argv[3])) : 10;
  const bool profile = argc > 4 && std::atoi(argv[4]) != 0;
  for (const Twin& twin : kTwins) {
    for (int t : threads) Bench(models, twin, t, rounds, profile);
  }
  return 0;
}
