#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(LodReset, FromAttributeYValuesYLodAndAppend) {
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  {
    OpRunner r("lod_reset");
    r.Input<float>("X", "x", {6, 1}, x);
    r.Output("Out", "out");
    r.Attr("target_lod", std::vector<int32_t>{0, 2, 6});
    r.Run();
    EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 2, 6}}));
    EXPECT_EQ(r.Values<float>("out"), x);
  }
  {
    OpRunner r("lod_reset");
    r.Input<float>("X", "x", {6, 1}, x);
    r.Input<int32_t>("Y", "y", {4}, {0, 1, 5, 6});
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 1, 5, 6}}));
  }
  {
    OpRunner r("lod_reset");
    r.Input<float>("X", "x", {6, 1}, x)->set_lod({{0, 6}});
    r.Input<float>("Y", "y", {2, 1}, {0, 0})->set_lod({{0, 3, 6}});
    r.Output("Out", "out");
    r.Attr("append", true);
    r.Run();
    EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 6}, {0, 3, 6}}));
  }
  OpRunner bad("lod_reset");
  bad.Input<float>("X", "x", {6, 1}, x);
  bad.Output("Out", "out");
  bad.Attr("target_lod", std::vector<int32_t>{0, 4, 3, 6});
  ExpectErrorMentions(bad, {"lod_reset", "decreases"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
