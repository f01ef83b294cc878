// Model cache: written atomically, loaded instead of compiling, and
// ignored (with recompilation) when truncated, corrupt or mismatched.
#include <gtest/gtest.h>

#include <dirent.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>

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

}  // namespace
}  // namespace nnadapter_test
