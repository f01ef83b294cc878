// Harness cases of the math converters: elementwise ops (and their fused
// forms), the activations of activations.inc, scale, comparisons, logical
// ops, where, reductions, mean, axpy, p_norm, cos_sim, elementwise_mod, arg_max/arg_min, top_k, clip, assign, fill_*_like,
// dropout, sum, reciprocal.
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {

using harness::Bools;
using harness::Declines;
using harness::F;
using harness::Levels;
using harness::W;

namespace {

// One activation op with attributes, on inputs in [lo, hi).
HarnessCase Act(const std::string& op, const std::string& label, float lo, float hi,
                std::vector<std::pair<std::string, float>> attrs = {}) {
  return {op, label, [=](OpRunner& r, int64_t n) {
            F(r, "X", "x", {2, n, 3}, lo, hi);
            r.Output("Out", "y");
            for (const auto& [name, v] : attrs) r.Attr(name, v);
          }};
}

template <typename T>
void AddIntModCases(std::vector<HarnessCase>* cases, const std::string& type) {
  auto nonzero = [](int64_t count) {
    std::vector<T> y(count);
    for (int64_t i = 0; i < count; ++i) y[i] = static_cast<T>((i % 2 ? -1 : 1) * (1 + i % 7));
    return y;
  };
  cases->push_back({"elementwise_mod", type + " same dims", [=](OpRunner& r, int64_t n) {
                      harness::Ints<T>(r, "X", "x", {2, n, 3}, -40, 40);
                      r.Input<T>("Y", "b", {2, n, 3}, nonzero(6 * n));
                      r.Output("Out", "y");
                    }});
  cases->push_back({"elementwise_mod", type + " broadcast Y [3]", [=](OpRunner& r, int64_t n) {
                      harness::Ints<T>(r, "X", "x", {2, n, 3}, -40, 40);
                      r.Input<T>("Y", "b", {3}, nonzero(3));
                      r.Output("Out", "y");
                    }});
}

}  // namespace

void AddMathCases(std::vector<HarnessCase>* cases) {
  auto& c = *cases;
  for (const char* op : {"elementwise_add", "elementwise_sub", "elementwise_mul",
                         "elementwise_div", "elementwise_max", "elementwise_min",
                         "elementwise_pow", "elementwise_floordiv", "elementwise_mod"}) {
    const bool pow = std::string(op) == "elementwise_pow";
    const float lo = pow ? 0.1f : -2.f;
    c.push_back({op, "same dims", [=](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3}, lo, 2.f);
                   F(r, "Y", "b", {2, n, 3}, 0.5f, 2.f);
                   r.Output("Out", "y");
                 }});
    c.push_back({op, "numpy broadcast of Y [3]", [=](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3}, lo, 2.f);
                   F(r, "Y", "b", {3}, 0.5f, 2.f);
                   r.Output("Out", "y");
                 }});
    c.push_back({op, "axis 1 weight Y [n]", [=](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3}, lo, 2.f);
                   W(r, "Y", "b", {n}, 0.5f, 2.f);
                   r.Output("Out", "y");
                   r.Attr("axis", 1);
                 }});
    c.push_back({op, "axis 2 weight Y [3, 1] (trailing 1 trimmed)", [=](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3}, lo, 2.f);
                   W(r, "Y", "b", {3, 1}, 0.5f, 2.f);
                   r.Output("Out", "y");
                   r.Attr("axis", 2);
                 }});
    c.push_back(Declines({op, "axis 1 run-time Y", [=](OpRunner& r, int64_t n) {
                            F(r, "X", "x", {2, n, 3}, lo, 2.f);
                            F(r, "Y", "b", {n}, 0.5f, 2.f);
                            r.Output("Out", "y");
                            r.Attr("axis", 1);
                          }},
                         "non-constant Y"));
  }
  // elementwise_mod on integers of both signs (the result takes Y's sign).
  AddIntModCases<int32_t>(&c, "int32");
  AddIntModCases<int64_t>(&c, "int64");
  for (const char* op : {"fusion_elementwise_add_activation", "fusion_elementwise_sub_activation",
                         "fusion_elementwise_mul_activation", "fusion_elementwise_div_activation",
                         "fusion_elementwise_max_activation", "fusion_elementwise_min_activation"}) {
    for (const char* act : {"relu", "sigmoid"}) {
      c.push_back({op, act, [=](OpRunner& r, int64_t n) {
                     F(r, "X", "x", {2, n, 3});
                     F(r, "Y", "b", {2, n, 3}, 0.5f, 2.f);
                     r.Output("Out", "y");
                     r.Attr("act_type", std::string(act));
                   }});
    }
  }
  // Activations (the NNAdapter column of activations.inc).
  c.push_back(Act("relu", "", -2, 2));
  c.push_back(Act("relu6", "threshold 6", -8, 8));
  c.push_back(Act("relu6", "threshold 3 (CLIP)", -8, 8, {{"threshold", 3.f}}));
  c.push_back(Act("leaky_relu", "alpha 0.1", -2, 2, {{"alpha", 0.1f}}));
  c.push_back(Act("sigmoid", "", -6, 6));
  c.push_back(Act("tanh", "", -4, 4));
  c.push_back(Act("hard_sigmoid", "slope 0.3 offset 0.4", -5, 5,
                  {{"slope", 0.3f}, {"offset", 0.4f}}));
  c.push_back(Act("hard_swish", "defaults (HARD_SWISH)", -8, 8));
  c.push_back(Act("hard_swish", "threshold 5 scale 7 offset 2 (composed)", -8, 8,
                  {{"threshold", 5.f}, {"scale", 7.f}, {"offset", 2.f}}));
  c.push_back(Act("swish", "beta 1", -5, 5));
  c.push_back(Act("swish", "beta 1.5 (composed)", -5, 5, {{"beta", 1.5f}}));
  c.push_back(Act("gelu", "erf", -4, 4));
  c.push_back({"gelu", "tanh approximation", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3}, -4, 4);
                 r.Output("Out", "y");
                 r.Attr("approximate", true);
               }});
  c.push_back(Act("exp", "", -4, 4));
  c.push_back(Act("log", "", 0.05f, 6));
  c.push_back(Act("abs", "", -3, 3));
  c.push_back(Act("softsign", "(composed)", -5, 5));
  c.push_back(Act("sqrt", "(POW 0.5)", 0.01f, 9));
  c.push_back(Act("rsqrt", "", 0.05f, 9));
  c.push_back(Act("pow", "factor 2.5", 0.01f, 3, {{"factor", 2.5f}}));
  c.push_back(Act("pow", "factor 2", -3, 3, {{"factor", 2.f}}));
  c.push_back(Act("square", "", -3, 3));
  c.push_back(Act("softplus", "beta 1.5", -20, 20, {{"beta", 1.5f}}));
  c.push_back(Act("softplus", "beta 2 threshold 10", -20, 20,
                  {{"beta", 2.f}, {"threshold", 10.f}}));
  c.push_back(Act("elu", "alpha 0.7 (composed)", -4, 4, {{"alpha", 0.7f}}));
  c.push_back(Act("floor", "", -9, 9));
  for (bool exclusive : {false, true}) {
    for (bool reverse : {false, true}) {
      c.push_back({"cumsum", std::string("axis 1") + (exclusive ? " exclusive" : "") +
                                 (reverse ? " reverse" : ""),
                   [=](OpRunner& r, int64_t n) {
                     harness::F(r, "X", "x", {2, n, 3});
                     r.Output("Out", "y");
                     r.Attr("axis", 1);
                     r.Attr("exclusive", exclusive);
                     r.Attr("reverse", reverse);
                   }});
    }
  }
  c.push_back({"cumsum", "flatten", [](OpRunner& r, int64_t n) {
                 harness::F(r, "X", "x", {n, 3});
                 r.Output("Out", "y");
                 r.Attr("flatten", true);
               }});
  for (int axis : {1, -1}) {
    c.push_back({"norm", "axis " + std::to_string(axis), [axis](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, 5, n});
                   r.Output("Out", "y");
                   r.Attr("axis", axis);
                   r.Attr("epsilon", 1e-10f);
                 }});
  }
  for (const char* layout : {"NCHW", "NHWC"}) {
    c.push_back({"affine_channel", layout, [layout](OpRunner& r, int64_t n) {
                   const bool nhwc = std::string(layout) == "NHWC";
                   F(r, "X", "x", nhwc ? DDim{2, n, 3, 4} : DDim{2, 4, n, 3});
                   W(r, "Scale", "s", {4});
                   W(r, "Bias", "b", {4});
                   r.Output("Out", "y");
                   r.Attr("data_layout", std::string(layout));
                 }});
  }
  c.push_back(Act("sin", "", -7, 7));
  c.push_back(Act("cos", "", -7, 7));
  c.push_back(Act("log1p", "(composed)", -0.9f, 9));
  c.push_back(Act("silu", "(SWISH)", -8, 8));
  c.push_back(Act("mish", "(composed)", -25, 25));
  c.push_back(Act("mish", "threshold 3 (composed)", -6, 6, {{"threshold", 3.f}}));
  c.push_back(Act("thresholded_relu", "threshold 0.5 (composed)", -3, 3, {{"threshold", 0.5f}}));
  c.push_back(Act("relu_clipped", "coef 2.5 (CLIP)", -9, 9, {{"Relu_clipped_coef", 2.5f}}));
  c.push_back(Act("negative", "(composed)", -9, 9));
  c.push_back(Act("ceil", "(composed)", -9, 9));
  c.push_back(Act("sign", "(composed)", -3, 3));
  c.push_back(Declines({"sign", "int32 X", [](OpRunner& r, int64_t n) {
                          harness::Ints<int32_t>(r, "X", "x", {2, n}, -5, 5);
                          r.Output("Out", "y");
                        }},
                       "float"));
  // Halves (x.5 of both signs) and values just below them.
  c.push_back({"round", "(composed) halves and near-halves", [](OpRunner& r, int64_t n) {
                 std::vector<float> v(6 * n);
                 for (int64_t i = 0; i < 6 * n; ++i) {
                   const float half = static_cast<float>(i % 9) - 4.5f;
                   v[i] = i % 3 == 0 ? half : i % 3 == 1 ? std::nextafter(half, 0.f)
                                                         : half * 0.37f;
                 }
                 v[0] = 0.49999997f;
                 r.Input<float>("X", "x", {2, n, 3}, v);
                 r.Output("Out", "y");
               }});
  for (bool after : {true, false}) {
    c.push_back({"scale", after ? "bias after scale" : "bias before scale",
                 [after](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3});
                   r.Output("Out", "y");
                   r.Attr("scale", 2.5f);
                   r.Attr("bias", 0.75f);
                   r.Attr("bias_after_scale", after);
                 }});
  }
  c.push_back(Act("scale", "scale only", -2, 2, {{"scale", -1.5f}}));
  c.push_back(Act("scale", "bias only", -2, 2, {{"bias", 0.25f}}));
  // Comparisons (equal elements exist: inputs are small integers).
  for (const char* op : {"equal", "not_equal", "less_than", "less_equal", "greater_than",
                         "greater_equal"}) {
    c.push_back({op, "same dims", [](OpRunner& r, int64_t n) {
                   Levels(r, "X", "x", {2, n, 3});
                   Levels(r, "Y", "b", {2, n, 3});
                   r.Output("Out", "y");
                 }});
    c.push_back({op, "broadcast Y [3]", [](OpRunner& r, int64_t n) {
                   Levels(r, "X", "x", {2, n, 3});
                   Levels(r, "Y", "b", {3});
                   r.Output("Out", "y");
                 }});
  }
  for (const char* op : {"logical_and", "logical_or", "logical_xor"}) {
    c.push_back({op, "", [](OpRunner& r, int64_t n) {
                   Bools(r, "X", "x", {2, n, 3});
                   Bools(r, "Y", "b", {2, n, 3});
                   r.Output("Out", "y");
                 }});
  }
  c.push_back({"logical_not", "", [](OpRunner& r, int64_t n) {
                 Bools(r, "X", "x", {2, n, 3});
                 r.Output("Out", "y");
               }});
  c.push_back({"where", "", [](OpRunner& r, int64_t n) {
                 Bools(r, "Condition", "cond", {2, n, 3});
                 F(r, "X", "x", {2, n, 3});
                 F(r, "Y", "b", {2, n, 3});
                 r.Output("Out", "y");
               }});
  // axpy: a per-(n, c) scale on 2-D and 4-D X, Scale a weight or not.
  for (bool weight : {false, true}) {
    c.push_back({"axpy", weight ? "4-D X, Scale a weight" : "2-D X",
                 [weight](OpRunner& r, int64_t n) {
                   const DDim xd = weight ? DDim{2, 3, n, 2} : DDim{n, 3};
                   if (weight) {
                     W(r, "Scale", "s", {2, 3});
                   } else {
                     F(r, "Scale", "s", {n, 3});
                   }
                   F(r, "X", "x", xd);
                   F(r, "Bias", "b", xd);
                   r.Output("Out", "y");
                 }});
  }
  // p_norm: orders 2, 3, 1, 0, inf, -inf along an axis (keepdim or not),
  // and over every element.
  for (float porder : {2.f, 3.f, 1.f, 0.f, INFINITY, -INFINITY}) {
    for (int form : {0, 1, 2}) {
      c.push_back({"p_norm", "porder " + std::to_string(porder) + " form " + std::to_string(form),
                   [porder, form](OpRunner& r, int64_t n) {
                     F(r, "X", "x", {n, 3, 2});
                     r.Output("Out", "y");
                     r.Attr("porder", porder);
                     r.Attr("axis", form == 0 ? 1 : -1);
                     r.Attr("keepdim", form == 1);
                     r.Attr("asvector", form == 2);
                   }});
    }
  }
  c.push_back(Declines({"p_norm", "porder -2", [](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {n, 3});
                          r.Output("Out", "y");
                          r.Attr("porder", -2.f);
                        }},
                       "porder"));
  // cos_sim: 2-D rows, 3-D X flattened, Y broadcast from one row; with and
  // without the norm outputs.
  for (int form : {0, 1, 2}) {
    c.push_back({"cos_sim", "form " + std::to_string(form), [form](OpRunner& r, int64_t n) {
                   const DDim xd = form == 1 ? DDim{n, 2, 3} : DDim{n, 5};
                   F(r, "X", "x", xd);
                   DDim yd = xd;
                   if (form == 2) yd[0] = 1;
                   F(r, "Y", "yy", yd);
                   r.Output("Out", "o");
                   if (form != 1) {
                     r.Output("XNorm", "xn");
                     r.Output("YNorm", "yn");
                   }
                 }});
  }
  // mean: every element, a 0-D Out.
  for (bool flat : {false, true}) {
    c.push_back({"mean", flat ? "1-D X" : "3-D X", [flat](OpRunner& r, int64_t n) {
                   F(r, "X", "x", flat ? DDim{n} : DDim{n, 3, 2});
                   r.Output("Out", "y");
                 }});
  }
  // Reductions (reduce_any / reduce_all of bools).
  for (const char* op : {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_any",
                         "reduce_all"}) {
    const bool logical = std::string(op) == "reduce_any" || std::string(op) == "reduce_all";
    using Attrs = std::function<void(OpRunner&)>;
    const std::pair<std::string, Attrs> kDims[] = {
        {"dim [1]", [](OpRunner& r) { r.Attr("dim", std::vector<int32_t>{1}); }},
        {"dim [0, -1]", [](OpRunner& r) { r.Attr("dim", std::vector<int32_t>{0, -1}); }},
        {"reduce_all", [](OpRunner& r) { r.Attr("reduce_all", true); }}};
    for (bool keep : {false, true}) {
      for (const auto& [label, dims] : kDims) {
        c.push_back({op, label + (keep ? " keep_dim" : ""),
                     [=, dims = dims](OpRunner& r, int64_t n) {
                       if (logical) {
                         Bools(r, "X", "x", {2, n, 3});
                       } else {
                         F(r, "X", "x", {2, n, 3});
                       }
                       r.Output("Out", "y");
                       dims(r);
                       r.Attr("keep_dim", keep);
                     }});
      }
    }
  }
  for (const char* op : {"arg_max", "arg_min"}) {
    for (int dtype : {2, 3}) {
      c.push_back({op, "axis 1 dtype " + std::to_string(dtype), [=](OpRunner& r, int64_t n) {
                     F(r, "X", "x", {2, n, 3});
                     r.Output("Out", "y");
                     r.Attr("axis", int64_t{1});
                     r.Attr("dtype", dtype);
                   }});
    }
    c.push_back({op, "axis -1 keepdims", [=](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, 3, n});
                   r.Output("Out", "y");
                   r.Attr("axis", int64_t{-1});
                   r.Attr("keepdims", true);
                 }});
    c.push_back({op, "flatten", [=](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3});
                   r.Output("Out", "y");
                   r.Attr("axis", int64_t{0});
                   r.Attr("flatten", true);
                 }});
  }
  c.push_back({"top_k", "k 3", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n + 3});
                 r.Output("Out", "y");
                 r.Output("Indices", "i");
                 r.Attr("k", 3);
               }});
  c.push_back({"top_k_v2", "k 2 axis 0 smallest", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {4, n, 3});
                 r.Output("Out", "y");
                 r.Output("Indices", "i");
                 r.Attr("k", 2);
                 r.Attr("axis", 0);
                 r.Attr("largest", false);
               }});
  // arg_sort on small integers (ties: the lower index first on both paths).
  for (bool descending : {false, true}) {
    for (int axis : {-1, 0}) {
      c.push_back({descending ? "argsort" : "arg_sort",
                   "axis " + std::to_string(axis) + (descending ? " descending" : " ascending"),
                   [=](OpRunner& r, int64_t n) {
                     Levels(r, "X", "x", {3, n, 2});
                     r.Output("Out", "y");
                     r.Output("Indices", "i");
                     r.Attr("axis", axis);
                     r.Attr("descending", descending);
                   }});
    }
  }
  c.push_back(Declines({"top_k", "run-time K", [](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {2, n + 3});
                          r.Input<int32_t>("K", "k", {1}, {2});
                          r.Output("Out", "y");
                          r.Output("Indices", "i");
                        }},
                       "K"));
  c.push_back(Act("clip", "min -0.5 max 0.7", -2, 2, {{"min", -0.5f}, {"max", 0.7f}}));
  c.push_back({"clip", "Min/Max weights", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3});
                 r.Input<float>("Min", "lo", {1}, {-0.25f})->set_persistable(true);
                 r.Input<float>("Max", "hi", {1}, {1.25f})->set_persistable(true);
                 r.Output("Out", "y");
               }});
  c.push_back(Declines({"clip", "int32 X", [](OpRunner& r, int64_t n) {
                          harness::Ints<int32_t>(r, "X", "x", {2, n}, -5, 5);
                          r.Output("Out", "y");
                          r.Attr("min", -1.f);
                          r.Attr("max", 2.f);
                        }},
                       "float"));
  c.push_back(Act("assign", "", -2, 2));
  c.push_back({"fill_any_like", "value 2.5", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("value", 2.5);
               }});
  c.push_back(Act("fill_zeros_like", "", -2, 2));
  c.push_back({"dropout", "downgrade_in_infer", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("dropout_prob", 0.25f);
                 r.Attr("is_test", true);
               }});
  c.push_back({"dropout", "upscale_in_train", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("dropout_prob", 0.25f);
                 r.Attr("is_test", true);
                 r.Attr("dropout_implementation", std::string("upscale_in_train"));
               }});
  // No CPU kernel in this tree yet: each case's reference writes "y".
  HarnessCase sum{"sum", "3 inputs", [](OpRunner& r, int64_t n) {
                    F(r, "X", "a", {2, n, 3});
                    F(r, "X", "b", {2, n, 3});
                    F(r, "X", "c", {2, n, 3});
                    r.Output("Out", "y");
                  }};
  c.push_back(sum);
  HarnessCase reciprocal = Act("reciprocal", "", 0.25f, 4);
  c.push_back(reciprocal);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
