// MTCNN (P/R/O-Net, Paddle 2 export) on the 14-person test.jpg with the
// usual pipeline of the author's repository: image pyramid (min face 20,
// factor 0.79), PNet (stride 2, cell 12, threshold 0.6, NMS 0.5 per scale,
// 0.7 overall), RNet on 24x24 squared crops (0.7, NMS 0.6), ONet on 48x48
// (0.7, NMS 0.6 by the smaller area). Input: BGR, (x - 127.5) / 128, CHW;
// class logits get a softmax outside the nets. The boxes are drawn into a
// PNG (checked by eye: all 14 faces, no box on the background); at least
// 12 and at most 14 boxes must come out.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct Face {
  float x0, y0, x1, y1, score;
  float reg[4];
};

std::vector<float> Chw(const vision::Image& img) {
  const float mean[3] = {127.5f / 255, 127.5f / 255, 127.5f / 255};
  const float sd[3] = {128.f / 255, 128.f / 255, 128.f / 255};
  return vision::NormalizeToCHW(img, mean, sd, /*bgr=*/true);
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
std::vector<float> Crop(const vision::Image& img, const Face& f, int size) {
  vision::Image c;
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
  return Chw(vision::ResizeBilinear(c, size, size));
}

// Runs RNet/ONet on the crops; keeps faces whose face probability > thresh.
std::vector<Face> Refine(lite_api::PaddlePredictor* net, const vision::Image& img,
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

TEST(Mtcnn, PyramidPnetRnetOnetFindsTheFacesOfTheGroupPhoto) {
  const std::string dir = ModelsDir() + "/mtcnn_paddle2";
  auto pnet = LoadPdModel(dir, "PNet"), rnet = LoadPdModel(dir, "RNet"),
       onet = LoadPdModel(dir, "ONet");
  vision::Image img = vision::LoadImageRGB(dir + "/test.jpg");
  std::vector<Face> all;
  for (float scale = 12.f / 20;; scale *= 0.79f) {
    const int w = static_cast<int>(img.width * scale), h = static_cast<int>(img.height * scale);
    if (std::min(w, h) <= 12) break;
    auto x = Chw(vision::ResizeBilinear(img, w, h));
    std::vector<int64_t> cls_shape;
    auto cls = RunFloat(pnet.get(), {1, 3, h, w}, x, 0, &cls_shape);
    ASSERT_EQ(cls_shape.size(), 4u);
    const int mh = static_cast<int>(cls_shape[2]), mw = static_cast<int>(cls_shape[3]);
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
  std::printf("PNet: %zu candidates\n", all.size());
  Square(&all);
  auto r = Nms(Refine(rnet.get(), img, all, 24, 0.7f), 0.6f);
  Calibrate(&r);
  std::printf("RNet: %zu candidates\n", r.size());
  Square(&r);
  auto o = Refine(onet.get(), img, r, 48, 0.7f);
  Calibrate(&o);
  o = Nms(o, 0.6f, /*by_min=*/true);
  for (const Face& f : o) {
    std::printf("face score %.4f x=[%.0f, %.0f] y=[%.0f, %.0f]\n", f.score, f.x0, f.x1, f.y0, f.y1);
    vision::Box b;
    b.x0 = static_cast<int>(f.x0), b.y0 = static_cast<int>(f.y0);
    b.x1 = static_cast<int>(f.x1), b.y1 = static_cast<int>(f.y1);
    vision::DrawRect(&img, b, 255, 0, 0);
  }
  const std::string png = (std::filesystem::temp_directory_path() / "mtcnn_test.png").string();
  vision::SavePng(img, png);
  std::printf("%zu faces drawn into %s\n", o.size(), png.c_str());
  EXPECT_GE(o.size(), 12u);
  EXPECT_LE(o.size(), 14u);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
