// The light library on its own: this binary links only
// libpaddle_light_api_shared.so (no protobuf, no optimizer). It checks the
// library's dependencies and symbols, runs .nb files made by opt (CTest
// fixture nb_files), and loads a fake_device_b .nb on a "machine" where that
// driver is absent (a child process with its own copy of
// libnnadapter.so and NNADAPTER_DRIVER_PATH pointing at an empty folder).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"

namespace {
namespace fs = std::filesystem;
using paddle::lite_api::CreatePaddlePredictor;
using paddle::lite_api::MobileConfig;

std::string Shell(const std::string& cmd, int* status = nullptr) {
  std::string out;
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return "popen failed";
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), p)) > 0) out.append(buf, n);
  int st = ::pclose(p);
  if (status) *status = st;
  return out;
}

std::string ModelsDir() {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  std::string dir = env ? env : "../shared/models";
  EXPECT_TRUE(fs::exists(dir + "/README.md"))
      << "the real models folder '" << dir << "' is missing (set PADDLE_LITE_MODELS_DIR)";
  return dir;
}

std::string NbFile(const std::string& name) {
  std::string path = std::string(NB_TEST_FILES_DIR) + "/" + name + ".nb";
  EXPECT_TRUE(fs::exists(path)) << path << " is missing: it is made by the CTest fixture "
                                << "nb_make_files (run the tests through ctest)";
  return path;
}

// Runs mnist's reference input (a handwritten 3) through a .nb.
std::vector<float> RunMnist(const std::string& nb, const std::string& properties = "") {
  MobileConfig config;
  config.set_model_from_file(nb);
  if (!properties.empty()) config.set_nnadapter_context_properties(properties);
  auto p = CreatePaddlePredictor(config);
  std::ifstream in(ModelsDir() + "/mnist_mlp_handwriting/reference_input_infer_3.bin",
                   std::ios::binary);
  std::vector<float> x(28 * 28);
  in.read(reinterpret_cast<char*>(x.data()), x.size() * sizeof(float));
  EXPECT_TRUE(static_cast<bool>(in)) << "cannot read the mnist reference input";
  auto t = p->GetInput(0);
  t->Resize({1, 1, 28, 28});
  t->CopyFromCpu(x.data());
  p->Run();
  auto out = p->GetOutput(0);
  std::vector<float> y(10);
  EXPECT_EQ(out->shape(), (std::vector<int64_t>{1, 10}));
  out->CopyToCpu(y.data());
  return y;
}

TEST(NbLightLib, NoProtobufNoOptimizer) {
  std::string lib = LIGHT_LIB_PATH;
  ASSERT_TRUE(fs::exists(lib)) << lib;
  std::string ldd = Shell("ldd " + lib);
  EXPECT_EQ(ldd.find("protobuf"), std::string::npos) << ldd;
  EXPECT_NE(ldd.find("libnnadapter.so"), std::string::npos) << ldd;
  std::string nm = Shell("nm -C " + lib);
  ASSERT_GT(nm.size(), 1000u) << nm;
  for (const char* banned : {"google::protobuf", "paddle::lite::graph::", "paddle::lite::LoadModel",
                             "ParseProgramDesc", "NNAdapterSubgraphPass"}) {
    EXPECT_EQ(nm.find(banned), std::string::npos) << "the light library contains " << banned;
  }
  EXPECT_NE(nm.find("CreatePaddlePredictor<paddle::lite_api::MobileConfig>"), std::string::npos);
  EXPECT_NE(nm.find("kernel_factory::create_conv2d"), std::string::npos)
      << "the light library must hold the same kernels as the full one";
  std::cout << "libpaddle_light_api_shared.so: " << fs::file_size(lib) << " bytes; "
            << "libpaddle_full_api_shared.so: " << fs::file_size(FULL_LIB_PATH) << " bytes\n";
}

TEST(NbLightLib, StaticLibraryIsSelfContainedWithoutProtobuf) {
  std::string lib = LIGHT_STATIC_LIB_PATH;
  ASSERT_TRUE(fs::exists(lib)) << lib;
  std::string nm = Shell("nm -C " + lib);
  for (const char* banned : {"google::protobuf", "paddle::lite::graph::", "paddle::lite::LoadModel"}) {
    EXPECT_EQ(nm.find(banned), std::string::npos) << "libpaddle_light_api.a contains " << banned;
  }
  for (const char* needed :
       {" T paddle::lite::nb::LoadNbModelFile", " T paddle::lite::Tensor::mutable_data",
        " T paddle::lite::kernel_factory::create_conv2d__kX86__kFloat__kNCHW__def",
        " T std::shared_ptr<paddle::lite_api::PaddlePredictor> "
        "paddle::lite_api::CreatePaddlePredictor<paddle::lite_api::MobileConfig>"}) {
    EXPECT_NE(nm.find(needed), std::string::npos) << "libpaddle_light_api.a lacks" << needed;
  }
}

