#include <algorithm>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive strided gather: out index (i0..ir) reads X at begin[d] + i_d*step[d].
std::vector<float> NaiveGather(const std::vector<float>& x, const DDim& in,
                               const std::vector<int64_t>& begin,
                               const std::vector<int64_t>& step,
                               const std::vector<int64_t>& count) {
  std::vector<float> out;
  int64_t total = 1;
  for (auto c : count) total *= c;
  const size_t r = in.size();
  for (int64_t o = 0; o < total; ++o) {
    int64_t rem = o, off = 0, mul = 1;
    std::vector<int64_t> idx(r);
    for (int d = static_cast<int>(r) - 1; d >= 0; --d) {
      idx[d] = rem % count[d];
      rem /= count[d];
    }
    off = 0;
    mul = 1;
    for (int d = static_cast<int>(r) - 1; d >= 0; --d) {
      off += (begin[d] + idx[d] * step[d]) * mul;
      mul *= in[d];
    }
    out.push_back(x[off]);
  }
  return out;
}

// Python-slice reference for slice: clamp after adding the extent.
void SliceRange(int64_t s, int64_t e, int64_t n, int64_t* b, int64_t* c) {
  if (s < 0) s += n;
  if (e < 0) e += n;
  s = std::clamp<int64_t>(s, 0, n);
  e = std::clamp<int64_t>(e, 0, n);
  *b = s;
  *c = e - s;
}

TEST(Slice, StartsEndsClampingAndDecrease) {
  DDim in{3, 13, 5};
  auto x = RandomFloats(Numel(in));
  struct Case {
    std::vector<int32_t> axes, starts, ends, decrease;
  };
  std::vector<Case> cases = {
      {{0}, {1}, {2}, {}},           {{1}, {-3}, {100}, {}},      {{1, 2}, {2, -100}, {-1, 3}, {}},
      {{0}, {1}, {2}, {0}},          {{0, 2}, {-1, 4}, {3, 5}, {0, 2}},
      {{2, 0}, {0, 0}, {1, 3}, {2}}, {{1}, {5}, {5}, {}},         {{-1}, {1}, {1000}, {}},
  };
  for (auto& c : cases) {
    for (int mode = 0; mode < 3; ++mode) {  // attr, *Tensor, *TensorList
      OpRunner r("slice");
      r.Input<float>("Input", "x", in, x);
      r.Output("Out", "out");
      r.Attr("axes", c.axes);
      r.Attr("decrease_axis", c.decrease);
      r.Attr("infer_flags", std::vector<int32_t>(c.axes.size(), 1));
      if (mode == 0) {
        r.Attr("starts", c.starts);
        r.Attr("ends", c.ends);
      } else if (mode == 1) {
        r.Attr("starts", std::vector<int32_t>(c.axes.size(), 0));
        r.Attr("ends", std::vector<int32_t>(c.axes.size(), 0));
        std::vector<int64_t> s(c.starts.begin(), c.starts.end()), e(c.ends.begin(), c.ends.end());
        r.Input<int64_t>("StartsTensor", "st", {static_cast<int64_t>(s.size())}, s);
        r.Input<int64_t>("EndsTensor", "et", {static_cast<int64_t>(e.size())}, e);
      } else {
        for (size_t k = 0; k < c.axes.size(); ++k) {
          r.Input<int32_t>("StartsTensorList", "s" + std::to_string(k), {1}, {c.starts[k]});
          r.Input<int32_t>("EndsTensorList", "e" + std::to_string(k), {1}, {c.ends[k]});
        }
      }
      r.Run();
      std::vector<int64_t> begin(3, 0), step(3, 1), count(in.begin(), in.end());
      for (size_t k = 0; k < c.axes.size(); ++k) {
        int a = c.axes[k] < 0 ? c.axes[k] + 3 : c.axes[k];
        SliceRange(c.starts[k], c.ends[k], in[a], &begin[a], &count[a]);
      }
      DDim od;
      for (int d = 0; d < 3; ++d) {
        if (std::find(c.decrease.begin(), c.decrease.end(), d) == c.decrease.end()) {
          od.push_back(count[d]);
        }
      }
      if (od.empty()) od = {1};
      EXPECT_EQ(r.Get("out")->dims(), od) << mode;
      EXPECT_EQ(r.Values<float>("out"), NaiveGather(x, in, begin, step, count)) << mode;
    }
  }
}

