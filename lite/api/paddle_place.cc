#include "lite/api/paddle_place.h"

#include <cctype>
#include <functional>
#include <sstream>

#include "lite/api/paddle_error.h"
#include <vector>

namespace paddle {
namespace lite_api {

namespace {
const std::vector<std::string>& TargetNames() {
  static const std::vector<std::string> names = {
      "kUnk", "kHost", "kX86", "kCUDA", "kARM", "kOpenCL", "kAny",
      "kFPGA", "kNPU", "kXPU", "kBM", "kMLU", "kRKNPU", "kAPU",
      "kHuaweiAscendNPU", "kImaginationNNA", "kIntelFPGA", "kMetal",
      "kNNAdapter"};
  return names;
}
const std::vector<std::string>& PrecisionNames() {
  static const std::vector<std::string> names = {
      "kUnk", "kFloat", "kInt8", "kInt32", "kAny", "kFP16",
      "kBool", "kInt64", "kInt16", "kUInt8", "kFP64"};
  return names;
}
const std::vector<std::string>& LayoutNames() {
  static const std::vector<std::string> names = {"kUnk", "kNCHW", "kAny", "kNHWC", "kImageDefault", "kImageFolder", "kImageNW",
      "kMetalTexture2DArray", "kMetalTexture2D"};
  return names;
}
const std::string& NameAt(const std::vector<std::string>& names, int i) {
  return (i >= 0 && i < static_cast<int>(names.size())) ? names[i] : names[0];
}
int IndexOf(const std::vector<std::string>& names, const std::string& s) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == s || names[i].substr(1) == s) return static_cast<int>(i);
    // Case-insensitive match without the leading 'k' ("x86", "host").
    const std::string& n = names[i];
    if (n.size() - 1 == s.size()) {
      bool eq = true;
      for (size_t j = 0; j < s.size() && eq; ++j) {
        eq = std::tolower(static_cast<unsigned char>(n[j + 1])) ==
             std::tolower(static_cast<unsigned char>(s[j]));
      }
      if (eq) return static_cast<int>(i);
    }
  }
  return 0;
}
}  // namespace

const std::string& TargetToStr(TargetType t) { return NameAt(TargetNames(), static_cast<int>(t)); }
const std::string& PrecisionToStr(PrecisionType p) { return NameAt(PrecisionNames(), static_cast<int>(p)); }
const std::string& DataLayoutToStr(DataLayoutType l) { return NameAt(LayoutNames(), static_cast<int>(l)); }
TargetType TargetFromStr(const std::string& s) { return static_cast<TargetType>(IndexOf(TargetNames(), s)); }
PrecisionType PrecisionFromStr(const std::string& s) { return static_cast<PrecisionType>(IndexOf(PrecisionNames(), s)); }
DataLayoutType DataLayoutFromStr(const std::string& s) { return static_cast<DataLayoutType>(IndexOf(LayoutNames(), s)); }

const std::string& ActivationTypeToStr(ActivationType act) {
  static const std::vector<std::string> names = {
      "Indentity", "Relu", "Relu6", "PRelu", "LeakyRelu", "Sigmoid", "Tanh", "Swish",
      "Exp", "Abs", "HardSwish", "Reciprocal", "ThresholdedRelu", "Elu", "HardSigmoid",
      "Log", "Sigmoid_v2", "Tanh_v2", "Gelu", "Erf", "Sign", "SoftPlus", "Mish"};
  static const std::string unk = "Unk";
  int i = static_cast<int>(act);
  return (i >= 0 && i < static_cast<int>(names.size())) ? names[i] : unk;
}
const std::string& TargetRepr(TargetType t) { return TargetToStr(t); }
const std::string& PrecisionRepr(PrecisionType p) { return PrecisionToStr(p); }
const std::string& DataLayoutRepr(DataLayoutType l) { return DataLayoutToStr(l); }
const std::string& CLTuneModeToStr(CLTuneMode mode) {
  static const std::vector<std::string> names = {"CL_TUNE_NONE", "CL_TUNE_RAPID",
                                                 "CL_TUNE_NORMAL", "CL_TUNE_EXHAUSTIVE"};
  return NameAt(names, static_cast<int>(mode));
}
const std::string& CLPrecisionTypeToStr(CLPrecisionType type) {
  static const std::vector<std::string> names = {"CL_PRECISION_AUTO", "CL_PRECISION_FP32",
                                                 "CL_PRECISION_FP16"};
  return NameAt(names, static_cast<int>(type));
}

namespace {
// Every concrete value of an enum whose kAny (any_value) stands for all of
// values 1..num-1 except kAny itself.
template <typename E>
std::set<E> Expand(E value, E any_value, int num) {
  if (value != any_value) return {value};
  std::set<E> out;
  for (int i = 1; i < num; ++i) {
    if (static_cast<E>(i) != any_value) out.insert(static_cast<E>(i));
  }
  return out;
}
}  // namespace

std::set<TargetType> ExpandValidTargets(TargetType target) {
  return Expand(target, TargetType::kAny, static_cast<int>(TargetType::NUM));
}
std::set<PrecisionType> ExpandValidPrecisions(PrecisionType precision) {
  return Expand(precision, PrecisionType::kAny, static_cast<int>(PrecisionType::NUM));
}
std::set<DataLayoutType> ExpandValidLayouts(DataLayoutType layout) {
  return Expand(layout, DataLayoutType::kAny, static_cast<int>(DataLayoutType::NUM));
}

size_t Place::hash() const {
  size_t h = std::hash<int>()(static_cast<int>(target));
  h = h * 31 + std::hash<int>()(static_cast<int>(precision));
  h = h * 31 + std::hash<int>()(static_cast<int>(layout));
  return h * 31 + std::hash<int>()(device);
}

bool operator<(const Place& a, const Place& b) {
  if (a.target != b.target) return a.target < b.target;
  if (a.precision != b.precision) return a.precision < b.precision;
  if (a.layout != b.layout) return a.layout < b.layout;
  return a.device < b.device;
}

std::string Place::Serialize() {
  return std::to_string(static_cast<int>(target)) + "/" +
         std::to_string(static_cast<int>(precision)) + "/" +
         std::to_string(static_cast<int>(layout));
}

void Place::Deserialize(const std::string& buffer) {
  std::istringstream in(buffer);
  int t = -1, p = -1, l = -1;
  char s1 = 0, s2 = 0;
  in >> t >> s1 >> p >> s2 >> l;
  bool ok = !in.fail() && s1 == '/' && s2 == '/' && (in >> std::ws).eof() && t >= 0 &&
            t < static_cast<int>(TargetType::NUM) && p >= 0 &&
            p < static_cast<int>(PrecisionType::NUM) && l >= 0 &&
            l < static_cast<int>(DataLayoutType::NUM);
  if (!ok) {
    throw Error("Place::Deserialize: expected \"target/precision/layout\" as integers "
                "within their enums (e.g. \"18/1/1\"), got \"" + buffer + "\"");
  }
  target = static_cast<TargetType>(t);
  precision = static_cast<PrecisionType>(p);
  layout = static_cast<DataLayoutType>(l);
}

std::string Place::DebugString() const {
  return TargetToStr(target) + "/" + PrecisionToStr(precision) + "/" +
         DataLayoutToStr(layout);
}

}  // namespace lite_api
}  // namespace paddle
