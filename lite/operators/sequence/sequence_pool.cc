// sequence_pool: X [T, ...] with a LoD; Out [N, ...] pools each of the N
// sequences of the last level: SUM, AVERAGE, SQRT (sum / sqrt(length)),
// MAX (and MaxIndex, int32, the row of the max within X), LAST, FIRST.
// An empty sequence gives pad_value (MaxIndex -1). Out's LoD is X's without
// its last level.
#include <cmath>
#include <limits>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

enum class PoolType { kSum, kAverage, kSqrt, kMax, kLast, kFirst };

struct SequencePoolParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  Tensor* max_index{nullptr};
  PoolType type{PoolType::kAverage};
  float pad_value{0.f};
  std::vector<uint64_t> offsets;
};

class SequencePoolOp : public OperatorBase<SequencePoolParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    p.offsets = SequenceOffsets("sequence_pool", "X", *p.x);
    DDim out = p.x->dims();
    out[0] = static_cast<int64_t>(p.offsets.size() - 1);
    p.out->Resize(out);
    p.out->set_dtype(DataType::kFloat32);
    LoD lod = p.x->lod();
    lod.pop_back();
    p.out->set_lod(lod);
    if (p.max_index) {
      p.max_index->Resize(out);
      p.max_index->set_dtype(DataType::kInt32);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.max_index = GetOptionalOutput(desc, scope, "MaxIndex");
    p.pad_value = desc.GetAttr<float>("pad_value", 0.f);
    const std::string t = desc.GetAttr<std::string>("pooltype", "AVERAGE");
    if (t == "SUM") p.type = PoolType::kSum;
    else if (t == "AVERAGE") p.type = PoolType::kAverage;
    else if (t == "SQRT") p.type = PoolType::kSqrt;
    else if (t == "MAX") p.type = PoolType::kMax;
    else if (t == "LAST") p.type = PoolType::kLast;
    else if (t == "FIRST") p.type = PoolType::kFirst;
    else ThrowError("op 'sequence_pool': attribute 'pooltype' = '", t,
                    "' is not one of SUM, AVERAGE, SQRT, MAX, LAST, FIRST");
  }
};

class SequencePoolKernel : public KernelBase<SequencePoolParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t rows = p.x->dims()[0];
    const int64_t w = rows > 0 ? p.x->numel() / rows : DimsProduct(p.x->dims(), 1, p.x->dims().size());
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    int32_t* idx = p.max_index ? p.max_index->mutable_data<int32_t>() : nullptr;
    for (size_t s = 0; s + 1 < p.offsets.size(); ++s) {
      const int64_t b = p.offsets[s], e = p.offsets[s + 1], len = e - b;
      float* o = out + s * w;
      for (int64_t j = 0; j < w; ++j) {
        if (len == 0) {
          o[j] = p.pad_value;
          if (idx) idx[s * w + j] = -1;
          continue;
        }
        switch (p.type) {
          case PoolType::kFirst: o[j] = x[b * w + j]; break;
          case PoolType::kLast: o[j] = x[(e - 1) * w + j]; break;
          case PoolType::kMax: {
            int64_t at = b;
            for (int64_t t = b + 1; t < e; ++t) {
              if (x[t * w + j] > x[at * w + j]) at = t;
            }
            o[j] = x[at * w + j];
            if (idx) idx[s * w + j] = static_cast<int32_t>(at);
            break;
          }
          default: {
            float sum = 0.f;
            for (int64_t t = b; t < e; ++t) sum += x[t * w + j];
            if (p.type == PoolType::kAverage) sum /= static_cast<float>(len);
            if (p.type == PoolType::kSqrt) sum /= std::sqrt(static_cast<float>(len));
            o[j] = sum;
          }
        }
      }
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SequencePoolOp)
LITE_KERNEL_CLASS(SequencePoolKernel)
