// Hostile use of the C++ API: tensors grown without new storage, absurd
// shapes, two threads on one predictor, absurd thread counts.
#include <atomic>
#include <filesystem>
#include <map>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#include <thread>

#include "lite/nnadapter/subgraph_stats.h"

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
const std::vector<int64_t> kClsShape = {1, 3, 48, 192};

std::vector<float> ClsInput() {
  return vision::ReadFloats(
      ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/cls_input_title_upright.bin",
      Numel(kClsShape));
}

std::shared_ptr<lite_api::PaddlePredictor> ClsPredictor(const std::string& device = "",
                                                        int threads = 1) {
  auto config = PdModelConfig(ModelsDir() + "/ppocr_mobile_v2_cls_dyn", "inference", threads);
  if (!device.empty()) config.set_nnadapter_device_names({device});
  return lite_api::CreatePaddlePredictor(config);
}

int ThreadsOfThisProcess() {
  int n = 0;
  DIR* d = opendir("/proc/self/task");
  if (!d) return -1;
  while (dirent* e = readdir(d)) n += e->d_name[0] != '.';
  closedir(d);
  return n;
}
}  // namespace

// Defect 1: Resize to larger dims keeps the old buffer; Run must refuse the
// input (naming it) instead of reading past the buffer.
TEST(Reliability, GrowingAnInputWithoutNewStorageIsRefusedNamingTheInput) {
  for (std::string device : {"", "builtin_device"}) {
    SCOPED_TRACE("device '" + device + "'");
    auto p = ClsPredictor(device);
    auto x = ClsInput();
    auto expected = RunFloat(p.get(), kClsShape, x);
    auto in = p->GetInput(0);
    in->Resize({1, 3, 48, 384});  // twice the elements, same buffer
    ExpectErrorMentioning([&] { p->Run(); }, "input 'x' has dims [1, 3, 48, 384]");
    ExpectErrorMentioning([&] { in->data<float>(); }, "[1, 3, 48, 384]");
    // Filling it again gives it storage of the new size; back at the old
    // shape the outputs are the same as before.
    std::vector<float> wide(Numel({1, 3, 48, 384}), 0.5f);
    in->CopyFromCpu(wide.data());
    p->Run();
    EXPECT_EQ(RunFloat(p.get(), kClsShape, x), expected);
  }
}

// Defect 5: element counts that overflow, and sizes no machine has, are
// Errors (not SIGFPE, not std::bad_alloc, not a wrapped shape).
TEST(Reliability, OverflowingAndHugeShapesAreErrors) {
  auto p = ClsPredictor();
  auto in = p->GetInput(0);
  ExpectErrorMentioning([&] { in->Resize({1LL << 62, 3, 4, 1}); }, "overflows int64");
  ExpectErrorMentioning([&] {
    in->Resize({1LL << 50, 4});
    in->mutable_data<float>();
  }, "cannot allocate");
  // The predictor still works afterwards.
  auto x = ClsInput();
  auto out = RunFloat(p.get(), kClsShape, x);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_NEAR(out[0] + out[1], 1.0f, 1e-5);
}

// Defect 3: two threads calling Run() on one predictor: the second is
// refused with an Error; no run corrupts memory or gives wrong outputs.
TEST(Reliability, ConcurrentRunOnOnePredictorIsRefused) {
  for (std::string device : {"", "builtin_device"}) {
    SCOPED_TRACE("device '" + device + "'");
    auto p = ClsPredictor(device);
    auto x = ClsInput();
    auto expected = RunFloat(p.get(), kClsShape, x);
    std::atomic<int> refused{0}, ran{0}, other{0};
    std::atomic<bool> go{false};
    auto loop = [&] {
      while (!go.load()) {
      }
      for (int i = 0; i < 400 && refused.load() < 5; ++i) {
        try {
          p->Run();
          ++ran;
        } catch (const lite_api::Error& e) {
          if (std::string(e.what()).find("already running in another thread") !=
              std::string::npos) {
            ++refused;
          } else {
            ++other;
          }
        }
      }
    };
    std::thread a(loop), b(loop);
    go = true;
    a.join();
    b.join();
    EXPECT_GT(refused.load(), 0);
    EXPECT_GT(ran.load(), 0);
    EXPECT_EQ(other.load(), 0);
    auto out = p->GetOutput(0);
    std::vector<float> v(2);
    out->CopyToCpu(v.data());
    EXPECT_EQ(v, expected);
  }
}

