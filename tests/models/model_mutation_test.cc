// Structure-aware mutation of real models (tests/models/program_mutator.h):
// every mutant either loads and runs or is refused with lite_api::Error; no
// crash, no other exception. PADDLE_LITE_MUTANTS=N sets the mutants per
// model (default 150; a nightly-style run uses thousands), and
// PADDLE_LITE_MUTANTS_VERBOSE=1 prints each mutation before it runs (to
// name the one that crashed).
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "lite/model_parser/program_desc_pb.h"
#include "tests/models/model_test_util.h"
#include "tests/models/program_mutator.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct MutatedModel {
  std::string folder, stem;
  std::vector<int64_t> shape;
};

int MutantsPerModel() {
  const char* env = std::getenv("PADDLE_LITE_MUTANTS");
  return env ? std::max(1, std::atoi(env)) : 150;
}

TEST(ModelMutation, EveryMutantLoadsAndRunsOrIsRefusedWithAnError) {
  const bool verbose = std::getenv("PADDLE_LITE_MUTANTS_VERBOSE") != nullptr;
  const int per_model = MutantsPerModel();
  int total = 0, ran = 0, refused = 0;
  for (const MutatedModel& m :
       {MutatedModel{"paddlelite_simple_model", "model", {1, 3, 224, 224}},
        MutatedModel{"ppocr_mobile_v2_cls_dyn", "inference", {1, 3, 48, 192}},
        MutatedModel{"lstnet_gru", "model", {1, 1204, 2}},
        MutatedModel{"mtcnn_paddle2", "PNet", {1, 3, 24, 31}}}) {
    const std::string dir = ModelsDir() + "/" + m.folder + "/";
    const std::string model = ReadFile(dir + m.stem + ".pdmodel");
    const std::string params = ReadFile(dir + m.stem + ".pdiparams");
    cpp::ProgramDesc original;
    ParseProgramDesc(model, m.folder, &original);
    std::vector<float> x(static_cast<size_t>(Numel(m.shape)), 0.25f);
    for (int i = 0; i < per_model; ++i) {
      cpp::ProgramDesc mutant = original;
      ProgramMutator mutator(static_cast<uint32_t>(i * 7919 + total));
      const std::string account = m.folder + " mutant " + std::to_string(i) + ": " +
                                  mutator.Mutate(&mutant);
      if (verbose) std::fprintf(stderr, "%s\n", account.c_str());
      ++total;
      try {
        const std::string bytes = SerializeProgramDesc(mutant);
        lite_api::CxxConfig config;
        config.set_model_buffer(bytes.data(), bytes.size(), params.data(), params.size());
        auto p = lite_api::CreatePaddlePredictor(config);
        RunFloat(p.get(), m.shape, x);
        ++ran;
      } catch (const lite_api::Error& e) {
        ++refused;
        EXPECT_GT(std::string(e.what()).size(), 10u) << account;
      } catch (const std::exception& e) {
        ADD_FAILURE() << account << ": not a lite_api::Error: " << e.what();
      }
    }
  }
  std::printf("model mutation: %d mutants of 4 models: %d ran, %d refused with an Error\n", total,
              ran, refused);
  EXPECT_EQ(ran + refused, total);
  EXPECT_GT(refused, total / 4);  // most mutations break something a check must catch
}

