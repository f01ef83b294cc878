// Harness cases of the tensor converters: concat, split, reshape, transpose,
// flatten, squeeze, unsqueeze, interpolation, shape, slice, fill_constant,
// assign_value, one_hot_v2, one_hot, cast, stack, unstack, pixel_shuffle, gather, gather_nd,
// lookup_table, range, tile, expand (v1 and v2), expand_as (v1), pad, tril_triu, crop, crop_tensor.
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {

using harness::Declines;
using harness::F;
using harness::Ints;
using harness::W;

void AddTensorCases(std::vector<HarnessCase>* cases) {
  auto& c = *cases;
  using V32 = std::vector<int32_t>;
  using V64 = std::vector<int64_t>;
  for (int axis : {1, -1}) {
    c.push_back({"concat", "axis " + std::to_string(axis), [axis](OpRunner& r, int64_t n) {
                   F(r, "X", "a", {2, n, 3});
                   F(r, "X", "b", {2, n, 3});
                   W(r, "X", "w", {2, n, 3});
                   r.Output("Out", "y");
                   r.Attr("axis", axis);
                 }});
  }
  c.push_back({"split", "num 2 axis 0", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {4, n, 3});
                 r.Output("Out", "y0");
                 r.Output("Out", "y1");
                 r.Attr("axis", 0);
                 r.Attr("num", 2);
               }});
  c.push_back({"split", "sections [1, -1] axis 2", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 5});
                 r.Output("Out", "y0");
                 r.Output("Out", "y1");
                 r.Attr("axis", 2);
                 r.Attr("sections", V32{1, -1});
               }});
  for (const char* op : {"reshape2", "reshape"}) {
    c.push_back({op, "shape [0, -1]", [](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3});
                   r.Output("Out", "y");
                   r.Attr("shape", V32{0, -1});
                 }});
    c.push_back({op, "run-time Shape tensor", [](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3});
                   r.Input<int32_t>("Shape", "s", {3}, {3, 1, static_cast<int32_t>(2 * n)});
                   r.Output("Out", "y");
                   r.Attr("shape", V32{});
                 }});
    c.push_back({op, "run-time ShapeTensor list", [](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3});
                   r.Input<int64_t>("ShapeTensor", "s0", {1}, {-1});
                   r.Input<int64_t>("ShapeTensor", "s1", {1}, {2});
                   r.Output("Out", "y");
                   r.Attr("shape", V32{});
                 }});
  }
  for (const char* op : {"transpose2", "transpose"}) {
    for (V32 perm : {V32{0, 2, 1}, V32{2, 0, 1}}) {
      c.push_back({op, "perm", [perm](OpRunner& r, int64_t n) {
                     F(r, "X", "x", {2, n, 3});
                     r.Output("Out", "y");
                     r.Attr("axis", perm);
                   }});
    }
  }
  c.push_back({"flatten_contiguous_range", "1..2", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3, 4});
                 r.Output("Out", "y");
                 r.Attr("start_axis", 1);
                 r.Attr("stop_axis", 2);
               }});
  // No stop_axis: Paddle's default 1 on both paths.
  c.push_back({"flatten_contiguous_range", "0..default", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("start_axis", 0);
               }});
  c.push_back({"flatten_contiguous_range", "0..-1", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("start_axis", 0);
                 r.Attr("stop_axis", -1);
               }});
  for (const char* op : {"flatten", "flatten2"}) {
    for (int axis : {0, 1, 2, 3}) {
      c.push_back({op, "axis " + std::to_string(axis), [axis](OpRunner& r, int64_t n) {
                     F(r, "X", "x", {2, n, 3});
                     r.Output("Out", "y");
                     r.Attr("axis", axis);
                   }});
    }
  }
  for (const char* op : {"squeeze2", "squeeze"}) {
    for (V64 axes : {V64{1}, V64{}, V64{-1}, V64{0, 1}}) {
      c.push_back({op, "axes of size " + std::to_string(axes.size()),
                   [axes](OpRunner& r, int64_t n) {
                     F(r, "X", "x", {n, 1, 3, 1});
                     r.Output("Out", "y");
                     r.Attr("axes", axes);
                   }});
    }
  }
  for (const char* op : {"unsqueeze2", "unsqueeze"}) {
    for (V64 axes : {V64{0}, V64{-1}, V64{1, 3}, V64{0, -1}}) {
      c.push_back({op, "axes of size " + std::to_string(axes.size()),
                   [axes](OpRunner& r, int64_t n) {
                     F(r, "X", "x", {2, n, 3});
                     r.Output("Out", "y");
                     r.Attr("axes", axes);
                   }});
    }
  }
  // The CPU kernel computes source coordinates in float, builtin_device in
  // double: bilinear weights differ by up to ~3e-5 at n = 127.
  for (const char* op : {"nearest_interp_v2", "bilinear_interp_v2"}) {
    for (bool corners : {false, true}) {
      HarnessCase sized{op, std::string("out_h/out_w align_corners ") + (corners ? "1" : "0"),
                        [corners](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {1, 2, n, n + 1});
                          r.Output("Out", "y");
                          r.Attr("out_h", static_cast<int32_t>(2 * n + 1));
                          r.Attr("out_w", static_cast<int32_t>(n + 2));
                          r.Attr("align_corners", corners);
                        }};
      sized.atol = 5e-5;
      c.push_back(sized);
      HarnessCase scaled{op, std::string("scale 2 align_corners ") + (corners ? "1" : "0"),
                         [corners](OpRunner& r, int64_t n) {
                           F(r, "X", "x", {1, 2, n, n + 1});
                           r.Output("Out", "y");
                           r.Attr("scale", std::vector<float>{2.f, 2.f});
                           r.Attr("align_corners", corners);
                         }};
      scaled.atol = 5e-5;
      c.push_back(scaled);
    }
  }
  for (const char* op : {"nearest_interp_v2", "bilinear_interp_v2"}) {
    HarnessCase sized{op, "run-time OutSize", [](OpRunner& r, int64_t n) {
                        F(r, "X", "x", {1, 2, n, n + 1});
                        Ints<int32_t>(r, "OutSize", "size", {2}, n, 2 * n + 3);
                        r.Output("Out", "y");
                      }};
    sized.atol = 5e-5;
    c.push_back(sized);
    c.push_back(Declines({op, "run-time OutSize and a scale", [](OpRunner& r, int64_t n) {
                            F(r, "X", "x", {1, 2, n, n + 1});
                            Ints<int32_t>(r, "OutSize", "size", {2}, n, 2 * n + 3);
                            r.Output("Out", "y");
                            r.Attr("scale", std::vector<float>{2.f, 2.f});
                          }},
                         "OutSize"));
  }
  // v1: a float scale, coordinates always by in / out; OutSize wins over it.
  // Nearest with align_corners and scale 1.7 hits exact ties (ratio * k +
  // 0.5 an integer: 14 -> 23 columns, k = 11), which Paddle's float ratio and
  // builtin_device's double round apart; the v2 cases' sizes avoid them.
  for (const char* op : {"nearest_interp", "bilinear_interp"}) {
    const bool nearest = std::string(op) == "nearest_interp";
    for (bool corners : {false, true}) {
      if (nearest && corners) continue;
      HarnessCase scaled{op, std::string("v1 scale 1.7 align_corners ") + (corners ? "1" : "0"),
                         [corners](OpRunner& r, int64_t n) {
                           F(r, "X", "x", {1, 2, n, n + 1});
                           r.Output("Out", "y");
                           r.Attr("scale", 1.7f);
                           r.Attr("align_corners", corners);
                         }};
      scaled.atol = 5e-5;
      c.push_back(scaled);
    }
    HarnessCase sized{op, "v1 out_h/out_w, align_mode 0", [](OpRunner& r, int64_t n) {
                        F(r, "X", "x", {1, 2, n, n + 1});
                        r.Output("Out", "y");
                        r.Attr("out_h", static_cast<int32_t>(n + 3));
                        r.Attr("out_w", static_cast<int32_t>(2 * n));
                        r.Attr("align_corners", false);
                        r.Attr("align_mode", 0);
                      }};
    sized.atol = 5e-5;
    c.push_back(sized);
    HarnessCase both{op, "v1 run-time OutSize and a scale", [](OpRunner& r, int64_t n) {
                       F(r, "X", "x", {1, 2, n, n + 1});
                       Ints<int32_t>(r, "OutSize", "size", {2}, n, 2 * n + 3);
                       r.Output("Out", "y");
                       r.Attr("scale", 2.f);
                     }};
    both.atol = 5e-5;
    c.push_back(both);
  }
  HarnessCase mode0{"bilinear_interp_v2", "align_mode 0 (half pixel), default align_corners",
                    [](OpRunner& r, int64_t n) {
                      F(r, "X", "x", {1, 2, n, n + 1});
                      r.Output("Out", "y");
                      r.Attr("out_h", static_cast<int32_t>(n + 3));
                      r.Attr("out_w", static_cast<int32_t>(2 * n));
                      r.Attr("align_mode", 0);
                    }};
  mode0.atol = 5e-5;
  c.push_back(mode0);
  HarnessCase mode0b = mode0;
  mode0b.label = "align_mode 0 (half pixel), align_corners 0";
  mode0b.build = [](OpRunner& r, int64_t n) {
    F(r, "X", "x", {1, 2, n, n + 1});
    r.Output("Out", "y");
    r.Attr("out_h", static_cast<int32_t>(n + 3));
    r.Attr("out_w", static_cast<int32_t>(2 * n));
    r.Attr("align_mode", 0);
    r.Attr("align_corners", false);
  };
  c.push_back(mode0b);
  c.push_back({"shape", "", [](OpRunner& r, int64_t n) {
                 F(r, "Input", "x", {2, n, 3});
                 r.Output("Out", "y");
               }});
  c.push_back({"slice", "axes [1]", [](OpRunner& r, int64_t n) {
                 F(r, "Input", "x", {2, n + 2, 3});
                 r.Output("Out", "y");
                 r.Attr("axes", V32{1});
                 r.Attr("starts", V64{1});
                 r.Attr("ends", V64{n + 1});
               }});
  c.push_back({"slice", "negative start, huge end, decrease_axis", [](OpRunner& r, int64_t n) {
                 F(r, "Input", "x", {2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("axes", V32{0, 2});
                 r.Attr("starts", V64{-1, 1});
                 r.Attr("ends", V64{10000000000LL, 2});
                 r.Attr("decrease_axis", V32{0});
               }});
  c.push_back({"strided_slice", "strides 2 and 3, decrease_axis", [](OpRunner& r, int64_t n) {
                 F(r, "Input", "x", {2, n + 1, 7});
                 r.Output("Out", "y");
                 r.Attr("axes", V32{0, 1, 2});
                 r.Attr("starts", V64{1, 0, -6});
                 r.Attr("ends", V64{2, 10000, 7});
                 r.Attr("strides", V64{1, 2, 3});
                 r.Attr("decrease_axis", V32{0});
               }});
  c.push_back(Declines({"strided_slice", "negative stride", [](OpRunner& r, int64_t n) {
                          F(r, "Input", "x", {2, n + 1});
                          r.Output("Out", "y");
                          r.Attr("axes", V32{1});
                          r.Attr("starts", V64{-1});
                          r.Attr("ends", V64{-10000});
                          r.Attr("strides", V64{-1});
                        }},
                       "negative strides"));
  for (int dtype : {5, 2, 3}) {
    c.push_back({"fill_constant", "dtype " + std::to_string(dtype),
                 [dtype](OpRunner& r, int64_t n) {
                   r.Output("Out", "y");
                   r.Attr("shape", V64{2, n});
                   r.Attr("dtype", dtype);
                   r.Attr("value", 3.f);
                 }});
  }
  // assign_value: values of both signs in each dtype's attribute.
  const std::pair<int, const char*> kValueAttrs[] = {
      {5, "fp32_values"}, {2, "int32_values"}, {3, "int64_values"}, {0, "bool_values"}};
  for (const auto& [dtype, attr] : kValueAttrs) {
    c.push_back({"assign_value", attr, [dtype = dtype, attr = attr](OpRunner& r, int64_t n) {
                   std::vector<double> values(2 * n);
                   for (int64_t i = 0; i < 2 * n; ++i) {
                     values[i] = dtype == 0 ? i % 3 == 0 : (i % 2 ? -1.5 : 2.25) * (i % 11);
                   }
                   if (dtype == 2 || dtype == 3) {
                     for (auto& v : values) v = std::floor(v);
                   }
                   r.Output("Out", "y");
                   r.Attr("shape", V64{2, n});
                   r.Attr("dtype", dtype);
                   r.Attr(attr, values);
                 }});
  }
  c.push_back(Declines({"assign_value", "float64", [](OpRunner& r, int64_t n) {
                          r.Output("Out", "y");
                          r.Attr("shape", V64{n});
                          r.Attr("dtype", 6);
                          r.Attr("fp64_values", std::vector<double>(n, 0.5));
                        }},
                       "dtype"));
  // one_hot_v2: indices in [0, depth), or in [-2, depth + 2) with
  // allow_out_of_range (zero rows).
  for (int dtype : {5, 2, 3}) {
    for (bool outside : {false, true}) {
      c.push_back({"one_hot_v2",
                   "dtype " + std::to_string(dtype) + (outside ? ", allow_out_of_range" : ""),
                   [=](OpRunner& r, int64_t n) {
                     const int64_t depth = 5;
                     if (dtype == 3) {
                       harness::Ints<int32_t>(r, "X", "x", {n, 2}, outside ? -2 : 0,
                                              outside ? depth + 2 : depth);
                     } else {
                       harness::Ints<int64_t>(r, "X", "x", {n, 2}, outside ? -2 : 0,
                                              outside ? depth + 2 : depth);
                     }
                     r.Output("Out", "y");
                     r.Attr("depth", depth);
                     r.Attr("dtype", dtype);
                     r.Attr("allow_out_of_range", outside);
                   }});
    }
  }
  // one_hot (v1): X [..., 1], the trailing 1 replaced by depth (an INT
  // attribute, as Paddle writes it).
  c.push_back({"one_hot", "X [n, 1]", [](OpRunner& r, int64_t n) {
                 harness::Ints<int64_t>(r, "X", "x", {n, 1}, 0, 4);
                 r.Output("Out", "y");
                 r.Attr("depth", int32_t{4});
               }});
  c.push_back(Declines({"one_hot_v2", "depth_tensor", [](OpRunner& r, int64_t n) {
                          harness::Ints<int64_t>(r, "X", "x", {n}, 0, 4);
                          r.Input<int32_t>("depth_tensor", "d", {1}, {4});
                          r.Output("Out", "y");
                        }},
                       "depth_tensor"));
  // The batch (or any extent) taken from Input at run time.
  for (int out_idx : {0, 1, 2}) {
    c.push_back({"fill_constant_batch_size_like", "output_dim_idx " + std::to_string(out_idx),
                 [out_idx](OpRunner& r, int64_t n) {
                   F(r, "Input", "like", {n, 2, 5});
                   r.Output("Out", "y");
                   V64 shape = {3, 4, 5};
                   shape[out_idx] = -1;
                   r.Attr("shape", shape);
                   r.Attr("input_dim_idx", out_idx == 2 ? 0 : 2);
                   r.Attr("output_dim_idx", out_idx);
                   r.Attr("dtype", out_idx == 1 ? 3 : 5);
                   r.Attr("value", 1.5f);
                 }});
  }
  c.push_back({"cast", "float -> int32", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n}, -9.f, 9.f);
                 r.Output("Out", "y");
                 r.Attr("in_dtype", 5);
                 r.Attr("out_dtype", 2);
               }});
  c.push_back({"cast", "int64 -> float", [](OpRunner& r, int64_t n) {
                 Ints<int64_t>(r, "X", "x", {2, n}, -100, 100);
                 r.Output("Out", "y");
                 r.Attr("in_dtype", 3);
                 r.Attr("out_dtype", 5);
               }});
  c.push_back(Declines({"cast", "float -> float64", [](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {2, n});
                          r.Output("Out", "y");
                          r.Attr("in_dtype", 5);
                          r.Attr("out_dtype", 6);
                        }},
                       "out_dtype"));
  for (int axis : {0, -1}) {
    c.push_back({"stack", "axis " + std::to_string(axis), [axis](OpRunner& r, int64_t n) {
                   F(r, "X", "a", {2, n});
                   F(r, "X", "b", {2, n});
                   F(r, "X", "c", {2, n});
                   r.Output("Y", "y");
                   r.Attr("axis", axis);
                 }});
  }
  for (int factor : {2, 3}) {
    for (bool nhwc : {false, true}) {
      c.push_back({"pixel_shuffle",
                   std::string(nhwc ? "NHWC" : "NCHW") + " upscale " + std::to_string(factor),
                   [factor, nhwc](OpRunner& r, int64_t n) {
                     const int64_t ch = 2 * factor * factor;
                     F(r, "X", "x", nhwc ? DDim{2, n, n + 1, ch} : DDim{2, ch, n, n + 1});
                     r.Output("Out", "y");
                     r.Attr("upscale_factor", factor);
                     if (nhwc) r.Attr("data_format", std::string("NHWC"));
                   }});
    }
  }
  c.push_back({"unstack", "axis 0", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {3, n});
                 r.Output("Y", "y0");
                 r.Output("Y", "y1");
                 r.Output("Y", "y2");
                 r.Attr("axis", 0);
                 r.Attr("num", 3);
               }});
  c.push_back({"unstack", "axis -1", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 2});
                 r.Output("Y", "y0");
                 r.Output("Y", "y1");
                 r.Attr("axis", -1);
                 r.Attr("num", 2);
               }});
  c.push_back({"unbind", "axis 1", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 2, 3});
                 r.Output("Out", "y0");
                 r.Output("Out", "y1");
                 r.Attr("axis", 1);
               }});
  c.push_back({"index_select", "dim 1, int64 index", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 4, 3});
                 r.Input<int64_t>("Index", "i", {3}, {3, 0, 3});
                 r.Output("Out", "y");
                 r.Attr("dim", 1);
               }});
  c.push_back({"gather", "int32 index axis 0", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n + 2, 4});
                 Ints<int32_t>(r, "Index", "i", {5}, 0, n + 2);
                 r.Output("Out", "y");
               }});
  c.push_back({"gather", "int64 index axis 1", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {3, n + 1, 2});
                 Ints<int64_t>(r, "Index", "i", {n}, 0, n + 1);
                 r.Output("Out", "y");
                 r.Attr("axis", 1);
               }});
  // gather_nd: Index [n, k] for k = 1, 2 and the full rank.
  c.push_back({"gather_nd", "int64 Index [n, 1]", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n + 2, 3});
                 Ints<int64_t>(r, "Index", "i", {n, 1}, 0, n + 2);
                 r.Output("Out", "y");
               }});
  c.push_back({"gather_nd", "int32 Index [n, 2, 2] of X [4, 4, n]", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {4, 4, n});
                 Ints<int32_t>(r, "Index", "i", {n, 2, 2}, 0, 4);
                 r.Output("Out", "y");
               }});
  c.push_back({"gather_nd", "int64 Index [n, 3] (full rank)", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {3, 3, 3});
                 Ints<int64_t>(r, "Index", "i", {n, 3}, 0, 3);
                 r.Output("Out", "y");
               }});
  c.push_back(Declines({"gather_nd", "Index of rank 1", [](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {3, n});
                          Ints<int64_t>(r, "Index", "i", {1}, 0, 3);
                          r.Output("Out", "y");
                        }},
                       "rank"));
  HarnessCase lookup{"lookup_table", "Ids [n, 1]", [](OpRunner& r, int64_t n) {
                       W(r, "W", "w", {10, 4});
                       Ints<int64_t>(r, "Ids", "ids", {n, 1}, 0, 10);
                       r.Output("Out", "y");
                     }};
  c.push_back(lookup);
  HarnessCase lookup2{"lookup_table_v2", "Ids [2, n]", [](OpRunner& r, int64_t n) {
                        W(r, "W", "w", {10, 4});
                        Ints<int64_t>(r, "Ids", "ids", {2, n}, 0, 10);
                        r.Output("Out", "y");
                      }};
  c.push_back(lookup2);
  HarnessCase padded = lookup2;
  padded.label = "padding_idx 0";
  padded.build = [](OpRunner& r, int64_t n) {
    W(r, "W", "w", {10, 4});
    Ints<int64_t>(r, "Ids", "ids", {2, n}, 0, 10);
    r.Output("Out", "y");
    r.Attr("padding_idx", int64_t{0});
  };
  c.push_back(Declines(padded, "padding_idx"));
  c.push_back({"range", "float", [](OpRunner& r, int64_t n) {
                 r.Input<float>("Start", "s", {1}, {-1.5f});
                 r.Input<float>("End", "e", {1}, {static_cast<float>(n)});
                 r.Input<float>("Step", "st", {1}, {0.5f});
                 r.Output("Out", "y");
               }});
  c.push_back({"range", "int32", [](OpRunner& r, int64_t n) {
                 r.Input<int32_t>("Start", "s", {1}, {static_cast<int32_t>(n)});
                 r.Input<int32_t>("End", "e", {1}, {-3});
                 r.Input<int32_t>("Step", "st", {1}, {-2});
                 r.Output("Out", "y");
               }});
  for (V32 repeats : {V32{2, 1, 3}, V32{2}, V32{2, 1, 1, 2}}) {
    c.push_back({"tile", std::to_string(repeats.size()) + " repeats",
                 [repeats](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {n, 2, 3});
                   r.Output("Out", "y");
                   r.Attr("repeat_times", repeats);
                 }});
  }
  // expand (v1, expand_times one per dim) as TILE, a direct row of
  // converters.inc; its run-time ExpandTimes form is declined by name.
  for (V32 times : {V32{2, 1, 3}, V32{1, 1, 1}}) {
    c.push_back({"expand", "times " + std::to_string(times[0]) + std::to_string(times[2]),
                 [times](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {n, 2, 3});
                   r.Output("Out", "y");
                   r.Attr("expand_times", times);
                 }});
  }
  // expand_as (v1): tiled to target_tensor's dims (multiples of X's).
  c.push_back({"expand_as", "target 2x, 1x, 3x", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 2, 1});
                 F(r, "target_tensor", "t", {2 * n, 2, 3});
                 r.Output("Out", "y");
               }});
  c.push_back(Declines({"expand", "run-time ExpandTimes", [](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {n, 2});
                          Ints<int32_t>(r, "ExpandTimes", "times", {2}, 1, 3);
                          r.Output("Out", "y");
                        }},
                       "ExpandTimes"));
  // crop / crop_tensor: attribute windows (crop_tensor's -1 runs to the end),
  // crop's window from Y's dims; a run-time Offsets tensor is declined.
  for (const char* op : {"crop", "crop_tensor"}) {
    c.push_back({op, "offsets and shape", [op](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {n + 2, 5, 3});
                   r.Output("Out", "y");
                   r.Attr("offsets", V64{1, 2, 0});
                   r.Attr("shape", V64{n, std::string(op) == "crop" ? 2 : -1, 3});
                 }});
  }
  c.push_back({"crop", "shape of Y", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n + 1, 4});
                 F(r, "Y", "shape_of", {n, 3});
                 r.Output("Out", "y");
                 r.Attr("offsets", V64{1, 1});
               }});
  c.push_back(Declines({"crop_tensor", "run-time Offsets", [](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {n + 1, 4});
                          Ints<int32_t>(r, "Offsets", "off", {2}, 0, 1);
                          r.Output("Out", "y");
                          r.Attr("shape", V64{n, 2});
                        }},
                       "Offsets"));
  // tril_triu: both triangles, diagonals below, on and above the main one,
  // on [n, n + 2] and batched [2, n, 3] X.
  for (bool lower : {true, false}) {
    for (int diagonal : {-1, 0, 2}) {
      c.push_back({"tril_triu", std::string(lower ? "tril" : "triu") + " diagonal " +
                                    std::to_string(diagonal),
                   [lower, diagonal](OpRunner& r, int64_t n) {
                     F(r, "X", "x", diagonal == 0 ? DDim{2, n, 3} : DDim{n, n + 2});
                     r.Output("Out", "y");
                     r.Attr("lower", lower);
                     r.Attr("diagonal", diagonal);
                   }});
    }
  }
  for (int group : {2, 3}) {
    c.push_back({"shuffle_channel", "group " + std::to_string(group),
                 [group](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, 6, n, 3});
                   r.Output("Out", "y");
                   r.Attr("group", group);
                 }});
  }
  c.push_back({"meshgrid", "three inputs", [](OpRunner& r, int64_t n) {
                 F(r, "X", "a", {n});
                 F(r, "X", "b", {3});
                 F(r, "X", "c", {2});
                 r.Output("Out", "oa");
                 r.Output("Out", "ob");
                 r.Output("Out", "oc");
               }});
  c.push_back({"pad", "3-D, pad_value 0.5", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("paddings", V32{1, 0, 0, 2, 3, 1});
                 r.Attr("pad_value", 0.5f);
               }});
  c.push_back({"roll", "two axes, negative and wrapping shifts", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 3, 5});
                 r.Output("Out", "y");
                 r.Attr("axis", V64{0, -1});
                 r.Attr("shifts", V64{-1, 7});
               }});
  c.push_back({"roll", "flat", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 3});
                 r.Output("Out", "y");
                 r.Attr("shifts", V64{4});
               }});
  c.push_back({"expand_v2", "shape [2, -1, 3]", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {1, n, 1});
                 r.Output("Out", "y");
                 r.Attr("shape", V32{2, -1, 3});
               }});
  c.push_back({"expand_v2", "more dims", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 1});
                 r.Output("Out", "y");
                 r.Attr("shape", V32{2, static_cast<int32_t>(n), 3});
               }});
  c.push_back({"expand_as_v2", "target_shape", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {1, n});
                 r.Output("Out", "y");
                 r.Attr("target_shape", V32{3, static_cast<int32_t>(n)});
               }});
  c.push_back({"pad2d", "constant 0.5", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {1, 2, n, 3});
                 r.Output("Out", "y");
                 r.Attr("paddings", V32{1, 2, 0, 3});
                 r.Attr("pad_value", 0.5f);
               }});
  for (const char* mode : {"reflect", "edge"}) {
    c.push_back({"pad2d", mode, [mode](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {1, 2, n + 3, 4});
                   r.Output("Out", "y");
                   r.Attr("paddings", V32{2, 1, 3, 0});
                   r.Attr("mode", std::string(mode));
                 }});
  }
  for (const char* mode : {"constant", "replicate"}) {
    c.push_back({"pad3d", mode, [mode](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {1, 2, n, 3, 2});
                   r.Output("Out", "y");
                   r.Attr("paddings", V32{1, 0, 2, 1, 0, 2});
                   r.Attr("mode", std::string(mode));
                   r.Attr("value", -1.f);
                 }});
  }
  c.push_back(Declines({"pad3d", "circular", [](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {1, 2, n, 3, 2});
                          r.Output("Out", "y");
                          r.Attr("paddings", V32{1, 0, 0, 0, 0, 0});
                          r.Attr("mode", std::string("circular"));
                        }},
                       "circular"));
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
