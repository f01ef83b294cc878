#include <cmath>

#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::vector<float> RefSoftmax(const DDim& d, const std::vector<float>& x, int axis, bool log) {
  int rank = static_cast<int>(d.size());
  if (axis < 0) axis += rank;
  int64_t n = d[axis], outer = 1, inner = 1;
  for (int i = 0; i < axis; ++i) outer *= d[i];
  for (int i = axis + 1; i < rank; ++i) inner *= d[i];
  std::vector<float> y(x.size());
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      double m = -1e300, s = 0;
      for (int64_t k = 0; k < n; ++k) m = std::max(m, double(x[(o * n + k) * inner + i]));
      for (int64_t k = 0; k < n; ++k) s += std::exp(double(x[(o * n + k) * inner + i]) - m);
      for (int64_t k = 0; k < n; ++k) {
        double v = double(x[(o * n + k) * inner + i]) - m;
        y[(o * n + k) * inner + i] = float(log ? v - std::log(s) : std::exp(v) / s);
      }
    }
  }
  return y;
}

TEST(Softmax, EveryAxisBothOpsOddShapes) {
  for (std::string op : {"softmax", "log_softmax"}) {
    for (DDim d : {DDim{13}, DDim{3, 13}, DDim{1, 3, 13, 127}, DDim{2, 3, 1, 5}}) {
      int rank = static_cast<int>(d.size());
      for (int axis = -rank; axis < rank; ++axis) {
        // Large magnitudes: a naive exp would overflow.
        auto x = RandomFloats(Numel(d), -100, 100, 31);
        OpRunner r(op);
        r.Input<float>("X", "x", d, x);
        r.Output("Out", "out");
        r.Attr("axis", axis);
        r.Run(2);
        ExpectAllClose(RefSoftmax(d, x, axis, op == "log_softmax"), r.Values<float>("out"),
                       1e-5f, 2e-6f, op + " " + DimsToString(d) + " axis " + std::to_string(axis));
      }
    }
  }
}

TEST(Softmax, DefaultAxisAndDynamicShape) {
  OpRunner r("softmax");
  auto x = RandomFloats(6, -1, 1, 1);
  r.Input<float>("X", "x", {2, 3}, x);
  r.Output("Out", "out");
  r.Run();
  ExpectAllClose(RefSoftmax({2, 3}, x, -1, false), r.Values<float>("out"));
  auto x2 = RandomFloats(4 * 7, -1, 1, 2);
  Tensor* xt = r.Get("x");
  xt->Resize({4, 7});
  std::copy(x2.begin(), x2.end(), xt->mutable_data<float>());
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{4, 7}));
  ExpectAllClose(RefSoftmax({4, 7}, x2, -1, false), r.Values<float>("out"));
}

// The vectorized last-axis path: a CTC head's 40 steps x 6625 classes, and
// a NaN in one row makes that row NaN (as std::exp would) and no other.
TEST(Softmax, VocabularyRowsAndNaNStaysInItsRow) {
  const DDim d{40, 6625};
  auto x = RandomFloats(Numel(d), -30, 30, 7);
  x[3 * 6625 + 17] = std::nanf("");
  OpRunner r("softmax");
  r.Input<float>("X", "x", d, x);
  r.Output("Out", "out");
  r.Run();
  auto y = r.Values<float>("out");
  auto ref = RefSoftmax(d, x, -1, false);
  for (int64_t i = 0; i < 6625; ++i) EXPECT_TRUE(std::isnan(y[3 * 6625 + i])) << i;
  for (int64_t i = 3 * 6625; i < 4 * 6625; ++i) ref[i] = y[i] = 0.f;
  ExpectAllClose(ref, y, 1e-6f, 2e-6f, "softmax 40x6625");
}

TEST(Softmax, BadAxisNamesOp) {
  OpRunner r("log_softmax");
  r.Input<float>("X", "x", {2, 3}, std::vector<float>(6, 0.f));
  r.Output("Out", "out");
  r.Attr("axis", 2);
  ExpectErrorContains([&] { r.Run(); }, {"log_softmax", "'axis'", "[2, 3]"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