TEST(NbLightLib, RunsMnistX86) {
  auto y = RunMnist(NbFile("mnist_x86"));
  EXPECT_EQ(std::max_element(y.begin(), y.end()) - y.begin(), 3);
  EXPECT_NEAR(y[3], 0.9999998807907104, 1e-5);  // numpy reference
}

TEST(NbLightLib, RunsShuffleNetX86) {
  MobileConfig config;
  config.set_model_from_file(NbFile("shufflenet_x86"));
  config.set_threads(2);
  auto p = CreatePaddlePredictor(config);
  std::ifstream in(ModelsDir() + "/shufflenet_v2_imagenet/reference_input_egypt_cat_224.bin",
                   std::ios::binary);
  std::vector<float> x(3 * 224 * 224);
  in.read(reinterpret_cast<char*>(x.data()), x.size() * sizeof(float));
  ASSERT_TRUE(static_cast<bool>(in));
  auto t = p->GetInput(0);
  t->Resize({1, 3, 224, 224});
  t->CopyFromCpu(x.data());
  p->Run();
  std::vector<float> y(1000);
  p->GetOutput(0)->CopyToCpu(y.data());
  EXPECT_EQ(std::max_element(y.begin(), y.end()) - y.begin(), 285);  // Egyptian cat
  EXPECT_NEAR(y[285], 0.4641, 1e-3);
  EXPECT_NEAR(y[281], 0.4557, 1e-3);
}

TEST(NbLightLib, RunsFakeDevicesWhenTheirDriversArePresent) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  for (const char* nb : {"mnist_fake_device", "mnist_fake_device_b"}) {
    auto y = RunMnist(NbFile(nb));
    EXPECT_EQ(std::max_element(y.begin(), y.end()) - y.begin(), 3) << nb;
    EXPECT_NEAR(y[3], 0.9999998807907104, 1e-4) << nb;
  }
}

// The absent-driver case runs in a child process with LD_LIBRARY_PATH at a
// folder holding only a copy of libnnadapter.so under its SONAME (the runtime searches its
// own folder for drivers, so the build folder with the drivers is out of
// reach) and NNADAPTER_DRIVER_PATH at an empty folder. The .nb was made with
// fake_device_b: the same fake_device driver built under a second name, for
// tests only and never installed, so no folder the runtime searches has it
// (fake_device itself may sit in the install folder once `make install` ran,
// and the runtime always searches that folder).
TEST(NbLightLib, FakeDeviceAbsentIsAClearLoadError) {
  fs::path tmp = fs::temp_directory_path() / ("nb_absent_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "lib");
  fs::create_directories(tmp / "no_drivers");
  fs::copy_file(NNADAPTER_LIB_PATH, tmp / "lib" / NNADAPTER_LIB_SONAME);
  std::string nb = NbFile("mnist_fake_device_b");
  int status = 0;
  std::string out = Shell("LD_LIBRARY_PATH=" + (tmp / "lib").string() +
                            " NNADAPTER_DRIVER_PATH=" + (tmp / "no_drivers").string() + " " +
                            fs::read_symlink("/proc/self/exe").string() + " --child-load=" + nb,
                        &status);
  ASSERT_TRUE(WIFEXITED(status)) << "the child crashed: " << out;
  EXPECT_EQ(WEXITSTATUS(status), 3) << out;
  EXPECT_NE(out.find("device 'fake_device_b' cannot be opened"), std::string::npos) << out;
  EXPECT_NE(out.find((tmp / "no_drivers" / "libfake_device_b.so").string() + ": no such file"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("ERROR: " + nb + ": the model was optimized to run 1 subgraph op(s) on "
                     "NNAdapter device(s) [fake_device_b]"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find((tmp / "lib").string()), std::string::npos)
      << "the child did not use the copied runtime: " << out;
  fs::remove_all(tmp);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string flag = "--child-load=";
  if (argc == 2 && std::string(argv[1]).rfind(flag, 0) == 0) {
    try {
      MobileConfig config;
      config.set_model_from_file(std::string(argv[1]).substr(flag.size()));
      CreatePaddlePredictor(config);
      std::cout << "LOADED\n";
      return 0;
    } catch (const paddle::lite_api::Error& e) {
      std::cout << "ERROR: " << e.what() << "\n";
      return 3;
    }
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
