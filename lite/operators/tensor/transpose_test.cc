#include <algorithm>
#include <numeric>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive: for every output multi-index, read X at the permuted index.
template <typename T>
std::vector<T> NaiveTranspose(const std::vector<T>& x, const DDim& in,
                              const std::vector<int>& axis) {
  const size_t r = in.size();
  DDim out(r);
  for (size_t i = 0; i < r; ++i) out[i] = in[axis[i]];
  std::vector<T> y(x.size());
  std::vector<int64_t> idx(r, 0);
  for (size_t o = 0; o < y.size(); ++o) {
    int64_t rem = o;
    for (int d = static_cast<int>(r) - 1; d >= 0; --d) {
      idx[d] = rem % out[d];
      rem /= out[d];
    }
    std::vector<int64_t> in_idx(r);
    for (size_t d = 0; d < r; ++d) in_idx[axis[d]] = idx[d];
    int64_t off = 0;
    for (size_t d = 0; d < r; ++d) off = off * in[d] + in_idx[d];
    y[o] = x[off];
  }
  return y;
}

TEST(Transpose2, AllPermutationsOfOddShapes) {
  for (DDim in : {DDim{13}, DDim{3, 13}, DDim{1, 3, 13}, DDim{2, 3, 1, 5}, DDim{3, 1, 2, 5, 3}}) {
    std::vector<int> axis(in.size());
    std::iota(axis.begin(), axis.end(), 0);
    do {
      for (const char* op : {"transpose", "transpose2"}) {
        OpRunner r(op);
        auto x = RandomFloats(Numel(in));
        r.Input<float>("X", "x", in, x);
        r.Output("Out", "out");
        r.Output("XShape", "xs");
        r.Attr("axis", axis);
        r.Run();
        DDim out(in.size());
        for (size_t i = 0; i < in.size(); ++i) out[i] = in[axis[i]];
        ASSERT_EQ(r.Get("out")->dims(), out);
        EXPECT_EQ(r.Values<float>("out"), NaiveTranspose(x, in, axis));
      }
    } while (std::next_permutation(axis.begin(), axis.end()));
  }
}

TEST(Transpose2, OtherTypesThreadsAndDynamicShape) {
  DDim in{4, 127, 130};  // > 65536 elements: parallel path
  std::vector<int64_t> x(Numel(in));
  std::iota(x.begin(), x.end(), -7);
  OpRunner r("transpose2");
  r.Input<int64_t>("X", "x", in, x);
  r.Output("Out", "out");
  r.Output("XShape", "xs");
  r.Attr("axis", std::vector<int32_t>{2, 0, 1});
  r.Run(2);
  EXPECT_EQ(r.Values<int64_t>("out"), NaiveTranspose(x, in, {2, 0, 1}));
  EXPECT_EQ(r.Get("xs")->dims(), (DDim{0, 4, 127, 130}));
  Tensor* t = r.Get("x");
  t->Resize({3, 1, 2});
  int64_t* p = t->mutable_data<int64_t>();
  for (int i = 0; i < 6; ++i) p[i] = i;
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 3, 1}));
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{0, 2, 4, 1, 3, 5}));

  OpRunner b("transpose");
  std::vector<uint8_t> bx = {1, 2, 3, 4, 5, 6};
  b.Input<uint8_t>("X", "x", {2, 3}, bx);
  b.Output("Out", "out");
  b.Attr("axis", std::vector<int32_t>{1, 0});
  b.Run();
  EXPECT_EQ(b.Values<uint8_t>("out"), (std::vector<uint8_t>{1, 4, 2, 5, 3, 6}));
}

TEST(Transpose2, BadAxisNamesOp) {
  OpRunner r("transpose2");
  r.Input<float>("X", "x", {2, 3}, RandomFloats(6));
  r.Output("Out", "out");
  r.Attr("axis", std::vector<int32_t>{0, 0});
  ExpectErrorMentions(r, {"transpose2", "permutation"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
