// The subgraph op's .nnc cache folder under hostile conditions (issue 27):
// a FIFO at the cache path (#8), a cache of another model rewritten under
// this model's token with a valid checksum (#10).
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "lite/nnadapter/subgraph_stats.h"
#include "tests/fuzz/nnc_header.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

namespace fs = std::filesystem;
const std::vector<int64_t> kMnistShape = {1, 1, 28, 28};

std::string TempDir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("subgraph_cache_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

std::vector<float> Input() {
  std::vector<float> v(28 * 28);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 7919) % 1000) / 1000.f;
  return v;
}

lite_api::CxxConfig MnistOnBuiltin(const std::string& model_dir, const std::string& cache_dir) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  lite_api::CxxConfig config;
  config.set_model_dir(model_dir);
  config.set_nnadapter_device_names({"builtin_device"});
  config.set_nnadapter_model_cache_dir(cache_dir);
  return config;
}

std::vector<float> RunMnist(const std::string& model_dir, const std::string& cache_dir) {
  auto p = lite_api::CreatePaddlePredictor(MnistOnBuiltin(model_dir, cache_dir));
  return RunFloat(p.get(), kMnistShape, Input());
}

// The one .nnc file of `dir`.
fs::path OnlyCacheFile(const std::string& dir) {
  std::vector<fs::path> files;
  for (auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  EXPECT_EQ(files.size(), 1u) << dir;
  return files.empty() ? fs::path() : files[0];
}

std::string ReadBytes(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// Issue 27 #8: the kernel probed '<dir>/<token>.nnc' with std::ifstream,
// whose open() of a FIFO waits for a writer: Run() hung for ever. Now the
// runtime reads the cache (file_access: regular files only, opened
// O_NONBLOCK), refuses the FIFO, compiles and replaces it.
TEST(SubgraphCache, FifoAtTheCachePathDoesNotBlockRun) {
  const std::string dir = TempDir("nnc_fifo");
  const std::string model = ModelsDir() + "/mnist_mlp_handwriting";
  const std::vector<float> good = RunMnist(model, dir);
  const fs::path file = OnlyCacheFile(dir);
  fs::remove(file);
  ASSERT_EQ(mkfifo(file.c_str(), 0644), 0);
  const int64_t compiled = nnadapter_bridge::CompiledSubgraphPrograms();
  const int64_t fallbacks = nnadapter_bridge::CpuFallbackCount().load();
  EXPECT_EQ(RunMnist(model, dir), good);
  EXPECT_EQ(nnadapter_bridge::CompiledSubgraphPrograms() - compiled, 1);
  EXPECT_EQ(nnadapter_bridge::CpuFallbackCount().load(), fallbacks);
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(file)));
  fs::remove_all(dir);
}

// Issue 27 #10: a cache compiled from model A, rewritten with model B's
// token and a fixed CRC, loaded for B (the kernel handed no model to the
// runtime when a cache existed, so the model digest was never checked) and
// B computed A's outputs. Now the digest is checked on every load: the
// cache is ignored with a warning, B is compiled and its cache rewritten.
TEST(SubgraphCache, CacheOfAnotherModelUnderThisTokenIsRebuilt) {
  const std::string root = TempDir("nnc_foreign");
  const std::string model_a = ModelsDir() + "/mnist_mlp_handwriting";
  const std::string model_b = root + "/model_b";
  fs::copy(model_a, model_b);
  {
    // B: model A with another last bias value.
    const fs::path bias = fs::path(model_b) / "fc_2.b_0";
    std::fstream f(bias, std::ios::in | std::ios::out | std::ios::binary);
    const float v = 5.0f;
    f.seekp(static_cast<std::streamoff>(fs::file_size(bias) - 4));
    f.write(reinterpret_cast<const char*>(&v), 4);
  }
  const std::string dir_a = root + "/cache_a", dir_b = root + "/cache_b";
  fs::create_directories(dir_a);
  fs::create_directories(dir_b);
  const std::vector<float> out_a = RunMnist(model_a, dir_a);
  const std::vector<float> out_b = RunMnist(model_b, dir_b);
  ASSERT_NE(out_a, out_b);
  const fs::path file_a = OnlyCacheFile(dir_a), file_b = OnlyCacheFile(dir_b);
  const std::string token_a = file_a.stem().string(), token_b = file_b.stem().string();
  ASSERT_NE(token_a, token_b);
  ASSERT_EQ(token_a.size(), token_b.size());
  // A's cache under B's name, its recorded token B's, its CRC fixed.
  std::string bytes = ReadBytes(file_a);
  const size_t at = bytes.find(token_a);
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, token_b.size(), token_b);
  const uint32_t crc = fuzz::Crc32(reinterpret_cast<const uint8_t*>(bytes.data()) + 28,
                                   bytes.size() - 28);
  std::memcpy(&bytes[24], &crc, 4);  // little endian, as the format says
  { std::ofstream(file_b, std::ios::binary | std::ios::trunc) << bytes; }
  const int64_t compiled = nnadapter_bridge::CompiledSubgraphPrograms();
  const int64_t loaded = nnadapter_bridge::CachedSubgraphPrograms();
  EXPECT_EQ(RunMnist(model_b, dir_b), out_b);
  EXPECT_EQ(nnadapter_bridge::CompiledSubgraphPrograms() - compiled, 1);
  EXPECT_EQ(nnadapter_bridge::CachedSubgraphPrograms() - loaded, 0);
  // The rewritten cache is B's own and loads next time.
  EXPECT_TRUE(ReadBytes(file_b) != bytes) << "the foreign cache was not rewritten";
  EXPECT_EQ(RunMnist(model_b, dir_b), out_b);
  EXPECT_EQ(nnadapter_bridge::CachedSubgraphPrograms() - loaded, 1);
  fs::remove_all(root);
}

// Issue 27 #15b: a 20 GB sparse .nnc under a memory limit moved the
// subgraph to the CPU for the predictor's life and was never replaced. Now
// a cache over NNADAPTER_MODEL_CACHE_MAX_FILE_BYTES (default 1 GiB) is
// refused unread, the block compiled on the device and the file rewritten.
TEST(SubgraphCache, OversizedSparseCacheIsReplacedAndTheSubgraphStaysOnTheDevice) {
  const std::string dir = TempDir("nnc_sparse");
  const std::string model = ModelsDir() + "/mnist_mlp_handwriting";
  const std::vector<float> good = RunMnist(model, dir);
  const fs::path file = OnlyCacheFile(dir);
  const auto good_size = fs::file_size(file);
  fs::resize_file(file, uintmax_t{8} << 30);  // sparse: costs no disk
  const int64_t compiled = nnadapter_bridge::CompiledSubgraphPrograms();
  const int64_t fallbacks = nnadapter_bridge::CpuFallbackCount().load();
  EXPECT_EQ(RunMnist(model, dir), good);
  EXPECT_EQ(nnadapter_bridge::CompiledSubgraphPrograms() - compiled, 1);
  EXPECT_EQ(nnadapter_bridge::CpuFallbackCount().load(), fallbacks);
  EXPECT_EQ(fs::file_size(file), good_size);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
