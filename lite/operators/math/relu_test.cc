#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

TEST(Relu, MatchesNaiveOnOddShapesAndDynamicDims) {
  for (DDim dims : {DDim{1}, DDim{3, 13}, DDim{1, 3, 13, 127}}) {
    OpRunner r("relu");
    auto x = RandomFloats(Numel(dims));
    r.Input<float>("X", "x", dims, x);
    r.Output("Out", "out");
    r.Run();
    std::vector<float> expected(x.size());
    for (size_t i = 0; i < x.size(); ++i) expected[i] = x[i] > 0 ? x[i] : 0;
    EXPECT_EQ(r.Get("out")->dims(), dims);
    ExpectAllClose(expected, r.Values<float>("out"));
    // Same op instance, new input shape: shape is re-inferred.
    Tensor* xt = r.Get("x");
    xt->Resize({2, 5});
    float* p = xt->mutable_data<float>();
    for (int i = 0; i < 10; ++i) p[i] = i - 5.f;
    r.Run(2);
    EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 5}));
    EXPECT_EQ(r.Values<float>("out")[9], 4.f);
    EXPECT_EQ(r.Values<float>("out")[0], 0.f);
  }
}

TEST(Relu, MissingInputIsAnErrorNamingOpAndSlot) {
  OpRunner r("relu");
  r.Output("Out", "out");
  ExpectErrorMentions(r, {"relu", "'X'"});
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
