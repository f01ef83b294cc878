// MapToOurProgram: Paddle Lite's optimized program -> ours, by the table
// paddle_lite_ops.inc.
#include <cstring>

#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb_common.h"

namespace paddle {
namespace lite {
namespace plnb {
namespace {

enum class Rule { kKeep, kIdentity, kCalib, kRefuse };

struct OpRule {
  const char* type;
  bool prefix;
  Rule rule;
  const char* why;
};

constexpr OpRule kRules[] = {
#define PL_OP(type, rule, why) {#type, false, Rule::rule, why},
#define PL_OP_PREFIX(prefix, rule, why) {#prefix, true, Rule::rule, why},
#include "lite/model_parser/paddle_lite_nb/paddle_lite_ops.inc"
#undef PL_OP
#undef PL_OP_PREFIX
};

struct Int8Attr {
  const char* type;
  const char* from;
  const char* to;
  bool first_only;
};
constexpr Int8Attr kInt8Attrs[] = {
#define PL_OP(type, rule, why)
#define PL_OP_PREFIX(prefix, rule, why)
#define PL_INT8_ATTR(type, from, to, first) {#type, #from, #to, first},
#include "lite/model_parser/paddle_lite_nb/paddle_lite_ops.inc"
#undef PL_INT8_ATTR
#undef PL_OP
#undef PL_OP_PREFIX
};

struct Int8Dequant {
  const char* type;
  const char* slot;
  const char* scale_attr;
};
constexpr Int8Dequant kInt8Dequants[] = {
#define PL_OP(type, rule, why)
#define PL_OP_PREFIX(prefix, rule, why)
#define PL_INT8_DEQUANT(type, slot, scale) {#type, #slot, #scale},
#include "lite/model_parser/paddle_lite_nb/paddle_lite_ops.inc"
#undef PL_INT8_DEQUANT
#undef PL_OP
#undef PL_OP_PREFIX
};

const OpRule* FindRule(const std::string& type) {
  for (const OpRule& r : kRules) {
    if (r.prefix ? type.compare(0, std::strlen(r.type), r.type) == 0 : type == r.type) return &r;
  }
  return nullptr;
}

// The attribute where Paddle Lite records the kernel it chose:
// "op_type/alias/target/precision/layout", the last three as its enum
// numbers (lite/api/paddle_place.h).
constexpr const char* kKernelTypeAttr = "__@kernel_type_attr@__";

constexpr const char* kTargets[] = {"unk", "host", "x86", "cuda", "arm", "opencl", "any",
                                    "fpga", "npu", "xpu", "bm", "mlu", "rknpu", "apu",
                                    "huawei_ascend_npu", "imagination_nna", "intel_fpga",
                                    "metal", "nnadapter"};
constexpr const char* kPrecisions[] = {"unk", "float", "int8", "int32", "any", "fp16",
                                       "bool", "int64", "int16", "uint8", "fp64"};

std::string Named(const std::string& num, const char* const* names, size_t n) {
  char* end = nullptr;
  long v = std::strtol(num.c_str(), &end, 10);
  if (end && *end == '\0' && !num.empty() && v >= 0 && static_cast<size_t>(v) < n) return names[v];
  return num.empty() ? std::string("?") : num;
}

// "arm/int8" for a recorded "conv2d/int8_out/4/2/1"; "(none)" when the
// op has none.
std::string RecordedPlace(const cpp::OpDesc& op) {
  if (!op.HasAttr(kKernelTypeAttr)) return "(none)";
  std::string s = op.GetAttr<std::string>(kKernelTypeAttr, "");
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t slash = s.find('/', start);
    parts.push_back(s.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  if (parts.size() != 5) return "'" + s + "'";
  return Named(parts[2], kTargets, sizeof(kTargets) / sizeof(kTargets[0])) + "/" +
         Named(parts[3], kPrecisions, sizeof(kPrecisions) / sizeof(kPrecisions[0])) +
         (parts[1] == "def" ? "" : " (" + parts[1] + ")");
}

const char* RuleText(Rule r) {
  switch (r) {
    case Rule::kIdentity: return "removed (target/layout transfer)";
    case Rule::kCalib: return "removed (precision transfer; consumers quantize with its scale)";
    default: return "";
  }
}

std::string OneName(const cpp::OpDesc& op, bool input, const std::string& source) {
  const auto& slots = input ? op.inputs() : op.outputs();
  std::vector<std::string> names;
  for (const auto& kv : slots) names.insert(names.end(), kv.second.begin(), kv.second.end());
  LITE_ENFORCE(names.size() == 1, source, ": Paddle Lite op '", op.Type(), "' (", op.Repr(),
               ") must have exactly one ", input ? "input" : "output", ", has ", names.size());
  return names[0];
}

void Rename(std::map<std::string, std::vector<std::string>>* slots,
            const std::map<std::string, std::string>& to) {
  for (auto& kv : *slots) {
    for (auto& n : kv.second) {
      auto it = to.find(n);
      if (it != to.end()) n = it->second;
    }
  }
}

// IEEE half -> float, exact (every half is a float).
float HalfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t man = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (man == 0) {
      bits = sign;
    } else {  // subnormal: normalize
      int e = -1;
      do {
        ++e;
        man <<= 1;
      } while ((man & 0x400) == 0);
      bits = sign | static_cast<uint32_t>(127 - 15 - e) << 23 | (man & 0x3ff) << 13;
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | man << 13;
  } else {
    bits = sign | (exp - 15 + 127) << 23 | man << 13;
  }
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

// Paddle Lite's quantizer gives an all-zero output channel the scale 0
// (PP-OCR's slim recognizer has such channels); our int8 kernels need
// positive scales. The channel's value is 0 whatever the integers: its
// integers are set to 0 (in a copy of the filter when any is not) and its
// scale to 1, which computes the same zeros.
void ZeroScaleChannels(cpp::OpDesc* op, Scope* weights, std::vector<float>* scales) {
  const auto& names = op->Input("Filter");
  Tensor* w = names.size() == 1 ? weights->FindLocalVar(names[0]) : nullptr;
  bool any = false;
  for (float s : *scales) any = any || s == 0.f;
  if (!any || !w || w->dtype() != DataType::kInt8 || w->dims().empty() ||
      static_cast<size_t>(w->dims()[0]) != scales->size()) {
    return;
  }
  const int64_t per = w->numel() / w->dims()[0];
  int8_t* q = w->data_mut<int8_t>();
  for (size_t c = 0; c < scales->size(); ++c) {
    if ((*scales)[c] != 0.f) continue;
    std::memset(q + c * per, 0, static_cast<size_t>(per));
    (*scales)[c] = 1.f;
  }
}

// The int8 attributes of `op` (enable_int8 set by Paddle Lite's
// quantization passes) onto ours. `dequantized` collects the int8 weights
// widened to float (name -> float copy).
void MapInt8(cpp::OpDesc* op, Scope* weights, const std::string& source, MappingReport* rep) {
  if (!op->GetAttr<bool>("enable_int8", false)) return;
  const int bits = op->GetAttr<int>("bit_length", 8);
  LITE_ENFORCE(bits == 8, source, ": op '", op->Type(), "' (recorded target ", RecordedPlace(*op),
               ") is quantized to bit_length ", bits, "; this runtime runs 8-bit int8 only");
  for (const Int8Attr& a : kInt8Attrs) {
    if (op->Type() != a.type || !op->HasAttr(a.from) || op->HasAttr(a.to)) continue;
    auto v = op->GetAttr<std::vector<float>>(a.from);
    LITE_ENFORCE(!v.empty(), source, ": op '", op->Type(), "' attribute '", a.from, "' is empty");
    if (a.first_only) {
      op->SetAttr(a.to, v[0]);
    } else {
      ZeroScaleChannels(op, weights, &v);
      op->SetAttr(a.to, v);
    }
    rep->rules[op->Type() + " int8: " + a.from + " -> " + a.to]++;
  }
  for (const Int8Dequant& d : kInt8Dequants) {
    if (op->Type() != d.type) continue;
    const auto& names = op->Input(d.slot);
    if (names.size() != 1) continue;
    Tensor* w = weights->FindLocalVar(names[0]);
    if (!w || w->dtype() != DataType::kInt8) continue;
    auto scale = op->GetAttr<std::vector<float>>(d.scale_attr, {});
    const int64_t n = w->dims().empty() ? 1 : w->dims().back();
    LITE_ENFORCE(!scale.empty() && (scale.size() == 1 || static_cast<int64_t>(scale.size()) == n),
                 source, ": op '",
                 op->Type(), "' int8 weight '", names[0], "' ", DimsToString(w->dims()),
                 " has ", scale.size(), " scales in '", d.scale_attr, "' (expected 1 or ", n, ")");
    Tensor wide;
    wide.Resize(w->dims());
    float* dst = wide.mutable_data<float>();
    const int8_t* src = w->data<int8_t>();
    const int64_t rows = n > 0 ? w->numel() / n : 0;
    std::vector<float> col_scale(static_cast<size_t>(n), scale[0]);
    if (scale.size() > 1) col_scale.assign(scale.begin(), scale.end());
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < n; ++c) {
        dst[r * n + c] = static_cast<float>(src[r * n + c]) * col_scale[c];
      }
    }
    wide.set_persistable(true);
    *w = std::move(wide);
    op->SetAttr("enable_int8", false);
    rep->rules[StrCat(op->Type(), " int8 weight ", d.slot,
                      " widened to float (no int8 kernel here)")]++;
  }
}

// Gives every write of an activation after its first a new name
// ("<name>@plnb<k>") and renames the reads that follow. Returns the number
// of renamed writes.
int UniqueNames(cpp::BlockDesc* block, const Scope& weights) {
  std::map<std::string, std::string> current;  // name in the file -> name now
  std::map<std::string, int> writes;
  std::map<std::string, const cpp::VarDesc*> decls;
  for (const auto& v : block->vars) decls[v.name] = &v;
  std::vector<cpp::VarDesc> added;
  int renamed = 0;
  for (auto& op : block->ops) {
    Rename(&op.mutable_inputs(), current);
    for (auto& kv : op.mutable_outputs()) {
      for (auto& name : kv.second) {
        if (weights.FindLocalVar(name)) continue;
        int k = writes[name]++;
        if (k == 0) continue;
        std::string fresh = name + "@plnb" + std::to_string(k);
        current[name] = fresh;
        cpp::VarDesc v;
        auto d = decls.find(name);
        if (d != decls.end()) v = *d->second;
        v.name = fresh;
        added.push_back(v);
        name = fresh;
        ++renamed;
      }
    }
  }
  block->vars.insert(block->vars.end(), added.begin(), added.end());
  return renamed;
}

}  // namespace

std::string MappingReport::Summary() const {
  std::string s;
  for (const auto& kv : recorded) s += StrCat("  ", kv.first, ": ", kv.second, " op(s)\n");
  for (const auto& kv : rules) s += StrCat("  ", kv.first, ": ", kv.second, " op(s)\n");
  if (fp16_weights_widened) {
    s += StrCat("  fp16 weights widened to fp32: ", fp16_weights_widened, "\n");
  }
  return s;
}

void MapToOurProgram(PaddleLiteModel* model, const std::string& source,
                     bool (*registered)(const std::string&), bool unique_names,
                     MappingReport* report) {
  MappingReport local;
  MappingReport* rep = report ? report : &local;
  std::map<std::string, std::string> unsupported;  // op type -> recorded place
  // 1. Per op: the recorded place, our kernel instead of it, refusals, int8
  // attributes, ops this runtime lacks.
  bool transfers = false;
  // The recorded place is spelled out only where it is shown (the report,
  // an error): parsing it for every op was a tenth of a small file's load.
  for (auto& block : model->program.blocks) {
    for (auto& op : block.ops) {
      if (report && op.Type() != "feed" && op.Type() != "fetch") {
        rep->recorded[op.Type() + " recorded on " + RecordedPlace(op)]++;
      }
      const OpRule* rule = FindRule(op.Type());
      if (rule && rule->rule == Rule::kRefuse) {
        ThrowError(source, ": op '", op.Type(), "' (recorded target ", RecordedPlace(op), ", ",
                   op.Repr(8), ") cannot run here: ", rule->why);
      }
      if (!rule) {
        MapInt8(&op, model->weights.get(), source, rep);
        if (op.Type() != "feed" && op.Type() != "fetch" && registered && !registered(op.Type())) {
          unsupported.emplace(op.Type(), RecordedPlace(op));
        }
      }
      transfers = transfers || rule;
      op.EraseAttr(kKernelTypeAttr);
    }
  }
  if (!unsupported.empty()) {
    std::string list;
    for (const auto& kv : unsupported) {
      list += StrCat(list.empty() ? "" : ", ", "'", kv.first, "' (recorded target ", kv.second, ")");
    }
    ThrowError(source, ": this runtime has no kernel for op type(s) ", list,
               " of this Paddle Lite model");
  }
  // 2. One name per value: removing a transfer op makes its consumers read
  // its input, which is only right while that input keeps its value, and
  // Paddle Lite's memory reuse writes the same name again and again.
  if ((unique_names || transfers) && model->program.blocks.size() == 1) {
    int n = UniqueNames(&model->program.blocks[0], *model->weights);
    if (n) rep->rules["activations renamed (Paddle Lite's memory reuse undone)"] += n;
  }
  // 3. The transfer ops go; their consumers (fetch included) read their input.
  for (auto& block : model->program.blocks) {
    std::map<std::string, std::string> renamed;  // removed op's output -> its input
    std::vector<cpp::OpDesc> kept;
    for (auto& op : block.ops) {
      Rename(&op.mutable_inputs(), renamed);
      const OpRule* rule = FindRule(op.Type());
      if (rule) {
        renamed[OneName(op, false, source)] = OneName(op, true, source);
        rep->rules[op.Type() + " -> " + RuleText(rule->rule)]++;
        continue;
      }
      for (const auto& name : op.OutputArgumentNames()) renamed.erase(name);
      kept.push_back(std::move(op));
    }
    block.ops = std::move(kept);
  }
  // fp16 weights -> fp32, exactly.
  for (const std::string& name : model->weights->LocalVarNames()) {
    Tensor* t = model->weights->FindLocalVar(name);
    if (t->dtype() != DataType::kFloat16) continue;
    Tensor wide;
    wide.Resize(t->dims());
    float* dst = wide.mutable_data<float>();
    const uint16_t* src = static_cast<const uint16_t*>(t->raw_data());
    for (int64_t i = 0; i < t->numel(); ++i) dst[i] = HalfToFloat(src[i]);
    wide.set_persistable(true);
    *t = std::move(wide);
    rep->fp16_weights_widened++;
    for (auto& v : model->program.blocks[0].vars) {
      if (v.name == name) v.dtype = DataType::kFloat32;
    }
  }
}

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
