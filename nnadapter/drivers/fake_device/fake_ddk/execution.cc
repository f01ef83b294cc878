// fake_ddk kernels: plain fp32 NCHW loops, written for clarity.
#include <algorithm>
#include <cmath>
#include <limits>

#include "fake_ddk/fake_ddk.h"

namespace fake_ddk {
namespace {

using Shape = std::vector<int32_t>;

float Activate(float v, int32_t activation) {
  switch (activation) {
    case 1:
      return std::max(v, 0.0f);
    case 2:
      return std::min(std::max(v, -1.0f), 1.0f);
    case 3:
      return std::min(std::max(v, 0.0f), 6.0f);
    default:
      return v;
  }
}

int64_t Count(const Shape& s, size_t begin = 0, size_t end = 64) {
  int64_t n = 1;
  for (size_t i = begin; i < std::min(end, s.size()); i++) n *= s[i];
  return n;
}

// What both convolutions read from the node: `a` holds pads (top, bottom,
// left, right), strides, dilations, group and the fused activation.
struct ConvShape {
  int32_t pt, pl, sh, sw, dh, dw;
  int32_t N, Ci, H, W, Co, OH, OW, KH, KW, cig, cog;
};

ConvShape ReadConvShape(const Shape& xs, const Shape& ws, const Shape& ys,
                        const std::vector<int32_t>& a) {
  const int32_t group = a[8];
  return {a[0],  a[2],  a[4],  a[5],  a[6],  a[7],
          xs[0], xs[1], xs[2], xs[3], ys[1], ys[2],
          ys[3], ws[2], ws[3], xs[1] / group, ys[1] / group};
}

// Calls tap(kh, kw, h, w) for every kernel tap whose position
// h = base_h * stride - pad + kh * dilation (w alike) lies in [0, H) x [0, W).
template <typename F>
void ForEachTap(const ConvShape& cs, int32_t base_h, int32_t base_w,
                int32_t H, int32_t W, F tap) {
  for (int32_t kh = 0; kh < cs.KH; kh++) {
    const int32_t h = base_h * cs.sh - cs.pt + kh * cs.dh;
    if (h < 0 || h >= H) continue;
    for (int32_t kw = 0; kw < cs.KW; kw++) {
      const int32_t w = base_w * cs.sw - cs.pl + kw * cs.dw;
      if (w < 0 || w >= W) continue;
      tap(kh, kw, h, w);
    }
  }
}

void Conv2D(const float* x, const Shape& xs, const float* w, const Shape& ws,
            const float* b, float* y, const Shape& ys, const std::vector<int32_t>& a) {
  const ConvShape cs = ReadConvShape(xs, ws, ys, a);
  for (int32_t n = 0; n < cs.N; n++)
    for (int32_t co = 0; co < cs.Co; co++) {
      const int32_t g = co / cs.cog;
      for (int32_t oh = 0; oh < cs.OH; oh++)
        for (int32_t ow = 0; ow < cs.OW; ow++) {
          float acc = b[co];
          for (int32_t ci = 0; ci < cs.cig; ci++)
            ForEachTap(cs, oh, ow, cs.H, cs.W,
                       [&](int32_t kh, int32_t kw, int32_t ih, int32_t iw) {
                         acc += x[((int64_t(n) * cs.Ci + g * cs.cig + ci) *
                                       cs.H + ih) * cs.W + iw] *
                                w[((int64_t(co) * cs.cig + ci) * cs.KH + kh) *
                                      cs.KW + kw];
                       });
          y[((int64_t(n) * cs.Co + co) * cs.OH + oh) * cs.OW + ow] =
              Activate(acc, a[9]);
        }
    }
}

void Conv2DTranspose(const float* x, const Shape& xs, const float* w,
                     const Shape& ws, const float* b, float* y, const Shape& ys,
                     const std::vector<int32_t>& a) {
  const ConvShape cs = ReadConvShape(xs, ws, ys, a);
  for (int32_t n = 0; n < cs.N; n++)
    for (int32_t co = 0; co < cs.Co; co++)
      for (int64_t i = 0; i < int64_t(cs.OH) * cs.OW; i++)
        y[(int64_t(n) * cs.Co + co) * cs.OH * cs.OW + i] = b[co];
  for (int32_t n = 0; n < cs.N; n++)
    for (int32_t ci = 0; ci < cs.Ci; ci++) {
      const int32_t g = ci / cs.cig;
      for (int32_t ih = 0; ih < cs.H; ih++)
        for (int32_t iw = 0; iw < cs.W; iw++) {
          const float v = x[((int64_t(n) * cs.Ci + ci) * cs.H + ih) * cs.W + iw];
          for (int32_t c = 0; c < cs.cog; c++) {
            const int32_t co = g * cs.cog + c;
            ForEachTap(cs, ih, iw, cs.OH, cs.OW,
                       [&](int32_t kh, int32_t kw, int32_t oh, int32_t ow) {
                         y[((int64_t(n) * cs.Co + co) * cs.OH + oh) * cs.OW +
                           ow] += v * w[((int64_t(ci) * cs.cog + c) * cs.KH +
                                         kh) * cs.KW + kw];
                       });
          }
        }
    }
  for (int64_t i = 0; i < Count(ys); i++) y[i] = Activate(y[i], a[9]);
}

// Offset in a broadcast input for the flat output index.
int64_t BroadcastOffset(int64_t index, const Shape& out, const Shape& in) {
  int64_t offset = 0, stride = 1;
  for (int64_t d = static_cast<int64_t>(out.size()) - 1; d >= 0; d--) {
    const int32_t od = out[d];
    const int32_t coord = static_cast<int32_t>(index % od);
    index /= od;
    const int64_t k = d - static_cast<int64_t>(out.size() - in.size());
    if (k >= 0) {
      if (in[k] != 1) offset += coord * stride;
      stride *= in[k];
    }
  }
  return offset;
}

void Elementwise(OpType type, const float* a, const Shape& as, const float* b,
                 const Shape& bs, float* y, const Shape& ys, int32_t act) {
  const int64_t n = Count(ys);
  for (int64_t i = 0; i < n; i++) {
    const float u = a[BroadcastOffset(i, ys, as)];
    const float v = b[BroadcastOffset(i, ys, bs)];
    float r = 0;
    switch (type) {
      case OpType::kAdd:
        r = u + v;
        break;
      case OpType::kSub:
        r = u - v;
        break;
      case OpType::kMul:
        r = u * v;
        break;
      default:
        r = u / v;
        break;
    }
    y[i] = Activate(r, act);
  }
}

void Pool(bool is_max, const float* x, const Shape& xs, float* y,
          const Shape& ys, const std::vector<int32_t>& a) {
  const int32_t kh = a[0], kw = a[1], pt = a[2], pl = a[4], sh = a[6], sw = a[7];
  const bool include_pad = a[8] != 0;
  const int32_t H = xs[2], W = xs[3], OH = ys[2], OW = ys[3];
  const int64_t planes = int64_t(xs[0]) * xs[1];
  for (int64_t p = 0; p < planes; p++)
    for (int32_t oh = 0; oh < OH; oh++)
      for (int32_t ow = 0; ow < OW; ow++) {
        const int32_t h0 = oh * sh - pt, w0 = ow * sw - pl;
        const int32_t h1 = std::min(h0 + kh, H + a[3]), w1 = std::min(w0 + kw, W + a[5]);
        float acc = is_max ? -std::numeric_limits<float>::infinity() : 0.0f;
        int32_t count = 0;
        for (int32_t h = std::max(h0, 0); h < std::min(h1, H); h++)
          for (int32_t w = std::max(w0, 0); w < std::min(w1, W); w++) {
            const float v = x[(p * H + h) * W + w];
            acc = is_max ? std::max(acc, v) : acc + v;
            count++;
          }
        if (!is_max) {
          const int32_t area =
              include_pad ? (h1 - h0) * (w1 - w0) : count;
          acc = area > 0 ? acc / area : 0.0f;
        } else if (count == 0) {
          acc = 0.0f;
        }
        y[(p * OH + oh) * OW + ow] = Activate(acc, a[9]);
      }
}

void Concat(const std::vector<const float*>& xs, const std::vector<Shape>& shapes,
            float* y, const Shape& ys, int32_t axis) {
  const int64_t outer = Count(ys, 0, axis);
  const int64_t inner = Count(ys, axis + 1);
  int64_t offset = 0;
  for (size_t i = 0; i < xs.size(); i++) {
    const int64_t chunk = shapes[i][axis] * inner;
    for (int64_t o = 0; o < outer; o++) {
      std::copy(xs[i] + o * chunk, xs[i] + (o + 1) * chunk,
                y + o * ys[axis] * inner + offset);
    }
    offset += chunk;
  }
}

void Transpose(const float* x, const Shape& xs, float* y, const Shape& ys,
               const std::vector<int32_t>& perm) {
  const size_t r = xs.size();
  std::vector<int64_t> in_strides(r, 1);
  for (int64_t d = static_cast<int64_t>(r) - 2; d >= 0; d--)
    in_strides[d] = in_strides[d + 1] * xs[d + 1];
  const int64_t n = Count(ys);
  for (int64_t i = 0; i < n; i++) {
    int64_t rem = i, offset = 0;
    for (int64_t d = static_cast<int64_t>(r) - 1; d >= 0; d--) {
      offset += (rem % ys[d]) * in_strides[perm[d]];
      rem /= ys[d];
    }
    y[i] = x[offset];
  }
}

void Softmax(const float* x, float* y, const Shape& s, int32_t axis) {
  const int64_t outer = Count(s, 0, axis), inner = Count(s, axis + 1);
  const int32_t n = s[axis];
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      const float* xp = x + o * n * inner + i;
      float* yp = y + o * n * inner + i;
      float mx = -std::numeric_limits<float>::infinity();
      for (int32_t k = 0; k < n; k++) mx = std::max(mx, xp[k * inner]);
      double sum = 0;
      for (int32_t k = 0; k < n; k++) {
        yp[k * inner] = std::exp(xp[k * inner] - mx);
        sum += yp[k * inner];
      }
      for (int32_t k = 0; k < n; k++) yp[k * inner] = static_cast<float>(yp[k * inner] / sum);
    }
}

void ResizeNearest(const float* x, const Shape& xs, float* y, const Shape& ys,
                   bool align_corners) {
  const int32_t H = xs[2], W = xs[3], OH = ys[2], OW = ys[3];
  auto src = [&](int32_t o, int32_t in, int32_t out) {
    int64_t s;
    if (align_corners) {
      s = out > 1 ? static_cast<int64_t>(std::lround(double(o) * (in - 1) / (out - 1))) : 0;
    } else {
      s = static_cast<int64_t>(std::floor(double(o) * in / out));
    }
    return static_cast<int32_t>(std::min<int64_t>(std::max<int64_t>(s, 0), in - 1));
  };
  const int64_t planes = int64_t(xs[0]) * xs[1];
  for (int64_t p = 0; p < planes; p++)
    for (int32_t oh = 0; oh < OH; oh++)
      for (int32_t ow = 0; ow < OW; ow++)
        y[(p * OH + oh) * OW + ow] = x[(p * H + src(oh, H, OH)) * W + src(ow, W, OW)];
}

void MatMul(const float* x, const Shape& xs, const float* w, const Shape& ws,
            float* y, const Shape& ys, bool tx, bool ty) {
  const size_t r = ys.size();
  const int32_t M = ys[r - 2], N = ys[r - 1];
  const int32_t K = tx ? xs[xs.size() - 2] : xs[xs.size() - 1];
  const Shape batch(ys.begin(), ys.end() - 2);
  const Shape xb(xs.begin(), xs.end() - 2), wb(ws.begin(), ws.end() - 2);
  const int64_t batches = Count(batch);
  const int64_t xm = int64_t(xs[xs.size() - 2]) * xs[xs.size() - 1];
  const int64_t wm = int64_t(ws[ws.size() - 2]) * ws[ws.size() - 1];
  for (int64_t bi = 0; bi < batches; bi++) {
    const float* xp = x + (batch.empty() ? 0 : BroadcastOffset(bi, batch, xb)) * xm;
    const float* wp = w + (batch.empty() ? 0 : BroadcastOffset(bi, batch, wb)) * wm;
    float* yp = y + bi * int64_t(M) * N;
    for (int32_t m = 0; m < M; m++)
      for (int32_t n = 0; n < N; n++) {
        float acc = 0;
        for (int32_t k = 0; k < K; k++) {
          const float a = tx ? xp[int64_t(k) * M + m] : xp[int64_t(m) * K + k];
          const float b = ty ? wp[int64_t(n) * K + k] : wp[int64_t(k) * N + n];
          acc += a * b;
        }
        yp[int64_t(m) * N + n] = acc;
      }
  }
}

}  // namespace

