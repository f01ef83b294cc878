// opt's behaviour: flags, what it prints, exit codes, and its errors
// (unsupported op, unknown target or device, missing model, bad flags).
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tests/models/nb_test_util.h"
#include "lite/model_parser/model_loader.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

#define EXPECT_HAS(text, part) \
  EXPECT_NE((text).find(part), std::string::npos) << "expected '" << (part) << "' in: " << (text)

int Opt(const opt::OptFlags& f, std::string* text) {
  std::ostringstream out, err;
  int rc = opt::RunOpt(f, out, err);
  *text = out.str() + err.str();
  return rc;
}

opt::OptFlags MnistFlags() {
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
  return f;
}

// `opt --help` lists exactly Paddle Lite 2.13's opt flags (its
// lite/api/tools/opt.cc) plus ours, nothing else (no glog/gflags flags).
TEST(NbOpt, HelpListsPaddleLiteFlagSetPlusOurs) {
  FILE* p = ::popen((std::string(OPT_PATH) + " --help 2>&1").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string text;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), p)) > 0) text.append(buf, n);
  ::pclose(p);
  std::set<std::string> listed;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    size_t b = line.find_first_not_of(' ');
    size_t e = line.find(" (");
    if (b != std::string::npos && line[b] == '-' && e != std::string::npos && e > b) {
      listed.insert(line.substr(b + 1, e - b - 1));
    }
  }
  const std::set<std::string> paddle_lite = {
      "model_dir", "model_filename", "param_filename", "model_set_dir", "model_file",
      "param_file", "optimize_out_type", "display_kernels", "quant_model", "quant_type",
      "enable_fp16", "record_tailoring_info", "optimize_out", "valid_targets",
      "print_supported_ops", "print_all_ops", "print_all_ops_in_md_format", "print_model_ops",
      "sparse_model", "sparse_threshold", "optimized_nb_model_path",
      "visualization_file_output_path", "nnadapter_mixed_precision_quantization_config_path"};
  const std::set<std::string> ours = {
      "model_type", "nnadapter_device_names", "nnadapter_context_properties",
      "nnadapter_subgraph_partition_config_path", "nnadapter_model_cache_dir", "int8_kernels",
      "nnadapter_strict_mode", "nnadapter_min_subgraph_size", "nnadapter_partition_report_path",
      "nnadapter_dynamic_shape_info", "print_op_audit_md", "nnadapter_partition_strategy"};
  std::set<std::string> expected = paddle_lite;
  expected.insert(ours.begin(), ours.end());
  EXPECT_EQ(listed, expected) << text;
}

TEST(NbOpt, PrintAllOpsInMarkdownFormat) {
  opt::OptFlags f;
  f.print_all_ops_in_md_format = true;
  std::string text;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_EQ(text.rfind("| op type | kernels (target/precision) | NNAdapter converter |\n|---|", 0),
            0u)
      << text;
  EXPECT_HAS(text, "\n| conv2d | ");
  EXPECT_HAS(text, "kX86/kFloat");
}

TEST(NbOpt, PaddleLiteFlagsThisBuildCannotHonourSaySoAndFail) {
  std::string text;
  opt::OptFlags f = MnistFlags();
  f.optimize_out = TempDir("fp16") + "/m";
  f.enable_fp16 = true;
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "--enable_fp16: this build cannot make fp16 models");
  f.enable_fp16 = false;
  f.sparse_threshold = 1.5f;
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "--sparse_threshold=1.5 (expected a ratio in [0, 1])");
  f.sparse_threshold = 0.6f;
  f.sparse_model = true;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "--sparse_model: does not apply on this build");
}

TEST(NbOpt, DisplayKernelsAndRecordTailoringInfo) {
  std::string text;
  opt::OptFlags f = MnistFlags();
  std::string dir = TempDir("tailor");
  f.optimize_out = dir + "/m";
  f.display_kernels = true;
  f.record_tailoring_info = true;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "kernels:\n  fc -> fc/kX86/kFloat/kNCHW/def");
  EXPECT_EQ(ReadFile(dir + "/.tailored_ops_list"), "fc\nfeed\nfetch\nsoftmax\n");  // relu fused
  EXPECT_HAS(ReadFile(dir + "/.tailored_kernels_list"), "softmax/");
}

