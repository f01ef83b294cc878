// PP-HumanSeg v2 portrait segmentation on its three photos: the person mask
// (softmax channel 1 > 0.5) covers the person, whose place in each photo was
// checked by eye on the overlay PNGs this test writes; the builtin_device
// NNAdapter path gives the same map as the CPU path within 1e-4.
#include <cstdlib>
#include <filesystem>

#include "tests/models/nb_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

constexpr int kW = 256, kH = 144;  // deploy.yaml target_size (W x H)

struct Photo {
  std::string file;
  // Where the person is (read off the overlays), as fractions of the
  // width/height: the mask's box must contain [x0, x1] x [y0, y1].
  float min_fraction, max_fraction;
  float inner_x0, inner_x1, inner_y0, inner_y1;
  float outer_x0, outer_x1, outer_y0;  // the box starts/ends inside these
};

std::vector<float> Preprocess(const vision::Image& img) {
  const float mean[3] = {0.5f, 0.5f, 0.5f}, stddev[3] = {0.5f, 0.5f, 0.5f};
  return vision::NormalizeToCHW(vision::ResizeBilinear(img, kW, kH), mean, stddev, false);
}

std::vector<float> RunMap(lite_api::PaddlePredictor* p, const std::vector<float>& x) {
  std::vector<int64_t> shape;
  auto out = RunFloat(p, {1, 3, kH, kW}, x, 0, &shape);
  EXPECT_EQ(shape, (std::vector<int64_t>{1, 2, kH, kW}));
  return out;
}

TEST(HumanSeg, PersonMaskCoversThePersonOnCpuAndBuiltinDevice) {
  const std::string dir = ModelsDir() + "/pp_humansegv2_portrait";
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  auto cpu = LoadPdModel(dir, "model");
  lite_api::CxxConfig nna = PdModelConfig(dir, "model");
  nna.set_nnadapter_device_names({"builtin_device"});
  auto dev = lite_api::CreatePaddlePredictor(nna);
  const std::string out_dir = TempDir("humanseg");
  for (const Photo& ph : std::vector<Photo>{
           // The woman on the steps, between the stairs and the stone wall.
           {"human.jpg", 0.2f, 0.45f, 0.35f, 0.7f, 0.1f, 0.9f, 0.2f, 0.85f, 0.f},
           // The man in the middle of the office (a person's head at the
           // bottom left edge may join); the right half's wall is not him.
           {"portrait_heng.jpg", 0.15f, 0.35f, 0.35f, 0.65f, 0.15f, 0.9f, 0.f, 0.8f, 0.f},
           // Head and waving hand from 0.2 down; the plant above is not.
           {"portrait_shu.jpg", 0.3f, 0.55f, 0.35f, 0.85f, 0.35f, 0.9f, 0.f, 1.f, 0.1f}}) {
    vision::Image img = vision::LoadImageRGB(dir + "/" + ph.file);
    auto x = Preprocess(img);
    auto map = RunMap(cpu.get(), x);
    auto map_dev = RunMap(dev.get(), x);
    ErrorStats e = Compare(map, map_dev);
    EXPECT_LE(e.max_abs, 1e-4) << ph.file;
    const float* person = map.data() + kH * kW;
    int count = 0, x0 = kW, x1 = -1, y0 = kH, y1 = -1;
    vision::Image overlay = vision::ResizeBilinear(img, kW, kH);
    for (int y = 0; y < kH; ++y) {
      for (int xx = 0; xx < kW; ++xx) {
        if (person[y * kW + xx] <= 0.5f) continue;
        ++count;
        x0 = std::min(x0, xx), x1 = std::max(x1, xx), y0 = std::min(y0, y), y1 = std::max(y1, y);
        uint8_t* px = &overlay.pixels[(y * kW + xx) * 3];
        px[0] = static_cast<uint8_t>(px[0] / 2 + 127);  // red tint on the person
      }
    }
    const float fraction = static_cast<float>(count) / (kW * kH);
    std::printf("%s (%dx%d): person fraction %.3f, box x=[%.2f, %.2f] y=[%.2f, %.2f] of the "
                "image; CPU vs builtin_device max |diff| %.3g\n",
                ph.file.c_str(), img.width, img.height, fraction, x0 / float(kW),
                x1 / float(kW), y0 / float(kH), y1 / float(kH), e.max_abs);
    const std::string png = out_dir + "/" + ph.file + ".mask.png";
    vision::SavePng(overlay, png);
    std::printf("  overlay: %s\n", png.c_str());
    EXPECT_GE(fraction, ph.min_fraction) << ph.file;
    EXPECT_LE(fraction, ph.max_fraction) << ph.file;
    EXPECT_LE(x0 / float(kW), ph.inner_x0) << ph.file;
    EXPECT_GE(x1 / float(kW), ph.inner_x1) << ph.file;
    EXPECT_LE(y0 / float(kH), ph.inner_y0) << ph.file;
    EXPECT_GE(y1 / float(kH), ph.inner_y1) << ph.file;
    EXPECT_GE(x0 / float(kW), ph.outer_x0) << ph.file;
    EXPECT_LE(x1 / float(kW), ph.outer_x1) << ph.file;
    EXPECT_GE(y0 / float(kH), ph.outer_y0) << ph.file;
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