// Defect 11: set_threads beyond the hardware is clamped (no 10,000 OS
// threads) and gives the single-thread outputs.
TEST(Reliability, ThreadCountIsClampedToTheHardware) {
  auto x = ClsInput();
  auto one = RunFloat(ClsPredictor("", 1).get(), kClsShape, x);
  auto many = ClsPredictor("", 10000);
  auto out = RunFloat(many.get(), kClsShape, x);
  for (size_t i = 0; i < one.size(); ++i) EXPECT_NEAR(out[i], one[i], 1e-5);
  int hardware = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_LE(ThreadsOfThisProcess(), 2 * hardware + 8);
}

// Defect 4: an op whose slot has an unexpected name (one byte of the
// protobuf changed) is an Error naming the op at load, never a crash in a
// graph pass. Every "Out"/"X"/"Y" slot name of the model is renamed in turn.
TEST(Reliability, RenamedOpSlotsAreErrorsNamingTheOp) {
  std::string dir = ModelsDir() + "/paddlelite_simple_model";
  std::string model = ReadFile(dir + "/model.pdmodel");
  std::string params = ReadFile(dir + "/model.pdiparams");
  struct Rename {
    std::string from, to;
  };
  int mutants = 0, refused = 0;
  bool relu_named = false;  // relu's Out -> Oxt: the crash the issue found
  for (const Rename& r : {Rename{std::string("\n\x03Out", 5), std::string("\n\x03Oxt", 5)},
                          Rename{std::string("\n\x01X", 3), std::string("\n\x01Z", 3)},
                          Rename{std::string("\n\x01Y", 3), std::string("\n\x01Z", 3)}}) {
    for (size_t at = model.find(r.from); at != std::string::npos; at = model.find(r.from, at + 1)) {
      std::string mutant = model;
      mutant.replace(at, r.from.size(), r.to);
      ++mutants;
      lite_api::CxxConfig config;
      config.set_model_buffer(mutant.data(), mutant.size(), params.data(), params.size());
      try {
        auto p = lite_api::CreatePaddlePredictor(config);
        // Some renames hit a name a slot may lack (an optional input):
        // then the model must still run.
        std::vector<float> x(3 * 224 * 224, 0.25f);
        auto out = RunFloat(p.get(), {1, 3, 224, 224}, x);
        EXPECT_FALSE(out.empty());
      } catch (const lite_api::Error& e) {
        ++refused;
        std::string what = e.what();
        EXPECT_FALSE(what.empty());
        relu_named = relu_named || (what.find("'relu'") != std::string::npos &&
                                    what.find("required output 'Out' is missing") !=
                                        std::string::npos &&
                                    what.find("op #") != std::string::npos);
      }
    }
  }
  EXPECT_GE(mutants, 3);
  EXPECT_GE(refused, 3);
  EXPECT_TRUE(relu_named);
}

std::string TempPath(const std::string& name) {
  std::string dir = ::testing::TempDir() + "reliability_" + std::to_string(getpid());
  mkdir(dir.c_str(), 0755);
  return dir + "/" + name;
}

