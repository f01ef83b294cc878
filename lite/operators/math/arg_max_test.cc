#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

template <typename T>
std::vector<int64_t> RefArg(const DDim& d, const std::vector<T>& x, int axis, bool is_min) {
  int rank = static_cast<int>(d.size());
  if (axis < 0) axis += rank;
  int64_t outer = 1, inner = 1, n = d[axis];
  for (int i = 0; i < axis; ++i) outer *= d[i];
  for (int i = axis + 1; i < rank; ++i) inner *= d[i];
  std::vector<int64_t> out;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      int64_t best = 0;
      for (int64_t k = 0; k < n; ++k) {
        T v = x[(o * n + k) * inner + i], b = x[(o * n + best) * inner + i];
        if (is_min ? v < b : v > b) best = k;
      }
      out.push_back(best);
    }
  return out;
}

TEST(ArgMax, EveryAxisKeepdimsDtypeFlatten) {
  for (std::string op : {"arg_max", "arg_min"}) {
    for (DDim d : {DDim{13}, DDim{3, 13}, DDim{2, 3, 5, 7}}) {
      int rank = static_cast<int>(d.size());
      // Small integer range: ties happen, the first index must win.
      auto xi = RandomInts(Numel(d), -3, 3, 4);
      std::vector<float> x(xi.begin(), xi.end());
      for (int axis = -rank; axis < rank; ++axis) {
        for (bool keep : {false, true}) {
          for (int dtype : {2, 3, -1}) {
            OpRunner r(op);
            r.Input<float>("X", "x", d, x);
            r.Output("Out", "out");
            r.Attr("axis", int64_t(axis));
            r.Attr("keepdims", keep);
            r.Attr("dtype", dtype);
            r.Run(2);
            auto e = RefArg(d, x, axis, op == "arg_min");
            DDim od;
            for (int i = 0; i < rank; ++i)
              if (i != (axis + rank) % rank) od.push_back(d[i]);
              else if (keep) od.push_back(1);
            if (od.empty()) od = {1};
            EXPECT_EQ(r.Get("out")->dims(), od);
            if (dtype == 2) {
              auto v = r.Values<int32_t>("out");
              EXPECT_EQ(e, std::vector<int64_t>(v.begin(), v.end())) << op << axis;
            } else {
              EXPECT_EQ(e, r.Values<int64_t>("out")) << op << axis;
            }
          }
        }
      }
      // flatten: one index over the whole tensor.
      OpRunner r(op);
      r.Input<float>("X", "x", d, x);
      r.Output("Out", "out");
      r.Attr("flatten", true);
      r.Attr("keepdims", true);
      r.Attr("axis", int64_t(0));
      r.Run();
      EXPECT_EQ(r.Get("out")->dims(), DDim(d.size(), 1));
      EXPECT_EQ(r.Values<int64_t>("out"), RefArg<float>({Numel(d)}, x, 0, op == "arg_min"));
    }
  }
}

TEST(ArgMax, IntInputsAndDynamicShape) {
  OpRunner r("arg_max");
  r.Input<int64_t>("X", "x", {2, 3}, {1, 9, 3, 7, 2, 7});
  r.Output("Out", "out");
  r.Attr("axis", int64_t(1));
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{1, 0}));
  Tensor* xt = r.Get("x");
  xt->Resize({1, 4});
  int64_t* p = xt->mutable_data<int64_t>();
  p[0] = 0; p[1] = 1; p[2] = 5; p[3] = 2;
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{1}));
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{2}));
}

TEST(ArgMax, BadAxisAndDtypeNameOp) {
  OpRunner r("arg_max");
  r.Input<float>("X", "x", {2, 3}, std::vector<float>(6, 0.f));
  r.Output("Out", "out");
  r.Attr("axis", int64_t(5));
  ExpectErrorContains([&] { r.Run(); }, {"arg_max", "'axis'", "[2, 3]"});
  OpRunner s("arg_min");
  s.Input<float>("X", "x", {2, 3}, std::vector<float>(6, 0.f));
  s.Output("Out", "out");
  s.Attr("dtype", 5);
  ExpectErrorContains([&] { s.Run(); }, {"arg_min", "'dtype'"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
