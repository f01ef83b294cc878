// Model cache: written atomically, loaded instead of compiling, and
// ignored (with recompilation) when truncated, corrupt or mismatched.
#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "runtime/cache_format.h"
#include "testing/execution.h"
#include "testing/files.h"
#include "testing/model_builder.h"

namespace nnadapter_test {
namespace {

void WriteAll(const std::string& path, const std::vector<uint8_t>& data) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(data.data()), data.size());
}

class CacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(tmp_.path().empty());
    dir_ = tmp_.path();
    path_ = dir_ + "/model_a.nnc";
  }

  // y = relu(x * w + bias) with w = [[1,2],[3,4]], bias = [0.5,-12]
  void Build(ModelBuilder* b, std::vector<float> w = {1, 2, 3, 4}) {
    auto* x = b->Tensor({1, 2});
    auto* y = b->Tensor({1, 2});
    b->Op(NNADAPTER_FULLY_CONNECTED,
          {x, b->Floats({2, 2}, w), b->Floats({2}, {0.5f, -12.0f}),
           b->Int(NNADAPTER_FUSED_RELU)},
          {y});
    b->Finish({x}, {y});
  }

  // Compiles (model may be null), runs x = [1, 2]; returns the output.
  std::vector<float> Run(NNAdapterModel* model, NNAdapterContext* context,
                         const char* dir, void* buffer = nullptr,
                         uint32_t length = 0, int* finish_code = nullptr,
                         const char* token = "model_a") {
    NNAdapterCompilation* c = nullptr;
    EXPECT_EQ(NNAdapterCompilation_create(model, token, buffer, length, dir,
                                          context, &c),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    int code = NNAdapterCompilation_finish(c);
    if (finish_code) *finish_code = code;
    last_error_ = NNAdapter_getLastErrorMessage();
    std::vector<float> result;
    if (code == NNADAPTER_NO_ERROR) {
      std::vector<Memory> in = {{{1, 2}, {1, 2}}}, out(1);
      EXPECT_EQ(Execute(c, &in, &out), NNADAPTER_NO_ERROR)
          << NNAdapter_getLastErrorMessage();
      result = out[0].data;
    } else if (!finish_code) {
      ADD_FAILURE() << NNAdapter_getLastErrorMessage();
    }
    NNAdapterCompilation_destroy(c);
    return result;
  }

  int CountFiles() {
    int n = 0;
    DIR* d = opendir(dir_.c_str());
    while (struct dirent* e = readdir(d)) n += e->d_name[0] != '.';
    closedir(d);
    return n;
  }

  const std::vector<float> expected_ = {5.5f, 0.0f};  // [1*1+2*2+.5, relu(3+8-12)]
  TempDir tmp_{"nnadapter_cache"};
  std::string dir_, path_, last_error_;
};

TEST_F(CacheTest, WritesThenLoadsWithoutTheModel) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  Build(&b);
  EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  const auto bytes = ReadFileBytes(path_);
  ASSERT_GT(bytes.size(), 28u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8), "NNACACHE");
  EXPECT_EQ(CountFiles(), 1);  // no temporary file left behind
  // No model: must come from the cache file.
  EXPECT_EQ(Run(nullptr, devices.context(), dir_.c_str()), expected_);
  // From memory.
  std::vector<uint8_t> copy = bytes;
  EXPECT_EQ(Run(nullptr, devices.context(), nullptr, copy.data(),
                static_cast<uint32_t>(copy.size())),
            expected_);
  // The file is not rewritten when it was valid.
  EXPECT_EQ(ReadFileBytes(path_), bytes);
}