TEST(Slice, Int64DynamicShapeAndErrors) {
  OpRunner r("slice");
  r.Input<int64_t>("Input", "x", {4}, {10, 11, 12, 13});
  r.Output("Out", "out");
  r.Attr("axes", std::vector<int32_t>{0});
  r.Attr("starts", std::vector<int32_t>{-2});
  r.Attr("ends", std::vector<int32_t>{10000});
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{12, 13}));
  Tensor* t = r.Get("x");
  t->Resize({7});
  int64_t* p = t->mutable_data<int64_t>();
  for (int i = 0; i < 7; ++i) p[i] = i;
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{5, 6}));

  OpRunner bad("slice");
  bad.Input<float>("Input", "x", {4, 3}, RandomFloats(12));
  bad.Output("Out", "out");
  bad.Attr("axes", std::vector<int32_t>{1});
  bad.Attr("starts", std::vector<int32_t>{0});
  bad.Attr("ends", std::vector<int32_t>{2});
  bad.Attr("decrease_axis", std::vector<int32_t>{1});
  ExpectErrorMentions(bad, {"slice", "decrease_axis"});
}

// Python slicing (range(start, stop, step) after normalization) for one axis;
// Paddle's end == -1 with a negative stride means "through index 0".
std::vector<int64_t> PyRange(int64_t s, int64_t e, int64_t st, int64_t n) {
  if (s < 0) s += n;
  if (e < 0 && !(e == -1 && st < 0)) e += n;
  std::vector<int64_t> idx;
  if (st > 0) {
    s = std::clamp<int64_t>(s, 0, n);
    e = std::clamp<int64_t>(e, 0, n);
    for (int64_t i = s; i < e; i += st) idx.push_back(i);
  } else {
    s = std::clamp<int64_t>(s, -1, n - 1);
    e = std::clamp<int64_t>(e, -1, n - 1);
    for (int64_t i = s; i > e; i += st) idx.push_back(i);
  }
  return idx;
}

TEST(StridedSlice, PositiveAndNegativeStrides) {
  const int64_t n = 13;
  std::vector<float> x(2 * n);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  for (int s : {-20, -13, -5, -1, 0, 3, 12, 13, 20}) {
    for (int e : {-20, -5, -1, 0, 4, 12, 13, 20}) {
      for (int st : {-4, -1, 1, 2, 5}) {
        OpRunner r("strided_slice");
        r.Input<float>("Input", "x", {2, n}, x);
        r.Output("Out", "out");
        r.Attr("axes", std::vector<int32_t>{1});
        r.Attr("starts", std::vector<int32_t>{s});
        r.Attr("ends", std::vector<int32_t>{e});
        r.Attr("strides", std::vector<int32_t>{st});
        r.Attr("infer_flags", std::vector<int32_t>{1});
        r.Run();
        auto idx = PyRange(s, e, st, n);
        std::vector<float> expected;
        for (int row = 0; row < 2; ++row)
          for (auto i : idx) expected.push_back(x[row * n + i]);
        ASSERT_EQ(r.Get("out")->dims(), (DDim{2, static_cast<int64_t>(idx.size())}))
            << s << " " << e << " " << st;
        EXPECT_EQ(r.Values<float>("out"), expected) << s << " " << e << " " << st;
      }
    }
  }
}

TEST(StridedSlice, StridesTensorAndDecrease) {
  OpRunner r("strided_slice");
  std::vector<float> x(3 * 5);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  r.Input<float>("Input", "x", {3, 5}, x);
  r.Input<int32_t>("StridesTensor", "st", {2}, {1, -2});
  r.Output("Out", "out");
  r.Attr("axes", std::vector<int32_t>{0, 1});
  r.Attr("starts", std::vector<int32_t>{1, -1});
  r.Attr("ends", std::vector<int32_t>{2, -6});
  r.Attr("strides", std::vector<int32_t>{1, 1});
  r.Attr("decrease_axis", std::vector<int32_t>{0});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3}));
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{9, 7, 5}));
}

TEST(Shape, Int32DimsAnyInputType) {
  OpRunner r("shape");
  r.Input<int64_t>("Input", "x", {2, 3, 13}, std::vector<int64_t>(78, 1));
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Get("out")->dtype(), DataType::kInt32);
  EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{2, 3, 13}));
  r.Get("x")->Resize({7});
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{7}));
  OpRunner bad("shape");
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"shape", "'Input'"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
