// google_xnnpack's measured capabilities (calibration.h): the calibration
// cache is written, read back instead of measuring again, and a corrupt or
// foreign file is ignored and rewritten. No timing is asserted.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "nnadapter/nnadapter.h"
#include "testing/files.h"

namespace nnadapter_test {
namespace {

NNAdapterCapabilities Capabilities() {
  NNAdapterDevice* device = nullptr;
  NNAdapterCapabilities c{};
  EXPECT_EQ(NNAdapterDevice_acquire("google_xnnpack", &device), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(NNAdapterDevice_getCapabilities(device, &c), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  NNAdapterDevice_release(device);
  return c;
}

std::string ReadText(const std::string& path) {
  const auto bytes = ReadFileBytes(path);
  return std::string(bytes.begin(), bytes.end());
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

// The "key=..." line of a cache file.
std::string KeyLine(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("key=", 0) == 0) return line;
  }
  return "";
}

TEST(GoogleXnnpackCalibration, CacheIsWrittenReadBackAndRewrittenWhenCorrupt) {
  TempDir dir("google_xnnpack_calibration_");
  ScopedEnv env("NNADAPTER_CACHE_DIR", dir.path());
  const std::string path = dir.path() + "/google_xnnpack_capabilities.txt";

  // First use: measured, and cached.
  const NNAdapterCapabilities measured = Capabilities();
  EXPECT_EQ(measured.source, NNADAPTER_CAPABILITIES_MEASURED);
  EXPECT_GT(measured.float32_performance.exec_time, 0.f);
  EXPECT_GT(measured.cpu_ns_per_mac, 0.f);
  const std::string written = ReadText(path);
  const std::string key = KeyLine(written);
  EXPECT_NE(key.find("|xnnpack "), std::string::npos) << written;
  std::ostringstream exec_time;
  exec_time << "float32.exec_time=" << measured.float32_performance.exec_time << "\n";
  EXPECT_NE(written.find(exec_time.str()), std::string::npos) << written;

  // Read back: figures planted in a valid file are what the driver reports.
  WriteText(path, key + "\nfloat32.exec_time=0.125\nfloat32.power_usage=0.25\n"
                        "quant8_symm.exec_time=0.5\nquant8_symm.power_usage=0.5\n"
                        "ADD.exec_time=2\nADD.power_usage=2\ncpu_ns_per_mac=0.75\n");
  const NNAdapterCapabilities cached = Capabilities();
  EXPECT_EQ(cached.source, NNADAPTER_CAPABILITIES_MEASURED);
  EXPECT_EQ(cached.float32_performance.exec_time, 0.125f);
  EXPECT_EQ(cached.float32_performance.power_usage, 0.25f);
  EXPECT_EQ(cached.cpu_ns_per_mac, 0.75f);
  EXPECT_EQ(cached.quant8_symm_performance.exec_time, 0.5f);
  // The figures the calibration does not measure stay declared (.ini).
  EXPECT_EQ(cached.quant8_asymm_performance.exec_time, measured.quant8_asymm_performance.exec_time);

  // Corrupt (a bad value, garbage, a file of another machine): ignored,
  // measured again and rewritten.
  for (const std::string& bad :
       {key + "\nfloat32.exec_time=fast\n", std::string("\x01\x02garbage"),
        std::string("key=another CPU|xnnpack x|onednn 0|driver 0\nfloat32.exec_time=0.125\n")}) {
    WriteText(path, bad);
    const NNAdapterCapabilities recovered = Capabilities();
    EXPECT_EQ(recovered.source, NNADAPTER_CAPABILITIES_MEASURED);
    EXPECT_NE(recovered.float32_performance.exec_time, 0.125f);
    EXPECT_GT(recovered.float32_performance.exec_time, 0.f);
    const std::string rewritten = ReadText(path);
    EXPECT_EQ(KeyLine(rewritten), key) << rewritten;
    EXPECT_EQ(rewritten.find("fast"), std::string::npos);
  }
}

}  // namespace
}  // namespace nnadapter_test