// Defect 6: a .nb truncated or rewritten on disk under a live predictor
// changes nothing: the predictor gives the same outputs (no SIGBUS).
TEST(Reliability, NbRewrittenOnDiskUnderALivePredictorKeepsItsModel) {
  auto full = ClsPredictor();
  std::string stem = TempPath("cls");
  full->SaveOptimizedModel(stem, lite_api::LiteModelType::kNaiveBuffer);
  lite_api::MobileConfig mc;
  mc.set_model_from_file(stem + ".nb");
  auto light = lite_api::CreatePaddlePredictor(mc);
  auto x = ClsInput();
  auto expected = RunFloat(light.get(), kClsShape, x);
  ASSERT_EQ(truncate((stem + ".nb").c_str(), 4096), 0);
  EXPECT_EQ(RunFloat(light.get(), kClsShape, x), expected);
  {
    std::ofstream f(stem + ".nb", std::ios::binary | std::ios::trunc);
    std::string other(1 << 20, '\x7f');
    f.write(other.data(), other.size());
  }
  EXPECT_EQ(RunFloat(light.get(), kClsShape, x), expected);
  auto clone = light->Clone();
  EXPECT_EQ(RunFloat(clone.get(), kClsShape, x), expected);
  // A fresh load of the now-corrupt file is an Error naming it.
  ExpectErrorMentioning([&] { lite_api::CreatePaddlePredictor(mc); }, stem + ".nb");
}

// SaveOptimizedModel never writes over the model it was loaded from (a
// Python fuzzer's save_optimized_pb_model(model_dir) replaced a shared model
// with its optimized form): the folder, its files and a named file are
// refused, naming the path, and the original bytes are untouched.
TEST(Reliability, SavingOverTheLoadedModelIsRefusedAndTheModelIsKept) {
  namespace fs = std::filesystem;
  const std::string dir = TempPath("own_model");
  fs::create_directories(dir);
  const std::string mnist = ModelsDir() + "/mnist_mlp_handwriting";
  for (const char* f : {"__model__", "fc_0.w_0", "fc_0.b_0", "fc_1.w_0", "fc_1.b_0", "fc_2.w_0",
                        "fc_2.b_0"}) {
    fs::copy_file(mnist + "/" + f, dir + "/" + f, fs::copy_options::overwrite_existing);
  }
  const std::string model = ReadFile(dir + "/__model__");
  lite_api::CxxConfig folder;
  folder.set_model_dir(dir);
  auto p = lite_api::CreatePaddlePredictor(folder);
  ExpectErrorMentioning(
      [&] { p->SaveOptimizedModel(dir, lite_api::LiteModelType::kProtobuf); },
      "'" + dir + "' is the folder the model was loaded from");
  ExpectErrorMentioning(
      [&] { p->SaveOptimizedModel(dir + "/", lite_api::LiteModelType::kProtobuf); },
      "is the folder the model was loaded from");
  EXPECT_EQ(ReadFile(dir + "/__model__"), model);
  EXPECT_FALSE(fs::exists(dir + "/__params__"));
  // A combined model named by its files.
  const std::string two = TempPath("own_files");
  fs::create_directories(two);
  const std::string cls = ModelsDir() + "/ppocr_mobile_v2_cls_dyn/inference";
  fs::copy_file(cls + ".pdmodel", two + "/__model__", fs::copy_options::overwrite_existing);
  fs::copy_file(cls + ".pdiparams", two + "/__params__", fs::copy_options::overwrite_existing);
  const std::string cls_model = ReadFile(two + "/__model__"), cls_params = ReadFile(two + "/__params__");
  lite_api::CxxConfig files;
  files.set_model_file(two + "/__model__");
  files.set_param_file(two + "/__params__");
  auto q = lite_api::CreatePaddlePredictor(files);
  ExpectErrorMentioning(
      [&] { q->SaveOptimizedModel(two, lite_api::LiteModelType::kProtobuf); },
      "is the file the model was loaded from");
  EXPECT_EQ(ReadFile(two + "/__model__"), cls_model);
  EXPECT_EQ(ReadFile(two + "/__params__"), cls_params);
  fs::remove_all(two);
  // Elsewhere it saves, and a .nb beside the folder is fine.
  p->SaveOptimizedModel(dir + "_opt", lite_api::LiteModelType::kProtobuf);
  EXPECT_TRUE(fs::exists(dir + "_opt/__model__"));
  p->SaveOptimizedModel(dir, lite_api::LiteModelType::kNaiveBuffer);
  EXPECT_TRUE(fs::exists(dir + ".nb"));
  fs::remove_all(dir + "_opt");
  fs::remove(dir + ".nb");
  fs::remove_all(dir);
}

