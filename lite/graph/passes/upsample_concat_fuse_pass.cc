// nearest_interp_v2(x_i) -> concat(..., that, ...) along channels => the
// concat reads x_i and upsamples it as it writes (attribute
// nearest_upsample, tensor/concat.cc).
//
// PP-OCRv3's detector joins its four FPN levels, three of them upsampled
// by 8, 4 and 2 to 160 x 160, into one 96-channel map: fused, each
// upsampled level is written once, into the concat's output, instead of
// written and then copied. Only upsamplings that are exact integer repeats
// whatever the input size fuse: nearest_interp_v2, align_corners false,
// NCHW, a `scale` attribute of powers of two (1 / scale is then exact, so
// the source index of output k is k / scale exactly, and the output size is
// in * scale) and no OutSize, SizeTensor or Scale input. Runs after the
// NNAdapter subgraph pass (only CPU ops change) and before
// int8_nhwc_chain_pass, which may then keep the concat, its inputs and its
// output in NHWC (nhwc_data; the concat upsamples NHWC rows, and quantizes
// them for the int8 conv that reads it).
#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

bool PowerOfTwo(float s) {
  int e = 0;
  return s >= 2.f && s <= 64.f && std::frexp(s, &e) == 0.5f;
}

// The integer factors (kh, kw) of an upsampling that is an exact repeat of
// its input, or false.
bool IntegerRepeat(const Node* interp, int32_t* kh, int32_t* kw) {
  const cpp::OpDesc& op = interp->op;
  if (op.Type() != "nearest_interp_v2" || op.GetAttr<bool>("align_corners", true) ||
      op.GetAttr<bool>("nhwc_data", false) || !op.Input("Addend").empty() ||
      !op.Input("OutSize").empty() || !op.Input("SizeTensor").empty() ||
      !op.Input("Scale").empty() || !op.HasAttr("scale") ||
      op.attrs().at("scale").type != cpp::AttrType::FLOATS) {
    return false;
  }
  const std::string layout = op.GetAttr<std::string>("data_layout", "NCHW");
  const auto scale = op.GetAttr<std::vector<float>>("scale");
  if ((layout != "NCHW" && layout != "AnyLayout") || scale.empty() || scale.size() > 2) {
    return false;
  }
  const float sh = scale[0], sw = scale.back();
  if (!PowerOfTwo(sh) || !PowerOfTwo(sw)) return false;
  *kh = static_cast<int32_t>(sh);
  *kw = static_cast<int32_t>(sw);
  return true;
}

}  // namespace

int UpsampleConcatFusePass::Apply(SSAGraph* graph, const PassContext& /*ctx*/) {
  int n = 0;
  for (Node* concat : graph->StmtTopologicalOrder()) {
    if (concat->removed || concat->op.Type() != "concat" ||
        concat->op.GetAttr<int32_t>("axis", 0) != 1 || !concat->op.Input("AxisTensor").empty() ||
        concat->op.HasAttr("nearest_upsample") || concat->op.GetAttr<bool>("nhwc_data", false)) {
      continue;
    }
    std::vector<std::string> names = concat->op.Input("X");
    std::vector<int32_t> factors(2 * names.size(), 1);
    std::set<Node*> removed;
    for (size_t i = 0; i < names.size(); ++i) {
      Node* up = nullptr;
      for (Node* in : concat->inlinks) {
        if (in->var_name == names[i]) up = in;
      }
      Node* interp = up ? up->Producer() : nullptr;
      if (!interp || SoleConsumer(up) != concat ||
          std::count(names.begin(), names.end(), names[i]) != 1 ||
          !IntegerRepeat(interp, &factors[2 * i], &factors[2 * i + 1])) {
        continue;
      }
      Node* x = InputArg(interp, "X");
      const bool linked = std::find(concat->inlinks.begin(), concat->inlinks.end(), x) !=
                          concat->inlinks.end();
      if (!x || linked || std::count(names.begin(), names.end(), x->var_name) > 0) continue;
      names[i] = x->var_name;
      SSAGraph::Link(x, concat);
      removed.insert(interp);
      removed.insert(up);
    }
    if (removed.empty()) continue;
    concat->op.SetInput("X", names);
    concat->op.SetAttr("nearest_upsample", factors);
    graph->RemoveNodes(removed);
    n += static_cast<int>(removed.size() / 2);
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
