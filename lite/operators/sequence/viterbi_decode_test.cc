#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Brute force over every tag sequence of length L.
void Best(const std::vector<float>& x, const std::vector<float>& tr, int64_t T, int64_t N,
          int64_t b, int64_t L, bool bos_eos, float* score, std::vector<int64_t>* tags) {
  *score = -INFINITY;
  std::vector<int64_t> seq(L, 0);
  int64_t total = 1;
  for (int64_t i = 0; i < L; ++i) total *= N;
  for (int64_t code = 0; code < total; ++code) {
    int64_t c = code;
    for (int64_t i = L - 1; i >= 0; --i) seq[i] = c % N, c /= N;
    double s = 0;
    for (int64_t t = 0; t < L; ++t) {
      s += x[(b * T + t) * N + seq[t]];
      if (t > 0) s += tr[seq[t - 1] * N + seq[t]];
    }
    if (bos_eos) s += tr[(N - 1) * N + seq[0]] + tr[(N - 2) * N + seq[L - 1]];
    if (s > *score + 1e-6) *score = static_cast<float>(s), *tags = seq;
  }
}

TEST(ViterbiDecode, MatchesBruteForceWithAndWithoutBosEos) {
  const int64_t B = 3, T = 4, N = 3;
  auto x = RandomFloats(B * T * N, -2, 2, 7);
  auto tr = RandomFloats(N * N, -1, 1, 8);
  for (bool bos_eos : {true, false}) {
    OpRunner r("viterbi_decode");
    r.Input<float>("Input", "x", {B, T, N}, x);
    r.Input<float>("Transition", "tr", {N, N}, tr);
    r.Input<int64_t>("Length", "len", {B}, {4, 1, 3});
    r.Output("Scores", "scores");
    r.Output("Path", "path");
    r.Attr("include_bos_eos_tag", bos_eos);
    r.Run();
    EXPECT_EQ(r.Get("path")->dims(), (DDim{B, 4}));
    auto scores = r.Values<float>("scores");
    auto path = r.Values<int64_t>("path");
    const int64_t lens[3] = {4, 1, 3};
    for (int64_t b = 0; b < B; ++b) {
      float want;
      std::vector<int64_t> tags;
      Best(x, tr, T, N, b, lens[b], bos_eos, &want, &tags);
      EXPECT_NEAR(scores[b], want, 1e-5) << b;
      tags.resize(4, 0);
      EXPECT_EQ(std::vector<int64_t>(path.begin() + b * 4, path.begin() + b * 4 + 4), tags)
          << "sequence " << b << " bos_eos " << bos_eos;
    }
  }
  OpRunner bad("viterbi_decode");
  bad.Input<float>("Input", "x", {1, 2, 3}, std::vector<float>(6));
  bad.Input<float>("Transition", "tr", {3, 3}, std::vector<float>(9));
  bad.Input<int64_t>("Length", "len", {1}, {5});
  bad.Output("Scores", "scores");
  bad.Output("Path", "path");
  ExpectErrorMentions(bad, {"viterbi_decode", "Length"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