// Defect 8: devices, FIFOs and directories as model, params or partition
// config files are refused at once (no unbounded read, no blocking open).
TEST(Reliability, NonRegularFilesAreRefusedWithoutReadingOrBlocking) {
  std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn";
  std::string fifo = TempPath("fifo");
  unlink(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (std::string bad : {std::string("/dev/zero"), std::string("/dev/urandom"), fifo}) {
    SCOPED_TRACE(bad);
    ExpectErrorMentioning([&] {
      lite_api::CxxConfig c;
      c.set_model_file(bad);
      c.set_param_file(dir + "/inference.pdiparams");
      lite_api::CreatePaddlePredictor(c);
    }, "'" + bad + "': not a regular file");
    ExpectErrorMentioning([&] {
      lite_api::CxxConfig c;
      c.set_model_file(dir + "/inference.pdmodel");
      c.set_param_file(bad);
      lite_api::CreatePaddlePredictor(c);
    }, "'" + bad + "': not a regular file");
    ExpectErrorMentioning([&] {
      auto c = PdModelConfig(dir);
      c.set_nnadapter_device_names({"builtin_device"});
      c.set_nnadapter_subgraph_partition_config_path(bad);
      lite_api::CreatePaddlePredictor(c);
    }, "'" + bad + "': not a regular file");
    ExpectErrorMentioning([&] {
      lite_api::MobileConfig mc;
      mc.set_model_from_file(bad);
      lite_api::CreatePaddlePredictor(mc);
    }, "'" + bad + "': not a regular file");
  }
  // Defect 12: a directory as the partition config is an Error too.
  ExpectErrorMentioning([&] {
    auto c = PdModelConfig(dir);
    c.set_nnadapter_device_names({"builtin_device"});
    c.set_nnadapter_subgraph_partition_config_path(dir);
    lite_api::CreatePaddlePredictor(c);
  }, "cannot read partition config '" + dir + "': Is a directory (expected a file, got a directory)");
  unlink(fifo.c_str());
}

// Defect 12: one clear line naming the thing and what was expected.
TEST(Reliability, ConfigurationMistakesGetOneClearLine) {
  std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn";
  auto load = [&](const std::function<void(lite_api::CxxConfig*)>& set) {
    auto c = PdModelConfig(dir);
    set(&c);
    auto p = lite_api::CreatePaddlePredictor(c);
    RunFloat(p.get(), kClsShape, ClsInput());
  };
  ExpectErrorMentioning([&] {
    load([](lite_api::CxxConfig* c) {
      c->set_nnadapter_device_names({"builtin_device", "builtin_device"});
    });
  }, "device 'builtin_device' is listed twice");
  // A binary "line" is shown escaped and cut, not echoed raw.
  std::string binary = "conv2d:" + std::string(4096, '\x01') + ":\n" + std::string(4096, '\x02');
  try {
    load([&](lite_api::CxxConfig* c) {
      c->set_nnadapter_device_names({"builtin_device"});
      c->set_nnadapter_subgraph_partition_config_buffer(binary);
    });
    ADD_FAILURE() << "a binary partition config was accepted";
  } catch (const lite_api::Error& e) {
    std::string what = e.what();
    EXPECT_LT(what.size(), 400u) << what;
    EXPECT_NE(what.find("\\x01\\x01"), std::string::npos) << what;
    EXPECT_EQ(what.find('\x01'), std::string::npos);
  }
  // Invalid dynamic-shape info is an Error, not ignored.
  using Info = std::map<std::string, std::vector<std::vector<int64_t>>>;
  ExpectErrorMentioning([&] {
    load([](lite_api::CxxConfig* c) {
      c->set_nnadapter_device_names({"builtin_device"});
      c->set_nnadapter_dynamic_shape_info(Info{{"image", {{1, 3, 48, 192}}}});
    });
  }, "'image' is not an input of the model (inputs: x)");
  ExpectErrorMentioning([&] {
    load([](lite_api::CxxConfig* c) {
      c->set_nnadapter_device_names({"builtin_device"});
      c->set_nnadapter_dynamic_shape_info(Info{{"x", {{1, 3, 1LL << 40, 1LL << 40}}}});
    });
  }, "expected extents >= 1 and an element count below 2^31");
  ExpectErrorMentioning([&] {
    load([](lite_api::CxxConfig* c) {
      c->set_nnadapter_device_names({"builtin_device"});
      c->set_nnadapter_dynamic_shape_info(Info{{"x", {{1, 3, 48}}}});
    });
  }, "has rank 3, the model's input has rank 4");
}

// Defect 2: compiled programs kept per input shape are bounded by the LRU
// (default 8 per subgraph op; PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE), and
// a shape evicted and seen again is compiled anew with the same outputs.
TEST(Reliability, PerShapeProgramsAreBoundedByTheLru) {
  for (const char* size : {"", "3"}) {
    SCOPED_TRACE(std::string("PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE='") + size + "'");
    if (*size) {
      setenv("PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE", size, 1);
    } else {
      unsetenv("PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE");
    }
    const int64_t capacity = *size ? 3 : 8;
    const int64_t before = nnadapter_bridge::LiveSubgraphPrograms();
    auto p = ClsPredictor("builtin_device");
    auto cpu = ClsPredictor();
    int64_t subgraphs = -1;
    std::vector<float> first;
    for (int w = 64; w < 64 + 16 * 20; w += 16) {
      std::vector<float> x(3 * 48 * w);
      for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7919) % 255) / 255.f;
      auto out = RunFloat(p.get(), {1, 3, 48, w}, x);
      if (w == 64) {
        subgraphs = nnadapter_bridge::LiveSubgraphPrograms() - before;
        ASSERT_GE(subgraphs, 1);
        first = out;
      }
      auto ref = RunFloat(cpu.get(), {1, 3, 48, w}, x);
      for (size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], ref[i], 1e-4) << w;
      EXPECT_LE(nnadapter_bridge::LiveSubgraphPrograms() - before, subgraphs * capacity) << w;
    }
    std::vector<float> x16(3 * 48 * 64);
    for (size_t i = 0; i < x16.size(); ++i) x16[i] = static_cast<float>((i * 7919) % 255) / 255.f;
    EXPECT_EQ(RunFloat(p.get(), {1, 3, 48, 64}, x16), first);  // evicted, compiled again
    p.reset();
    EXPECT_EQ(nnadapter_bridge::LiveSubgraphPrograms(), before);
  }
  unsetenv("PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE");
}