TEST(NbOpt, ModelSetDirOptimizesEveryModelFolder) {
  std::string set = TempDir("set");
  std::filesystem::create_directories(set + "/a");
  std::filesystem::create_directories(set + "/b");
  for (const char* d : {"/a", "/b"}) {
    std::filesystem::copy(ModelsDir() + "/paddlelite_simple_model/model.pdmodel",
                          set + d + "/m.pdmodel");
    std::filesystem::copy(ModelsDir() + "/paddlelite_simple_model/model.pdiparams",
                          set + d + "/m.pdiparams");
  }
  opt::OptFlags f;
  f.model_set_dir = set;
  f.model_filename = "m.pdmodel";
  f.param_filename = "m.pdiparams";
  f.optimize_out = set + "/out";
  std::string text;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_TRUE(std::filesystem::exists(set + "/out/a.nb"));
  EXPECT_TRUE(std::filesystem::exists(set + "/out/b.nb"));
  EXPECT_EQ(ReadFile(set + "/out/a.nb"), ReadFile(set + "/out/b.nb"));
  f.param_filename.clear();
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "--model_filename and --param_filename go together");
}

TEST(NbOpt, VisualizesAnOptimizedModel) {
  std::string text;
  opt::OptFlags f = MnistFlags();
  std::string dir = TempDir("vis");
  f.optimize_out = dir + "/mnist";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  opt::OptFlags v;
  v.optimized_nb_model_path = dir + "/mnist.nb";
  v.visualization_file_output_path = dir + "/dot";
  ASSERT_EQ(Opt(v, &text), 0) << text;
  std::string dot = ReadFile(dir + "/dot/mnist.dot");
  EXPECT_EQ(dot.rfind("digraph G {", 0), 0u);
  EXPECT_HAS(dot, "fc/kX86/kFloat/kNCHW/def");
  EXPECT_HAS(dot, "fillcolor=grey");  // weights
  v.visualization_file_output_path.clear();
  EXPECT_EQ(Opt(v, &text), 1);
  EXPECT_HAS(text, "needs --visualization_file_output_path");
}

TEST(NbOpt, ReportsWhatItDid) {
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/shufflenet_v2_imagenet";
  std::string dir = TempDir("report");
  f.optimize_out = dir + "/s";
  std::string text;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "model loaded: 232 ops in 1 block(s), 282 params, 9179136 bytes");
  EXPECT_HAS(text, "conv_bn_fuse_pass(56)");
  EXPECT_HAS(text, "ops on the CPU (x86): ");
  EXPECT_HAS(text, "written: " + dir + "/s.nb (");
  std::filesystem::remove_all(dir);
}

TEST(NbOpt, ReportsSubgraphsPerDevice) {
  opt::OptFlags f = MnistFlags();
  std::string dir = TempDir("subgraphs");
  f.optimize_out = dir + "/m";
  f.valid_targets = "x86";
  f.nnadapter_device_names = "builtin_device";
  f.nnadapter_context_properties = "SOME_KEY=1";
  f.nnadapter_model_cache_dir = dir + "/cache";
  std::string text;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "subgraphs: 1 for NNAdapter devices [builtin_device] holding 4 ops");
  EXPECT_HAS(text, "ops on the CPU (x86): 0");
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/m.nb", &m);
  EXPECT_EQ(m.nnadapter_device_names, std::vector<std::string>{"builtin_device"});
  EXPECT_EQ(m.nnadapter_context_properties, "SOME_KEY=1");
  // opt's cache folder is a path of this host: not stored; the compiled
  // programs are embedded instead.
  EXPECT_EQ(m.nnadapter_model_cache_dir, "");
  EXPECT_FALSE(m.nnadapter_model_cache_buffers.empty());
  // A partition config keeping every fc on the CPU: no subgraph is left
  // with more than the softmax.
  std::string config = dir + "/partition.txt";
  {
    std::ofstream out(config);
    out << "fc::\r\n# comment\n";
  }
  f.nnadapter_subgraph_partition_config_path = config;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "ops on the CPU (x86): 3 (fc x3)");
  std::filesystem::remove_all(dir);
}

