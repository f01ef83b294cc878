// Benchmark (prints, asserts nothing): each shared Paddle Lite .nb
// (../shared/models/paddle_lite_nb) next to our own .nb of the same model
// (made from it by opt), both on MobileConfig: load time and peak RSS
// (median of --repeats fresh child processes each), and run latency on the
// same kernels (median of --runs runs after one warm-up, in one child per
// format). Ratios are of the same run, so machine load affects both sides.
//   paddle_lite_nb_bench [--models_dir=../shared/models] [--repeats=5] [--runs=10]
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "tools/opt/bench_child.h"
#include "tools/opt/opt_tool.h"

namespace {
namespace fs = std::filesystem;
using namespace paddle::lite_api;  // NOLINT
using paddle::lite::bench::Arg;
using paddle::lite::bench::StatusKb;
namespace bench = paddle::lite::bench;

struct Case {
  std::string label;
  std::string file;  // under paddle_lite_nb/
  std::vector<int64_t> shape;
  bool ids{false};  // int64 ids with a one-sequence LoD (LAC)
};

const std::vector<Case> kCases = {
    {"cls v2.14-rc arm fp32", "ocr_cls_fp32_v214rc_arm/cn_ppocr_mobile_v2.0_cls_opt.nb", {1, 3, 48, 192}},
    {"PP-OCRv3 det v2.12 x86", "ppocrv3_det_fp32_v212_x86/ch_PP-OCRv3_det_opt.nb", {1, 3, 640, 640}},
    {"det slim int8 v2.10-rc", "ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_det_slim_opt.nb", {1, 3, 640, 640}},
    {"cls slim int8 v2.10-rc", "ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_cls_slim_opt.nb", {1, 3, 48, 192}},
    {"rec slim int8 v2.10-rc", "ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_rec_slim_opt.nb", {1, 3, 32, 320}},
    {"pyramidbox meta 2", "face_v210rc_arm/pyramidbox_lite_for_cpu/model.nb", {1, 3, 240, 320}},
    {"pyramidbox meta 0", "face_meta0_2020/pyramidbox_lite_for_cpu/model.nb", {1, 3, 240, 320}},
    {"mask meta 2", "face_v210rc_arm/mask_detector_for_cpu/model.nb", {1, 3, 128, 128}},
    {"mask meta 0", "face_meta0_2020/mask_detector_for_cpu/model.nb", {1, 3, 128, 128}},
    {"LAC meta 0", "lac_meta0/model.nb", {20, 1}, true},
};


double Ms(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// Child: loads `nb`; prints "load_ms peak_kb"; with runs > 0 also runs it
// (one warm-up) and prints the median run time.
int Child(const Case& c, const std::string& nb, int runs) {
  auto t0 = std::chrono::steady_clock::now();
  MobileConfig config;
  config.set_model_from_file(nb);
  config.set_threads(1);
  auto p = CreatePaddlePredictor(config);
  double load = Ms(t0, std::chrono::steady_clock::now());
  long hwm = StatusKb("VmHWM:");
  double run = 0;
  if (runs > 0) {
    size_t n = 1;
    for (auto d : c.shape) n *= static_cast<size_t>(d);
    auto in = p->GetInput(0);
    in->Resize(c.shape);
    std::vector<float> x(n, 0.5f);
    std::vector<int64_t> ids(n);
    for (size_t i = 0; i < n; ++i) ids[i] = static_cast<int64_t>(i * 37 % 8000);
    std::vector<double> times;
    for (int r = 0; r <= runs; ++r) {
      if (c.ids) {
        in->CopyFromCpu(ids.data());
        in->SetLoD({{0, n}});
      } else {
        in->CopyFromCpu(x.data());
      }
      auto a = std::chrono::steady_clock::now();
      p->Run();
      if (r > 0) times.push_back(Ms(a, std::chrono::steady_clock::now()));
    }
    std::sort(times.begin(), times.end());
    run = times[times.size() / 2];
  }
  std::printf("%.3f %ld %.3f\n", load, hwm, run);
  return 0;
}

std::vector<double> RunChild(const std::string& self, size_t index, const std::string& nb, int runs) {
  std::string cmd = self + " --child=1 --case=" + std::to_string(index) + " --nb=" + nb +
                    " --runs=" + std::to_string(runs);
  return bench::ChildNumbers(cmd, 3);
}


double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
}  // namespace

int main(int argc, char** argv) {
  const int runs = std::stoi(Arg(argc, argv, "runs", "10"));
  if (!Arg(argc, argv, "child", "").empty()) {
    return Child(kCases.at(std::stoul(Arg(argc, argv, "case", "0"))), Arg(argc, argv, "nb", ""),
                 runs);
  }
  const std::string models = Arg(argc, argv, "models_dir", "../shared/models") + "/paddle_lite_nb/";
  const int repeats = std::stoi(Arg(argc, argv, "repeats", "5"));
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const std::string tmp =
      (fs::temp_directory_path() / ("plnb_bench_" + std::to_string(::getpid()))).string();
  fs::create_directories(tmp);
  std::printf("1 thread; load: median of %d fresh processes; run: median of %d runs\n", repeats,
              runs);
  std::printf("%-24s | %9s %9s %8s | %9s %9s %8s | %6s %6s %6s\n", "model", "PL load", "PL peak",
              "PL run", "our load", "our peak", "our run", "load x", "peak x", "run x");
  std::printf("%-24s | %9s %9s %8s | %9s %9s %8s |\n", "", "ms", "MB", "ms", "ms", "MB", "ms");
  for (size_t i = 0; i < kCases.size(); ++i) {
    const Case& c = kCases[i];
    const std::string theirs = models + c.file;
    paddle::lite::opt::OptFlags f;
    f.model_file = theirs;
    f.optimize_out = tmp + "/m" + std::to_string(i);
    std::ostringstream log;
    if (paddle::lite::opt::RunOpt(f, log, std::cerr) != 0) return 1;
    const std::string ours = f.optimize_out + ".nb";
    std::vector<double> pl_load, pl_peak, our_load, our_peak;
    for (int r = 0; r < repeats; ++r) {  // interleaved: same conditions for both
      auto a = RunChild(self, i, theirs, 0);
      auto b = RunChild(self, i, ours, 0);
      pl_load.push_back(a[0]);
      pl_peak.push_back(a[1] / 1024);
      our_load.push_back(b[0]);
      our_peak.push_back(b[1] / 1024);
    }
    const double pl_run = RunChild(self, i, theirs, runs)[2];
    const double our_run = RunChild(self, i, ours, runs)[2];
    const double l1 = Median(pl_load), l2 = Median(our_load), p1 = Median(pl_peak),
                 p2 = Median(our_peak);
    std::printf("%-24s | %9.1f %9.1f %8.2f | %9.1f %9.1f %8.2f | %6.2f %6.2f %6.2f\n",
                c.label.c_str(), l1, p1, pl_run, l2, p2, our_run, l1 / l2, p1 / p2,
                pl_run / our_run);
  }
  fs::remove_all(tmp);
  return 0;
}
