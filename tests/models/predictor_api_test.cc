// The C++ API: layouts from files and buffers, clones in threads, errors.
#include <functional>
#include <thread>

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
std::vector<float> ClsInput() {
  return vision::ReadFloats(
      ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/cls_input_title_upright.bin",
      3 * 48 * 192);
}
}  // namespace

TEST(PredictorApi, SameModelFromFilesDirAndBuffersGivesIdenticalOutputs) {
  std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn";
  auto x = ClsInput();
  auto from_files = LoadPdModel(dir, "inference");
  auto a = RunFloat(from_files.get(), {1, 3, 48, 192}, x);

  lite_api::CxxConfig dir_config;  // auto-detects inference.pdmodel/.pdiparams
  dir_config.set_model_dir(dir);
  auto from_dir = lite_api::CreatePaddlePredictor(dir_config);
  EXPECT_EQ(a, RunFloat(from_dir.get(), {1, 3, 48, 192}, x));

  std::string model = ReadFile(dir + "/inference.pdmodel");
  std::string params = ReadFile(dir + "/inference.pdiparams");
  lite_api::CxxConfig mem;
  mem.set_model_buffer(model.data(), model.size(), params.data(), params.size());
  auto from_memory = lite_api::CreatePaddlePredictor(mem);
  EXPECT_EQ(a, RunFloat(from_memory.get(), {1, 3, 48, 192}, x));
}

TEST(PredictorApi, ClonesShareWeightsAndRunConcurrentlyBitIdentical) {
  auto predictor = LoadPdModel(ModelsDir() + "/ppocr_mobile_v2_cls_dyn", "inference");
  auto x = ClsInput();
  auto single = RunFloat(predictor.get(), {1, 3, 48, 192}, x);
  auto c1 = predictor->Clone();
  auto c2 = predictor->Clone();
  EXPECT_EQ(c1->GetParamNames(), predictor->GetParamNames());
  // Weights are shared, not copied: same buffer address.
  auto name = predictor->GetParamNames().front();
  EXPECT_EQ(predictor->GetTensor(name)->data<float>(), c1->GetTensor(name)->data<float>());
  std::vector<float> r1, r2;
  std::thread t1([&] { for (int i = 0; i < 5; ++i) r1 = RunFloat(c1.get(), {1, 3, 48, 192}, x); });
  std::thread t2([&] { for (int i = 0; i < 5; ++i) r2 = RunFloat(c2.get(), {1, 3, 48, 192}, x); });
  t1.join();
  t2.join();
  EXPECT_EQ(single, r1);
  EXPECT_EQ(single, r2);
}

// Clones warmed up on one thread get the same oneDNN primitives from
// oneDNN's primitive cache; run concurrently from two threads afterwards
// they must not share any execution state (scratchpads are per thread).
TEST(PredictorApi, ClonesWarmedOnOneThreadRunConcurrentlyBitIdentical) {
  auto predictor = LoadPdModel(ModelsDir() + "/ppocrv3_det_dyn", "inference");
  const auto single = RunDetMap(predictor.get());
  auto c1 = predictor->Clone();
  auto c2 = predictor->Clone();
  EXPECT_EQ(single, RunDetMap(c1.get()));
  EXPECT_EQ(single, RunDetMap(c2.get()));
  std::vector<float> r1, r2;
  std::thread t1([&] { for (int i = 0; i < 3; ++i) r1 = RunDetMap(c1.get()); });
  std::thread t2([&] { for (int i = 0; i < 3; ++i) r2 = RunDetMap(c2.get()); });
  t1.join();
  t2.join();
  EXPECT_EQ(single, r1);
  EXPECT_EQ(single, r2);
}

TEST(PredictorApi, InputOutputNamesAndTensorViews) {
  auto predictor = LoadPdModel(ModelsDir() + "/ppocr_mobile_v2_cls_dyn", "inference");
  EXPECT_EQ(predictor->GetInputNames(), std::vector<std::string>{"x"});
  EXPECT_EQ(predictor->GetOutputNames(), std::vector<std::string>{"softmax_0.tmp_0"});
  auto in = predictor->GetInputByName("x");
  in->Resize({1, 3, 48, 192});
  float* p = in->mutable_data<float>();
  for (int i = 0; i < 3 * 48 * 192; ++i) p[i] = 0.f;
  predictor->Run();
  auto out = predictor->GetOutput(0);
  EXPECT_EQ(out->precision(), lite_api::PrecisionType::kFloat);
  EXPECT_EQ(out->shape(), (lite_api::shape_t{1, 2}));
  EXPECT_TRUE(out->IsInitialized());
}

TEST(PredictorApi, UserErrorsAreReportedAsErrorsNamingWhatWasWrong) {
  ExpectErrorMentioning([] {
    lite_api::CxxConfig c;
    c.set_model_dir("/nonexistent/model_dir");
    lite_api::CreatePaddlePredictor(c);
  }, "/nonexistent/model_dir");
  auto predictor = LoadPdModel(ModelsDir() + "/ppocr_mobile_v2_cls_dyn", "inference");
  ExpectErrorMentioning([&] { predictor->GetInput(3); }, "GetInput(3)");
  ExpectErrorMentioning([&] { predictor->GetInputByName("image"); }, "'image'");
  ExpectErrorMentioning([&] { predictor->GetOutput(0)->data<int64_t>(); }, "int64");
  ExpectErrorMentioning([&] {
    auto in = predictor->GetInput(0);
    in->Resize({1, 4, 48, 192});  // 4 channels: the first conv expects 3
    std::vector<float> z(4 * 48 * 192, 0.f);
    in->CopyFromCpu(z.data());
    predictor->Run();
  }, "conv2d");
  ExpectErrorMentioning([] {
    lite_api::CxxConfig c;
    c.set_threads(0);
    c.set_model_dir(ModelsDir() + "/ppocr_mobile_v2_cls_dyn");
    lite_api::CreatePaddlePredictor(c);
  }, "thread");
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