// A two-block program (while loop: i = 0; while (i < 3) { acc = acc + x;
// ++i; }) mutated with the sub-block mutations too: shared sub-blocks, ops
// moved between blocks, blocks added and dropped, any block's ops edited.
cpp::ProgramDesc LoopProgram() {
  cpp::ProgramDesc program;
  cpp::BlockDesc main;
  main.idx = 0;
  main.parent_idx = -1;
  auto op = [](const std::string& type, std::vector<std::pair<std::string, std::string>> in,
               std::vector<std::pair<std::string, std::string>> out) {
    cpp::OpDesc d(type);
    for (const auto& [slot, var] : in) d.SetInput(slot, {var});
    for (const auto& [slot, var] : out) d.SetOutput(slot, {var});
    return d;
  };
  auto var = [&main](const std::string& name, cpp::VarKind kind, std::vector<int64_t> dims) {
    cpp::VarDesc v;
    v.name = name;
    v.type = kind;
    v.dims = std::move(dims);
    main.vars.push_back(v);
  };
  var("feed", cpp::VarKind::FEED_MINIBATCH, {});
  var("fetch", cpp::VarKind::FETCH_LIST, {});
  for (const char* n : {"x", "acc", "t"}) var(n, cpp::VarKind::LOD_TENSOR, {-1, 4});
  for (const char* n : {"i", "n", "cond"}) var(n, cpp::VarKind::LOD_TENSOR, {1});
  cpp::OpDesc feed = op("feed", {{"X", "feed"}}, {{"Out", "x"}});
  feed.SetAttr("col", int32_t{0});
  main.ops.push_back(feed);
  for (const auto& [name, value] : {std::pair<const char*, float>{"i", 0.f}, {"n", 3.f}}) {
    cpp::OpDesc f = op("fill_constant", {}, {{"Out", name}});
    f.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::INT64));
    f.SetAttr("shape", std::vector<int64_t>{1});
    f.SetAttr("value", value);
    main.ops.push_back(f);
  }
  main.ops.push_back(op("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}}));
  cpp::OpDesc s = op("scale", {{"X", "x"}}, {{"Out", "acc"}});
  s.SetAttr("scale", 1.f);
  s.SetAttr("bias", 0.f);
  main.ops.push_back(s);
  cpp::OpDesc loop("while");
  loop.SetInput("X", {"acc", "i", "n", "x"});
  loop.SetInput("Condition", {"cond"});
  loop.SetOutput("Out", {"acc", "i", "cond"});
  loop.SetOutput("StepScopes", {"step_scopes"});
  loop.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{1}});
  loop.SetAttr("is_test", true);
  main.ops.push_back(loop);
  cpp::OpDesc fetch = op("fetch", {{"X", "acc"}}, {{"Out", "fetch"}});
  fetch.SetAttr("col", int32_t{0});
  main.ops.push_back(fetch);
  cpp::BlockDesc body;
  body.idx = 1;
  body.parent_idx = 0;
  body.ops.push_back(op("elementwise_add", {{"X", "acc"}, {"Y", "x"}}, {{"Out", "t"}}));
  body.ops.push_back(op("assign", {{"X", "t"}}, {{"Out", "acc"}}));
  body.ops.push_back(op("increment", {{"X", "i"}}, {{"Out", "i"}}));
  body.ops.back().SetAttr("step", 1.0f);
  body.ops.push_back(op("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}}));
  program.blocks.push_back(main);
  program.blocks.push_back(body);
  return program;
}

TEST(ModelMutation, LoopProgramMutantsRunOrAreRefusedWithAnError) {
  const cpp::ProgramDesc original = LoopProgram();
  const std::vector<int64_t> shape{2, 4};
  const std::vector<float> x(8, 0.5f);
  {  // the unmutated program computes x + 3x
    const std::string bytes = SerializeProgramDesc(original);
    lite_api::CxxConfig config;
    config.set_model_buffer(bytes.data(), bytes.size(), nullptr, 0);
    config.set_max_loop_iterations(100);
    auto p = lite_api::CreatePaddlePredictor(config);
    const auto y = RunFloat(p.get(), shape, x);
    ASSERT_EQ(y.size(), 8u);
    EXPECT_FLOAT_EQ(y[0], 2.f);
  }
  const int n = MutantsPerModel();
  int ran = 0, refused = 0;
  for (int i = 0; i < n; ++i) {
    cpp::ProgramDesc mutant = original;
    ProgramMutator mutator(static_cast<uint32_t>(i * 104729 + 17));
    const std::string account = "loop mutant " + std::to_string(i) + ": " + mutator.Mutate(&mutant);
    if (std::getenv("PADDLE_LITE_MUTANTS_VERBOSE")) std::fprintf(stderr, "%s\n", account.c_str());
    try {
      const std::string bytes = SerializeProgramDesc(mutant);
      lite_api::CxxConfig config;
      config.set_model_buffer(bytes.data(), bytes.size(), nullptr, 0);
      config.set_max_loop_iterations(20);  // a mutant may loop for ever
      auto p = lite_api::CreatePaddlePredictor(config);
      RunFloat(p.get(), shape, x);
      ++ran;
    } catch (const lite_api::Error& e) {
      ++refused;
      EXPECT_GT(std::string(e.what()).size(), 10u) << account;
    } catch (const std::exception& e) {
      ADD_FAILURE() << account << ": not a lite_api::Error: " << e.what();
    }
  }
  std::printf("loop program mutation: %d mutants: %d ran, %d refused with an Error\n", n, ran,
              refused);
  EXPECT_EQ(ran + refused, n);
  EXPECT_GT(refused, n / 4);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
