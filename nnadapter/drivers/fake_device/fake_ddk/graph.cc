// fake_ddk graph building, validation and its serialized format:
//   "FDDK" u32 version(1)
//   u32 n_tensors, per tensor: u32 rank, i32 dims..., u8 constant,
//                              [u64 n, f32 data...]
//   u32 n_nodes, per node: i32 type, u32 n, i32 inputs..., u32 n,
//                          i32 outputs..., u32 n, i32 ints..., u32 n, f32...
//   u32 n, i32 graph inputs..., u32 n, i32 graph outputs...
// little endian.
#include <cstring>
#include <limits>
#include <set>

#include "fake_ddk/fake_ddk.h"

namespace fake_ddk {

const char* OpTypeName(OpType type) {
  static const char* kNames[] = {
      "?",         "CONV_2D",     "CONV_2D_TRANSPOSE", "ADD",
      "SUB",       "MUL",         "DIV",               "RELU",
      "RELU6",     "SIGMOID",     "HARD_SWISH",        "HARD_SIGMOID",
      "AVG_POOL",  "MAX_POOL",    "CONCAT",            "RESHAPE",
      "TRANSPOSE", "SOFTMAX",     "RESIZE_NEAREST",    "BATCH_NORM",
      "MAT_MUL",   "FULLY_CONNECTED"};
  const int i = static_cast<int>(type);
  return i > 0 && i < static_cast<int>(OpType::kEnd) ? kNames[i] : "?";
}

int64_t Tensor::size() const {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  return n;
}

int32_t Graph::AddTensor(const std::vector<int32_t>& shape) {
  Tensor t;
  t.shape = shape;
  tensors_.push_back(t);
  return static_cast<int32_t>(tensors_.size() - 1);
}

int32_t Graph::AddConstant(const std::vector<int32_t>& shape,
                           const float* data) {
  Tensor t;
  t.shape = shape;
  t.constant = true;
  t.data.assign(data, data + t.size());
  tensors_.push_back(t);
  return static_cast<int32_t>(tensors_.size() - 1);
}

void Graph::SetInputsAndOutputs(const std::vector<int32_t>& inputs,
                                const std::vector<int32_t>& outputs) {
  inputs_ = inputs;
  outputs_ = outputs;
}

namespace {

bool BroadcastShape(const std::vector<int32_t>& a,
                    const std::vector<int32_t>& b, std::vector<int32_t>* out) {
  const size_t n = std::max(a.size(), b.size());
  out->assign(n, 1);
  for (size_t i = 0; i < n; i++) {
    const int32_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const int32_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1) return false;
    (*out)[i] = da == 1 ? db : da;
  }
  return true;
}

}  // namespace

