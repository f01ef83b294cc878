// Converters of detection ops with a standard operation: yolo_box
// (YOLO_BOX) and prior_box (PRIOR_BOX). box_coder and multiclass_nms* have
// none (see docs/nnadapter-bridge.md).
#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

void ConvertYoloBox(Converter& c, const cpp::OpDesc& op) {
  const std::string& img = One(op, "ImgSize");
  LITE_ENFORCE(c.DType(img) == DataType::kInt32, "op 'yolo_box': ImgSize must be int32");
  c.AddOperation(NNADAPTER_YOLO_BOX,
                 {c.Input(One(op, "X")), c.Input(img),
                  c.Int32s(op.GetAttr<std::vector<int32_t>>("anchors")),
                  c.Int32(op.GetAttr<int32_t>("class_num")),
                  c.Float32(op.GetAttr<float>("conf_thresh", 0.01f)),
                  c.Int32(op.GetAttr<int32_t>("downsample_ratio", 32)),
                  c.Bool(op.GetAttr<bool>("clip_bbox", true)),
                  c.Float32(op.GetAttr<float>("scale_x_y", 1.f)),
                  c.Bool(op.GetAttr<bool>("iou_aware", false)),
                  c.Float32(op.GetAttr<float>("iou_aware_factor", 0.5f))},
                 {c.Output(One(op, "Boxes", false)), c.Output(One(op, "Scores", false))});
}

void ConvertPriorBox(Converter& c, const cpp::OpDesc& op) {
  auto max_sizes = op.GetAttr<std::vector<float>>("max_sizes", {});
  c.AddOperation(
      NNADAPTER_PRIOR_BOX,
      {c.Input(One(op, "Input")), c.Input(One(op, "Image")),
       c.Float32s(op.GetAttr<std::vector<float>>("min_sizes")),
       max_sizes.empty() ? nullptr : c.Float32s(max_sizes),
       c.Float32s(op.GetAttr<std::vector<float>>("aspect_ratios", {1.f})),
       c.Float32s(op.GetAttr<std::vector<float>>("variances", {0.1f, 0.1f, 0.2f, 0.2f})),
       c.Bool(op.GetAttr<bool>("flip", true)), c.Bool(op.GetAttr<bool>("clip", true)),
       c.Float32(op.GetAttr<float>("step_w", 0.f)), c.Float32(op.GetAttr<float>("step_h", 0.f)),
       c.Float32(op.GetAttr<float>("offset", 0.5f)),
       c.Bool(op.GetAttr<bool>("min_max_aspect_ratios_order", false))},
      {c.Output(One(op, "Boxes", false)), c.Output(One(op, "Variances", false))});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
