// A user program built against the installed library exactly as a Paddle
// Lite user would build it:
//   g++ -std=c++17 classify_image.cc -I<prefix>/include
//       -L<prefix>/lib -lpaddle_full_api_shared -lstb -o classify_image
// Usage: classify_image <model_dir> <image> <labels.txt>
#include <stb/stb_image.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "paddle_api.h"  // NOLINT

using namespace paddle::lite_api;  // NOLINT

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s <model_dir> <image> <labels.txt>\n", argv[0]);
    return 2;
  }
  try {
    CxxConfig config;
    config.set_model_dir(argv[1]);
    config.set_valid_places({Place{TARGET(kX86), PRECISION(kFloat)}});
    config.set_threads(1);
    std::shared_ptr<PaddlePredictor> predictor = CreatePaddlePredictor<CxxConfig>(config);

    int w = 0, h = 0, c = 0;
    unsigned char* rgb = stbi_load(argv[2], &w, &h, &c, 3);
    if (!rgb) {
      std::fprintf(stderr, "cannot decode %s\n", argv[2]);
      return 1;
    }
    // Nearest-neighbour resize to 224x224, ImageNet normalization, CHW.
    const float mean[3] = {0.485f, 0.456f, 0.406f}, stddev[3] = {0.229f, 0.224f, 0.225f};
    std::unique_ptr<Tensor> input = predictor->GetInput(0);
    input->Resize({1, 3, 224, 224});
    float* data = input->mutable_data<float>();
    for (int y = 0; y < 224; ++y) {
      for (int x = 0; x < 224; ++x) {
        const unsigned char* px = rgb + ((y * h / 224) * w + (x * w / 224)) * 3;
        for (int k = 0; k < 3; ++k) {
          data[k * 224 * 224 + y * 224 + x] = (px[k] / 255.f - mean[k]) / stddev[k];
        }
      }
    }
    stbi_image_free(rgb);
    predictor->Run();
    std::unique_ptr<const Tensor> output = predictor->GetOutput(0);
    const float* probs = output->data<float>();
    int n = static_cast<int>(output->shape()[1]);
    int best = static_cast<int>(std::max_element(probs, probs + n) - probs);
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
