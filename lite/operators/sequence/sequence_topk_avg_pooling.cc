// sequence_topk_avg_pooling (Baidu search models; Paddle's op, Paddle
// Lite's x86 kernel lite/backends/x86/math/sequence_topk_avg_pooling.cc).
// float32. X holds, per sequence i of the batch, channel_num matrices of
// rows_i x cols_i values, flattened: X's LoD gives each sequence's element
// range, ROW's LoD (level 0) rows_i and COLUMN's LoD cols_i.
// For every sequence i, channel j and row r: the positions of the max_k
// largest values of the row (max_k = the last of `topks`; repeatedly the
// first largest value not taken yet, values <= -1e7 never taken; -1 pads a
// row shorter than max_k), and for each k of topks
//   Out[row_i + r, j * |topks| + n] = (sum of the first topks[n] taken) / topks[n].
// Out [ROW rows, channel_num * |topks|] with ROW's LoD; pos int32
// [ROW rows * channel_num * max_k] the positions.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

constexpr const char* kOp = "sequence_topk_avg_pooling";

struct TopkAvgParam {
  const Tensor *x{nullptr}, *row{nullptr}, *col{nullptr};
  Tensor *out{nullptr}, *pos{nullptr};
  int channel_num{1};
  std::vector<int32_t> topks;
  std::vector<uint64_t> off_x, off_row, off_col;
};

class SequenceTopkAvgPoolingOp : public OperatorBase<TopkAvgParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32, "op '", kOp, "': input 'X' must be float32");
    p.off_x = SequenceOffsets(kOp, "X", *p.x);
    p.off_row = SequenceOffsets(kOp, "ROW", *p.row);
    p.off_col = SequenceOffsets(kOp, "COLUMN", *p.col);
    LITE_ENFORCE(p.off_x.size() == p.off_row.size() && p.off_x.size() == p.off_col.size(), "op '",
                 kOp, "': X, ROW and COLUMN must hold as many sequences, got ",
                 p.off_x.size() - 1, ", ", p.off_row.size() - 1, ", ", p.off_col.size() - 1);
    const int64_t row_elems = p.x->dims().empty() ? 0 : p.x->numel() / p.x->dims()[0];
    for (size_t i = 0; i + 1 < p.off_x.size(); ++i) {
      const uint64_t rows = p.off_row[i + 1] - p.off_row[i], cols = p.off_col[i + 1] - p.off_col[i];
      LITE_ENFORCE(static_cast<uint64_t>(row_elems) * (p.off_x[i + 1] - p.off_x[i]) ==
                       static_cast<uint64_t>(p.channel_num) * rows * cols,
                   "op '", kOp, "': sequence ", i, " of input 'X' holds ",
                   row_elems * static_cast<int64_t>(p.off_x[i + 1] - p.off_x[i]),
                   " values, expected channel_num (", p.channel_num, ") x rows (", rows,
                   ", ROW) x columns (", cols, ", COLUMN)");
    }
    const int64_t rows = p.row->dims()[0];
    p.out->Resize({rows, p.channel_num * static_cast<int64_t>(p.topks.size())});
    p.out->set_lod(p.row->lod());
    p.pos->Resize({rows * p.channel_num * p.topks.back()});
    p.pos->set_dtype(DataType::kInt32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.row = GetInput(desc, scope, "ROW");
    p.col = GetInput(desc, scope, "COLUMN");
    p.out = GetOutput(desc, scope, "Out");
    p.pos = GetOutput(desc, scope, "pos");
    p.channel_num = desc.GetAttr<int32_t>("channel_num");
    p.topks = desc.GetAttr<std::vector<int32_t>>("topks");
    LITE_ENFORCE(p.channel_num > 0, "op '", kOp, "': attribute 'channel_num' must be > 0, got ",
                 p.channel_num);
    bool ok = !p.topks.empty();
    for (int32_t k : p.topks) ok = ok && k >= 1 && k <= p.topks.back();
    LITE_ENFORCE(ok, "op '", kOp, "': attribute 'topks' must be values >= 1, none above the last "
                 "(the largest k), got ", p.topks.size(), " values");
  }
};

class SequenceTopkAvgPoolingKernel : public KernelBase<TopkAvgParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const float* x = p.x->data<float>();
    const int64_t row_elems = p.x->numel() / p.x->dims()[0];
    const int max_k = p.topks.back();
    const int64_t nk = static_cast<int64_t>(p.topks.size());
    float* out = p.out->mutable_data<float>();
    int32_t* pos = p.pos->mutable_data<int32_t>();
    std::vector<float> prefix(max_k), row_copy;
    for (size_t i = 0; i + 1 < p.off_x.size(); ++i) {
      const int64_t rows = static_cast<int64_t>(p.off_row[i + 1] - p.off_row[i]);
      const int64_t cols = static_cast<int64_t>(p.off_col[i + 1] - p.off_col[i]);
      const float* seq = x + static_cast<int64_t>(p.off_x[i]) * row_elems;
      for (int64_t j = 0; j < p.channel_num; ++j) {
        for (int64_t r = 0; r < rows; ++r) {
          const float* row = seq + (j * rows + r) * cols;
          const int64_t at = static_cast<int64_t>(p.off_row[i]) + r;
          int32_t* ps = pos + (at * p.channel_num + j) * max_k;
          row_copy.assign(row, row + cols);
          float sum = 0.f;
          for (int k = 0; k < max_k; ++k) {
            float best = -1e7f;
            int32_t best_at = -1;
            for (int64_t c = 0; c < cols; ++c) {
              if (row_copy[c] > best) {
                best = row_copy[c];
                best_at = static_cast<int32_t>(c);
              }
            }
            ps[k] = best_at;
            if (best_at >= 0) {
              sum += row[best_at];
              row_copy[best_at] = -1e7f;
            }
            prefix[k] = sum;
          }
          float* o = out + at * p.channel_num * nk + j * nk;
          for (int64_t n = 0; n < nk; ++n) o[n] = prefix[p.topks[n] - 1] / p.topks[n];
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SequenceTopkAvgPoolingOp)
LITE_KERNEL_CLASS(SequenceTopkAvgPoolingKernel)
