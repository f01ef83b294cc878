// MTCNN face detection on three Paddle predictors (P/R/O-Net of
// yeyupiaoling/PaddlePaddle-MTCNN) with the pipeline of the author's
// repository: image pyramid (min face 20, factor 0.79), PNet (stride 2,
// cell 12, threshold 0.6, NMS 0.5 per scale, 0.7 overall), RNet on 24x24
// squared crops (0.7, NMS 0.6), ONet on 48x48 (0.7, NMS 0.6 by the smaller
// area). Input: BGR, (x - 127.5) / 128, CHW; class logits get a softmax
// here (the nets end before it). Used by the demo and the model test.
#pragma once
#include <vector>

#include "lite/api/paddle_api.h"
#include "tools/common/vision.h"

namespace paddle {
namespace vision {

struct Face {
  float x0, y0, x1, y1, score;
  float reg[4];
};

std::vector<Face> DetectFacesMtcnn(lite_api::PaddlePredictor* pnet,
                                   lite_api::PaddlePredictor* rnet,
                                   lite_api::PaddlePredictor* onet, const Image& img);

}  // namespace vision
}  // namespace paddle
