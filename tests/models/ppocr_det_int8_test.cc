// The QAT detector (ppocrv3_det_slim_int8) with int8 requested
// (valid place {kX86, kInt8}): quant_dequant_fold_pass folds its 144 fake
// ops into int8 scales, the convs run on the oneDNN int8 kernel, and the
// map must give the same 16 text regions as the fp32 detector. The
// differences to the fp32 map and to the fake-quant float execution (no
// int8 place) are printed.
#include <unistd.h>

#include <filesystem>

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
// Int8 kernels where the model has int8 scales, float elsewhere.
const std::vector<lite_api::Place> kInt8Places = {
    lite_api::Place{TARGET(kX86), PRECISION(kInt8)},
    lite_api::Place{TARGET(kX86), PRECISION(kFloat)}};

std::vector<float> RunDet(const std::string& folder, bool int8, bool nnadapter = false,
                          int threads = 1) {
  lite_api::CxxConfig config = PdModelConfig(ModelsDir() + "/" + folder, "inference", threads);
  if (nnadapter) config.set_nnadapter_device_names({"builtin_device"});
  if (int8) config.set_valid_places(kInt8Places);
  return RunDetMap(lite_api::CreatePaddlePredictor(config).get());
}
}  // namespace

TEST(PpocrV3DetSlimInt8, Int8KernelsFindTheSame16RegionsAsFp32) {
  auto fp32 = RunDet("ppocrv3_det_dyn", false);
  auto fake = RunDet("ppocrv3_det_slim_int8", false);
  auto int8 = RunDet("ppocrv3_det_slim_int8", true);
  ErrorStats vs_fp32 = Compare(fp32, int8);
  ErrorStats vs_fake = Compare(fake, int8);
  std::printf("QAT detector, int8 kernels vs fp32 model map: max |diff| = %.4f, mean |diff| = %.5f\n",
              vs_fp32.max_abs, vs_fp32.mean_abs);
  std::printf("QAT detector, int8 kernels vs fake-quant float execution: max |diff| = %.4f, "
              "mean |diff| = %.5f\n",
              vs_fake.max_abs, vs_fake.mean_abs);
  EXPECT_EQ(vision::ConnectedRegions(fp32.data(), 640, 640, 0.3f, 50).size(), 16u);
  EXPECT_EQ(vision::ConnectedRegions(int8.data(), 640, 640, 0.3f, 50).size(), 16u);
  // The int8 path differs from the fake-quant float one (it runs int8
  // arithmetic), but only by quantization noise on a probability map.
  EXPECT_GT(vs_fake.max_abs, 0.0);
  EXPECT_LT(vs_fake.mean_abs, 0.01);
}

// int8 arithmetic is exact (s32 accumulation) and the quantization is
// elementwise, so two threads give the very same map as one.
TEST(PpocrV3DetSlimInt8, Int8KernelsGiveTheSameMapWithTwoThreads) {
  auto one = RunDet("ppocrv3_det_slim_int8", true, false, 1);
  auto two = RunDet("ppocrv3_det_slim_int8", true, false, 2);
  EXPECT_EQ(one, two);
}

// The int8-optimized program (int8 filters, scale attributes, kInt8 kernel
// keys) survives SaveOptimizedModel -> .nb -> MobileConfig bit-identically.
TEST(PpocrV3DetSlimInt8, Int8OptimizedModelRoundTripsThroughNb) {
  lite_api::CxxConfig config = PdModelConfig(ModelsDir() + "/ppocrv3_det_slim_int8");
  config.set_valid_places(kInt8Places);
  auto full = lite_api::CreatePaddlePredictor(config);
  auto expected = RunFloat(full.get(), kDetShape, DetInput());
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("qat_int8_nb_" + std::to_string(getpid()))).string();
  full->SaveOptimizedModel(out, lite_api::LiteModelType::kNaiveBuffer);
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(out + ".nb");
  auto light = lite_api::CreatePaddlePredictor(mobile);
  auto got = RunFloat(light.get(), kDetShape, DetInput());
  std::filesystem::remove(out + ".nb");
  EXPECT_EQ(got, expected);
}

// With builtin_device the int8 convs become QUANTIZE -> CONV_2D on
// QUANT_INT8 operands -> DEQUANTIZE (convert_quant.cc; operand types are
// checked in lite/nnadapter/convert_quant_test.cc) and the map still
// has the 16 regions.
TEST(PpocrV3DetSlimInt8, NNAdapterQuantInt8OperandsFindThe16Regions) {
  auto cpu_int8 = RunDet("ppocrv3_det_slim_int8", true);
  auto nna_int8 = RunDet("ppocrv3_det_slim_int8", true, true);
  auto fp32 = RunDet("ppocrv3_det_dyn", false);
  ErrorStats vs_cpu = Compare(cpu_int8, nna_int8);
  ErrorStats vs_fp32 = Compare(fp32, nna_int8);
  std::printf("QAT detector, builtin_device QUANT_INT8 vs CPU int8 kernels: max |diff| = %.4f, "
              "mean |diff| = %.5f\n",
              vs_cpu.max_abs, vs_cpu.mean_abs);
  std::printf("QAT detector, builtin_device QUANT_INT8 vs fp32 model map: max |diff| = %.4f, "
              "mean |diff| = %.5f\n",
              vs_fp32.max_abs, vs_fp32.mean_abs);
  EXPECT_EQ(vision::ConnectedRegions(nna_int8.data(), 640, 640, 0.3f, 50).size(), 16u);
  EXPECT_LT(vs_cpu.mean_abs, 0.01);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
