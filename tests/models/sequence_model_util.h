// Helpers for the sequence (LoD) model tests: int64 reference tensors, LoD
// inputs and UTF-8 characters.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

// A little-endian int64 .bin file of `count` values.
inline std::vector<int64_t> ReadInt64s(const std::string& path, size_t count) {
  std::string bytes = ReadFile(path);
  EXPECT_EQ(bytes.size(), count * 8) << path;
  std::vector<int64_t> v(bytes.size() / 8);
  std::memcpy(v.data(), bytes.data(), v.size() * 8);
  return v;
}

// The first LoD level written as `"lod": [[0, a, b, ...]]` in a reference
// .json (empty when absent).
inline std::vector<uint64_t> JsonLoD(const std::string& json_path) {
  std::string json = ReadFile(json_path);
  std::vector<uint64_t> v;
  size_t at = json.find("\"lod\"");
  if (at == std::string::npos) return v;
  size_t open = json.find('[', json.find('[', at) + 1);
  size_t first_close = json.find(']', json.find('[', at) + 1);
  if (open == std::string::npos || open > first_close) return v;
  size_t close = json.find(']', open);
  std::stringstream ss(json.substr(open + 1, close - open - 1));
  std::string item;
  while (std::getline(ss, item, ',')) v.push_back(std::stoull(item));
  return v;
}

// Feeds int64 ids [T, 1] with the given sequence offsets as input 0.
inline void FeedIds(lite_api::PaddlePredictor* p, const std::vector<int64_t>& ids,
                    const std::vector<uint64_t>& offsets) {
  auto in = p->GetInput(0);
  in->Resize({static_cast<int64_t>(ids.size()), 1});
  in->CopyFromCpu(ids.data());
  in->SetLoD({offsets});
}

template <typename T>
std::vector<T> OutputValues(const lite_api::Tensor& t) {
  std::vector<T> v(Numel(t.shape()));
  t.CopyToCpu(v.data());
  return v;
}

// |a - b| <= atol + rtol |b| everywhere; prints the max error under `what`.
inline void ExpectClose(const std::vector<float>& expected, const std::vector<float>& actual,
                        double atol, double rtol, const std::string& what) {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  double max_err = 0;
  int bad = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    double e = std::fabs(static_cast<double>(expected[i]) - actual[i]);
    if (std::isnan(e)) e = INFINITY;
    max_err = std::max(max_err, e);
    if (e > atol + rtol * std::fabs(expected[i]) && bad++ < 5) {
      ADD_FAILURE() << what << " [" << i << "] expected " << expected[i] << " got " << actual[i];
    }
  }
  std::printf("%s: max |diff| %.3g over %zu values\n", what.c_str(), max_err, expected.size());
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
