#include "lite/core/weight_quant.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace {

const char kTypeAttr[] = "quantization_type";
const char kBitsAttr[] = "quantize_weight_bits";
const char kChannelWise[] = "post_weight_channel_wise_abs_max";
const char kPerTensor[] = "post_weight_abs_max";

std::string ScaleAttr(const std::string& weight) { return weight + "_quant_scale"; }

// The weight slot of each op type whose weights are quantized: Paddle
// Lite's default set (conv2d, mul) plus fc, which our fc_fuse_pass makes of
// a mul + elementwise_add (Paddle Lite quantizes the mul before fusing).
// Depthwise filters stay fp32 as in Paddle Lite: 9 values per channel save
// little and lose most (ShuffleNetV2's top-1 changed when they were int8).
const char* WeightSlot(const std::string& type) {
  if (type == "conv2d") return "Filter";
  if (type == "mul") return "Y";
  if (type == "fc") return "W";
  return nullptr;
}

// The channel axis of `op`'s weight of rank `rank` (also for models
// quantized elsewhere, e.g. PaddleSlim's matmul weights): the output channel
// of a conv filter, the output column of a [K, N] matrix, the row of a
// transposed matmul Y.
int QuantAxis(const cpp::OpDesc& op, size_t rank) {
  if (rank != 2) return 0;
  const std::string& t = op.Type();
  if (t == "matmul") return op.GetAttr<bool>("transpose_Y", false) ? 0 : 1;
  if (t == "matmul_v2") return op.GetAttr<bool>("trans_y", false) ? 0 : 1;
  return t == "mul" || t == "fc" ? 1 : 0;
}

// Element i of a tensor of `dims` lies in channel (i / inner) % channels.
struct ChannelLayout {
  int64_t channels{1};
  int64_t inner{1};
  int64_t ChannelOf(int64_t i) const { return (i / inner) % channels; }
};

ChannelLayout LayoutOf(const DDim& dims, int axis) {
  ChannelLayout l;
  l.channels = dims[axis];
  for (size_t d = axis + 1; d < dims.size(); ++d) l.inner *= dims[d];
  return l;
}

template <typename T>
void QuantizeInto(const Tensor& w, const ChannelLayout& l, const std::vector<float>& scales,
                  Tensor* out) {
  const float* src = w.data<float>();
  T* dst = out->mutable_data<T>();
  for (int64_t i = 0; i < w.numel(); ++i) {
    float s = scales[l.ChannelOf(i)];
    dst[i] = s > 0.f ? static_cast<T>(std::round(src[i] / s)) : T{0};
  }
}

// Replaces weights[name] (fp32) by its `bits`-bit quantization; returns the
// scales.
std::vector<float> QuantizeOne(const std::string& name, int axis, int bits, Scope* weights) {
  const Tensor& w = *weights->FindLocalVar(name);
  ChannelLayout l = LayoutOf(w.dims(), axis);
  std::vector<float> scales(l.channels, 0.f);
  const float* src = w.data<float>();
  for (int64_t i = 0; i < w.numel(); ++i) {
    float& m = scales[l.ChannelOf(i)];
    m = std::max(m, std::fabs(src[i]));
  }
  const float range = static_cast<float>((1 << (bits - 1)) - 1);
  for (float& s : scales) s /= range;
  Tensor q;
  q.Resize(w.dims());
  q.set_lod(w.lod());
  q.set_persistable(true);
  if (bits == 8) {
    QuantizeInto<int8_t>(w, l, scales, &q);
  } else {
    QuantizeInto<int16_t>(w, l, scales, &q);
  }
  weights->EraseLocal(name);
  *weights->Var(name) = std::move(q);
  return scales;
}

template <typename T>
void DequantizeInto(const Tensor& q, const ChannelLayout& l, const std::vector<float>& scales,
                    float* dst) {
  const T* src = q.data<T>();
  for (int64_t i = 0; i < q.numel(); ++i) {
    dst[i] = scales.size() == 1 ? scales[0] * src[i] : scales[l.ChannelOf(i)] * src[i];
  }
}

bool CarriesQuantizedWeights(const cpp::OpDesc& op) {
  if (!op.HasAttr(kTypeAttr)) return op.HasAttr(kBitsAttr);
  const std::string type = op.GetAttr<std::string>(kTypeAttr);
  return type == kChannelWise || type == kPerTensor;
}

