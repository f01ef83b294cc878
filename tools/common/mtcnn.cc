#include "tools/common/mtcnn.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace paddle {
namespace vision {
namespace {

std::vector<float> Chw(const Image& img) {
  const float mean[3] = {127.5f / 255, 127.5f / 255, 127.5f / 255};
  const float sd[3] = {128.f / 255, 128.f / 255, 128.f / 255};
  return NormalizeToCHW(img, mean, sd, /*bgr=*/true);
}

float Iou(const Face& a, const Face& b, bool by_min) {
  const float w = std::max(0.f, std::min(a.x1, b.x1) - std::max(a.x0, b.x0) + 1);
  const float h = std::max(0.f, std::min(a.y1, b.y1) - std::max(a.y0, b.y0) + 1);
  const float inter = w * h;
  const float aa = (a.x1 - a.x0 + 1) * (a.y1 - a.y0 + 1), ab = (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1);
  return inter / (by_min ? std::min(aa, ab) : aa + ab - inter);
}

std::vector<Face> Nms(std::vector<Face> f, float thresh, bool by_min = false) {
  std::sort(f.begin(), f.end(), [](const Face& a, const Face& b) { return a.score > b.score; });
  std::vector<Face> keep;
  for (const Face& c : f) {
    bool ok = true;
    for (const Face& k : keep) ok = ok && Iou(c, k, by_min) <= thresh;
    if (ok) keep.push_back(c);
  }
  return keep;
}

// Box calibration by the regression offsets (relative to the box size).
void Calibrate(std::vector<Face>* faces) {
  for (Face& f : *faces) {
    const float w = f.x1 - f.x0 + 1, h = f.y1 - f.y0 + 1;
    f.x0 += f.reg[0] * w, f.y0 += f.reg[1] * h, f.x1 += f.reg[2] * w, f.y1 += f.reg[3] * h;
  }
}

void Square(std::vector<Face>* faces) {
  for (Face& f : *faces) {
    const float w = f.x1 - f.x0 + 1, h = f.y1 - f.y0 + 1, side = std::max(w, h);
    f.x0 = std::round(f.x0 + w * 0.5f - side * 0.5f);
    f.y0 = std::round(f.y0 + h * 0.5f - side * 0.5f);
    f.x1 = f.x0 + side - 1, f.y1 = f.y0 + side - 1;
  }
}

// The crop of `f` (zeros outside the image) resized to size x size, CHW.
std::vector<float> Crop(const Image& img, const Face& f, int size) {
  Image c;
  c.width = static_cast<int>(f.x1 - f.x0 + 1), c.height = static_cast<int>(f.y1 - f.y0 + 1);
  c.channels = 3;
  c.pixels.assign(static_cast<size_t>(c.width) * c.height * 3, 0);
  for (int y = 0; y < c.height; ++y) {
    for (int x = 0; x < c.width; ++x) {
      const int sx = static_cast<int>(f.x0) + x, sy = static_cast<int>(f.y0) + y;
      if (sx < 0 || sy < 0 || sx >= img.width || sy >= img.height) continue;
      for (int k = 0; k < 3; ++k) {
        c.pixels[(y * c.width + x) * 3 + k] = img.pixels[(sy * img.width + sx) * img.channels + k];
      }
    }
  }
  return Chw(ResizeBilinear(c, size, size));
}

// Runs RNet/ONet on the crops; keeps faces whose face probability > thresh.
std::vector<Face> Refine(lite_api::PaddlePredictor* net, const Image& img,
                         const std::vector<Face>& in, int size, float thresh) {
  std::vector<Face> out;
  if (in.empty()) return out;
  std::vector<float> batch;
  for (const Face& f : in) {
    auto c = Crop(img, f, size);
    batch.insert(batch.end(), c.begin(), c.end());
  }
  auto x = net->GetInput(0);
  x->Resize({static_cast<int64_t>(in.size()), 3, size, size});
  x->CopyFromCpu(batch.data());
  net->Run();
  std::vector<float> cls(in.size() * 2), reg(in.size() * 4);
  net->GetOutput(0)->CopyToCpu(cls.data());
  net->GetOutput(1)->CopyToCpu(reg.data());
  for (size_t i = 0; i < in.size(); ++i) {
    const float p = 1.f / (1.f + std::exp(cls[2 * i] - cls[2 * i + 1]));
    if (p <= thresh) continue;
    Face f = in[i];
    f.score = p;
    std::copy(reg.begin() + 4 * i, reg.begin() + 4 * i + 4, f.reg);
    out.push_back(f);
  }
  return out;
}

}  // namespace

std::vector<Face> DetectFacesMtcnn(lite_api::PaddlePredictor* pnet,
                                   lite_api::PaddlePredictor* rnet,
                                   lite_api::PaddlePredictor* onet, const Image& img) {
  std::vector<Face> all;
  for (float scale = 12.f / 20;; scale *= 0.79f) {
    const int w = static_cast<int>(img.width * scale), h = static_cast<int>(img.height * scale);
    if (std::min(w, h) <= 12) break;
    auto x = Chw(ResizeBilinear(img, w, h));
    auto in = pnet->GetInput(0);
    in->Resize({1, 3, h, w});
    in->CopyFromCpu(x.data());
    pnet->Run();
    auto cls_out = pnet->GetOutput(0);
    const std::vector<int64_t> cls_shape = cls_out->shape();
    if (cls_shape.size() != 4) {
      throw lite_api::Error("PNet output 0 is not [1, 2, h, w] for a " + std::to_string(w) +
                            "x" + std::to_string(h) + " input");
    }
    const int mh = static_cast<int>(cls_shape[2]), mw = static_cast<int>(cls_shape[3]);
    std::vector<float> cls(2 * mh * mw);
    cls_out->CopyToCpu(cls.data());
    std::vector<float> reg(4 * mh * mw);
    pnet->GetOutput(1)->CopyToCpu(reg.data());
    std::vector<Face> found;
    for (int i = 0; i < mh; ++i) {
      for (int j = 0; j < mw; ++j) {
        const float p = 1.f / (1.f + std::exp(cls[i * mw + j] - cls[mh * mw + i * mw + j]));
        if (p <= 0.6f) continue;
        Face f{std::round(2 * j / scale), std::round(2 * i / scale), std::round((2 * j + 12) / scale),
               std::round((2 * i + 12) / scale), p, {}};
        for (int k = 0; k < 4; ++k) f.reg[k] = reg[k * mh * mw + i * mw + j];
        found.push_back(f);
      }
    }
    found = Nms(found, 0.5f);
    all.insert(all.end(), found.begin(), found.end());
  }
  all = Nms(all, 0.7f);
  Calibrate(&all);
  Square(&all);
  auto r = Nms(Refine(rnet, img, all, 24, 0.7f), 0.6f);
  Calibrate(&r);
  Square(&r);
  auto o = Refine(onet, img, r, 48, 0.7f);
  Calibrate(&o);
  o = Nms(o, 0.6f, /*by_min=*/true);
  return o;
}

}  // namespace vision
}  // namespace paddle