TEST(NbOpt, PrintFlags) {
  opt::OptFlags f;
  f.print_all_ops = true;
  std::string text;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "conv2d");
  EXPECT_HAS(text, "kX86/kFloat");
  EXPECT_HAS(text, "nnadapter");
  f = opt::OptFlags();
  f.print_supported_ops = true;
  f.valid_targets = "builtin_device,x86";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "x86: ");
  EXPECT_HAS(text, "NNAdapter (builtin_device): ");
  f = MnistFlags();
  f.print_model_ops = true;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "elementwise_add");
  EXPECT_HAS(text, "yes");
  // With a device: how many ops of each type the device accepted.
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  f.model_dir = ModelsDir() + "/shufflenet_v2_imagenet";
  f.valid_targets = "fake_device,x86";
  f.nnadapter_context_properties = "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "on NNAdapter devices (fake_device)");
  EXPECT_HAS(text, "conv2d                        37     yes     37\n");
  EXPECT_HAS(text, "batch_norm                    56     yes     - (removed or fused by the passes)");
  EXPECT_HAS(text, "transpose2                    16     yes     0 (the devices declined)");
}

// A Paddle model with an op this build does not have.
std::string UnsupportedModel(const std::string& dir) {
  cpp::ProgramDesc program;
  program.blocks.resize(1);
  cpp::BlockDesc& b = program.blocks[0];
  for (const char* name : {"x", "y"}) {
    cpp::VarDesc v;
    v.name = name;
    v.dims = {1, 4};
    b.vars.push_back(v);
  }
  cpp::OpDesc feed("feed");
  feed.SetInput("X", {"feed"});
  feed.SetOutput("Out", {"x"});
  feed.SetAttr("col", int32_t{0});
  cpp::OpDesc op("no_such_op");
  op.SetInput("X", {"x"});
  op.SetOutput("Out", {"y"});
  cpp::OpDesc fetch("fetch");
  fetch.SetInput("X", {"y"});
  fetch.SetOutput("Out", {"fetch"});
  fetch.SetAttr("col", int32_t{0});
  b.ops = {feed, op, fetch};
  Scope weights;
  SaveModel(program, weights, dir + "/__model__", "");
  return dir;
}

TEST(NbOpt, UnsupportedOpNamesItAndTheTargetsTried) {
  std::string dir = UnsupportedModel(TempDir("unsupported"));
  opt::OptFlags f;
  f.model_dir = dir;
  f.optimize_out = dir + "/out";
  std::string text;
  EXPECT_NE(Opt(f, &text), 0);
  EXPECT_HAS(text, "no_such_op");
  EXPECT_HAS(text, "targets tried: ");
  EXPECT_HAS(text, "kX86");
  EXPECT_FALSE(std::filesystem::exists(dir + "/out.nb"));
  f.print_model_ops = true;
  EXPECT_NE(Opt(f, &text), 0);
  EXPECT_HAS(text, "no_such_op");
  EXPECT_HAS(text, "NO");
  std::filesystem::remove_all(dir);
}

TEST(NbOpt, BadFlagsAreErrors) {
  std::string text;
  opt::OptFlags f = MnistFlags();
  f.optimize_out = "/tmp/never";
  f.valid_targets = "arm";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "target 'arm' is not supported by this build");
  f.valid_targets = "no_such_npu,x86";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "'no_such_npu' is neither a CPU target");
  EXPECT_HAS(text, "libno_such_npu.so");
  f = MnistFlags();
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "--optimize_out is required");
  f.optimize_out = "/tmp/never";
  f.optimize_out_type = "flatbuffers";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "expected naive_buffer or protobuf");
  f = MnistFlags();
  f.optimize_out = "/tmp/never";
  f.valid_targets = "builtin_device,x86";
  f.nnadapter_partition_strategy = "fast";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "--nnadapter_partition_strategy): 'fast': expected greedy or cost");
  f = opt::OptFlags();
  f.optimize_out = "/tmp/never";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "no model");
  // A folder that surely does not exist (not "/nonexistent": as root, any
  // program may have made that one).
  f.model_dir = TempDir("missing_model") + "/not_here";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, f.model_dir);
  f = MnistFlags();
  const std::string missing = TempDir("missing_out") + "/not_here";
  f.optimize_out = missing + "/m";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "cannot write optimized model '" + missing + "/m.nb': its folder '" + missing +
                       "' does not exist");
}

