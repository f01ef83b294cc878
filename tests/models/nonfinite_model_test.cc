// Defect 9: one NaN or Inf pixel in a real model's input gives the same
// outputs on the CPU path, builtin_device and google_xnnpack: NaN in the same places,
// the same infinities, finite values within 1e-4 (docs/reliability.md,
// "Non-finite values"). Per-op agreement: lite/nnadapter/nonfinite_harness_test.cc.
#include <cmath>
#include <cstdio>
#include <limits>

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct RealModel {
  std::string folder, stem;
  std::vector<int64_t> shape;
};

std::vector<float> Outputs(const RealModel& m, const std::string& device,
                           const std::vector<float>& x) {
  auto config = PdModelConfig(ModelsDir() + "/" + m.folder, m.stem, 1);
  if (!device.empty()) config.set_nnadapter_device_names({device});
  auto p = lite_api::CreatePaddlePredictor(config);
  return RunFloat(p.get(), m.shape, x);
}

// Counts NaN outputs; fails on a position where the paths disagree.
int ExpectAgreement(const std::vector<float>& cpu, const std::vector<float>& dev,
                    const std::string& what) {
  EXPECT_EQ(cpu.size(), dev.size()) << what;
  int nan = 0, bad = 0;
  for (size_t i = 0; i < std::min(cpu.size(), dev.size()); ++i) {
    const float a = cpu[i], b = dev[i];
    nan += std::isnan(a);
    bool same = std::isnan(a) || std::isnan(b) ? std::isnan(a) && std::isnan(b)
                : std::isinf(a) || std::isinf(b) ? a == b
                                                 : std::fabs(a - b) <= 1e-4f + 1e-4f * std::fabs(a);
    if (!same && bad++ < 3) ADD_FAILURE() << what << " [" << i << "] CPU " << a << " device " << b;
  }
  EXPECT_EQ(bad, 0) << what;
  return nan;
}

TEST(NonFinite, OneNanOrInfPixelGivesTheSameOutputsOnEveryPath) {
  for (const RealModel& m : {RealModel{"ppocr_mobile_v2_cls_dyn", "inference", {1, 3, 48, 192}},
                             RealModel{"ppocrv3_det_dyn", "inference", {1, 3, 96, 128}}}) {
    std::vector<float> x(static_cast<size_t>(Numel(m.shape)));
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7919) % 2000) / 1000.f - 1.f;
    const std::vector<float> clean = Outputs(m, "", x);
    for (float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                      -std::numeric_limits<float>::infinity()}) {
      std::vector<float> poisoned = x;
      poisoned[poisoned.size() / 2 + 37] = bad;
      const std::string what = m.folder + " with one " + std::to_string(bad) + " pixel";
      auto cpu = Outputs(m, "", poisoned);
      for (const char* device : {"builtin_device", "google_xnnpack"}) {
        int nan = ExpectAgreement(cpu, Outputs(m, device, poisoned), what + " on " + device);
        std::printf("%s: %d of %zu outputs NaN on the CPU and %s\n", what.c_str(), nan,
                    cpu.size(), device);
      }
    }
    // The clean input still matches across paths (the rule changes nothing there).
    for (const char* device : {"builtin_device", "google_xnnpack"}) {
      ExpectAgreement(clean, Outputs(m, device, x), m.folder + " clean on " + device);
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
