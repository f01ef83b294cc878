// Benchmark (prints, asserts nothing): loading an optimized .nb with
// MobileConfig vs loading the original Paddle model with CxxConfig (parse +
// optimizer passes), for the detector and ShuffleNetV2: load time (median of
// --repeats child processes) and memory (peak RSS, anonymous and file-backed
// RSS after the load and after one run), plus the light library's size.
// Each measurement runs in a fresh child process (peak RSS never decreases).
//   nb_load_bench [--models_dir=../shared/models] [--repeats=5]
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
  std::string dir;
  std::string model_file, param_file;  // empty: model_dir
  std::vector<int64_t> shape;
};


// Child: loads (and runs once), prints "ms hwm_kb anon_kb file_kb hwm_run_kb".
int Child(const std::string& mode, const Case& c, const std::string& nb) {
  auto t0 = std::chrono::steady_clock::now();
  std::shared_ptr<PaddlePredictor> p;
  if (mode == "nb") {
    MobileConfig config;
    config.set_model_from_file(nb);
    p = CreatePaddlePredictor(config);
  } else {
    CxxConfig config;
    if (c.model_file.empty()) {
      config.set_model_dir(c.dir);
    } else {
      config.set_model_file(c.dir + "/" + c.model_file);
      config.set_param_file(c.dir + "/" + c.param_file);
    }
    p = CreatePaddlePredictor(config);
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  long hwm = StatusKb("VmHWM:"), anon = StatusKb("RssAnon:"), file = StatusKb("RssFile:");
  auto in = p->GetInput(0);
  in->Resize(c.shape);
  size_t n = 1;
  for (auto d : c.shape) n *= static_cast<size_t>(d);
  std::vector<float> x(n, 0.5f);
  in->CopyFromCpu(x.data());
  p->Run();
  std::printf("%.3f %ld %ld %ld %ld\n", ms, hwm, anon, file, StatusKb("VmHWM:"));
  return 0;
}

std::vector<double> RunChild(const std::string& self, const std::string& mode, size_t index,
                             const std::string& models_dir, const std::string& nb) {
  std::string cmd = self + " --child=" + mode + " --case=" + std::to_string(index) +
                    " --models_dir=" + models_dir + " --nb=" + nb;
  return bench::ChildNumbers(cmd, 5);
}

}  // namespace

int main(int argc, char** argv) {
  std::string models = Arg(argc, argv, "models_dir", "../shared/models");
  std::vector<Case> cases = {
      {"ppocrv3_det (1x3x640x640)", models + "/ppocrv3_det_dyn", "inference.pdmodel",
       "inference.pdiparams", {1, 3, 640, 640}},
      {"shufflenet_v2 (1x3x224x224)", models + "/shufflenet_v2_imagenet", "", "", {1, 3, 224, 224}},
  };
  std::string child = Arg(argc, argv, "child", "");
  if (!child.empty()) {
    size_t i = std::stoul(Arg(argc, argv, "case", "0"));
    return Child(child, cases.at(i), Arg(argc, argv, "nb", ""));
  }
  int repeats = std::stoi(Arg(argc, argv, "repeats", "5"));
  std::string self = fs::read_symlink("/proc/self/exe").string();
  std::string tmp = (fs::temp_directory_path() / ("nb_bench_" + std::to_string(::getpid()))).string();
  fs::create_directories(tmp);
  std::printf("%-28s %-22s %9s %9s %9s %9s %12s %10s\n", "model", "load", "ms(med)", "peakMB",
              "anonMB", "fileMB", "peakMB+run", "file MB");
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    paddle::lite::opt::OptFlags f;
    if (c.model_file.empty()) {
      f.model_dir = c.dir;
    } else {
      f.model_file = c.dir + "/" + c.model_file;
      f.param_file = c.dir + "/" + c.param_file;
    }
    f.optimize_out = tmp + "/m" + std::to_string(i);
    std::ostringstream log;
    if (paddle::lite::opt::RunOpt(f, log, std::cerr) != 0) return 1;
    std::string nb = f.optimize_out + ".nb";
    size_t original = 0;
    for (auto& e : fs::directory_iterator(c.dir)) {
      std::string n = e.path().filename().string();
      if (e.is_regular_file() && n.find(".json") == std::string::npos &&
          n.find(".bin") == std::string::npos && n.find(".jpg") == std::string::npos &&
          n.find(".txt") == std::string::npos && n.find(".png") == std::string::npos &&
          n.find(".info") == std::string::npos && n.find(".yml") == std::string::npos) {
        original += e.file_size();
      }
    }
    for (const std::string mode : {"paddle", "nb"}) {
      std::vector<std::vector<double>> runs;
      for (int r = 0; r < repeats; ++r) runs.push_back(RunChild(self, mode, i, models, nb));
      std::sort(runs.begin(), runs.end());
      const auto& m = runs[runs.size() / 2];
      double size = mode == "nb" ? fs::file_size(nb) : original;
      std::printf("%-28s %-22s %9.1f %9.1f %9.1f %9.1f %12.1f %10.1f\n", c.label.c_str(),
                  mode == "nb" ? ".nb (MobileConfig)" : "Paddle (CxxConfig)", m[0], m[1] / 1024,
                  m[2] / 1024, m[3] / 1024, m[4] / 1024, size / 1e6);
    }
  }
  fs::remove_all(tmp);
  for (const char* lib : {LIGHT_LIB_PATH, FULL_LIB_PATH}) {
    std::printf("%s: %.2f MB\n", lib, fs::file_size(lib) / 1e6);
  }
  return 0;
}
