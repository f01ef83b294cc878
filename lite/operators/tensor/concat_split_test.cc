#include "lite/core/op_test_util.h"
#include "lite/operators/nn/quantize_s8.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive concat: element (o, a, i) of the output comes from the input whose
// range along `axis` contains a.
std::vector<float> NaiveConcat(const std::vector<std::vector<float>>& xs,
                               const std::vector<DDim>& dims, int axis) {
  int64_t outer = 1, inner = 1, total = 0;
  for (int i = 0; i < axis; ++i) outer *= dims[0][i];
  for (size_t i = axis + 1; i < dims[0].size(); ++i) inner *= dims[0][i];
  for (auto& d : dims) total += d[axis];
  std::vector<float> out;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t a = 0; a < total; ++a) {
      int64_t base = 0;
      size_t k = 0;
      while (a >= base + dims[k][axis]) base += dims[k++][axis];
      for (int64_t i = 0; i < inner; ++i) {
        out.push_back(xs[k][(o * dims[k][axis] + (a - base)) * inner + i]);
      }
    }
  }
  return out;
}

TEST(Concat, AllAxesOddShapesAndAxisTensor) {
  DDim base{2, 3, 13};
  for (int axis = -3; axis < 3; ++axis) {
    int a = axis < 0 ? axis + 3 : axis;
    for (bool use_tensor : {false, true}) {
      std::vector<DDim> dims;
      std::vector<std::vector<float>> xs;
      OpRunner r("concat");
      for (int k = 0; k < 3; ++k) {
        DDim d = base;
        d[a] = k == 1 ? 1 : base[a] + k;
        dims.push_back(d);
        xs.push_back(RandomFloats(Numel(d), -1, 1, 10 + k));
        r.Input<float>("X", "x" + std::to_string(k), d, xs.back());
      }
      r.Output("Out", "out");
      if (use_tensor) {
        r.Attr("axis", 0 == a ? 1 : 0);  // overridden
        r.Input<int32_t>("AxisTensor", "axis", {1}, {axis});
      } else {
        r.Attr("axis", axis);
      }
      r.Run();
      DDim od = base;
      od[a] = dims[0][a] + dims[1][a] + dims[2][a];
      EXPECT_EQ(r.Get("out")->dims(), od);
      EXPECT_EQ(r.Values<float>("out"), NaiveConcat(xs, dims, a));
    }
  }
}

// nhwc_data (int8_nhwc_chain_pass): 4-D inputs holding NHWC data joined
// along channels give the NCHW concat's result in NHWC order.
TEST(Concat, NhwcDataAlongChannelsMatchesNchw) {
  std::vector<DDim> dims{{2, 24, 5, 7}, {2, 1, 5, 7}, {2, 13, 5, 7}};
  std::vector<std::vector<float>> xs;
  OpRunner nchw("concat"), nhwc("concat");
  for (size_t k = 0; k < dims.size(); ++k) {
    xs.push_back(RandomFloats(Numel(dims[k]), -1, 1, 20 + static_cast<int>(k)));
    nchw.Input<float>("X", "x" + std::to_string(k), dims[k], xs.back());
    nhwc.Input<float>("X", "x" + std::to_string(k), dims[k], ToNhwc(xs.back(), dims[k]));
  }
  for (OpRunner* r : {&nchw, &nhwc}) {
    r->Output("Out", "out");
    r->Attr("axis", 1);
  }
  nhwc.Attr("nhwc_data", true);
  nchw.Run();
  nhwc.Run();
  const DDim od{2, 38, 5, 7};
  EXPECT_EQ(nhwc.Get("out")->dims(), od);
  EXPECT_EQ(ToNhwc(nchw.Values<float>("out"), od), nhwc.Values<float>("out"));
  OpRunner bad("concat");
  bad.Input<float>("X", "x0", dims[0], xs[0]);
  bad.Output("Out", "out");
  bad.Attr("axis", 2);
  bad.Attr("nhwc_data", true);
  ExpectErrorMentions(bad, {"concat", "nhwc_data", "axis 2"});
}

