#include "lite/model_parser/onnx/onnx_patterns.h"

#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

// A one-element float constant's value (initializer or Constant node).
std::optional<float> ScalarOf(const onnx::TensorProto& t) {
  int64_t n = 1;
  for (auto d : t.dims()) n *= d;
  if (n != 1 || t.data_type() != onnx::TensorProto::FLOAT) return std::nullopt;
  if (t.has_raw_data() && t.raw_data().size() == 4) {
    float v;
    std::memcpy(&v, t.raw_data().data(), 4);
    return v;
  }
  if (t.float_data_size() == 1) return t.float_data(0);
  return std::nullopt;
}

class Graph {
 public:
  Graph(const onnx::GraphProto& g, int opset) : g_(g), opset_(opset) {
    for (const auto& t : g.initializer()) {
      if (auto v = ScalarOf(t)) scalars_[t.name()] = *v;
    }
    for (int i = 0; i < g.node_size(); ++i) {
      const auto& n = g.node(i);
      for (const auto& in : n.input()) readers_[in]++;
      for (const auto& out : n.output()) producer_[out] = i;
      if (n.op_type() == "Constant" && n.output_size() == 1) {
        for (const auto& a : n.attribute()) {
          if (a.name() == "value" && a.has_t()) {
            if (auto v = ScalarOf(a.t())) scalars_[n.output(0)] = *v;
          }
        }
      }
    }
    for (const auto& o : g.output()) readers_[o.name()]++;
  }

  bool Is(const std::string& name, float want) const {
    auto it = scalars_.find(name);
    return it != scalars_.end() && std::fabs(it->second - want) <= 1e-6f * std::fabs(want) + 1e-7f;
  }
  // The node producing `name` if it is `type` and `name` has one reader.
  const onnx::NodeProto* SoleProducer(const std::string& name, const char* type, int* index) const {
    auto p = producer_.find(name);
    auto r = readers_.find(name);
    if (p == producer_.end() || r == readers_.end() || r->second != 1) return nullptr;
    const auto& n = g_.node(p->second);
    if (n.op_type() != type || n.output_size() != 1) return nullptr;
    *index = p->second;
    return &n;
  }
  bool ClipIsZeroSix(const onnx::NodeProto& c) const {
    if (opset_ < 11) {
      float lo = -1, hi = -1;
      for (const auto& a : c.attribute()) {
        if (a.name() == "min") lo = a.f();
        if (a.name() == "max") hi = a.f();
      }
      return lo == 0.f && hi == 6.f;
    }
    return c.input_size() == 3 && Is(c.input(1), 0.f) && Is(c.input(2), 6.f);
  }

 private:
  const onnx::GraphProto& g_;
  int opset_;
  std::map<std::string, float> scalars_;
  std::map<std::string, int> readers_;
  std::map<std::string, int> producer_;
};

}  // namespace

std::vector<onnx::NodeProto> FuseHardSwish(const onnx::GraphProto& g, int opset, int* count) {
  Graph graph(g, opset);
  std::set<int> dropped;
  std::map<int, onnx::NodeProto> replaced;
  for (int i = 0; i < g.node_size(); ++i) {
    const auto& last = g.node(i);
    const bool div6 = last.op_type() == "Div" && last.input_size() == 2 && graph.Is(last.input(1), 6.f);
    const bool mul6 = last.op_type() == "Mul" && last.input_size() == 2 && graph.Is(last.input(1), 1.f / 6.f);
    if (!div6 && !mul6) continue;
    int mi = -1, ci = -1, ai = -1;
    const onnx::NodeProto* mul = graph.SoleProducer(last.input(0), "Mul", &mi);
    if (!mul || mul->input_size() != 2) continue;
    for (int side = 0; side < 2; ++side) {
      const onnx::NodeProto* clip = graph.SoleProducer(mul->input(side), "Clip", &ci);
      if (!clip || !graph.ClipIsZeroSix(*clip)) continue;
      const std::string& x = mul->input(1 - side);
      const onnx::NodeProto* add = graph.SoleProducer(clip->input(0), "Add", &ai);
      if (!add || add->input_size() != 2) continue;
      const bool x_plus_3 = (add->input(0) == x && graph.Is(add->input(1), 3.f)) ||
                            (add->input(1) == x && graph.Is(add->input(0), 3.f));
      if (!x_plus_3 || dropped.count(ai) || dropped.count(ci) || dropped.count(mi)) continue;
      onnx::NodeProto hs;
      hs.set_op_type("HardSwish");
      hs.set_name(last.name());
      hs.add_input(x);
      hs.add_output(last.output(0));
      replaced[i] = hs;
      dropped.insert({ai, ci, mi});
      break;
    }
  }
  std::vector<onnx::NodeProto> nodes;
  for (int i = 0; i < g.node_size(); ++i) {
    if (dropped.count(i)) continue;
    auto it = replaced.find(i);
    nodes.push_back(it != replaced.end() ? it->second : g.node(i));
  }
  *count = static_cast<int>(replaced.size());
  return nodes;
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
