// NNAdapter compiled programs embedded in the .nb: opt with device names and
// --nnadapter_model_cache_dir pre-compiles every subgraph, and MobileConfig
// loads them without compiling; anything that changes the program (input
// shape, context properties) is compiled as without a cache.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "lite/nnadapter/subgraph_stats.h"
#include "lite/model_parser/nb/nb_model.h"
#include "tests/fuzz/nnc_header.h"
#include "tests/models/nb_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

namespace fs = std::filesystem;
using nnadapter_bridge::CachedSubgraphPrograms;
using nnadapter_bridge::CompiledSubgraphPrograms;

opt::OptFlags MnistOnBuiltin(const std::string& dir) {
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
  f.valid_targets = "builtin_device,x86";
  f.nnadapter_model_cache_dir = dir + "/cache";
  f.optimize_out = dir + "/m";
  return f;
}

std::vector<float> RunMobile(const std::string& nb, const std::vector<int64_t>& shape,
                             const std::string& properties = "") {
  lite_api::MobileConfig config;
  config.set_model_from_file(nb);
  if (!properties.empty()) config.set_nnadapter_context_properties(properties);
  auto p = lite_api::CreatePaddlePredictor(config);
  return RunFloat(p.get(), shape, SeededValues(Numel(shape), 5));
}

TEST(NbNNAdapterCache, OptEmbedsCompiledProgramsAndMobileConfigLoadsWithoutCompiling) {
  std::string dir = TempDir("nnc_embed");
  opt::OptFlags f = MnistOnBuiltin(dir);
  std::ostringstream so, se;
  ASSERT_EQ(opt::RunOpt(f, so, se), 0) << so.str() << se.str();
  EXPECT_NE(so.str().find("NNAdapter programs: 1 compiled for inputs [1, 1, 28, 28]"),
            std::string::npos)
      << so.str();
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/m.nb", &m);
  ASSERT_EQ(m.nnadapter_model_cache_buffers.size(), 1u);
  const std::string token = m.nnadapter_model_cache_buffers.begin()->first;
  EXPECT_TRUE(fs::exists(dir + "/cache/" + token + ".nnc"));
  // The .nb alone carries the program: no cache folder any more.
  fs::remove_all(dir + "/cache");
  opt::OptFlags cpu = f;
  cpu.valid_targets = "x86";
  cpu.nnadapter_model_cache_dir.clear();
  cpu.optimize_out = dir + "/cpu";
  ASSERT_EQ(opt::RunOpt(cpu, so, se), 0) << se.str();
  const std::vector<float> reference = RunMobile(dir + "/cpu.nb", {1, 1, 28, 28});

  int64_t compiled = CompiledSubgraphPrograms(), loaded = CachedSubgraphPrograms();
  std::vector<float> out = RunMobile(dir + "/m.nb", {1, 1, 28, 28});
  EXPECT_EQ(CompiledSubgraphPrograms() - compiled, 0);
  EXPECT_EQ(CachedSubgraphPrograms() - loaded, 1);
  ErrorStats e = Compare(reference, out);
  EXPECT_LE(e.max_abs, 1e-5);
  EXPECT_FALSE(fs::exists(dir + "/cache"));  // nothing was written back

  // Another input shape, other context properties: no program for them in
  // the .nb, so each compiles once, with the same numbers.
  compiled = CompiledSubgraphPrograms();
  loaded = CachedSubgraphPrograms();
  std::vector<float> two = RunMobile(dir + "/m.nb", {2, 1, 28, 28});
  std::vector<float> props = RunMobile(dir + "/m.nb", {1, 1, 28, 28}, "SOME_PROPERTY=1");
  EXPECT_EQ(CompiledSubgraphPrograms() - compiled, 2);
  EXPECT_EQ(CachedSubgraphPrograms() - loaded, 0);
  EXPECT_LE(Compare(reference, props).max_abs, 1e-5);
  EXPECT_LE(Compare(reference, std::vector<float>(two.begin(), two.begin() + 10)).max_abs, 1e-5);
  fs::remove_all(dir);
}

TEST(NbNNAdapterCache, ACorruptEmbeddedProgramIsReportedAndCompiled) {
  std::string dir = TempDir("nnc_corrupt");
  opt::OptFlags f = MnistOnBuiltin(dir);
  std::ostringstream so, se;
  ASSERT_EQ(opt::RunOpt(f, so, se), 0) << se.str();
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/m.nb", &m);
  ASSERT_EQ(m.nnadapter_model_cache_buffers.size(), 1u);
  const std::vector<float> good = RunMobile(dir + "/m.nb", {1, 1, 28, 28});
  // A well-formed .nb whose embedded program is damaged (the .nb checksum
  // is recomputed by the writer, so only the .nnc's own check can notice).
  auto& bytes = m.nnadapter_model_cache_buffers.begin()->second;
  for (size_t i = bytes.size() / 2; i < bytes.size() / 2 + 8; ++i) bytes[i] ^= 0x5a;
  nb::SaveNbModelFile(m, dir + "/bad.nb");
  // Without opt's cache folder (whose valid, digest-checked .nnc would be
  // loaded instead) the damaged program can only be replaced by compiling.
  fs::remove_all(dir + "/cache");
  int64_t compiled = CompiledSubgraphPrograms();
  EXPECT_EQ(RunMobile(dir + "/bad.nb", {1, 1, 28, 28}), good);
  EXPECT_EQ(CompiledSubgraphPrograms() - compiled, 1);
  fs::remove_all(dir);
}

