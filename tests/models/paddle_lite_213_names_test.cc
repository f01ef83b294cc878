// Paddle Lite 2.13's C++ names that name hardware or memory hooks, used
// exactly as a Paddle Lite program uses them, with nothing included but
// paddle_api.h (and the test framework): PaddlePredictor::SetStream,
// XpuConfig / set_xpu_config / target_configs(), set_xpu_dump_tensor_path /
// set_xpu_dump_log_path, set_custom_allocator (CustomAllocator),
// MobileConfig::lite_model_buffer_ptr() / lite_model_buffer_size().
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"

namespace {
using paddle::lite_api::CreatePaddlePredictor;
using paddle::lite_api::CustomAllocator;
using paddle::lite_api::CxxConfig;
using paddle::lite_api::MobileConfig;
using paddle::lite_api::PaddlePredictor;
using paddle::lite_api::TargetType;
using paddle::lite_api::XpuConfig;

std::string MnistDir() {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  if (!env || !*env) ADD_FAILURE() << "PADDLE_LITE_MODELS_DIR is not set";
  return std::string(env ? env : "") + "/mnist_mlp_handwriting";
}

std::vector<float> RunMnist(PaddlePredictor* p) {
  auto in = p->GetInput(0);
  in->Resize({1, 1, 28, 28});
  float* x = in->mutable_data<float>();
  for (int i = 0; i < 28 * 28; ++i) x[i] = static_cast<float>(i % 17) / 17.f;
  p->Run();
  auto out = p->GetOutput(0);
  int64_t n = 1;
  for (int64_t d : out->shape()) n *= d;
  return std::vector<float>(out->data<float>(), out->data<float>() + n);
}

std::vector<float> Reference() {
  CxxConfig config;
  config.set_model_dir(MnistDir());
  return RunMnist(CreatePaddlePredictor(config).get());
}

std::atomic<int> g_allocs{0}, g_frees{0};
void* CountingAlloc(size_t size, size_t alignment) {
  ++g_allocs;
  return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}
void CountingFree(void* p) {
  ++g_frees;
  std::free(p);
}
}  // namespace

TEST(PaddleLite213Names, SetStreamIsAcceptedOnCpuTargetsAndRunsUnchanged) {
  CxxConfig config;
  config.set_model_dir(MnistDir());
  auto p = CreatePaddlePredictor(config);
  int fake_stream = 0;
  p->SetStream(TARGET(kX86), &fake_stream);  // logged once: CPUs have no streams
  EXPECT_EQ(RunMnist(p.get()), Reference());
}

TEST(PaddleLite213Names, XpuConfigIsStoredInTargetConfigsAndNamedAsNotApplying) {
  CxxConfig config;
  config.set_model_dir(MnistDir());
  EXPECT_TRUE(config.target_configs().empty());
  XpuConfig xpu;
  xpu.device_id = 3;
  xpu.l3_size = 1 << 20;
  xpu.conv_autotune_file = "conv.txt";
  config.set_xpu_config(xpu);
  config.set_xpu_dump_tensor_path("/tmp/xpu_tensors");
  config.set_xpu_dump_log_path("/tmp/xpu_log");
  auto configs = config.target_configs();
  ASSERT_EQ(configs.count(TARGET(kXPU)), 1u);
  const auto* stored = static_cast<const XpuConfig*>(configs[TARGET(kXPU)].get());
  EXPECT_EQ(stored->device_id, 3);
  EXPECT_EQ(stored->l3_size, 1u << 20);
  EXPECT_EQ(stored->conv_autotune_file, "conv.txt");
  EXPECT_EQ(config.inapplicable_settings(),
            (std::vector<std::string>{"set_xpu_config", "set_xpu_dump_tensor_path",
                                      "set_xpu_dump_log_path"}));
  EXPECT_EQ(RunMnist(CreatePaddlePredictor(config).get()), Reference());  // still runs on x86
}

TEST(PaddleLite213Names, CustomAllocatorServesTheHostTensors) {
  const auto reference = Reference();
  CxxConfig config;
  config.set_model_dir(MnistDir());
  config.set_custom_allocator(TARGET(kHost), CustomAllocator{CountingAlloc, CountingFree});
  g_allocs = 0;
  g_frees = 0;
  {
    auto p = CreatePaddlePredictor(config);
    EXPECT_EQ(RunMnist(p.get()), reference);
    EXPECT_GT(g_allocs.load(), 0);  // weights and activations came from it
  }
  EXPECT_GT(g_frees.load(), 0);
  EXPECT_LE(g_frees.load(), g_allocs.load());
  config.set_custom_allocator(TARGET(kHost), CustomAllocator{});  // back to the library's
  const int allocs = g_allocs.load();
  EXPECT_EQ(RunMnist(CreatePaddlePredictor(config).get()), reference);
  EXPECT_EQ(g_allocs.load(), allocs);
  // Hardware this build lacks, and half an allocator, are refused by name.
  try {
    config.set_custom_allocator(TARGET(kOpenCL), CustomAllocator{CountingAlloc, CountingFree});
    ADD_FAILURE() << "expected an Error";
  } catch (const paddle::lite_api::Error& e) {
    EXPECT_NE(std::string(e.what()).find("target kOpenCL"), std::string::npos) << e.what();
  }
  try {
    config.set_custom_allocator(TARGET(kHost), CustomAllocator{CountingAlloc, nullptr});
    ADD_FAILURE() << "expected an Error";
  } catch (const paddle::lite_api::Error& e) {
    EXPECT_NE(std::string(e.what()).find("alloc and free must both be set"), std::string::npos)
        << e.what();
  }
}

TEST(PaddleLite213Names, LiteModelBufferPtrAndSizeGiveTheModelBytes) {
  CxxConfig config;
  config.set_model_dir(MnistDir());
  const std::string out = "/tmp/paddle_lite_213_names_" + std::to_string(getpid());
  CreatePaddlePredictor(config)->SaveOptimizedModel(out, paddle::lite_api::LiteModelType::kNaiveBuffer);
  std::ifstream in(out + ".nb", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove((out + ".nb").c_str());
  ASSERT_GT(bytes.size(), 0u);
  MobileConfig mobile;
  mobile.set_model_from_file(out + ".nb");
  EXPECT_EQ(mobile.lite_model_buffer_ptr(), nullptr);
  EXPECT_EQ(mobile.lite_model_buffer_size(), 0u);
  mobile.set_model_from_buffer(bytes.data(), bytes.size());
  ASSERT_NE(mobile.lite_model_buffer_ptr(), nullptr);
  ASSERT_EQ(mobile.lite_model_buffer_size(), bytes.size());
  EXPECT_EQ(std::memcmp(mobile.lite_model_buffer_ptr(), bytes.data(), bytes.size()), 0);
  EXPECT_EQ(RunMnist(CreatePaddlePredictor(mobile).get()), Reference());
}
