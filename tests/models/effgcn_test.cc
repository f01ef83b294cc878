// EfficientGCN-B0 (../shared/models/effgcn_b0_tipc): a 12-block program
// whose 11 `while` loops run x[:, i] = x[:, i] @ A[i] with
// slice/matmul_v2/set_value. Both outputs are compared with the reference of
// MODEL.json (an independent numpy interpreter) within 1e-5 x max|ref|, on
// CxxConfig and through opt -> .nb -> MobileConfig.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/nnadapter/partition_report.h"
#include "tests/models/model_test_util.h"
#include "tools/opt/opt_tool.h"

namespace paddle {
namespace lite {
namespace {

const std::vector<int64_t> kInputShape = {16, 3, 6, 288, 25, 2};

std::string ModelDir() { return testing::ModelsDir() + "/effgcn_b0_tipc"; }

// MODEL.json's reference input: splitmix64 of the flat index, top 24 bits
// mapped to [-1, 1).
std::vector<float> ReferenceInput() {
  int64_t n = 1;
  for (int64_t d : kInputShape) n *= d;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t z = static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    x[i] = static_cast<float>(static_cast<double>(z >> 40) / 16777216.0 * 2 - 1);
  }
  return x;
}

std::vector<float> ReadFloats(const std::string& path) {
  const std::string bytes = testing::ReadFile(path);
  EXPECT_EQ(bytes.size() % 4, 0u) << path;
  std::vector<float> v(bytes.size() / 4);
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * 4);
  return v;
}

struct Outputs {
  std::vector<float> logits;    // reshape2_13.tmp_0 [16, 60]
  std::vector<float> features;  // transpose_17.tmp_0 [16, 128, 72, 25, 2]
};

Outputs RunModel(lite_api::PaddlePredictor* p, const std::vector<float>& x) {
  Outputs o;
  o.logits = testing::RunFloat(p, kInputShape, x, 0);
  auto f = p->GetOutput(1);
  int64_t n = 1;
  for (int64_t d : f->shape()) n *= d;
  EXPECT_EQ(f->shape(), (std::vector<int64_t>{16, 128, 72, 25, 2}));
  o.features.resize(n);
  f->CopyToCpu(o.features.data());
  return o;
}

// |got - ref| <= 1e-5 * max|ref| over the reference's elements (a prefix of
// `got` for output 1); prints the max abs diff.
void ExpectMatches(const std::vector<float>& ref, const std::vector<float>& got,
                   const std::string& what) {
  ASSERT_FALSE(ref.empty()) << what;
  ASSERT_GE(got.size(), ref.size()) << what;
  float scale = 0, max_diff = 0;
  for (float r : ref) scale = std::max(scale, std::fabs(r));
  size_t bad = 0, at = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    const float d = std::fabs(got[i] - ref[i]);
    if (!(d <= 1e-5f * scale)) ++bad;
    if (!(d <= max_diff)) {
      max_diff = d;
      at = i;
    }
  }
  std::printf("%s: max |diff| %.6g at [%zu] (%.7g vs reference %.7g) over %zu values "
              "(tolerance %.3g = 1e-5 x max|ref| %.4g)\n",
              what.c_str(), max_diff, at, got[at], ref[at], ref.size(), 1e-5 * scale, scale);
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << ref.size()
                     << " values off by more than " << 1e-5f * scale << ", max " << max_diff;
}

void ExpectReference(const Outputs& o, const std::string& what) {
  const std::string ref = ModelDir() + "/reference/";
  ExpectMatches(ReadFloats(ref + "numpy_output0_reshape2_13.tmp_0.bin"), o.logits,
                what + " output 0 (reshape2_13.tmp_0)");
  ExpectMatches(ReadFloats(ref + "numpy_output1_transpose_17.tmp_0.first65536.bin"),
                o.features, what + " output 1 (transpose_17.tmp_0, first 65536)");
}

lite_api::CxxConfig Config(int threads = 1) {
  return testing::PdModelConfig(ModelDir(), "model", threads);
}

TEST(EfficientGcn, CxxConfigMatchesTheReference) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  const auto x = ReferenceInput();
  ExpectReference(RunModel(p.get(), x), "CxxConfig");
  // A second run restarts every loop from its counter's fill_constant.
  ExpectReference(RunModel(p.get(), x), "CxxConfig second run");
}