// Issue 27 #10 through a .nb: model A's embedded program, rewritten with
// model B's token and a fixed CRC, put into B's .nb under B's token. It
// used to be loaded (no model went with a cache buffer, so its model digest
// was never checked); now it is ignored with a warning and B compiled.
TEST(NbNNAdapterCache, AnEmbeddedProgramOfAnotherModelIsNotUsed) {
  std::string dir = TempDir("nnc_foreign");
  const std::string model_b = dir + "/model_b";
  fs::copy(ModelsDir() + "/mnist_mlp_handwriting", model_b);
  {
    const fs::path bias = fs::path(model_b) / "fc_2.b_0";
    std::fstream f(bias, std::ios::in | std::ios::out | std::ios::binary);
    const float v = 5.0f;
    f.seekp(static_cast<std::streamoff>(fs::file_size(bias) - 4));
    f.write(reinterpret_cast<const char*>(&v), 4);
  }
  opt::OptFlags fa = MnistOnBuiltin(dir);
  opt::OptFlags fb = fa;
  fb.model_dir = model_b;
  fb.nnadapter_model_cache_dir = dir + "/cache_b";
  fb.optimize_out = dir + "/b";
  std::ostringstream so, se;
  ASSERT_EQ(opt::RunOpt(fa, so, se), 0) << se.str();
  ASSERT_EQ(opt::RunOpt(fb, so, se), 0) << se.str();
  fs::remove_all(dir + "/cache");
  fs::remove_all(dir + "/cache_b");
  nb::NbModel a, b;
  nb::LoadNbModelFile(dir + "/m.nb", &a);
  nb::LoadNbModelFile(dir + "/b.nb", &b);
  ASSERT_EQ(a.nnadapter_model_cache_buffers.size(), 1u);
  ASSERT_EQ(b.nnadapter_model_cache_buffers.size(), 1u);
  const std::string token_a = a.nnadapter_model_cache_buffers.begin()->first;
  const std::string token_b = b.nnadapter_model_cache_buffers.begin()->first;
  ASSERT_NE(token_a, token_b);
  const std::vector<float> out_a = RunMobile(dir + "/m.nb", {1, 1, 28, 28});
  const std::vector<float> out_b = RunMobile(dir + "/b.nb", {1, 1, 28, 28});
  ASSERT_NE(out_a, out_b);
  std::vector<char> forged = a.nnadapter_model_cache_buffers.begin()->second;
  auto at = std::search(forged.begin(), forged.end(), token_a.begin(), token_a.end());
  ASSERT_NE(at, forged.end());
  std::copy(token_b.begin(), token_b.end(), at);
  const uint32_t crc = fuzz::Crc32(reinterpret_cast<const uint8_t*>(forged.data()) + 28,
                                   forged.size() - 28);
  std::memcpy(&forged[24], &crc, 4);
  b.nnadapter_model_cache_buffers[token_b] = forged;
  nb::SaveNbModelFile(b, dir + "/b_forged.nb");
  const int64_t compiled = CompiledSubgraphPrograms(), loaded = CachedSubgraphPrograms();
  EXPECT_EQ(RunMobile(dir + "/b_forged.nb", {1, 1, 28, 28}), out_b);
  EXPECT_EQ(CompiledSubgraphPrograms() - compiled, 1);
  EXPECT_EQ(CachedSubgraphPrograms() - loaded, 0);
  fs::remove_all(dir);
}

TEST(NbNNAdapterCache, ModelsWithFreeInputDimsAreNotPrecompiledAndSaySo) {
  std::string dir = TempDir("nnc_dyn");
  opt::OptFlags f;
  f.model_file = ModelsDir() + "/ppocrv3_det_dyn/inference.pdmodel";
  f.param_file = ModelsDir() + "/ppocrv3_det_dyn/inference.pdiparams";
  f.valid_targets = "builtin_device,x86";
  f.nnadapter_model_cache_dir = dir + "/cache";
  f.optimize_out = dir + "/det";
  std::ostringstream so, se;
  ASSERT_EQ(opt::RunOpt(f, so, se), 0) << so.str() << se.str();
  EXPECT_NE(so.str().find("NNAdapter programs: not pre-compiled: input 'x' has dims [-1, 3, -1, -1]"),
            std::string::npos)
      << so.str();
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/det.nb", &m);
  EXPECT_TRUE(m.nnadapter_model_cache_buffers.empty());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
