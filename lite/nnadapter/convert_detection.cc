// Converters of detection ops with a standard operation: yolo_box
// (YOLO_BOX), prior_box (PRIOR_BOX) and multiclass_nms / multiclass_nms2 /
// multiclass_nms3 (NON_MAX_SUPPRESSION); box_coder as a composition of
// element-wise operations (convert_box_coder.cc).
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

// The per-image counts (NON_MAX_SUPPRESSION's out_rois_num) become the LoD
// of Out and Index (Converter::SetLodFromCounts). 2-D Scores split into
// images by the LoD of BBoxes (no RoisNum) stay on the CPU: a LoD is not an
// operand the device could read.
void ConvertMulticlassNms(Converter& c, const cpp::OpDesc& op) {
  const std::string& type = op.Type();
  const std::string& scores = One(op, "Scores");
  const bool per_image = c.Dims(scores).size() == 3;
  NNAdapterOperand* rois_num = nullptr;
  if (!per_image) {
    LITE_ENFORCE(op.HasInput("RoisNum"), "op '", type,
                 "': 2-D Scores with the images given by the LoD of BBoxes (no RoisNum) "
                 "has no NNAdapter equivalent");
    const std::string& rn = One(op, "RoisNum");
    rois_num = c.Input(rn);
    if (c.DType(rn) != DataType::kInt32) {
      NNAdapterOperand* cast = c.Temporary(NNADAPTER_INT32);
      c.AddOperation(NNADAPTER_CAST, {rois_num, c.Int32(NNADAPTER_INT32)}, {cast});
      rois_num = cast;
    }
  }
  const bool return_index = op.HasOutput("Index");
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  NNAdapterOperand* counts = op.HasOutput("NmsRoisNum") ? c.Output(One(op, "NmsRoisNum", false))
                                                        : c.Temporary(NNADAPTER_INT32);
  std::vector<NNAdapterOperand*> outputs = {out, counts};
  if (return_index) outputs.push_back(c.Temporary(NNADAPTER_INT32));
  c.AddOperation(NNADAPTER_NON_MAX_SUPPRESSION,
                 {c.Input(One(op, "BBoxes")), c.Input(scores), rois_num,
                  c.Int32(op.GetAttr<int32_t>("background_label", 0)),
                  c.Float32(op.GetAttr<float>("score_threshold")),
                  c.Int32(op.GetAttr<int32_t>("nms_top_k")),
                  c.Float32(op.GetAttr<float>("nms_threshold", 0.3f)),
                  c.Float32(op.GetAttr<float>("nms_eta", 1.f)),
                  c.Int32(op.GetAttr<int32_t>("keep_top_k")),
                  c.Bool(op.GetAttr<bool>("normalized", true)), c.Bool(return_index)},
                 outputs);
  c.SetLodFromCounts(One(op, "Out", false), counts);
  if (return_index) {
    // Paddle's Index is [No, 1], the operation's [No].
    const std::string& index = One(op, "Index", false);
    c.AddOperation(NNADAPTER_RESHAPE, {outputs[2], c.Int32s({-1, 1})}, {c.Output(index)});
    c.SetLodFromCounts(index, counts);
  }
}

// roi_align as ROI_ALIGN. The operation takes each ROI's image as a constant
// batch_indices operand, so only one image of known ROI count converts
// (RoisNum / a LoD computed at run time declines).
void ConvertRoiAlign(Converter& c, const cpp::OpDesc& op) {
  const DDim xd = c.Dims(One(op, "X"));
  const DDim rd = c.Dims(One(op, "ROIs"));
  LITE_ENFORCE(xd.size() == 4 && xd[0] == 1, "op 'roi_align': X ", DimsToString(xd),
               " is converted only for one image (ROI_ALIGN's batch indices are constants)");
  LITE_ENFORCE(rd.size() == 2 && rd[0] > 0, "op 'roi_align': ROIs ", DimsToString(rd),
               " needs a known ROI count to be converted");
  c.AddOperation(NNADAPTER_ROI_ALIGN,
                 {c.Input(One(op, "X")), c.Input(One(op, "ROIs")),
                  c.Int32s(std::vector<int32_t>(static_cast<size_t>(rd[0]), 0)),
                  c.Int32(op.GetAttr<int32_t>("pooled_height", 1)),
                  c.Int32(op.GetAttr<int32_t>("pooled_width", 1)),
                  c.Int32(op.GetAttr<int32_t>("sampling_ratio", -1)),
                  c.Float32(op.GetAttr<float>("spatial_scale", 1.f)),
                  c.Bool(op.GetAttr<bool>("aligned", false))},
                 {c.Output(One(op, "Out", false))});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
