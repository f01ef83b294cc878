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

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