// Issue 27 #3a/#18: opt wrote <out>.nb.tmp.<pid> without O_EXCL|O_NOFOLLOW
// (a symlink planted there had its target overwritten, and the rename then
// moved the symlink to <out>.nb), and the tailoring lists through the
// symlinks at their own names. Every write now goes through
// file_access::WriteFileAtomically.
std::set<std::string> Entries(const std::string& dir) {
  std::set<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    names.insert(e.path().filename().string());
  }
  return names;
}

bool IsSymlink(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

TEST(NbOpt, PlantedSymlinksKeepTheirTargetsAndNoTemporaryIsLeft) {
  const std::string dir = TempDir("planted"), outside = TempDir("planted_victims");
  const std::string victim = outside + "/victim.txt";
  std::ofstream(victim) << "VICTIM";
  const std::string pid = std::to_string(getpid());
  const std::vector<std::string> planted = {
      dir + "/m.nb.tmp." + pid,             // the old temporary of the .nb
      dir + "/.tailored_ops_list",          // written in place before
      dir + "/.tailored_kernels_list",
      dir + "/m.nb",                        // the target itself
  };
  for (const auto& link : planted) ASSERT_EQ(symlink(victim.c_str(), link.c_str()), 0) << link;
  std::string text;
  opt::OptFlags f = MnistFlags();
  f.optimize_out = dir + "/m";
  f.record_tailoring_info = true;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_EQ(ReadFile(victim), "VICTIM");
  EXPECT_FALSE(IsSymlink(dir + "/m.nb"));
  EXPECT_FALSE(IsSymlink(dir + "/.tailored_ops_list"));
  EXPECT_EQ(ReadFile(dir + "/.tailored_ops_list"), "fc\nfeed\nfetch\nsoftmax\n");
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/m.nb", &m);  // a complete, valid .nb
  EXPECT_TRUE(IsSymlink(planted[0]));      // left alone, never written through
  // The folder holds the outputs and the planted temporary name, nothing else.
  EXPECT_EQ(Entries(dir), (std::set<std::string>{"m.nb", ".tailored_ops_list",
                                                 ".tailored_kernels_list", "m.nb.tmp." + pid}));
  std::filesystem::remove_all(dir);
  std::filesystem::remove_all(outside);
}

TEST(NbOpt, ARenameFailureNamesTheOsReason) {
  const std::string dir = TempDir("rename");
  std::filesystem::create_directories(dir + "/m.nb/inside");  // the target is a folder
  std::string text;
  opt::OptFlags f = MnistFlags();
  f.optimize_out = dir + "/m";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "cannot write optimized model '" + dir + "/m.nb': cannot rename the temporary");
  EXPECT_HAS(text, "Is a directory");
  EXPECT_EQ(Entries(dir), (std::set<std::string>{"m.nb"}));  // no temporary left
  std::filesystem::remove_all(dir);
}

// opt killed (SIGKILL) while it writes the .nb: the folder is polled every
// 2 ms and opt is killed as soon as anything appears in it. Before, that was
// <out>.nb.tmp.<pid>, left behind; now the data goes to an unnamed
// (O_TMPFILE) file that is linked and renamed in two system calls, so the
// folder holds nothing or the complete .nb.
TEST(NbOpt, AKillDuringTheSaveLeavesNoTemporary) {
  const std::string dir = TempDir("kill");
  const std::string model = ModelsDir() + "/shufflenet_v2_imagenet";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const std::string a = "--model_dir=" + model, b = "--optimize_out=" + dir + "/m";
    execl(OPT_PATH, OPT_PATH, a.c_str(), b.c_str(), "--valid_targets=x86",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  bool seen = false;
  for (int i = 0; i < 60000 && !seen; ++i) {  // <= 120 s
    seen = !Entries(dir).empty();
    if (!seen) {
      int status = 0;
      if (waitpid(child, &status, WNOHANG) == child) break;  // exited without writing
      usleep(2000);
    }
  }
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  ASSERT_TRUE(seen) << "opt wrote nothing";
  const auto left = Entries(dir);
  for (const auto& name : left) EXPECT_EQ(name, "m.nb") << "left behind: " << name;
  if (left.count("m.nb")) {
    nb::NbModel m;
    nb::LoadNbModelFile(dir + "/m.nb", &m);  // complete
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