// A cache is bound to its token and to the model it was compiled from: one
// renamed from another token, or compiled from other weights under this
// token, is ignored and rebuilt (it used to load and give wrong outputs).
TEST_F(CacheTest, CachesOfAnotherTokenOrModelAreRebuilt) {
  Devices devices({"fake_device"}, "");
  ModelBuilder a, other;
  Build(&a);
  Build(&other, {2, 2, 3, 3});
  const std::vector<float> other_expected = {6.5f, 0.0f};  // [2+4+.5, relu(3+6-12)]
  // The other model's cache, written under another token, renamed to ours.
  ASSERT_EQ(Run(other.model(), devices.context(), dir_.c_str(), nullptr, 0, nullptr, "model_b"),
            other_expected);
  ASSERT_EQ(std::rename((dir_ + "/model_b.nnc").c_str(), path_.c_str()), 0);
  EXPECT_EQ(Run(a.model(), devices.context(), dir_.c_str()), expected_);
  const auto rebuilt = ReadFileBytes(path_);
  // Without a model the renamed file is refused, naming the token.
  WriteAll(dir_ + "/model_b.nnc", rebuilt);
  int code = 0;
  Run(nullptr, devices.context(), dir_.c_str(), nullptr, 0, &code, "model_b");
  EXPECT_NE(code, NNADAPTER_NO_ERROR);
  EXPECT_NE(last_error_.find("written for token 'model_a', not 'model_b'"), std::string::npos)
      << last_error_;
  // The other model compiled under our token: its digest differs.
  std::remove(path_.c_str());
  ASSERT_EQ(Run(other.model(), devices.context(), dir_.c_str()), other_expected);
  EXPECT_EQ(Run(a.model(), devices.context(), dir_.c_str()), expected_);
  EXPECT_EQ(ReadFileBytes(path_), rebuilt);
}

TEST_F(CacheTest, CorruptTruncatedOrForeignCachesAreRebuilt) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  Build(&b);
  ASSERT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  const auto good = ReadFileBytes(path_);
  // Flip one payload byte in the middle of the file.
  auto corrupt = good;
  corrupt[corrupt.size() / 2] ^= 0x5A;
  WriteAll(path_, corrupt);
  EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  EXPECT_EQ(ReadFileBytes(path_), good);  // rebuilt
  // Truncated at several points.
  for (size_t n : {size_t(0), size_t(7), size_t(27), good.size() / 2, good.size() - 1}) {
    WriteAll(path_, std::vector<uint8_t>(good.begin(), good.begin() + n));
    EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_) << n;
    EXPECT_EQ(ReadFileBytes(path_), good) << n;
  }
  // Without a model, a corrupt cache is an error naming the file.
  WriteAll(path_, corrupt);
  int code = 0;
  EXPECT_TRUE(Run(nullptr, devices.context(), dir_.c_str(), nullptr, 0, &code).empty());
  EXPECT_EQ(code, NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(last_error_.find("checksum mismatch"),
            std::string::npos)
      << last_error_;
  EXPECT_NE(last_error_.find(path_),
            std::string::npos);
  // A corrupt memory buffer with a model: warning + compile.
  EXPECT_EQ(Run(b.model(), devices.context(), nullptr, corrupt.data(),
                static_cast<uint32_t>(corrupt.size())),
            expected_);
}

TEST_F(CacheTest, MismatchedDevicesOrPropertiesAreRebuilt) {
  ModelBuilder b;
  Build(&b);
  {
    Devices devices({"fake_device"}, "");
    ASSERT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  }
  const auto first = ReadFileBytes(path_);
  {
    // Another device: the cache names fake_device, so it is not trusted.
    Devices devices({"fake_device_b"}, "");
    int code = 0;
    EXPECT_TRUE(Run(nullptr, devices.context(), dir_.c_str(), nullptr, 0, &code).empty());
    EXPECT_EQ(code, NNADAPTER_INVALID_PARAMETER);
    EXPECT_NE(last_error_
        .find("made for device 'fake_device' version 1, the context "
                        "has 'fake_device_b' version 1"),
              std::string::npos)
        << NNAdapter_getLastErrorMessage();
    EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  }
  nnadapter::runtime::CacheImage image;
  std::string error;
  auto second = ReadFileBytes(path_);
  ASSERT_TRUE(nnadapter::runtime::ReadCacheImage(second.data(), second.size(),
                                                 &image, &error))
      << error;
  EXPECT_EQ(image.devices[0].name, "fake_device_b");
  {
    // Different context properties.
    Devices devices({"fake_device_b"}, "FAKE_DEVICE_B_SUPPORTED_OPERATIONS=FULLY_CONNECTED");
    int code = 0;
    Run(nullptr, devices.context(), dir_.c_str(), nullptr, 0, &code);
    EXPECT_EQ(code, NNADAPTER_INVALID_PARAMETER);
    EXPECT_NE(last_error_.find("context properties"),
              std::string::npos);
  }
  EXPECT_NE(first, second);
}