// builtin_device: the loop bodies' matmul_v2 (and the loop conditions) go to
// the device inside their own blocks; the [32, C, 288, 25] activations above
// the device's element limit are refused at partition time, so those convs
// stay on the CPU instead of failing when the subgraph runs.
TEST(EfficientGcn, BuiltinDeviceMatchesTheReference) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  const std::string report_path = (std::filesystem::temp_directory_path() /
                                   ("effgcn_report_" + std::to_string(::getpid()) + ".json"))
                                      .string();
  lite_api::CxxConfig config = Config();
  config.set_nnadapter_device_names({"builtin_device"});
  config.set_nnadapter_partition_report_path(report_path);
  auto p = lite_api::CreatePaddlePredictor(config);
  const auto report = nnadapter_bridge::PartitionReport::FromJsonFile(report_path);
  std::filesystem::remove(report_path);
  int in_loop_bodies = 0, loop_matmuls_offloaded = 0, large_refusals = 0;
  for (const auto& s : report.subgraphs) {
    if (!s.ops.empty() && report.ops[s.ops[0]].block > 0) ++in_loop_bodies;
  }
  for (const auto& op : report.ops) {
    if (op.type == "matmul_v2" && op.block > 0 && op.subgraph >= 0) ++loop_matmuls_offloaded;
    // builtin_device declines the convs whose [32, C, 288, 25] tensors
    // exceed its element limit (the others run on the device).
    if (op.type == "conv2d" && op.subgraph < 0 &&
        op.reason.find("device declined") != std::string::npos) {
      ++large_refusals;
    }
  }
  std::printf("builtin_device: %zu subgraphs (%d inside loop bodies), %d ops on the CPU, %d "
              "refused for the element limit, %d of the loops' matmul_v2 offloaded\n",
              report.subgraphs.size(), in_loop_bodies, report.cpu_ops(), large_refusals,
              loop_matmuls_offloaded);
  EXPECT_EQ(loop_matmuls_offloaded, 11);
  EXPECT_GT(in_loop_bodies, 0);
  EXPECT_GT(large_refusals, 0);
  EXPECT_GT(report.subgraphs.size(), 20u);
  ExpectReference(RunModel(p.get(), ReferenceInput()), "builtin_device");
}

TEST(EfficientGcn, OptimizedNbOnMobileConfigMatchesTheReference) {
  const std::string dir = (std::filesystem::temp_directory_path() /
                           ("effgcn_test_" + std::to_string(::getpid())))
                              .string();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  lite::opt::OptFlags f;
  f.model_file = ModelDir() + "/model.pdmodel";
  f.param_file = ModelDir() + "/model.pdiparams";
  f.valid_targets = "x86";
  f.optimize_out = dir + "/opt";
  f.optimize_out_type = "naive_buffer";
  std::ostringstream so, se;
  ASSERT_EQ(lite::opt::RunOpt(f, so, se), 0) << so.str() << se.str();
  {
    // SaveOptimizedModel of a CxxConfig predictor writes the same bytes.
    auto full = lite_api::CreatePaddlePredictor(Config());
    full->SaveOptimizedModel(dir + "/effgcn", lite_api::LiteModelType::kNaiveBuffer,
                             /*record_info=*/true);
  }
  EXPECT_TRUE(testing::ReadFile(dir + "/opt.nb") == testing::ReadFile(dir + "/effgcn.nb"))
      << "opt and SaveOptimizedModel wrote different .nb files";
  // The tailoring lists name the ops and kernels the loops' blocks run too.
  const std::string ops = testing::ReadFile(dir + "/.tailored_ops_list");
  const std::string kernels = testing::ReadFile(dir + "/.tailored_kernels_list");
  for (const char* op : {"while\n", "set_value\n", "matmul_v2\n", "assign\n"}) {
    EXPECT_NE(ops.find(op), std::string::npos) << op << " not in:\n" << ops;
  }
  EXPECT_NE(kernels.find("set_value/kHost/kAny/kNCHW/def"), std::string::npos) << kernels;
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/opt.nb");
  auto light = lite_api::CreatePaddlePredictor(mobile);
  ExpectReference(RunModel(light.get(), ReferenceInput()), "MobileConfig (opt .nb)");
  std::filesystem::remove_all(dir);
}

TEST(EfficientGcn, LoopLimitStopsTheFirstLoop) {
  // Every loop of the model makes 3 iterations (x[:, i] for i < 3).
  lite_api::CxxConfig config = Config();
  config.set_max_loop_iterations(2);
  auto p = lite_api::CreatePaddlePredictor(config);
  auto in = p->GetInput(0);
  in->Resize(kInputShape);
  const auto x = ReferenceInput();
  in->CopyFromCpu(x.data());
  testing::ExpectErrorMentioning([&] { p->Run(); }, "after 2 iterations");
  testing::ExpectErrorMentioning([&] { p->Run(); }, "while");
  // A clone keeps the limit.
  auto clone = p->Clone();
  auto cin = clone->GetInput(0);
  cin->Resize(kInputShape);
  cin->CopyFromCpu(x.data());
  testing::ExpectErrorMentioning([&] { clone->Run(); }, "set_max_loop_iterations");
}

TEST(EfficientGcn, NegativeLoopLimitIsRefused) {
  lite_api::CxxConfig config = Config();
  config.set_max_loop_iterations(-1);
  testing::ExpectErrorMentioning([&] { lite_api::CreatePaddlePredictor(config); },
                                 "set_max_loop_iterations(-1)");
}

}  // namespace
}  // namespace lite
}  // namespace paddle
