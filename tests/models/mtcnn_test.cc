// MTCNN (P/R/O-Net, Paddle 2 export) on the 14-person test.jpg with the
// pipeline of tools/common/mtcnn.h. The boxes are drawn into a PNG (checked
// by eye: all 14 faces, no box on the background); at least 12 and at most
// 14 boxes must come out.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "tests/models/model_test_util.h"
#include "tools/common/mtcnn.h"

namespace paddle {
namespace lite {
namespace testing {
TEST(Mtcnn, PyramidPnetRnetOnetFindsTheFacesOfTheGroupPhoto) {
  const std::string dir = ModelsDir() + "/mtcnn_paddle2";
  auto pnet = LoadPdModel(dir, "PNet"), rnet = LoadPdModel(dir, "RNet"),
       onet = LoadPdModel(dir, "ONet");
  vision::Image img = vision::LoadImageRGB(dir + "/test.jpg");
  auto o = vision::DetectFacesMtcnn(pnet.get(), rnet.get(), onet.get(), img);
  for (const vision::Face& f : o) {
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