TEST_F(CacheTest, FileFormatFieldsAreChecked) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  Build(&b);
  ASSERT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  const auto good = ReadFileBytes(path_);
  nnadapter::runtime::CacheImage image;
  std::string error;
  ASSERT_TRUE(nnadapter::runtime::ReadCacheImage(good.data(), good.size(), &image,
                                                 &error));
  EXPECT_EQ(image.nnadapter_version, static_cast<uint32_t>(NNADAPTER_VERSION));
  ASSERT_EQ(image.sub_models.size(), 1u);
  EXPECT_FALSE(image.sub_models[0].blob.empty());
  EXPECT_EQ(std::string(image.sub_models[0].blob.begin(),
                        image.sub_models[0].blob.begin() + 4),
            "FDDK");  // fake_ddk's own serialized graph
  auto bad = good;
  bad[8] = 9;  // format version
  EXPECT_FALSE(nnadapter::runtime::ReadCacheImage(bad.data(), bad.size(), &image,
                                                  &error));
  EXPECT_NE(error.find("format version 9"), std::string::npos) << error;
  bad = good;
  bad[0] = 'X';
  EXPECT_FALSE(nnadapter::runtime::ReadCacheImage(bad.data(), bad.size(), &image,
                                                  &error));
  EXPECT_NE(error.find("bad magic"), std::string::npos);
  bad = good;
  bad.push_back(0);
  EXPECT_FALSE(nnadapter::runtime::ReadCacheImage(bad.data(), bad.size(), &image,
                                                  &error));
  EXPECT_NE(error.find("payload length"), std::string::npos);
  // Every single-byte corruption of the payload is caught by the checksum.
  for (size_t i = 28; i < good.size(); i += 7) {
    bad = good;
    bad[i] ^= 0x01;
    nnadapter::runtime::CacheImage img;
    EXPECT_FALSE(nnadapter::runtime::ReadCacheImage(bad.data(), bad.size(), &img,
                                                    &error))
        << i;
  }
}

// Issue 27 #3b: the writer used to open '<path>.tmp.<pid>.<n>' with
// O_CREAT|O_TRUNC and followed a symlink planted there, overwriting its
// target. Now the temporary is unnamed (or O_EXCL|O_NOFOLLOW and random).
TEST_F(CacheTest, PlantedSymlinksAtTheOldTemporaryNamesAreNotFollowed) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  Build(&b);
  TempDir elsewhere("nnadapter_victim");
  const std::string victim = elsewhere.path() + "/precious.txt";
  WriteAll(victim, {'k', 'e', 'e', 'p'});
  for (int n = 0; n < 2000; n++) {
    const std::string name = path_ + ".tmp." + std::to_string(getpid()) + "." + std::to_string(n);
    ASSERT_EQ(symlink(victim.c_str(), name.c_str()), 0) << name;
  }
  EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  EXPECT_EQ(ReadFileBytes(victim), std::vector<uint8_t>({'k', 'e', 'e', 'p'}));
  const auto bytes = ReadFileBytes(path_);
  ASSERT_GT(bytes.size(), 28u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8), "NNACACHE");
  EXPECT_EQ(CountFiles(), 2001);  // the cache + the planted links, nothing else
}

