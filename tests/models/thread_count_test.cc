// Outputs do not depend on the thread count a run uses: the thread governor
// (lite/core/thread_governor.h) may switch between 1 and set_threads(n) from
// one run to the next, so the same set_threads(2) predictor alternates here
// between 2 and 1 threads (plans for both counts cached side by side) and every
// run must give its first run's output, bit for bit. A set_threads(1)
// predictor may pick kernels a 2-thread one cannot keep stable (oneDNN's
// Winograd F(4x4,3x3) on the detector), so it agrees within 1e-4 only.
#include "lite/api/cxx_predictor.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::vector<float> RunWith(ProgramPredictor* p, int threads, const std::vector<int64_t>& shape,
                           const std::vector<float>& x) {
  auto in = p->GetInput(0);
  in->Resize(shape);
  in->CopyFromCpu(x.data());
  p->runtime_program().Run(threads, /*max_threads=*/2);
  auto out = p->GetOutput(0);
  std::vector<float> v(Numel(out->shape()));
  out->CopyToCpu(v.data());
  return v;
}

void ExpectSameAtEveryThreadCount(lite_api::CxxConfig config, const std::vector<int64_t>& shape,
                                  const std::vector<float>& x, const char* what) {
  config.set_threads(1);
  auto fixed = lite_api::CreatePaddlePredictor(config);
  const std::vector<float> one = RunFloat(fixed.get(), shape, x);
  config.set_threads(2);
  auto base = lite_api::CreatePaddlePredictor(config);
  auto* p = dynamic_cast<ProgramPredictor*>(base.get());
  ASSERT_NE(p, nullptr);
  const std::vector<float> want = RunWith(p, 2, shape, x);
  ASSERT_EQ(one.size(), want.size()) << what;
  EXPECT_LE(Compare(one, want).max_abs, 1e-4) << what << ": set_threads(1) vs set_threads(2)";
  for (int threads : {1, 2, 1, 2}) {
    const std::vector<float> got = RunWith(p, threads, shape, x);
    ASSERT_EQ(got.size(), want.size()) << what;
    size_t differ = 0;
    for (size_t i = 0; i < got.size(); ++i) differ += got[i] != want[i];
    EXPECT_EQ(differ, 0u) << what << " at " << threads << " threads: max |diff| "
                          << Compare(want, got).max_abs;
  }
}

TEST(ThreadCount, DetectorSameOutputAtOneAndTwoThreads) {
  ExpectSameAtEveryThreadCount(PdModelConfig(ModelsDir() + "/ppocrv3_det_dyn"), kDetShape,
                               DetInput(), "ppocrv3_det fp32");
}

TEST(ThreadCount, Int8DetectorSameOutputAtOneAndTwoThreads) {
  lite_api::CxxConfig config = PdModelConfig(ModelsDir() + "/ppocrv3_det_slim_int8");
  config.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kInt8)},
                           lite_api::Place{TARGET(kX86), PRECISION(kFloat)}});
  ExpectSameAtEveryThreadCount(config, kDetShape, DetInput(), "ppocrv3_det int8");
}

TEST(ThreadCount, ClassifierSameOutputAtOneAndTwoThreads) {
  const std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn";
  ExpectSameAtEveryThreadCount(
      PdModelConfig(dir), {1, 3, 48, 192},
      vision::ReadFloats(dir + "/reference/cls_input_title_upright.bin", 3 * 48 * 192),
      "ppocr_cls");
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
