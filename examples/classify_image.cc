// A user program built against the installed library exactly as a Paddle
// Lite user would build it:
//   g++ -std=c++17 classify_image.cc -I<prefix>/include
//       -L<prefix>/lib -lpaddle_full_api_shared -lstb -o classify_image
// Usage: classify_image <model_dir | optimized.nb> <image> <labels.txt>
// A .nb runs on MobileConfig; built with -DPADDLE_LITE_LIGHT_ONLY it links
// the light library (-lpaddle_light_api_shared) and accepts only a .nb.
#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "paddle_api.h"  // NOLINT

using namespace paddle::lite_api;  // NOLINT

namespace {

// Resize to side x side with a triangle filter that widens when shrinking
// (what PIL's bilinear resize does; the ImageNet reference was made that way),
// ImageNet normalization, RGB planes (CHW).
bool Preprocess(const unsigned char* rgb, int w, int h, int side, float* chw) {
  std::vector<unsigned char> resized(static_cast<size_t>(side) * side * 3);
  if (!stbir_resize_uint8_generic(rgb, w, h, 0, resized.data(), side, side, 0, 3,
                                  STBIR_ALPHA_CHANNEL_NONE, 0, STBIR_EDGE_CLAMP,
                                  STBIR_FILTER_TRIANGLE, STBIR_COLORSPACE_LINEAR, nullptr)) {
    return false;
  }
  const float mean[3] = {0.485f, 0.456f, 0.406f}, stddev[3] = {0.229f, 0.224f, 0.225f};
  for (int i = 0; i < side * side; ++i) {
    for (int k = 0; k < 3; ++k) {
      chw[k * side * side + i] = (resized[i * 3 + k] / 255.f - mean[k]) / stddev[k];
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s <model_dir | optimized.nb> <image> <labels.txt>\n", argv[0]);
    return 2;
  }
  try {
    const std::string model = argv[1];
    std::shared_ptr<PaddlePredictor> predictor;
    if (model.size() > 3 && model.compare(model.size() - 3, 3, ".nb") == 0) {
      MobileConfig config;
      config.set_model_from_file(model);
      config.set_threads(1);
      predictor = CreatePaddlePredictor<MobileConfig>(config);
    } else {
#ifdef PADDLE_LITE_LIGHT_ONLY
      std::fprintf(stderr, "error: '%s' is not a .nb (the light library runs only those)\n",
                   model.c_str());
      return 1;
#else
      CxxConfig config;
      config.set_model_dir(model);
      config.set_valid_places({Place{TARGET(kX86), PRECISION(kFloat)}});
      config.set_threads(1);
      predictor = CreatePaddlePredictor<CxxConfig>(config);
#endif
    }

    int w = 0, h = 0, c = 0;
    unsigned char* rgb = stbi_load(argv[2], &w, &h, &c, 3);
    if (!rgb) {
      std::fprintf(stderr, "cannot decode %s\n", argv[2]);
      return 1;
    }
    std::unique_ptr<Tensor> input = predictor->GetInput(0);
    input->Resize({1, 3, 224, 224});
    const bool resized = Preprocess(rgb, w, h, 224, input->mutable_data<float>());
    stbi_image_free(rgb);
    if (!resized) {
      std::fprintf(stderr, "cannot resize %s\n", argv[2]);
      return 1;
    }

    predictor->Run();
    std::unique_ptr<const Tensor> output = predictor->GetOutput(0);
    const float* probs = output->data<float>();
    const int n = static_cast<int>(output->shape()[1]);
    const int best = static_cast<int>(std::max_element(probs, probs + n) - probs);
    std::ifstream labels(argv[3]);
    std::string line;
    for (int i = 0; i <= best && std::getline(labels, line); ++i) {
    }
    std::printf("top-1: class %d p=%.4f %s\n", best, probs[best], line.c_str());
    return 0;
  } catch (const Error& e) {  // the API's one error mechanism
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