Execution::Execution(const Graph* graph) : graph_(graph) {}

Status Execution::Run(const std::vector<const float*>& inputs,
                      const std::vector<float*>& outputs, std::string* error) {
  const auto& tensors = graph_->tensors();
  if (inputs.size() != graph_->inputs().size() ||
      outputs.size() != graph_->outputs().size()) {
    *error = "wrong number of inputs/outputs";
    return Status::kInvalidInput;
  }
  buffers_.resize(tensors.size());
  std::vector<const float*> data(tensors.size(), nullptr);
  for (size_t t = 0; t < tensors.size(); t++) {
    if (tensors[t].constant) data[t] = tensors[t].data.data();
  }
  for (size_t i = 0; i < inputs.size(); i++) {
    if (!inputs[i]) {
      *error = "input " + std::to_string(i) + " is NULL";
      return Status::kInvalidInput;
    }
    data[graph_->inputs()[i]] = inputs[i];
  }
  for (const Node& node : graph_->nodes()) {
    const int32_t o = node.outputs[0];
    buffers_[o].resize(static_cast<size_t>(tensors[o].size()));
    float* y = buffers_[o].data();
    const Shape& ys = tensors[o].shape;
    auto in = [&](size_t i) { return data[node.inputs[i]]; };
    auto shape = [&](size_t i) -> const Shape& { return tensors[node.inputs[i]].shape; };
    const int64_t n = tensors[o].size();
    switch (node.type) {
      case OpType::kConv2D:
        Conv2D(in(0), shape(0), in(1), shape(1), in(2), y, ys, node.ints);
        break;
      case OpType::kConv2DTranspose:
        Conv2DTranspose(in(0), shape(0), in(1), shape(1), in(2), y, ys, node.ints);
        break;
      case OpType::kAdd:
      case OpType::kSub:
      case OpType::kMul:
      case OpType::kDiv:
        Elementwise(node.type, in(0), shape(0), in(1), shape(1), y, ys, node.ints[0]);
        break;
      case OpType::kRelu:
        for (int64_t i = 0; i < n; i++) y[i] = std::max(in(0)[i], 0.0f);
        break;
      case OpType::kRelu6:
        for (int64_t i = 0; i < n; i++) y[i] = std::min(std::max(in(0)[i], 0.0f), 6.0f);
        break;
      case OpType::kSigmoid:
        for (int64_t i = 0; i < n; i++) y[i] = 1.0f / (1.0f + std::exp(-in(0)[i]));
        break;
      case OpType::kHardSwish:
      case OpType::kHardSigmoid: {
        const float alpha = node.floats[0], beta = node.floats[1];
        const bool swish = node.type == OpType::kHardSwish;
        for (int64_t i = 0; i < n; i++) {
          const float v = in(0)[i];
          const float g = std::max(0.0f, std::min(1.0f, alpha * v + beta));
          y[i] = swish ? v * g : g;
        }
        break;
      }
      case OpType::kAvgPool2D:
      case OpType::kMaxPool2D:
        Pool(node.type == OpType::kMaxPool2D, in(0), shape(0), y, ys, node.ints);
        break;
      case OpType::kConcat: {
        std::vector<const float*> xs;
        std::vector<Shape> shapes;
        for (size_t i = 0; i < node.inputs.size(); i++) {
          xs.push_back(in(i));
          shapes.push_back(shape(i));
        }
        Concat(xs, shapes, y, ys, node.ints[0]);
        break;
      }
      case OpType::kReshape:
        std::copy(in(0), in(0) + n, y);
        break;
      case OpType::kTranspose:
        Transpose(in(0), shape(0), y, ys, node.ints);
        break;
      case OpType::kSoftmax:
        Softmax(in(0), y, ys, node.ints[0]);
        break;
      case OpType::kResizeNearest:
        ResizeNearest(in(0), shape(0), y, ys, node.ints[0] != 0);
        break;
      case OpType::kBatchNorm: {
        const float eps = node.floats[0];
        const int64_t C = ys[1], inner = Count(ys, 2);
        for (int64_t i = 0; i < n; i++) {
          const int64_t c = (i / inner) % C;
          y[i] = (in(0)[i] - in(3)[c]) / std::sqrt(in(4)[c] + eps) * in(1)[c] + in(2)[c];
        }
        break;
      }
      case OpType::kMatMul:
        MatMul(in(0), shape(0), in(1), shape(1), y, ys, node.ints[0] != 0,
               node.ints[1] != 0);
        break;
      case OpType::kFullyConnected: {
        const int32_t M = ys[0], N = ys[1], K = shape(1)[1];
        for (int32_t m = 0; m < M; m++)
          for (int32_t j = 0; j < N; j++) {
            float acc = in(2)[j];
            for (int32_t k = 0; k < K; k++)
              acc += in(0)[int64_t(m) * K + k] * in(1)[int64_t(j) * K + k];
            y[int64_t(m) * N + j] = Activate(acc, node.ints[0]);
          }
        break;
      }
      default:
        *error = "unknown node type";
        return Status::kInvalidGraph;
    }
    data[o] = y;
  }
  for (size_t i = 0; i < outputs.size(); i++) {
    const int32_t t = graph_->outputs()[i];
    if (!outputs[i]) {
      *error = "output " + std::to_string(i) + " is NULL";
      return Status::kInvalidInput;
    }
    std::copy(data[t], data[t] + tensors[t].size(), outputs[i]);
  }
  return Status::kSuccess;
}

}  // namespace fake_ddk
