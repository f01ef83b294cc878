#include <cmath>
#include <random>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(UniformRandom, SeededRunsRepeatAndFollowTheEngineShapeForms) {
  OpRunner r("uniform_random");
  r.Output("Out", "out");
  r.Attr("shape", std::vector<int64_t>{3, 13});
  r.Attr("min", -2.f);
  r.Attr("max", 3.f);
  r.Attr("seed", 7);
  r.Attr("dtype", 5);
  r.Run();
  auto a = r.Values<float>("out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), a);  // re-seeded at every run
  // The sequence Paddle draws: mt19937_64(seed) through
  // uniform_real_distribution<float>(min, max).
  std::mt19937_64 engine(7);
  std::uniform_real_distribution<float> dist(-2.f, 3.f);
  for (float v : a) EXPECT_EQ(v, dist(engine));
  for (float v : a) EXPECT_TRUE(v >= -2.f && v < 3.f);
  OpRunner t("uniform_random");
  t.Input<int32_t>("ShapeTensorList", "a", {1}, {2});
  t.Input<int64_t>("ShapeTensorList", "b", {1}, {127});
  t.Output("Out", "out");
  t.Attr("dtype", 6);
  t.Run();
  EXPECT_EQ(t.Get("out")->dims(), (DDim{2, 127}));
  EXPECT_EQ(t.Get("out")->dtype(), DataType::kFloat64);
  // diag_num 3, diag_step 4 on [3, 5]: elements 0, 5 and 10 become 2.5.
  OpRunner g("uniform_random");
  g.Output("Out", "out");
  g.Attr("shape", std::vector<int64_t>{3, 5});
  g.Attr("seed", 1);
  g.Attr("diag_num", 3);
  g.Attr("diag_step", 4);
  g.Attr("diag_val", 2.5f);
  g.Run();
  auto gv = g.Values<float>("out");
  for (int i = 0; i < 15; ++i) EXPECT_EQ(gv[i] == 2.5f, i % 5 == 0) << i;
  OpRunner bad("uniform_random");
  bad.Output("Out", "out");
  bad.Attr("shape", std::vector<int64_t>{2});
  bad.Attr("min", 1.f);
  bad.Attr("max", 1.f);
  ExpectErrorMentions(bad, {"uniform_random", "min"});
}

TEST(GaussianRandom, SeededSequenceAndMoments) {
  OpRunner r("gaussian_random");
  r.Input<int64_t>("ShapeTensor", "s", {2}, {100, 127});
  r.Output("Out", "out");
  r.Attr("mean", 1.5f);
  r.Attr("std", 0.5f);
  r.Attr("seed", 11);
  r.Run();
  auto v = r.Values<float>("out");
  std::mt19937_64 engine(11);
  std::normal_distribution<float> dist(1.5f, 0.5f);
  double s = 0, ss = 0;
  for (float x : v) {
    EXPECT_EQ(x, dist(engine));
    s += x;
    ss += x * x;
  }
  const double mean = s / v.size(), var = ss / v.size() - mean * mean;
  EXPECT_NEAR(mean, 1.5, 0.02);
  EXPECT_NEAR(std::sqrt(var), 0.5, 0.02);
}

TEST(SamplingId, PicksByCumulativeProbabilityAndRank) {
  // Rows that put all mass on one index pick it whatever r is.
  OpRunner r("sampling_id");
  r.Input<float>("X", "x", {3, 4}, {0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1});
  r.Output("Out", "out");
  r.Attr("seed", 3);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{2, 0, 3}));
  // A uniform row: the same r as the engine's first draw decides.
  OpRunner u("sampling_id");
  u.Input<float>("X", "x", {1, 4}, {0.25f, 0.25f, 0.25f, 0.25f});
  u.Output("Out", "out");
  u.Attr("seed", 5);
  u.Run();
  std::mt19937_64 engine(5);
  const float draw = std::uniform_real_distribution<float>(0.f, 1.f)(engine);
  EXPECT_EQ(u.Values<int64_t>("out")[0], static_cast<int64_t>(draw / 0.25f));
  OpRunner bad("sampling_id");
  bad.Input<float>("X", "x", {4}, {0.25f, 0.25f, 0.25f, 0.25f});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"sampling_id", "batch"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
