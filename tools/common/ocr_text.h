// Text recognition post-processing of PP-OCR recognizers: the dictionary
// (ppocr_keys_v1.txt) and CTC greedy decoding.
#pragma once
#include <string>
#include <vector>

namespace paddle {
namespace vision {

// The CTC classes of a PP-OCR recognizer: index 0 is the blank, 1..n the
// dictionary lines, n+1 a space (use_space_char). Throws on a missing file.
std::vector<std::string> LoadCtcClasses(const std::string& dict_path);

struct DecodedText {
  std::string text;
  float confidence{0};  // mean probability of the kept characters (0 if none)
};
// Greedy CTC over probs [steps, classes]: argmax per step, repeats merged,
// blanks dropped. Throws when `classes` differs from classes.size().
DecodedText CtcGreedyDecode(const float* probs, int steps, int num_classes,
                            const std::vector<std::string>& classes);

}  // namespace vision
}  // namespace paddle
