#include "tools/common/lac.h"

#include "tools/common/vision.h"

namespace paddle {
namespace vision {

std::vector<std::string> Utf8Chars(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

LacVocab::LacVocab(const std::string& conf) {
  for (const auto& line : ReadLines(conf + "/q2b.dic")) {
    size_t tab = line.find('\t');
    if (tab != std::string::npos) q2b_[line.substr(0, tab)] = line.substr(tab + 1);
  }
  for (const auto& line : ReadLines(conf + "/word.dic")) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    int64_t id = std::stoll(line.substr(0, tab));
    ids_[line.substr(tab + 1)] = id;
    oov_ = id;
  }
}

std::vector<int64_t> LacVocab::Ids(const std::string& sentence) const {
  std::vector<int64_t> v;
  for (auto c : Utf8Chars(sentence)) {
    auto q = q2b_.find(c);
    if (q != q2b_.end()) c = q->second;
    auto it = ids_.find(c);
    v.push_back(it == ids_.end() ? oov_ : it->second);
  }
  return v;
}

std::vector<std::string> LacWords(const std::string& sentence, const int64_t* tags) {
  std::vector<std::string> words;
  auto chars = Utf8Chars(sentence);
  for (size_t i = 0; i < chars.size(); ++i) {
    if (words.empty() || tags[i] == 0 || tags[i] == 3) words.emplace_back();
    words.back() += chars[i];
  }
  return words;
}

}  // namespace vision
}  // namespace paddle
