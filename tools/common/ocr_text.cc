#include "tools/common/ocr_text.h"

#include <stdexcept>

#include "tools/common/vision.h"

namespace paddle {
namespace vision {

std::vector<std::string> LoadCtcClasses(const std::string& dict_path) {
  std::vector<std::string> classes = {""};
  for (auto& line : ReadLines(dict_path)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    classes.push_back(line);
  }
  classes.push_back(" ");
  return classes;
}

DecodedText CtcGreedyDecode(const float* probs, int steps, int num_classes,
                            const std::vector<std::string>& classes) {
  if (static_cast<size_t>(num_classes) != classes.size()) {
    throw std::runtime_error("CTC decode: the recognizer has " + std::to_string(num_classes) +
                             " classes, the dictionary gives " + std::to_string(classes.size()) +
                             " (blank + lines + space)");
  }
  DecodedText out;
  int prev = 0, kept = 0;
  double sum = 0;
  for (int t = 0; t < steps; ++t) {
    const float* row = probs + static_cast<size_t>(t) * num_classes;
    int best = 0;
    for (int k = 1; k < num_classes; ++k) {
      if (row[k] > row[best]) best = k;
    }
    if (best != 0 && best != prev) {
      out.text += classes[best];
      sum += row[best];
      ++kept;
    }
    prev = best;
  }
  out.confidence = kept ? static_cast<float>(sum / kept) : 0.f;
  return out;
}

}  // namespace vision
}  // namespace paddle
