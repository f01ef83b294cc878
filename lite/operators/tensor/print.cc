// print: Out = In, and In is printed to standard output (as Paddle's print
//   op does): the message, the variable's name, LoD, shape, element type and
//   the first `summarize` values (-1: all), each part switched by its
//   print_tensor_* attribute; only the first `first_n` runs print (<= 0:
//   every run); print_phase "backward" never prints at inference.
// share_data: Out = X (a copy; Paddle Lite shares the buffer).
#include <algorithm>
#include <cstring>
#include <iostream>
#include <mutex>
#include <sstream>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct PrintParam {
  const Tensor* in{nullptr};
  Tensor* out{nullptr};
  std::string name, message, phase{"both"};
  int first_n{-1}, summarize{20};
  bool show_name{true}, show_type{true}, show_shape{true}, show_lod{true}, show_layout{true};
  bool print{false};  // print (vs share_data)
};

class PrintOp : public OperatorBase<PrintParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    p.out->Resize(p.in->dims());
    p.out->set_dtype(p.in->dtype());
    p.out->set_lod(p.in->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.print = desc.Type() == "print";
    const char* in_slot = p.print ? "In" : "X";
    p.in = GetInput(desc, scope, in_slot);
    p.name = desc.Input(in_slot).front();
    p.out = GetOutput(desc, scope, "Out");
    if (!p.print) return;
    p.first_n = desc.GetAttr<int32_t>("first_n", -1);
    p.message = desc.GetAttr<std::string>("message", "");
    p.summarize = desc.GetAttr<int32_t>("summarize", 20);
    p.show_name = desc.GetAttr<bool>("print_tensor_name", true);
    p.show_type = desc.GetAttr<bool>("print_tensor_type", true);
    p.show_shape = desc.GetAttr<bool>("print_tensor_shape", true);
    p.show_lod = desc.GetAttr<bool>("print_tensor_lod", true);
    p.show_layout = desc.GetAttr<bool>("print_tensor_layout", true);
    p.phase = desc.GetAttr<std::string>("print_phase", "both");
    LITE_ENFORCE(p.phase == "both" || p.phase == "forward" || p.phase == "backward",
                 "op 'print': attribute 'print_phase' is '", p.phase,
                 "'; expected forward, backward or both");
    // is_forward is always true at inference (there is no backward pass).
    (void)desc.GetAttr<bool>("is_forward", true);
  }
};

class PrintKernel : public KernelBase<PrintParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    if (p.out != p.in) {
      void* o = p.out->mutable_data(p.in->dtype());
      if (p.in->numel() > 0) std::memcpy(o, p.in->raw_data(), p.in->memory_size());
    }
    if (!p.print || p.phase == "backward") return;
    if (p.first_n > 0 && ++runs_ > p.first_n) return;
    std::ostringstream s;
    if (!p.message.empty()) s << p.message << "\n";
    if (p.show_name) s << "Variable: " << p.name << "\n";
    if (p.show_lod && !p.in->lod().empty()) {
      s << "  - lod: {";
      for (const auto& level : p.in->lod()) {
        s << "{";
        for (size_t i = 0; i < level.size(); ++i) s << (i ? ", " : "") << level[i];
        s << "}";
      }
      s << "}\n";
    }
    if (p.show_shape) s << "  - shape: " << DimsToString(p.in->dims()) << "\n";
    if (p.show_layout) s << "  - layout: NCHW\n";
    if (p.show_type) s << "  - dtype: " << DataTypeName(p.in->dtype()) << "\n";
    const int64_t n = p.summarize < 0 ? p.in->numel() : std::min<int64_t>(p.summarize, p.in->numel());
    s << "  - data: [";
    DispatchType(p.in->dtype(), "print", [&](auto tag) {
      using T = decltype(tag);
      const T* v = p.in->template data<T>();
      for (int64_t i = 0; i < n; ++i) {
        s << (i ? " " : "");
        if constexpr (sizeof(T) == 1) {
          s << static_cast<int>(v[i]);
        } else {
          s << v[i];
        }
      }
    });
    s << "]\n";
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    std::cout << s.str() << std::flush;
  }

 private:
  int runs_{0};
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(PrintOp)
LITE_KERNEL_CLASS(PrintKernel)