// Issue 27 #8 (runtime part): a FIFO named like the cache neither blocks
// nor is read; with a model it is replaced by a real cache.
TEST_F(CacheTest, FifoAtTheCachePathIsReplacedWithoutBlocking) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  Build(&b);
  ASSERT_EQ(mkfifo(path_.c_str(), 0644), 0);
  int code = 0;
  EXPECT_TRUE(Run(nullptr, devices.context(), dir_.c_str(), nullptr, 0, &code).empty());
  EXPECT_EQ(code, NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(last_error_.find("not a regular file"), std::string::npos) << last_error_;
  EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  struct stat st;
  ASSERT_EQ(lstat(path_.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(Run(nullptr, devices.context(), dir_.c_str()), expected_);
}

// Issue 27 #15b: an 8 GB sparse cache used to be read whole (bad_alloc
// under a memory limit). Over the cap (1 GiB) it is refused unread, named
// in the message, and replaced by a good cache.
TEST_F(CacheTest, OversizedSparseCacheIsReplacedNotRead) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  Build(&b);
  {
    int fd = open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(ftruncate(fd, off_t{8} << 30), 0);
    close(fd);
  }
  int code = 0;
  EXPECT_TRUE(Run(nullptr, devices.context(), dir_.c_str(), nullptr, 0, &code).empty());
  EXPECT_EQ(code, NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(last_error_.find("8589934592 bytes, more than the 1073741824 bytes"),
            std::string::npos)
      << last_error_;
  EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str()), expected_);
  const auto bytes = ReadFileBytes(path_);
  EXPECT_GT(bytes.size(), 28u);
  EXPECT_LT(bytes.size(), 1u << 20);
  EXPECT_EQ(Run(nullptr, devices.context(), dir_.c_str()), expected_);
}

// Issue 27 #13: the folder grew without bound (247 .nnc, 550 MB after 400
// input sizes). Now at most NNADAPTER_MODEL_CACHE_MAX_FILES files and
// NNADAPTER_MODEL_CACHE_MAX_BYTES bytes, least recently used deleted.
TEST_F(CacheTest, FolderStaysWithinItsFileAndByteLimitsDroppingTheLeastRecentlyUsed) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  Build(&b);
  auto token = [](int i) { return "shape_" + std::to_string(i); };
  auto build = [&](int i) {
    // Distinct modification times even on coarse clocks.
    std::this_thread::sleep_for(std::chrono::milliseconds(15));
    EXPECT_EQ(Run(b.model(), devices.context(), dir_.c_str(), nullptr, 0, nullptr,
                  token(i).c_str()),
              expected_)
        << i;
  };
  auto exists = [&](int i) {
    struct stat st;
    return stat((dir_ + "/" + token(i) + ".nnc").c_str(), &st) == 0;
  };
  {
    ScopedEnv files("NNADAPTER_MODEL_CACHE_MAX_FILES", "3");
    for (int i = 0; i < 10; i++) {
      build(i);
      EXPECT_LE(CountFiles(), 3) << i;
    }
    EXPECT_EQ(CountFiles(), 3);
    EXPECT_TRUE(exists(7) && exists(8) && exists(9));
    // A load marks a file used: 7 is loaded, 10 written, so 8 goes.
    std::this_thread::sleep_for(std::chrono::milliseconds(15));
    EXPECT_EQ(Run(nullptr, devices.context(), dir_.c_str(), nullptr, 0, nullptr,
                  token(7).c_str()),
              expected_);
    build(10);
    EXPECT_TRUE(exists(7));
    EXPECT_FALSE(exists(8));
    EXPECT_TRUE(exists(9) && exists(10));
  }
  const uint64_t one = ReadFileBytes(dir_ + "/" + token(10) + ".nnc").size();
  ASSERT_GT(one, 28u);
  {
    // Bytes: room for two and a half files.
    ScopedEnv bytes("NNADAPTER_MODEL_CACHE_MAX_BYTES", std::to_string(one * 5 / 2));
    for (int i = 20; i < 30; i++) {
      build(i);
      EXPECT_LE(CountFiles(), 2) << i;
    }
    EXPECT_TRUE(exists(28) && exists(29));
    EXPECT_EQ(CountFiles(), 2);
  }
  std::printf("cache folder limits: %llu-byte caches, 3 files then %llu bytes kept\n",
              static_cast<unsigned long long>(one), static_cast<unsigned long long>(one * 5 / 2));
}

}  // namespace
}  // namespace nnadapter_test
