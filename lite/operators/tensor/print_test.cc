#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Print, PrintsMessageNameShapeTypeDataFirstNTimesAndPassesThrough) {
  OpRunner r("print");
  r.Input<float>("In", "logits", {2, 3}, {1.5f, -2, 3, 4, 5, 6})->set_lod({{0, 1, 2}});
  r.Output("Out", "out");
  r.Attr("message", std::string("after fc"));
  r.Attr("summarize", 4);
  r.Attr("first_n", 2);
  r.Attr("print_phase", std::string("forward"));
  ::testing::internal::CaptureStdout();
  r.Run();
  r.Run();
  r.Run();  // past first_n: silent
  const std::string out = ::testing::internal::GetCapturedStdout();
  const std::string once =
      "after fc\nVariable: logits\n  - lod: {{0, 1, 2}}\n  - shape: [2, 3]\n  - layout: NCHW\n"
      "  - dtype: float32\n  - data: [1.5 -2 3 4]\n";
  EXPECT_EQ(out, once + once);
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1.5f, -2, 3, 4, 5, 6}));
  OpRunner q("print");
  q.Input<int8_t>("In", "q", {3}, {-1, 0, 7});
  q.Output("Out", "out");
  q.Attr("print_tensor_name", false);
  q.Attr("print_tensor_shape", false);
  q.Attr("print_tensor_layout", false);
  q.Attr("print_tensor_type", false);
  q.Attr("summarize", -1);
  ::testing::internal::CaptureStdout();
  q.Run();
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "  - data: [-1 0 7]\n");
  OpRunner bad("print");
  bad.Input<float>("In", "x", {1}, {1});
  bad.Output("Out", "out");
  bad.Attr("print_phase", std::string("sideways"));
  ExpectErrorMentions(bad, {"print", "print_phase"});
}

TEST(ShareData, CopiesXAnyType) {
  OpRunner r("share_data");
  r.Input<int64_t>("X", "x", {3}, {7, 8, 9});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{7, 8, 9}));
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
