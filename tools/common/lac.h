// Baidu LAC word segmentation around the model: characters to ids
// (conf/q2b.dic full- to half-width, then conf/word.dic; unknown characters
// get the OOV id, the last line of word.dic), and words from the model's
// tags (conf/tag.dic: 0 B, 1 I, 2 E, 3 S; a word starts at B or S). Used by
// the demo and the model test.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace paddle {
namespace vision {

// UTF-8 characters of s.
std::vector<std::string> Utf8Chars(const std::string& s);

class LacVocab {
 public:
  // Reads q2b.dic and word.dic of `conf_dir`; throws naming a missing file.
  explicit LacVocab(const std::string& conf_dir);
  std::vector<int64_t> Ids(const std::string& sentence) const;

 private:
  std::map<std::string, std::string> q2b_;
  std::map<std::string, int64_t> ids_;
  int64_t oov_{0};
};

// The words of `sentence` given one tag per character.
std::vector<std::string> LacWords(const std::string& sentence, const int64_t* tags);

}  // namespace vision
}  // namespace paddle
