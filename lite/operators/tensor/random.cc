// Random ops, drawing from std::mt19937_64 as Paddle and Paddle Lite do on
// the CPU: with `seed` != 0 the engine is seeded with it at every run, so
// runs repeat and the values equal Paddle's where both use libstdc++'s
// distributions (the sequences of std::uniform_real_distribution and
// std::normal_distribution are the library's, not the C++ standard's);
// with seed 0 the seed comes from std::random_device and runs differ.
// uniform_random: Out of `shape` (attribute, ShapeTensor or
//   ShapeTensorList) and `dtype` (float32 or float64), uniform in [min, max);
//   then, as Paddle, diag_num > 0 sets element i * (diag_step + 1) to
//   diag_val for i < diag_num (an initializer's diagonal).
// gaussian_random: the same with normal values of `mean` and `std`.
// sampling_id: X [batch, n] holds one probability row per sample; Out
//   (int64 [batch]) is, per row, the first index where r - the running sum
//   of the row drops below 0 for r uniform in [min, max) (n - 1 when none).
#include <random>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct RandomParam {
  enum Kind { kUniform, kGaussian, kSamplingId } kind{kUniform};
  const Tensor* x{nullptr};  // sampling_id
  const Tensor* shape_tensor{nullptr};
  std::vector<Tensor*> shape_list;
  std::vector<int64_t> shape;
  Tensor* out{nullptr};
  float a{-1.f}, b{1.f};  // min/max or mean/std
  int seed{0};
  int diag_num{0}, diag_step{0};
  float diag_val{1.f};
  DataType dtype{DataType::kFloat32};
};

class RandomOp : public OperatorBase<RandomParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    if (p.kind == RandomParam::kSamplingId) {
      LITE_ENFORCE(p.x->dims().size() == 2, "op 'sampling_id': input 'X' must be [batch, n], got ",
                   DimsToString(p.x->dims()));
      p.out->Resize({p.x->dims()[0]});
      p.out->set_dtype(DataType::kInt64);
      return;
    }
    std::vector<int64_t> d = p.shape;
    if (p.shape_tensor) {
      d = ReadInts(*p.shape_tensor, "op '" + op + "': input 'ShapeTensor'");
    } else if (!p.shape_list.empty()) {
      d = ReadIntList(p.shape_list, "op '" + op + "': input 'ShapeTensorList'");
    }
    for (int64_t v : d) {
      LITE_ENFORCE(v >= 0, "op '", op, "': shape ", DimsToString(d), " has a negative dim");
    }
    if (p.diag_num > 0) {
      const int64_t last = static_cast<int64_t>(p.diag_num - 1) * (p.diag_step + 1);
      LITE_ENFORCE(last < Numel(d), "op 'uniform_random': attributes diag_num ", p.diag_num,
                   " and diag_step ", p.diag_step, " reach element ", last, " of ", Numel(d));
    }
    p.out->Resize(d);
    p.out->set_dtype(p.dtype);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.out = GetOutput(desc, scope, "Out");
    p.seed = desc.GetAttr<int32_t>("seed", 0);
    if (op == "sampling_id") {
      p.kind = RandomParam::kSamplingId;
      p.x = GetInput(desc, scope, "X");
      p.a = desc.GetAttr<float>("min", 0.f);
      p.b = desc.GetAttr<float>("max", 1.f);
      return;
    }
    p.kind = op == "gaussian_random" ? RandomParam::kGaussian : RandomParam::kUniform;
    p.shape = desc.GetAttr<std::vector<int64_t>>("shape", {});
    p.shape_tensor = GetOptionalInput(desc, scope, "ShapeTensor");
    p.shape_list = GetOptionalInputList(desc, scope, "ShapeTensorList");
    p.dtype = DataTypeFromAttr(desc.GetAttr<int32_t>("dtype", 5), op);
    LITE_ENFORCE(p.dtype == DataType::kFloat32 || p.dtype == DataType::kFloat64, "op '", op,
                 "': attribute 'dtype' must be float32 (5) or float64 (6)");
    if (p.kind == RandomParam::kGaussian) {
      p.a = desc.GetAttr<float>("mean", 0.f);
      p.b = desc.GetAttr<float>("std", 1.f);
    } else {
      p.a = desc.GetAttr<float>("min", -1.f);
      p.b = desc.GetAttr<float>("max", 1.f);
      LITE_ENFORCE(p.a < p.b, "op 'uniform_random': attribute 'min' ", p.a,
                   " must be below 'max' ", p.b);
      p.diag_num = desc.GetAttr<int32_t>("diag_num", 0);
      p.diag_step = desc.GetAttr<int32_t>("diag_step", 0);
      p.diag_val = desc.GetAttr<float>("diag_val", 1.f);
    }
  }
};

class RandomKernel : public KernelBase<RandomParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    std::mt19937_64 engine(p.seed != 0 ? static_cast<uint64_t>(p.seed) : std::random_device()());
    if (p.kind == RandomParam::kSamplingId) {
      const int64_t rows = p.x->dims()[0], n = p.x->dims()[1];
      const float* x = p.x->data<float>();
      int64_t* out = p.out->mutable_data<int64_t>();
      std::uniform_real_distribution<float> dist(p.a, p.b);
      for (int64_t i = 0; i < rows; ++i) {
        float r = dist(engine);
        int64_t idx = n - 1;
        for (int64_t j = 0; j < n; ++j) {
          if ((r -= x[i * n + j]) < 0) {
            idx = j;
            break;
          }
        }
        out[i] = idx;
      }
      return;
    }
    auto fill = [&](auto* o) {
      using T = std::remove_pointer_t<decltype(o)>;
      const int64_t n = p.out->numel();
      if (p.kind == RandomParam::kGaussian) {
        std::normal_distribution<T> dist(static_cast<T>(p.a), static_cast<T>(p.b));
        for (int64_t i = 0; i < n; ++i) o[i] = dist(engine);
      } else {
        std::uniform_real_distribution<T> dist(static_cast<T>(p.a), static_cast<T>(p.b));
        for (int64_t i = 0; i < n; ++i) o[i] = dist(engine);
        for (int64_t i = 0; i < p.diag_num; ++i) o[i * (p.diag_step + 1)] = static_cast<T>(p.diag_val);
      }
    };
    if (p.dtype == DataType::kFloat64) {
      fill(p.out->mutable_data<double>());
    } else {
      fill(p.out->mutable_data<float>());
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(RandomOp)
LITE_KERNEL_CLASS(RandomKernel)
