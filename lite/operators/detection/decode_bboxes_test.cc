#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// One prior [0.2, 0.2, 0.6, 0.4] (w 0.4, h 0.2, centre (0.4, 0.3)) with
// variances [0.1, 0.1, 0.2, 0.2]; one image, loc [1, -1, 0.5, 0].
void ExpectDecoded(const std::string& code, bool encoded, const std::vector<float>& want) {
  OpRunner r("decode_bboxes");
  r.Input<float>("Loc", "loc", {1, 4}, {1.f, -1.f, 0.5f, 0.f});
  r.Input<float>("Prior", "prior", {1, 2, 4}, {0.2f, 0.2f, 0.6f, 0.4f, 0.1f, 0.1f, 0.2f, 0.2f});
  r.Output("Bbox", "bbox");
  r.Attr("batch_num", 1);
  r.Attr("num_priors", 1);
  r.Attr("num_loc_classes", 1);
  r.Attr("share_location", true);
  r.Attr("variance_encoded_in_target", encoded);
  r.Attr("code_type", code);
  r.Attr("background_label_id", 0);
  r.Run();
  auto got = r.Values<float>("bbox");
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(got[k], want[k], 1e-6) << code << " " << encoded << " " << k;
}

TEST(DecodeBboxes, EveryCodeTypeWithAndWithoutVariances) {
  ExpectDecoded("corner", false, {0.3f, 0.1f, 0.7f, 0.4f});
  ExpectDecoded("corner", true, {1.2f, -0.8f, 1.1f, 0.4f});
  ExpectDecoded("corner_size", false, {0.2f + 0.04f, 0.2f - 0.02f, 0.6f + 0.04f, 0.4f});
  // centre (0.1 * 1 * 0.4 + 0.4, 0.1 * -1 * 0.2 + 0.3) = (0.44, 0.28); w =
  // exp(0.1) * 0.4, h = 0.2.
  const float w = std::exp(0.1f) * 0.4f;
  ExpectDecoded("center_size", false, {0.44f - w / 2, 0.18f, 0.44f + w / 2, 0.38f});
  OpRunner bad("decode_bboxes");
  bad.Input<float>("Loc", "loc", {1, 4}, {0, 0, 0, 0});
  bad.Input<float>("Prior", "prior", {1, 2, 4}, std::vector<float>(8));
  bad.Output("Bbox", "bbox");
  bad.Attr("num_priors", 1);
  bad.Attr("code_type", std::string("diagonal"));
  ExpectErrorMentions(bad, {"decode_bboxes", "code_type"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
