// Hand-written cases of the 13 operations without an ONNX backend test, and
// of attribute values the ONNX tests never use (SOFTPLUS's threshold). The
// expectations are worked out by hand from the operation's definition (or,
// for transcendental functions, from the closed formula evaluated in double
// precision, noted next to each value); they do not come from any kernel.
#include <cmath>

#include "hand_cases.h"

namespace conformance {
namespace {

CaseSpec Make(const char* op, const char* name) { return NamedCase("hand", op, name); }

// Elementwise unary op over a [2, 4] input.
CaseSpec Unary(const char* op, const char* name, NNAdapterOperationType type,
               const std::vector<float>& x, const std::vector<float>& y) {
  CaseSpec c = Make(op, name);
  const int in = c.Input(F32({2, 4}, x));
  const int out = c.Temp(NNADAPTER_FLOAT32);
  c.Op(type, {in}, {out});
  c.Output(out, F32({2, 4}, y));
  return c;
}

const std::vector<float> kX8 = {-2.f, -1.f, -0.5f, 0.f, 0.5f, 1.f, 2.f, 3.f};

}  // namespace

void AddHandOpCases(std::vector<CaseSpec>* cases) {
  // RELU6: min(max(x, 0), 6).
  {
    CaseSpec c = Make("RELU6", "relu6_basic");
    const int x = c.Input(F32({2, 3}, {-1.f, 0.f, 3.f, 6.f, 7.5f, 5.99f}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_RELU6, {x}, {y});
    c.Output(y, F32({2, 3}, {0.f, 0.f, 3.f, 6.f, 6.f, 5.99f}));
    cases->push_back(c);
  }
  // SWISH: x * sigmoid(x) = x / (1 + e^-x).
  cases->push_back(Unary("SWISH", "swish_basic", NNADAPTER_SWISH, kX8,
                         {-0.2384058440f, -0.2689414214f, -0.1887703344f, 0.f,
                          0.3112296656f, 0.7310585786f, 1.7615941560f,
                          2.8577223805f}));
  // GELU exact: 0.5 x (1 + erf(x / sqrt 2)).
  {
    CaseSpec c = Make("GELU", "gelu_erf");
    const int x = c.Input(F32({2, 4}, kX8));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_GELU, {x, c.ConstBool(false)}, {y});
    c.Output(y, F32({2, 4}, {-0.0455002639f, -0.1586552539f, -0.1542687694f, 0.f,
                             0.3457312306f, 0.8413447461f, 1.9544997361f,
                             2.9959503059f}));
    cases->push_back(c);
  }
  // GELU tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
  {
    CaseSpec c = Make("GELU", "gelu_tanh");
    const int x = c.Input(F32({2, 4}, kX8));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_GELU, {x, c.ConstBool(true)}, {y});
    c.Output(y, F32({2, 4}, {-0.0454023059f, -0.1588080094f, -0.1542859902f, 0.f,
                             0.3457140098f, 0.8411919906f, 1.9545976941f,
                             2.9963626079f}));
    cases->push_back(c);
  }
  // SOFTPLUS with beta 2 and threshold 1: x when 2x > 1, else
  // log(1 + e^(2x)) / 2 (double precision).
  {
    CaseSpec c = Make("SOFTPLUS", "softplus_beta_threshold");
    const int x = c.Input(F32({2, 4}, kX8));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_SOFTPLUS, {x, c.ConstF32(2.f), c.ConstF32(1.f)}, {y});
    c.Output(y, F32({2, 4}, {0.0090749640f, 0.0634640055f, 0.1566308438f, 0.3465735903f,
                             0.6566308438f, 1.f, 2.f, 3.f}));
    cases->push_back(c);
  }
  // NOT_EQUAL, same shape and broadcast.
  {
    CaseSpec c = Make("NOT_EQUAL", "not_equal_f32");
    const int a = c.Input(F32({3}, {1.f, 2.f, 3.f}));
    const int b = c.Input(F32({3}, {1.f, 5.f, 3.f}));
    const int y = c.Temp(NNADAPTER_BOOL8);
    c.Op(NNADAPTER_NOT_EQUAL, {a, b}, {y});
    c.Output(y, Bool8({3}, {0, 1, 0}));
    cases->push_back(c);
  }
  {
    CaseSpec c = Make("NOT_EQUAL", "not_equal_i32_broadcast");
    const int a = c.Input(I32({2, 2}, {1, 2, 3, 4}));
    const int b = c.Input(I32({1}, {2}));
    const int y = c.Temp(NNADAPTER_BOOL8);
    c.Op(NNADAPTER_NOT_EQUAL, {a, b}, {y});
    c.Output(y, Bool8({2, 2}, {1, 0, 1, 1}));
    cases->push_back(c);
  }
  // CHANNEL_SHUFFLE: out[k * group + g] = in[g * (C / group) + k].
  {
    CaseSpec c = Make("CHANNEL_SHUFFLE", "channel_shuffle_g2");
    const int x = c.Input(F32({1, 6, 1, 2}, {0, 1, 10, 11, 20, 21, 30, 31, 40, 41, 50, 51}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_CHANNEL_SHUFFLE, {x, c.ConstI32(2)}, {y});
    // channel order 0, 3, 1, 4, 2, 5
    c.Output(y, F32({1, 6, 1, 2}, {0, 1, 30, 31, 10, 11, 40, 41, 20, 21, 50, 51}));
    cases->push_back(c);
  }
  {
    CaseSpec c = Make("CHANNEL_SHUFFLE", "channel_shuffle_g3");
    const int x = c.Input(F32({1, 6, 1, 1}, {0, 1, 2, 3, 4, 5}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_CHANNEL_SHUFFLE, {x, c.ConstI32(3)}, {y});
    c.Output(y, F32({1, 6, 1, 1}, {0, 2, 4, 1, 3, 5}));
    cases->push_back(c);
  }
  // FILL_LIKE: the shape of input, every element = value (value's type).
  {
    CaseSpec c = Make("FILL_LIKE", "fill_like_f32");
    const int x = c.Input(F32({2, 3}, {1, 2, 3, 4, 5, 6}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_FILL_LIKE, {x, c.ConstF32(7.5f)}, {y});
    c.Output(y, F32({2, 3}, {7.5f, 7.5f, 7.5f, 7.5f, 7.5f, 7.5f}));
    cases->push_back(c);
  }
  {
    CaseSpec c = Make("FILL_LIKE", "fill_like_i32_value");
    const int x = c.Input(F32({3, 1}, {-1, 0, 1}));
    const int y = c.Temp(NNADAPTER_INT32);
    c.Op(NNADAPTER_FILL_LIKE, {x, c.ConstI32(-4)}, {y});
    c.Output(y, I32({3, 1}, {-4, -4, -4}));
    cases->push_back(c);
  }
  // MESHGRID: out0[i][j] = a[i], out1[i][j] = b[j].
  {
    CaseSpec c = Make("MESHGRID", "meshgrid_2");
    const int a = c.Input(F32({3}, {1, 2, 3}));
    const int b = c.Input(F32({2}, {4, 5}));
    const int y0 = c.Temp(NNADAPTER_FLOAT32);
    const int y1 = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_MESHGRID, {a, b}, {y0, y1});
    c.Output(y0, F32({3, 2}, {1, 1, 2, 2, 3, 3}));
    c.Output(y1, F32({3, 2}, {4, 5, 4, 5, 4, 5}));
    cases->push_back(c);
  }
  // STACK: a new axis.
  {
    CaseSpec c = Make("STACK", "stack_axis0");
    const int a = c.Input(F32({2}, {1, 2}));
    const int b = c.Input(F32({2}, {3, 4}));
    const int d = c.Input(F32({2}, {5, 6}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_STACK, {a, b, d, c.ConstI32(0)}, {y});
    c.Output(y, F32({3, 2}, {1, 2, 3, 4, 5, 6}));
    cases->push_back(c);
  }
  {
    CaseSpec c = Make("STACK", "stack_axis_last_negative");
    const int a = c.Input(F32({2, 2}, {1, 2, 3, 4}));
    const int b = c.Input(F32({2, 2}, {5, 6, 7, 8}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_STACK, {a, b, c.ConstI32(-1)}, {y});
    c.Output(y, F32({2, 2, 2}, {1, 5, 2, 6, 3, 7, 4, 8}));
    cases->push_back(c);
  }
  // LP_NORMALIZATION: x / (||x||_p + eps) along axis.
  {
    CaseSpec c = Make("LP_NORMALIZATION", "lp_norm_p2_axis1");
    const int x = c.Input(F32({2, 2}, {3, 4, 1, -1}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_LP_NORMALIZATION, {x, c.ConstI32(1), c.ConstI32(2), c.ConstF32(1e-10f)}, {y});
    c.Output(y, F32({2, 2}, {0.6f, 0.8f, 0.70710678f, -0.70710678f}));
    cases->push_back(c);
  }
  {
    CaseSpec c = Make("LP_NORMALIZATION", "lp_norm_p1_axis0");
    const int x = c.Input(F32({2, 2}, {3, 4, 1, -4}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_LP_NORMALIZATION, {x, c.ConstI32(0), c.ConstI32(1), c.ConstF32(1e-10f)}, {y});
    // column sums of |x|: 4, 8
    c.Output(y, F32({2, 2}, {0.75f, 0.5f, 0.25f, -0.5f}));
    cases->push_back(c);
  }
  // GROUP_NORMALIZATION: [1, 4, 1, 2], 2 groups of 2 channels.
  //  group 0 = {1, 3, 5, 7}: mean 4, var 5; group 1 = {-2, 0, 2, 8}: mean 2,
  //  var 14; y = (x - mean) / sqrt(var + 1e-5) * scale[c] + bias[c].
  {
    CaseSpec c = Make("GROUP_NORMALIZATION", "group_norm_2groups");
    const int x = c.Input(F32({1, 4, 1, 2}, {1, 3, 5, 7, -2, 0, 2, 8}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_GROUP_NORMALIZATION,
         {x, c.Const(F32({4}, {1, 2, 0.5f, 1})), c.Const(F32({4}, {0, 1, -1, 0.5f})),
          c.ConstF32(1e-5f), c.ConstI32(2)},
         {y});
    c.Output(y, F32({1, 4, 1, 2}, {-1.3416394449f, -0.4472131483f, 1.8944262966f,
                                   3.6832788897f, -1.5345222929f, -1.2672611465f,
                                   0.5f, 2.1035668788f}));
    cases->push_back(c);
  }
  // DEFORMABLE_CONV_2D with a 1x1 filter (weight 2, bias 1) on x[h][w] =
  // 3h + w: the bilinear sample at (h + dy, w + dx) of this linear image is
  // 3(h + dy) + (w + dx); y = mask * sample * 2 + 1. dy = +0.5 (rows 0, 1)
  // / -0.5 (row 2), dx = +0.25 (cols 0, 1) / -0.25 (col 2), mask 1 at the
  // centre and 0.5 elsewhere.
  {
    CaseSpec c = Make("DEFORMABLE_CONV_2D", "deformable_conv_1x1");
    const int x = c.Input(F32({1, 1, 3, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8}));
    std::vector<float> offset;
    for (int h = 0; h < 3; ++h) for (int w = 0; w < 3; ++w) offset.push_back(h < 2 ? 0.5f : -0.5f);
    for (int h = 0; h < 3; ++h) for (int w = 0; w < 3; ++w) offset.push_back(w < 2 ? 0.25f : -0.25f);
    const int off = c.Input(F32({1, 2, 3, 3}, offset));
    const int mask = c.Input(F32({1, 1, 3, 3}, {0.5f, 0.5f, 0.5f, 0.5f, 1.f, 0.5f, 0.5f, 0.5f, 0.5f}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_DEFORMABLE_CONV_2D,
         {x, off, mask, c.Const(F32({1, 1, 1, 1}, {2.f})), c.Const(F32({1}, {1.f})),
          c.ConstI32s({0, 0, 0, 0}), c.ConstI32s({1, 1}), c.ConstI32(1), c.ConstI32(1),
          c.ConstI32s({1, 1}), c.ConstI32(NNADAPTER_FUSED_NONE)},
         {y});
    c.Output(y, F32({1, 1, 3, 3}, {2.75f, 3.75f, 4.25f, 5.75f, 12.5f, 7.25f, 5.75f, 6.75f, 7.25f}));
    cases->push_back(c);
  }
  // UNSTACK: a 2x3 matrix along axis 1 -> its 3 columns.
  {
    CaseSpec c = Make("UNSTACK", "unstack_columns");
    const int x = c.Input(F32({2, 3}, {1.f, 2.f, 3.f, 4.f, 5.f, 6.f}));
    const int y0 = c.Temp(NNADAPTER_FLOAT32), y1 = c.Temp(NNADAPTER_FLOAT32),
              y2 = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_UNSTACK, {x, c.ConstI32(1), c.ConstI32(3)}, {y0, y1, y2});
    c.Output(y0, F32({2}, {1.f, 4.f}));
    c.Output(y1, F32({2}, {2.f, 5.f}));
    c.Output(y2, F32({2}, {3.f, 6.f}));
    cases->push_back(c);
  }
  // NON_MAX_SUPPRESSION: boxes [0,0,10,10], [1,1,11,11], [20,20,30,30] with
  // class-1 scores 0.9, 0.8, 0.7 (class 0 is the background). IoU of the
  // first two is 81 / 119 = 0.68 > 0.5, so the second is suppressed.
  {
    CaseSpec c = Make("NON_MAX_SUPPRESSION", "nms_one_image_two_classes");
    const int boxes = c.Input(F32({1, 3, 4}, {0, 0, 10, 10, 1, 1, 11, 11, 20, 20, 30, 30}));
    const int scores = c.Input(F32({1, 2, 3}, {0.5f, 0.5f, 0.5f, 0.9f, 0.8f, 0.7f}));
    const int out = c.Temp(NNADAPTER_FLOAT32), num = c.Temp(NNADAPTER_INT32),
              index = c.Temp(NNADAPTER_INT32);
    c.Op(NNADAPTER_NON_MAX_SUPPRESSION,
         {boxes, scores, -1, c.ConstI32(0), c.ConstF32(0.1f), c.ConstI32(-1), c.ConstF32(0.5f),
          c.ConstF32(1.f), c.ConstI32(-1), c.ConstBool(true), c.ConstBool(true)},
         {out, num, index});
    c.Output(out, F32({2, 6}, {1, 0.9f, 0, 0, 10, 10, 1, 0.7f, 20, 20, 30, 30}));
    c.Output(num, I32({1}, {2}));
    c.Output(index, I32({2}, {0, 2}));
    cases->push_back(c);
  }
  // PRIOR_BOX: feature 1x2, image 4x8 -> steps 4, 4, centres (2, 2), (6, 2);
  // min_size 2, max_size 8, aspect ratios {1, 2, 1/2} (flip); per cell the
  // boxes of ratio 1, 2, 1/2 (w = 2 sqrt(r), h = 2 / sqrt(r)) then the
  // sqrt(2 * 8) = 4 box, normalized by the image size.
  {
    CaseSpec c = Make("PRIOR_BOX", "prior_box_basic");
    const int feat = c.Input(F32({1, 1, 1, 2}, {0.f, 0.f}));
    const int image = c.Input(F32({1, 1, 4, 8}, std::vector<float>(32, 0.f)));
    const int boxes = c.Temp(NNADAPTER_FLOAT32);
    const int vars = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_PRIOR_BOX,
         {feat, image, c.Const(F32({1}, {2.f})), c.Const(F32({1}, {8.f})),
          c.Const(F32({1}, {2.f})), c.Const(F32({4}, {0.1f, 0.1f, 0.2f, 0.2f})),
          c.ConstBool(true), c.ConstBool(true), c.ConstF32(0.f), c.ConstF32(0.f),
          c.ConstF32(0.5f), c.ConstBool(false)},
         {boxes, vars});
    c.Output(boxes, F32({1, 2, 4, 4},
                        {0.125f, 0.25f, 0.375f, 0.75f,
                         0.0732233047f, 0.3232233047f, 0.4267766953f, 0.6767766953f,
                         0.1616116524f, 0.1464466094f, 0.3383883476f, 0.8535533906f,
                         0.f, 0.f, 0.5f, 1.f,
                         0.625f, 0.25f, 0.875f, 0.75f,
                         0.5732233047f, 0.3232233047f, 0.9267766953f, 0.6767766953f,
                         0.6616116524f, 0.1464466094f, 0.8383883476f, 0.8535533906f,
                         0.5f, 0.f, 1.f, 1.f}));
    std::vector<float> v;
    for (int i = 0; i < 8; ++i) v.insert(v.end(), {0.1f, 0.1f, 0.2f, 0.2f});
    c.Output(vars, F32({1, 2, 4, 4}, v));
    cases->push_back(c);
  }
  // YOLO_BOX: one anchor (16, 8), 1 class, grid 1x3, downsample 32 (input
  // size 32x96), image 64x96 (h, w). Cell k: cx = (k + sig(tx)) * 96 / 3,
  // cy = sig(ty) * 64, w = e^tw * 16 * 96 / 96, h = e^th * 8 * 64 / 32;
  // conf = sig(obj), score = conf * sig(cls); boxes clipped to [0, 95] x
  // [0, 63]; conf < 0.1 gives zeros.
  //  k0: tx ty tw th = 0, obj 0, cls ln 3 -> box (8, 24, 24, 40), 0.5 * 0.75
  //  k1: tx 10, tw ln 4, obj 2 -> cx = 32 (1 + sig(10)) = 63.998547, w 64 ->
  //      (31.998547, 24, 95 (clipped from 95.998547), 40), sig(2) * 0.5
  //  k2: obj -10 -> conf 4.5e-5 < 0.1 -> zeros
  {
    CaseSpec c = Make("YOLO_BOX", "yolo_box_basic");
    const float ln3 = std::log(3.f), ln4 = std::log(4.f);
    const int x = c.Input(F32({1, 6, 1, 3}, {0, 10, 0,  0, 0, 0,  0, ln4, 0,  0, 0, 0,
                                             0, 2, -10,  ln3, 0, 0}));
    const int boxes = c.Temp(NNADAPTER_FLOAT32);
    const int scores = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_YOLO_BOX,
         {x, c.Const(I32({1, 2}, {64, 96})), c.ConstI32s({16, 8}), c.ConstI32(1),
          c.ConstF32(0.1f), c.ConstI32(32), c.ConstBool(true), c.ConstF32(1.f),
          c.ConstBool(false), c.ConstF32(0.5f)},
         {boxes, scores});
    c.Output(boxes, F32({1, 3, 4}, {8, 24, 24, 40, 31.9985473f, 24, 95, 40, 0, 0, 0, 0}), 1e-4);
    c.Output(scores, F32({1, 3, 1}, {0.375f, 0.4403985390f, 0.f}));
    cases->push_back(c);
  }
  // RSQRT: 1 / sqrt(x).
  {
    CaseSpec c = Make("RSQRT", "rsqrt_basic");
    const int x = c.Input(F32({4}, {1.f, 4.f, 0.25f, 16.f}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_RSQRT, {x}, {y});
    c.Output(y, F32({4}, {1.f, 0.5f, 2.f, 0.25f}));
    cases->push_back(c);
  }
  // FLOOR_DIV: floor(a / b): 3.5 -> 3, -3.5 -> -4, -3.75 -> -4, -1/3 -> -1.
  {
    CaseSpec c = Make("FLOOR_DIV", "floor_div_signs");
    const int a = c.Input(F32({4}, {7.f, -7.f, 7.5f, -1.f}));
    const int b = c.Input(F32({4}, {2.f, 2.f, -2.f, 3.f}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_FLOOR_DIV, {a, b, c.ConstI32(NNADAPTER_FUSED_NONE)}, {y});
    c.Output(y, F32({4}, {3.f, -4.f, -4.f, -1.f}));
    cases->push_back(c);
  }
  // ROLL [[1,2,3],[4,5,6]]: shift 1 along axis 1 -> [[3,1,2],[6,4,5]];
  // shifts (1, -1) along (0, 1) -> [[5,6,4],[2,3,1]].
  {
    CaseSpec c = Make("ROLL", "roll_axis1");
    const int x = c.Input(F32({2, 3}, {1, 2, 3, 4, 5, 6}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_ROLL, {x, c.ConstI32s({1}), c.ConstI32s({1})}, {y});
    c.Output(y, F32({2, 3}, {3, 1, 2, 6, 4, 5}));
    cases->push_back(c);
  }
  {
    CaseSpec c = Make("ROLL", "roll_two_axes");
    const int x = c.Input(F32({2, 3}, {1, 2, 3, 4, 5, 6}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_ROLL, {x, c.ConstI32s({1, -1}), c.ConstI32s({0, 1})}, {y});
    c.Output(y, F32({2, 3}, {5, 6, 4, 2, 3, 1}));
    cases->push_back(c);
  }
  // CUM_SUM of [1, 2, 3, 4]: plain [1, 3, 6, 10], exclusive [0, 1, 3, 6],
  // reverse [10, 9, 7, 4], exclusive + reverse [9, 7, 4, 0].
  {
    const struct {
      const char* name;
      bool exclusive, reverse;
      std::vector<float> y;
    } kCumSum[] = {{"cum_sum_plain", false, false, {1, 3, 6, 10}},
                   {"cum_sum_exclusive", true, false, {0, 1, 3, 6}},
                   {"cum_sum_reverse", false, true, {10, 9, 7, 4}},
                   {"cum_sum_exclusive_reverse", true, true, {9, 7, 4, 0}}};
    for (const auto& k : kCumSum) {
      CaseSpec c = Make("CUM_SUM", k.name);
      const int x = c.Input(F32({4}, {1, 2, 3, 4}));
      const int y = c.Temp(NNADAPTER_FLOAT32);
      c.Op(NNADAPTER_CUM_SUM, {x, c.ConstI32(0), c.ConstBool(k.exclusive), c.ConstBool(k.reverse)}, {y});
      c.Output(y, F32({4}, k.y));
      cases->push_back(c);
    }
  }
  // CUM_SUM along axis -1 of [[1,2,3],[4,5,6]] -> [[1,3,6],[4,9,15]].
  {
    CaseSpec c = Make("CUM_SUM", "cum_sum_2d_last_axis");
    const int x = c.Input(F32({2, 3}, {1, 2, 3, 4, 5, 6}));
    const int y = c.Temp(NNADAPTER_FLOAT32);
    c.Op(NNADAPTER_CUM_SUM, {x, c.ConstI32(-1), c.ConstBool(false), c.ConstBool(false)}, {y});
    c.Output(y, F32({2, 3}, {1, 3, 6, 4, 9, 15}));
    cases->push_back(c);
  }
}

std::vector<CaseSpec> HandCases() {
  std::vector<CaseSpec> cases;
  AddHandOpCases(&cases);
  AddHandInt8Cases(&cases);
  AddHandInt8MoreCases(&cases);
  return cases;
}

}  // namespace conformance