// Calls f(op, weight name) for every quantized weight of the program, once
// per name (the first op that names it decides the channel axis).
template <typename F>
void ForEachQuantizedWeight(const cpp::ProgramDesc& program, const Scope& weights, F f) {
  std::set<std::string> seen;
  for (const auto& block : program.blocks) {
    for (const auto& op : block.ops) {
      if (!CarriesQuantizedWeights(op)) continue;
      for (const auto& name : op.InputArgumentNames()) {
        if (!op.HasAttr(ScaleAttr(name)) || !seen.insert(name).second) continue;
        const Tensor* t = weights.FindVar(name);
        if (!t || !t->initialized()) continue;
        if (t->dtype() != DataType::kInt8 && t->dtype() != DataType::kInt16) continue;
        f(op, name, *t);
      }
    }
  }
}

Tensor Dequantize(const cpp::OpDesc& op, const std::string& name, const Tensor& q) {
  auto scales = op.GetAttr<std::vector<float>>(ScaleAttr(name));
  const DDim& dims = q.dims();
  LITE_ENFORCE(!dims.empty(), "op '", op.Type(), "': quantized weight '", name, "' has no dims");
  const int axis = QuantAxis(op, dims.size());
  ChannelLayout l = LayoutOf(dims, axis);
  LITE_ENFORCE(scales.size() == 1 || static_cast<int64_t>(scales.size()) == l.channels, "op '",
               op.Type(), "': quantized weight '", name, "' of dims ", DimsToString(dims),
               " has ", scales.size(), " scales in '", ScaleAttr(name),
               "' (expected 1 or one per channel of axis ", axis, ": ", l.channels, ")");
  Tensor f;
  f.Resize(dims);
  f.set_lod(q.lod());
  f.set_persistable(true);
  float* dst = f.mutable_data<float>();
  if (q.dtype() == DataType::kInt8) {
    DequantizeInto<int8_t>(q, l, scales, dst);
  } else {
    DequantizeInto<int16_t>(q, l, scales, dst);
  }
  return f;
}

}  // namespace

WeightQuantStats QuantizeWeights(int bits, cpp::ProgramDesc* program, Scope* weights) {
  LITE_ENFORCE(bits == 8 || bits == 16, "weight quantization: ", bits,
               " bits (expected 8 for QUANT_INT8 or 16 for QUANT_INT16)");
  WeightQuantStats stats;
  std::map<std::string, std::vector<float>> done;  // weight -> scales
  for (auto& block : program->blocks) {
    for (auto& op : block.ops) {
      const char* slot = WeightSlot(op.Type());
      if (!slot || !op.HasInput(slot) || op.GetAttr<bool>("enable_int8", false)) continue;
      bool marked = false;
      for (const auto& name : op.Input(slot)) {
        auto it = done.find(name);
        if (it == done.end()) {
          Tensor* w = weights->FindLocalVar(name);
          if (!w || !w->persistable() || !w->initialized() || w->dtype() != DataType::kFloat32 ||
              w->dims().size() < 2) {
            continue;
          }
          stats.weights++;
          stats.float_bytes += w->memory_size();
          auto scales = QuantizeOne(name, QuantAxis(op, w->dims().size()), bits, weights);
          stats.quantized_bytes += weights->FindLocalVar(name)->memory_size();
          it = done.emplace(name, std::move(scales)).first;
        }
        op.SetAttr(ScaleAttr(name), it->second);
        marked = true;
      }
      if (marked) {
        op.SetAttr(kTypeAttr, kChannelWise);
        op.SetAttr(kBitsAttr, bits);
      }
    }
  }
  return stats;
}

std::shared_ptr<const Scope> DequantizedWeights(const cpp::ProgramDesc& program,
                                                std::shared_ptr<const Scope> weights) {
  if (!weights) return weights;
  auto out = std::make_shared<Scope>(weights);
  bool any = false;
  ForEachQuantizedWeight(program, *weights,
                         [&](const cpp::OpDesc& op, const std::string& name, const Tensor& q) {
                           *out->Var(name) = Dequantize(op, name, q);
                           any = true;
                         });
  return any ? out : weights;
}

void DequantizeWeightsInPlace(const cpp::ProgramDesc& program, Scope* weights) {
  std::vector<std::pair<std::string, Tensor>> floats;
  ForEachQuantizedWeight(program, *weights,
                         [&](const cpp::OpDesc& op, const std::string& name, const Tensor& q) {
                           floats.emplace_back(name, Dequantize(op, name, q));
                         });
  for (auto& kv : floats) {
    weights->EraseLocal(kv.first);
    *weights->Var(kv.first) = std::move(kv.second);
  }
}

}  // namespace lite
}  // namespace paddle