// nearest_upsample on NHWC data (int8_nhwc_chain_pass after
// upsample_concat_fuse_pass): the float output is nearest_interp_v2 of each
// input then concat, all NHWC, exactly; the s8 output (output_int8) is that
// output quantized as the reading convs would (QuantizeS8), on two threads.
TEST(Concat, NhwcDataWithNearestUpsampleIsInterpThenConcat) {
  const std::vector<DDim> dims{{2, 8, 3, 10}, {2, 16, 6, 5}, {2, 13, 12, 20}};
  const std::vector<int32_t> factors{4, 2, 2, 4, 1, 1};
  const DDim od{2, 37, 12, 20};
  std::vector<std::vector<float>> xs;
  for (size_t k = 0; k < dims.size(); ++k) {
    xs.push_back(ToNhwc(RandomFloats(Numel(dims[k]), -3, 3, 50 + static_cast<int>(k)), dims[k]));
  }
  // The reference: each input repeated (NHWC), channels joined per pixel.
  std::vector<float> ref(Numel(od));
  for (int64_t b = 0; b < od[0]; ++b)
    for (int64_t y = 0; y < od[2]; ++y)
      for (int64_t x = 0; x < od[3]; ++x) {
        int64_t ch = 0;
        for (size_t k = 0; k < dims.size(); ++k) {
          const DDim& d = dims[k];
          const int64_t sy = y / factors[2 * k], sx = x / factors[2 * k + 1];
          for (int64_t c = 0; c < d[1]; ++c) {
            ref[((b * od[2] + y) * od[3] + x) * od[1] + ch + c] =
                xs[k][((b * d[2] + sy) * d[3] + sx) * d[1] + c];
          }
          ch += d[1];
        }
      }
  const float scale = 2.f / 127;
  for (bool s8 : {false, true}) {
    SCOPED_TRACE(s8 ? "s8 output" : "float output");
    OpRunner r("concat");
    for (size_t k = 0; k < dims.size(); ++k) {
      r.Input<float>("X", "x" + std::to_string(k), dims[k], xs[k]);
    }
    r.Output("Out", "out");
    r.Attr("axis", 1);
    r.Attr("nhwc_data", true);
    r.Attr("nearest_upsample", factors);
    if (s8) {
      r.Attr("output_int8", true);
      r.Attr("Out0_scale", std::vector<float>{scale});
    }
    r.Run(2);
    EXPECT_EQ(r.Get("out")->dims(), od);
    if (!s8) {
      ExpectAllClose(ref, r.Values<float>("out"), 0, 0, "NHWC upsampling concat");
      continue;
    }
    const std::vector<int8_t> got = r.Values<int8_t>("out");
    ASSERT_EQ(got.size(), ref.size());
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i], operators::QuantizeS8(ref[i], 1.f / scale)) << "element " << i;
    }
  }
}

// output_int8 (int8_nhwc_chain_pass, for int8 convs reading the concat
// alone): float NHWC inputs, Out the s8 NHWC data those convs would make of
// the float concat (QuantizeS8: half to even, saturated at +-127), across
// blocks of pixels and for channel counts with and without 8-byte moves.
TEST(Concat, NhwcDataQuantizedToS8IsWhatTheConvsWouldQuantize) {
  const std::vector<DDim> dims{{2, 24, 9, 11}, {2, 8, 9, 11}, {2, 13, 9, 11}};
  const float scale = 2.f / 127;
  OpRunner f32("concat"), s8("concat");
  for (size_t k = 0; k < dims.size(); ++k) {
    auto x = ToNhwc(RandomFloats(Numel(dims[k]), -3, 3, 30 + static_cast<int>(k)), dims[k]);
    x[5] = 2.5f * scale;  // half way: rounds to 2
    x[6] = -3.5f * scale;  // to -4
    for (OpRunner* r : {&f32, &s8}) r->Input<float>("X", "x" + std::to_string(k), dims[k], x);
  }
  for (OpRunner* r : {&f32, &s8}) {
    r->Output("Out", "out");
    r->Attr("axis", 1);
    r->Attr("nhwc_data", true);
  }
  s8.Attr("output_int8", true);
  s8.Attr("Out0_scale", std::vector<float>{scale});
  f32.Run();
  s8.Run();
  const std::vector<float> joined = f32.Values<float>("out");
  EXPECT_EQ(s8.Get("out")->dtype(), DataType::kInt8);
  EXPECT_EQ(s8.Get("out")->dims(), (DDim{2, 45, 9, 11}));
  const std::vector<int8_t> got = s8.Values<int8_t>("out");
  ASSERT_EQ(got.size(), joined.size());
  int saturated = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const float q = std::min(127.f, std::max(-127.f, std::nearbyint(joined[i] / scale)));
    saturated += std::fabs(q) == 127.f;
    ASSERT_EQ(got[i], static_cast<int8_t>(q)) << "element " << i << ": float " << joined[i];
  }
  EXPECT_GT(saturated, 0);
  EXPECT_EQ(got[5], 2);
  EXPECT_EQ(got[6], -4);
  OpRunner bad("concat");  // not NHWC data
  bad.Input<float>("X", "x0", dims[0], RandomFloats(Numel(dims[0]), -1, 1, 3));
  bad.Output("Out", "out");
  bad.Attr("axis", 1);
  bad.Attr("output_int8", true);
  bad.Attr("Out0_scale", std::vector<float>{scale});
  ExpectErrorMentions(bad, {"concat", "output_int8", "nhwc_data"});
}