// Defect 12: a subgraph that fails names the op and its first cause in one
// short line; the op's full slot lists (every weight) are only at GLOG_v.
// Strict mode: otherwise the subgraph falls back to the CPU kernels, which
// accept this input.
TEST(Reliability, SubgraphFailureIsOneShortLine) {
  auto config = PdModelConfig(ModelsDir() + "/ppocr_mobile_v2_cls_dyn", "inference", 1);
  config.set_nnadapter_device_names({"builtin_device"});
  config.set_nnadapter_strict_mode(true);
  auto p = lite_api::CreatePaddlePredictor(config);
  std::vector<float> tiny(Numel({1, 3, 2, 2}), 0.5f);
  auto in = p->GetInput(0);
  in->Resize({1, 3, 2, 2});
  in->CopyFromCpu(tiny.data());
  std::string msg;
  try {
    p->Run();
  } catch (const lite_api::Error& e) {
    msg = e.what();
  }
  // The op, a few of its inputs, and the cause: the inner op and its shapes.
  EXPECT_EQ(msg.rfind("op #0 subgraph(Inputs=", 0), 0u) << msg;
  EXPECT_NE(msg.find("more)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("converting op 'pool2d'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("output height is 0"), std::string::npos) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  EXPECT_LT(msg.size(), 600u) << msg;  // was 2,723 bytes listing all 110 inputs
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle

