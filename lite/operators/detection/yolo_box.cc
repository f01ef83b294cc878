// yolo_box: decodes a YOLOv3 head X [N, an_num*(5+class_num), H, W] (or
// an_num*(6+class_num) with iou_aware: the first an_num channels are IoU
// logits) into Boxes [N, an_num*H*W, 4] (x1, y1, x2, y2 in image pixels) and
// Scores [N, an_num*H*W, class_num], box order (anchor, row, column).
// For anchor j at cell (k, l), with img (h, w) = ImgSize[n]:
//   cx = (l + sigmoid(tx) * scale_x_y + bias) * img_w / W,
//   cy = (k + sigmoid(ty) * scale_x_y + bias) * img_h / H,
//   bw = exp(tw) * anchor_w * img_w / (downsample_ratio * W), bh likewise,
//   bias = -0.5 * (scale_x_y - 1);
//   conf = sigmoid(tobj) (iou_aware: conf^(1-f) * sigmoid(tiou)^f);
//   conf < conf_thresh: box and scores stay 0; else box = centre +- size/2,
//   clipped to [0, img-1] when clip_bbox, score[c] = conf * sigmoid(tc).
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct YoloBoxParam {
  const Tensor* x{nullptr};
  const Tensor* img_size{nullptr};
  Tensor* boxes{nullptr};
  Tensor* scores{nullptr};
  std::vector<int> anchors;
  int class_num{0};
  float conf_thresh{0.01f};
  int downsample_ratio{32};
  bool clip_bbox{true};
  float scale_x_y{1.f};
  bool iou_aware{false};
  float iou_aware_factor{0.5f};
};

class YoloBoxOp : public OperatorBase<YoloBoxParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 4, "op 'yolo_box': input X must be 4-D [N, C, H, W], got ",
                 DimsToString(d));
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32, "op 'yolo_box': input X must be float32");
    const int64_t an_num = static_cast<int64_t>(p.anchors.size() / 2);
    const int64_t per = p.class_num + (p.iou_aware ? 6 : 5);
    LITE_ENFORCE(d[1] == an_num * per, "op 'yolo_box': input X has ", d[1],
                 " channels but anchors (", an_num, ") x (class_num ", p.class_num,
                 (p.iou_aware ? " + 6" : " + 5"), ") = ", an_num * per, " are expected (dims ",
                 DimsToString(d), ")");
    const DDim& s = p.img_size->dims();
    LITE_ENFORCE(s.size() == 2 && s[0] == d[0] && s[1] == 2, "op 'yolo_box': input ImgSize "
                 "must be [N, 2] = [", d[0], ", 2], got ", DimsToString(s));
    const int64_t m = an_num * d[2] * d[3];
    p.boxes->Resize({d[0], m, 4});
    p.boxes->set_dtype(DataType::kFloat32);
    p.scores->Resize({d[0], m, p.class_num});
    p.scores->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.img_size = GetInput(desc, scope, "ImgSize");
    p.boxes = GetOutput(desc, scope, "Boxes");
    p.scores = GetOutput(desc, scope, "Scores");
    p.anchors = desc.GetAttr<std::vector<int32_t>>("anchors");
    LITE_ENFORCE(!p.anchors.empty() && p.anchors.size() % 2 == 0, "op 'yolo_box': attribute "
                 "'anchors' must hold (w, h) pairs, got ", p.anchors.size(), " values");
    p.class_num = desc.GetAttr<int32_t>("class_num");
    LITE_ENFORCE(p.class_num > 0, "op 'yolo_box': attribute 'class_num' must be positive, got ",
                 p.class_num);
    p.conf_thresh = desc.GetAttr<float>("conf_thresh", 0.01f);
    p.downsample_ratio = desc.GetAttr<int32_t>("downsample_ratio", 32);
    p.clip_bbox = desc.GetAttr<bool>("clip_bbox", true);
    p.scale_x_y = desc.GetAttr<float>("scale_x_y", 1.f);
    p.iou_aware = desc.GetAttr<bool>("iou_aware", false);
    p.iou_aware_factor = desc.GetAttr<float>("iou_aware_factor", 0.5f);
  }
};

inline float Sigmoid(float x) { return 1.f / (1.f + std::exp(-x)); }

class YoloBoxKernel : public KernelBase<YoloBoxParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t n = d[0], h = d[2], w = d[3];
    const int64_t an_num = static_cast<int64_t>(p.anchors.size() / 2);
    const int64_t stride = h * w;
    const int64_t an_stride = (p.class_num + 5) * stride;
    const int64_t m = an_num * stride;
    const float* x = p.x->data<float>();
    auto img = ReadInts(*p.img_size, "op 'yolo_box': input 'ImgSize'");
    float* boxes = p.boxes->mutable_data<float>();
    float* scores = p.scores->mutable_data<float>();
    std::fill(boxes, boxes + p.boxes->numel(), 0.f);
    std::fill(scores, scores + p.scores->numel(), 0.f);
    const float scale = p.scale_x_y, bias = -0.5f * (scale - 1.f);
    const float input_h = static_cast<float>(p.downsample_ratio * h);
    const float input_w = static_cast<float>(p.downsample_ratio * w);
    for (int64_t b = 0; b < n; ++b) {
      const float img_h = static_cast<float>(img[2 * b]);
      const float img_w = static_cast<float>(img[2 * b + 1]);
      // Start of this image's channels; with iou_aware the an_num IoU
      // channels come first.
      const float* xb = x + b * an_num * (an_stride + (p.iou_aware ? stride : 0));
      const float* iou = xb;
      const float* head = p.iou_aware ? xb + an_num * stride : xb;
      for (int64_t j = 0; j < an_num; ++j) {
        const float* a = head + j * an_stride;
        for (int64_t k = 0; k < h; ++k) {
          for (int64_t l = 0; l < w; ++l) {
            const int64_t cell = k * w + l;
            float conf = Sigmoid(a[4 * stride + cell]);
            if (p.iou_aware) {
              const float iou_v = Sigmoid(iou[j * stride + cell]);
              conf = std::pow(conf, 1.f - p.iou_aware_factor) * std::pow(iou_v, p.iou_aware_factor);
            }
            if (conf < p.conf_thresh) continue;
            const float cx = (l + Sigmoid(a[cell]) * scale + bias) * img_w / w;
            const float cy = (k + Sigmoid(a[stride + cell]) * scale + bias) * img_h / h;
            const float bw = std::exp(a[2 * stride + cell]) * p.anchors[2 * j] * img_w / input_w;
            const float bh = std::exp(a[3 * stride + cell]) * p.anchors[2 * j + 1] * img_h / input_h;
            const int64_t idx = b * m + j * stride + cell;
            float* box = boxes + idx * 4;
            box[0] = cx - bw / 2;
            box[1] = cy - bh / 2;
            box[2] = cx + bw / 2;
            box[3] = cy + bh / 2;
            if (p.clip_bbox) {
              box[0] = box[0] > 0 ? box[0] : 0.f;
              box[1] = box[1] > 0 ? box[1] : 0.f;
              box[2] = box[2] < img_w - 1 ? box[2] : img_w - 1;
              box[3] = box[3] < img_h - 1 ? box[3] : img_h - 1;
            }
            float* sc = scores + idx * p.class_num;
            for (int c = 0; c < p.class_num; ++c) {
              sc[c] = conf * Sigmoid(a[(5 + c) * stride + cell]);
            }
          }
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(YoloBoxOp)
LITE_KERNEL_CLASS(YoloBoxKernel)
