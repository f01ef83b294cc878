// PP-YOLO-tiny: three feeds, yolo_box + multiclass_nms3, end to end.
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
struct Detections {
  std::vector<int64_t> shape;
  std::vector<float> boxes;
  std::vector<int32_t> rois_num;
};

Detections Detect(lite_api::PaddlePredictor* p, const std::vector<float>& image) {
  auto names = p->GetInputNames();
  for (const auto& name : names) {
    auto t = p->GetInputByName(name);
    if (name == "image") {
      t->Resize({1, 3, 320, 320});
      t->CopyFromCpu(image.data());
    } else if (name == "im_shape") {
      t->Resize({1, 2});
      const float v[2] = {320, 320};
      t->CopyFromCpu(v);
    } else if (name == "scale_factor") {
      t->Resize({1, 2});
      const float v[2] = {1, 1};
      t->CopyFromCpu(v);
    }
  }
  p->Run();
  Detections d;
  auto out = p->GetOutput(0);
  d.shape = out->shape();
  d.boxes.resize(Numel(d.shape));
  out->CopyToCpu(d.boxes.data());
  auto num = p->GetOutput(1);
  d.rois_num.resize(Numel(num->shape()));
  num->CopyToCpu(d.rois_num.data());
  return d;
}
}  // namespace

TEST(PpyoloTiny, RunsEndToEndWithPaddleOutputFormatDeterministically) {
  std::string dir = ModelsDir() + "/ppyolo_tiny_trash";
  auto predictor = LoadPdModel(dir, "model");
  auto names = predictor->GetInputNames();
  ASSERT_EQ(names.size(), 3u);
  // The egypt cat photo stands in for a natural image.
  vision::Image img = vision::LoadImageRGB(ModelsDir() + "/shufflenet_v2_imagenet/egypt_cat.jpg");
  const float mean[3] = {0.485f, 0.456f, 0.406f};
  const float stddev[3] = {0.229f, 0.224f, 0.225f};
  auto x = vision::NormalizeToCHW(vision::ResizeBilinear(img, 320, 320), mean, stddev, false);
  Detections a = Detect(predictor.get(), x);
  ASSERT_EQ(a.shape.size(), 2u);
  EXPECT_EQ(a.shape[1], 6);
  ASSERT_EQ(a.rois_num.size(), 1u);
  EXPECT_EQ(a.rois_num[0], a.shape[0]);
  std::printf("ppyolo_tiny: %lld detections\n", static_cast<long long>(a.shape[0]));
  for (int64_t i = 0; i < a.shape[0]; ++i) {
    const float* r = &a.boxes[i * 6];
    if (i < 5) std::printf("  class %d score %.3f box (%.1f, %.1f, %.1f, %.1f)\n",
                           static_cast<int>(r[0]), r[1], r[2], r[3], r[4], r[5]);
    EXPECT_GE(r[0], 0);
    EXPECT_LT(r[0], 13);
    EXPECT_GT(r[1], 0);
    EXPECT_LE(r[1], 1);
    EXPECT_LE(r[2], r[4]);
    EXPECT_LE(r[3], r[5]);
  }
  Detections b = Detect(predictor.get(), x);
  EXPECT_EQ(a.shape, b.shape);
  EXPECT_EQ(a.boxes, b.boxes);
  auto fresh = LoadPdModel(dir, "model");
  Detections c = Detect(fresh.get(), x);
  EXPECT_EQ(a.boxes, c.boxes);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