TEST(Concat, Int64DynamicAndMismatch) {
  OpRunner r("concat");
  r.Input<int64_t>("X", "a", {2, 1}, {1, 2});
  r.Input<int64_t>("X", "b", {2, 2}, {3, 4, 5, 6});
  r.Output("Out", "out");
  r.Attr("axis", 1);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{1, 3, 4, 2, 5, 6}));
  r.Get("a")->Resize({2, 0});
  r.Get("a")->mutable_data<int64_t>();
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{3, 4, 5, 6}));
  r.Get("b")->Resize({3, 2});
  r.Get("b")->mutable_data<int64_t>();
  ExpectErrorMentions(r, {"concat", "[3, 2]"});
}

std::vector<std::vector<float>> NaiveSplit(const std::vector<float>& x, const DDim& in,
                                           int axis, const std::vector<int64_t>& sizes) {
  int64_t outer = 1, inner = 1;
  for (int i = 0; i < axis; ++i) outer *= in[i];
  for (size_t i = axis + 1; i < in.size(); ++i) inner *= in[i];
  std::vector<std::vector<float>> outs(sizes.size());
  int64_t start = 0;
  for (size_t k = 0; k < sizes.size(); ++k) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t a = start; a < start + sizes[k]; ++a)
        for (int64_t i = 0; i < inner; ++i) outs[k].push_back(x[(o * in[axis] + a) * inner + i]);
    start += sizes[k];
  }
  return outs;
}

TEST(Split, NumSectionsMinusOneAndTensors) {
  DDim in{3, 12, 5};
  auto x = RandomFloats(Numel(in));
  struct Case {
    int axis;
    int num;
    std::vector<int32_t> sections;
    std::vector<int64_t> sizes;
    bool axis_tensor;
    bool sections_tensors;
  };
  std::vector<Case> cases = {
      {1, 3, {}, {4, 4, 4}, false, false},     {0, 3, {}, {1, 1, 1}, false, false},
      {-1, 1, {}, {5}, false, false},          {1, 0, {2, 7, 3}, {2, 7, 3}, false, false},
      {1, 0, {2, -1, 3}, {2, 7, 3}, false, false}, {2, 0, {-1, 4}, {1, 4}, true, false},
      {-2, 0, {5, 0, -1}, {5, 0, 7}, false, true},
  };
  for (auto& c : cases) {
    OpRunner r("split");
    r.Input<float>("X", "x", in, x);
    size_t n = c.sizes.size();
    for (size_t k = 0; k < n; ++k) r.Output("Out", "o" + std::to_string(k));
    r.Attr("num", c.num);
    if (c.sections_tensors) {
      r.Attr("sections", std::vector<int32_t>{1, 1, 1});  // overridden
      for (size_t k = 0; k < n; ++k) {
        r.Input<int32_t>("SectionsTensorList", "s" + std::to_string(k), {1}, {c.sections[k]});
      }
    } else {
      r.Attr("sections", c.sections);
    }
    if (c.axis_tensor) {
      r.Attr("axis", 0);
      r.Input<int64_t>("AxisTensor", "axis", {1}, {c.axis});
    } else {
      r.Attr("axis", c.axis);
    }
    r.Run();
    int a = c.axis < 0 ? c.axis + 3 : c.axis;
    auto expected = NaiveSplit(x, in, a, c.sizes);
    for (size_t k = 0; k < n; ++k) {
      DDim d = in;
      d[a] = c.sizes[k];
      EXPECT_EQ(r.Get("o" + std::to_string(k))->dims(), d);
      EXPECT_EQ(r.Values<float>("o" + std::to_string(k)), expected[k]);
    }
  }
}

TEST(Split, DynamicShapeAndErrors) {
  OpRunner r("split");
  r.Input<int32_t>("X", "x", {2, 4}, {0, 1, 2, 3, 4, 5, 6, 7});
  r.Output("Out", "a");
  r.Output("Out", "b");
  r.Attr("num", 2);
  r.Attr("axis", 1);
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("b"), (std::vector<int32_t>{2, 3, 6, 7}));
  Tensor* t = r.Get("x");
  t->Resize({1, 6});
  int32_t* p = t->mutable_data<int32_t>();
  for (int i = 0; i < 6; ++i) p[i] = 10 + i;
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("b"), (std::vector<int32_t>{13, 14, 15}));
  t->Resize({1, 5});
  t->mutable_data<int32_t>();
  ExpectErrorMentions(r, {"split", "divisible"});
  OpRunner s("split");
  s.Input<float>("X", "x", {2, 4}, RandomFloats(8));
  s.Output("Out", "a");
  s.Output("Out", "b");
  s.Attr("sections", std::vector<int32_t>{1, 2});
  s.Attr("axis", 1);
  ExpectErrorMentions(s, {"sum to 3"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
