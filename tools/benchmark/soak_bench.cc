// Soak benchmark: many runs of the PP-OCR direction classifier with random
// input widths on random devices (CPU, builtin_device, google_xnnpack: one
// predictor each, so every device keeps its own per-shape programs), printing
// resident memory and open file descriptors at intervals. After warm-up both
// must stay flat: per-shape programs live in a bounded LRU
// (docs/reliability.md).
//   soak_bench --models_dir=DIR [--runs=10000] [--every=500] [--seed=1]
#include <dirent.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/nnadapter/subgraph_stats.h"

namespace {
long RssKb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

int OpenFds() {
  int n = 0;
  DIR* d = opendir("/proc/self/fd");
  if (!d) return -1;
  while (dirent* e = readdir(d)) n += e->d_name[0] != '.';
  closedir(d);
  return n - 1;  // the DIR's own descriptor
}

std::string Flag(int argc, char** argv, const std::string& name, const std::string& def) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--" + name + "=", 0) == 0) return a.substr(name.size() + 3);
  }
  return def;
}
}  // namespace

int main(int argc, char** argv) {
  using namespace paddle::lite_api;  // NOLINT
  const std::string dir = Flag(argc, argv, "models_dir", "../shared/models") +
                          "/ppocr_mobile_v2_cls_dyn";
  const int runs = std::atoi(Flag(argc, argv, "runs", "10000").c_str());
  const int every = std::atoi(Flag(argc, argv, "every", "500").c_str());
  std::mt19937 rng(std::atoi(Flag(argc, argv, "seed", "1").c_str()));
  const std::vector<std::string> devices = {"", "builtin_device", "google_xnnpack"};
  std::vector<std::shared_ptr<PaddlePredictor>> predictors;
  try {
    for (const auto& d : devices) {
      CxxConfig c;
      c.set_model_file(dir + "/inference.pdmodel");
      c.set_param_file(dir + "/inference.pdiparams");
      c.set_threads(1);
      if (!d.empty()) c.set_nnadapter_device_names({d});
      predictors.push_back(CreatePaddlePredictor(c));
    }
    std::printf("%8s %10s %6s %9s\n", "runs", "RSS MB", "fds", "programs");
    std::uniform_int_distribution<int> width(4, 40), device(0, 2);
    std::vector<float> x;
    for (int i = 1; i <= runs; ++i) {
      const int64_t w = 16 * width(rng);
      x.resize(3 * 48 * w);
      for (size_t k = 0; k < x.size(); ++k) x[k] = static_cast<float>((k * 31 + i) % 97) / 97.f;
      auto& p = predictors[device(rng)];
      auto in = p->GetInput(0);
      in->Resize({1, 3, 48, w});
      in->CopyFromCpu(x.data());
      p->Run();
      if (i % every == 0 || i == 1) {
        std::printf("%8d %10.1f %6d %9lld\n", i, RssKb() / 1024.0, OpenFds(),
                    static_cast<long long>(
                        paddle::lite::nnadapter_bridge::LiveSubgraphPrograms()));
        std::fflush(stdout);
      }
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "soak_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
