#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::vector<float> RefPrelu(const DDim& d, const std::vector<float>& x,
                            const std::vector<float>& a, const std::string& mode,
                            bool nhwc) {
  std::vector<float> y(x.size());
  int64_t inner_all = 1;
  for (size_t i = 1; i < d.size(); ++i) inner_all *= d[i];
  for (size_t i = 0; i < x.size(); ++i) {
    float alpha;
    if (mode == "all") {
      alpha = a[0];
    } else if (mode == "element") {
      alpha = a[i % inner_all];
    } else if (nhwc) {
      alpha = a[i % d.back()];
    } else {
      int64_t hw = 1;
      for (size_t k = 2; k < d.size(); ++k) hw *= d[k];
      alpha = a[(i / hw) % d[1]];
    }
    y[i] = x[i] > 0 ? x[i] : alpha * x[i];
  }
  return y;
}

TEST(Prelu, AllModesAndLayouts) {
  for (DDim d : {DDim{1, 3, 13, 7}, DDim{2, 3, 5}, DDim{2, 13}, DDim{1, 16, 40, 40}}) {
    for (std::string mode : {"all", "channel", "element"}) {
      for (bool nhwc : {false, true}) {
        int64_t na = mode == "all" ? 1 : mode == "element" ? Numel(d) / d[0]
                                                            : (nhwc ? d.back() : d[1]);
        auto x = RandomFloats(Numel(d), -2, 2, 5);
        auto a = RandomFloats(na, 0, 0.5f, 6);
        OpRunner r("prelu");
        r.Input<float>("X", "x", d, x);
        r.Input<float>("Alpha", "alpha", {na}, a);
        r.Output("Out", "out");
        r.Attr("mode", mode);
        r.Attr("data_format", nhwc ? "NHWC" : "NCHW");
        r.Run(2);
        ExpectAllClose(RefPrelu(d, x, a, mode, nhwc), r.Values<float>("out"), 1e-6f, 1e-6f,
                       mode + (nhwc ? " NHWC " : " NCHW ") + DimsToString(d));
        // Dynamic batch: same op instance, batch 3.
        DDim d2 = d;
        d2[0] = 3;
        auto x2 = RandomFloats(Numel(d2), -2, 2, 7);
        Tensor* xt = r.Get("x");
        xt->Resize(d2);
        std::copy(x2.begin(), x2.end(), xt->mutable_data<float>());
        r.Run();
        ExpectAllClose(RefPrelu(d2, x2, a, mode, nhwc), r.Values<float>("out"));
      }
    }
  }
}

TEST(Prelu, BadAlphaSizeNamesOpAndDims) {
  OpRunner r("prelu");
  r.Input<float>("X", "x", {1, 3, 2, 2}, std::vector<float>(12, 1.f));
  r.Input<float>("Alpha", "alpha", {2}, {1, 1});
  r.Output("Out", "out");
  r.Attr("mode", "channel");
  ExpectErrorContains([&] { r.Run(); }, {"prelu", "'Alpha'", "[2]", "[1, 3, 2, 2]"});
  OpRunner s("prelu");
  s.Input<float>("X", "x", {2}, {1, 1});
  s.Input<float>("Alpha", "alpha", {1}, {1});
  s.Output("Out", "out");
  s.Attr("mode", "per_pixel");
  ExpectErrorContains([&] { s.Run(); }, {"prelu", "'mode'", "per_pixel"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