Status Graph::Validate(std::string* error) const {
  const int32_t n = static_cast<int32_t>(tensors_.size());
  for (int32_t t = 0; t < n; t++) {
    const auto& tensor = tensors_[t];
    if (tensor.shape.size() > 8) {
      *error = "tensor " + std::to_string(t) + ": rank > 8";
      return Status::kInvalidGraph;
    }
    int64_t size = 1;
    for (int32_t d : tensor.shape) {
      if (d <= 0 || size > (int64_t(1) << 34) / d) {
        *error = "tensor " + std::to_string(t) + ": bad shape";
        return Status::kInvalidGraph;
      }
      size *= d;
    }
    if (tensor.constant && static_cast<int64_t>(tensor.data.size()) != size) {
      *error = "constant tensor " + std::to_string(t) + ": data size mismatch";
      return Status::kInvalidGraph;
    }
  }
  std::set<int32_t> available;
  for (int32_t t = 0; t < n; t++) {
    if (tensors_[t].constant) available.insert(t);
  }
  for (int32_t t : inputs_) {
    if (t < 0 || t >= n || tensors_[t].constant) {
      *error = "bad graph input " + std::to_string(t);
      return Status::kInvalidGraph;
    }
    available.insert(t);
  }
  for (size_t k = 0; k < nodes_.size(); k++) {
    const Node& node = nodes_[k];
    const std::string where =
        std::string("node ") + std::to_string(k) + " (" + OpTypeName(node.type) + ")";
    if (static_cast<int>(node.type) <= 0 || node.type >= OpType::kEnd) {
      *error = where + ": unknown type";
      return Status::kInvalidGraph;
    }
    for (int32_t t : node.inputs) {
      if (!available.count(t)) {
        *error = where + ": input tensor " + std::to_string(t) +
                 " is not available";
        return Status::kInvalidGraph;
      }
    }
    if (node.outputs.size() != 1 || node.outputs[0] < 0 ||
        node.outputs[0] >= n || available.count(node.outputs[0])) {
      *error = where + ": needs exactly one new output tensor";
      return Status::kInvalidGraph;
    }
    auto in = [&](size_t i) -> const std::vector<int32_t>& {
      return tensors_[node.inputs[i]].shape;
    };
    const auto& out = tensors_[node.outputs[0]].shape;
    auto fail = [&](const std::string& what) {
      *error = where + ": " + what;
      return Status::kInvalidGraph;
    };
    auto need = [&](size_t inputs, size_t ints, size_t floats) {
      return node.inputs.size() == inputs && node.ints.size() == ints &&
             node.floats.size() == floats;
    };
    switch (node.type) {
      case OpType::kConv2D:
      case OpType::kConv2DTranspose: {
        if (!need(3, 10, 0)) return fail("bad operand/attribute count");
        const auto &x = in(0), &w = in(1), &b = in(2);
        const auto& a = node.ints;
        const int32_t group = a[8];
        if (x.size() != 4 || w.size() != 4 || b.size() != 1 || out.size() != 4)
          return fail("bad ranks");
        for (int i = 0; i < 8; i++) {
          if (a[i] < 0 || (i >= 4 && a[i] == 0)) return fail("bad pads/strides/dilations");
        }
        if (group <= 0 || x[1] % group || out[1] % group || a[9] < 0 || a[9] > 3)
          return fail("bad group/activation");
        if (x[0] != out[0] || b[0] != out[1]) return fail("shape mismatch");
        if (node.type == OpType::kConv2D) {
          if (w[0] != out[1] || w[1] * group != x[1]) return fail("bad filter");
          const int64_t eh = int64_t(a[6]) * (w[2] - 1) + 1;
          const int64_t ew = int64_t(a[7]) * (w[3] - 1) + 1;
          const int64_t oh = (x[2] + a[0] + a[1] - eh) / a[4] + 1;
          const int64_t ow = (x[3] + a[2] + a[3] - ew) / a[5] + 1;
          if (x[2] + a[0] + a[1] < eh || x[3] + a[2] + a[3] < ew ||
              oh != out[2] || ow != out[3])
            return fail("output shape mismatch");
        } else {
          if (w[0] != x[1] || w[1] * group != out[1]) return fail("bad filter");
        }
        break;
      }
      case OpType::kAdd:
      case OpType::kSub:
      case OpType::kMul:
      case OpType::kDiv: {
        if (!need(2, 1, 0)) return fail("bad operand/attribute count");
        std::vector<int32_t> shape;
        if (!BroadcastShape(in(0), in(1), &shape) || shape != out)
          return fail("shapes do not broadcast to the output");
        if (node.ints[0] < 0 || node.ints[0] > 3) return fail("bad activation");
        break;
      }
      case OpType::kRelu:
      case OpType::kRelu6:
      case OpType::kSigmoid:
        if (!need(1, 0, 0) || in(0) != out) return fail("bad operands");
        break;
      case OpType::kHardSwish:
      case OpType::kHardSigmoid:
        if (!need(1, 0, 2) || in(0) != out) return fail("bad operands");
        break;
      case OpType::kAvgPool2D:
      case OpType::kMaxPool2D: {
        if (!need(1, 10, 0)) return fail("bad operand/attribute count");
        const auto& x = in(0);
        const auto& a = node.ints;
        if (x.size() != 4 || out.size() != 4 || out[0] != x[0] || out[1] != x[1])
          return fail("bad shapes");
        for (int i = 0; i < 8; i++) {
          if (a[i] < 0 || ((i < 2 || i >= 6) && a[i] == 0))
            return fail("bad kernel/pads/strides");
        }
        if (a[9] < 0 || a[9] > 3) return fail("bad activation");
        break;
      }
      case OpType::kConcat: {
        if (node.inputs.empty() || node.ints.size() != 1) return fail("bad operands");
        const int32_t axis = node.ints[0];
        if (axis < 0 || axis >= static_cast<int32_t>(out.size()))
          return fail("bad axis");
        int64_t total = 0;
        for (size_t i = 0; i < node.inputs.size(); i++) {
          if (in(i).size() != out.size()) return fail("rank mismatch");
          for (size_t d = 0; d < out.size(); d++) {
            if (static_cast<int32_t>(d) != axis && in(i)[d] != out[d])
              return fail("shape mismatch");
          }
          total += in(i)[axis];
        }
        if (total != out[axis]) return fail("concat size mismatch");
        break;
      }
      case OpType::kReshape:
        if (!need(1, 0, 0) ||
            tensors_[node.inputs[0]].size() != tensors_[node.outputs[0]].size())
          return fail("element count mismatch");
        break;
      case OpType::kTranspose: {
        if (node.inputs.size() != 1 || node.ints.size() != in(0).size() ||
            out.size() != in(0).size())
          return fail("bad perm");
        std::set<int32_t> seen;
        for (size_t d = 0; d < out.size(); d++) {
          const int32_t p = node.ints[d];
          if (p < 0 || p >= static_cast<int32_t>(out.size()) || !seen.insert(p).second ||
              out[d] != in(0)[p])
            return fail("bad perm");
        }
        break;
      }
      case OpType::kSoftmax:
        if (!need(1, 1, 0) || in(0) != out || node.ints[0] < 0 ||
            node.ints[0] >= static_cast<int32_t>(out.size()))
          return fail("bad operands");
        break;
      case OpType::kResizeNearest:
        if (!need(1, 1, 0) || in(0).size() != 4 || out.size() != 4 ||
            out[0] != in(0)[0] || out[1] != in(0)[1])
          return fail("bad shapes");
        break;
      case OpType::kBatchNorm: {
        if (!need(5, 0, 1) || in(0) != out || in(0).size() < 2)
          return fail("bad operands");
        for (size_t i = 1; i < 5; i++) {
          if (in(i).size() != 1 || in(i)[0] != out[1]) return fail("bad parameter shape");
        }
        break;
      }
      case OpType::kMatMul: {
        if (!need(2, 2, 0)) return fail("bad operands");
        const auto &x = in(0), &y = in(1);
        if (x.size() < 2 || y.size() < 2 || out.size() != std::max(x.size(), y.size()))
          return fail("bad ranks");
        const int32_t m = node.ints[0] ? x[x.size() - 1] : x[x.size() - 2];
        const int32_t kx = node.ints[0] ? x[x.size() - 2] : x[x.size() - 1];
        const int32_t ky = node.ints[1] ? y[y.size() - 1] : y[y.size() - 2];
        const int32_t nn = node.ints[1] ? y[y.size() - 2] : y[y.size() - 1];
        std::vector<int32_t> bx(x.begin(), x.end() - 2), by(y.begin(), y.end() - 2), batch;
        if (kx != ky || !BroadcastShape(bx, by, &batch)) return fail("shape mismatch");
        batch.push_back(m);
        batch.push_back(nn);
        if (batch != out) return fail("output shape mismatch");
        break;
      }
      case OpType::kFullyConnected: {
        if (!need(3, 1, 0)) return fail("bad operands");
        const auto &x = in(0), &w = in(1), &b = in(2);
        if (w.size() != 2 || b.size() != 1 || b[0] != w[0] || out.size() != 2 ||
            out[1] != w[0] || tensors_[node.inputs[0]].size() != int64_t(out[0]) * w[1] ||
            x.empty())
          return fail("bad shapes");
        break;
      }
      default:
        return fail("unknown type");
    }
    available.insert(node.outputs[0]);
  }
  for (int32_t t : outputs_) {
    if (!available.count(t) || tensors_[t].constant) {
      *error = "graph output " + std::to_string(t) + " is not produced";
      return Status::kInvalidGraph;
    }
  }
  return Status::kSuccess;
}

// ---------------------------------------------------------------------------
namespace {

class Writer {
 public:
  explicit Writer(std::vector<uint8_t>* out) : out_(out) {}
  void U32(uint32_t v) {
    for (int i = 0; i < 4; i++) out_->push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void F32(float v) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    U32(u);
  }
  void Ints(const std::vector<int32_t>& v) {
    U32(static_cast<uint32_t>(v.size()));
    for (int32_t x : v) I32(x);
  }

 private:
  std::vector<uint8_t>* out_;
};

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool U32(uint32_t* v) {
    if (size_ - pos_ < 4) return false;
    *v = 0;
    for (int i = 0; i < 4; i++) *v |= static_cast<uint32_t>(data_[pos_ + i]) << (8 * i);
    pos_ += 4;
    return true;
  }
  bool I32(int32_t* v) {
    uint32_t u;
    if (!U32(&u)) return false;
    *v = static_cast<int32_t>(u);
    return true;
  }
  bool F32(float* v) {
    uint32_t u;
    if (!U32(&u)) return false;
    std::memcpy(v, &u, 4);
    return true;
  }
  bool Count(uint32_t* n, size_t element_size) {
    return U32(n) && *n <= (size_ - pos_) / element_size;
  }
  bool Ints(std::vector<int32_t>* v) {
    uint32_t n;
    if (!Count(&n, 4)) return false;
    v->resize(n);
    for (auto& x : *v) {
      if (!I32(&x)) return false;
    }
    return true;
  }
  bool U8(uint8_t* v) {
    if (pos_ >= size_) return false;
    *v = data_[pos_++];
    return true;
  }
  bool AtEnd() const { return pos_ == size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

const char kMagic[4] = {'F', 'D', 'D', 'K'};
const uint32_t kVersion = 1;

}  // namespace

std::vector<uint8_t> Graph::Serialize() const {
  std::vector<uint8_t> out(kMagic, kMagic + 4);
  Writer w(&out);
  w.U32(kVersion);
  w.U32(static_cast<uint32_t>(tensors_.size()));
  for (const auto& t : tensors_) {
    w.Ints(t.shape);
    out.push_back(t.constant ? 1 : 0);
    if (t.constant) {
      w.U32(static_cast<uint32_t>(t.data.size()));
      for (float v : t.data) w.F32(v);
    }
  }
  w.U32(static_cast<uint32_t>(nodes_.size()));
  for (const auto& n : nodes_) {
    w.I32(static_cast<int32_t>(n.type));
    w.Ints(n.inputs);
    w.Ints(n.outputs);
    w.Ints(n.ints);
    w.U32(static_cast<uint32_t>(n.floats.size()));
    for (float v : n.floats) w.F32(v);
  }
  w.Ints(inputs_);
  w.Ints(outputs_);
  return out;
}

Status Graph::Deserialize(const uint8_t* data, size_t size, Graph* graph,
                          std::string* error) {
  *graph = Graph();
  if (size < 8 || std::memcmp(data, kMagic, 4) != 0) {
    *error = "not a fake_ddk graph";
    return Status::kInvalidGraph;
  }
  Reader r(data + 4, size - 4);
  uint32_t version = 0, n = 0;
  if (!r.U32(&version) || version != kVersion) {
    *error = "unsupported fake_ddk graph version";
    return Status::kInvalidGraph;
  }
  bool ok = r.Count(&n, 5);
  for (uint32_t i = 0; ok && i < n; i++) {
    Tensor t;
    uint8_t constant = 0;
    ok = r.Ints(&t.shape) && r.U8(&constant);
    t.constant = constant != 0;
    if (ok && t.constant) {
      uint32_t count;
      ok = r.Count(&count, 4);
      t.data.resize(ok ? count : 0);
      for (auto& v : t.data) ok = ok && r.F32(&v);
    }
    graph->tensors_.push_back(std::move(t));
  }
  ok = ok && r.Count(&n, 20);
  for (uint32_t i = 0; ok && i < n; i++) {
    Node node;
    int32_t type = 0;
    uint32_t count = 0;
    ok = r.I32(&type) && r.Ints(&node.inputs) && r.Ints(&node.outputs) &&
         r.Ints(&node.ints) && r.Count(&count, 4);
    node.type = static_cast<OpType>(type);
    node.floats.resize(ok ? count : 0);
    for (auto& v : node.floats) ok = ok && r.F32(&v);
    graph->nodes_.push_back(std::move(node));
  }
  ok = ok && r.Ints(&graph->inputs_) && r.Ints(&graph->outputs_) && r.AtEnd();
  if (!ok) {
    *error = "truncated or malformed fake_ddk graph";
    *graph = Graph();
    return Status::kInvalidGraph;
  }
  // Validate also checks every id, so a hostile buffer cannot make the
  // kernels read out of bounds.
  Status status = graph->Validate(error);
  if (status != Status::kSuccess) *graph = Graph();
  return status;
}

}  // namespace fake_ddk
