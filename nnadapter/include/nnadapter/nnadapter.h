// NNAdapter: the public C API of the unified AI-hardware adaptation layer.
//
// Plain C (C99 and C++). Opaque handles, result codes, no exceptions: every
// function returns an NNAdapterResultCode (or nothing for destroy/release,
// which accept NULL). On failure a human-readable message naming the
// offending argument/operand/operation is stored per thread and can be read
// with NNAdapter_getLastErrorMessage().
//
// Call sequence:
//   NNAdapterDevice_acquire -> NNAdapterContext_create
//   NNAdapterModel_create -> addOperand / setOperandValue / addOperation
//     (shape inference runs here) -> identifyInputsAndOutputs -> finish
//   NNAdapterCompilation_create (optionally with a cache) -> finish
//   NNAdapterExecution_create -> setInput / setOutput -> compute (repeat)
//   destroy everything in reverse order.
// Handles are not thread-safe except where noted: several executions of one
// finished compilation may be computed concurrently from different threads.
#ifndef NNADAPTER_NNADAPTER_H_
#define NNADAPTER_NNADAPTER_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define NNADAPTER_API_EXPORT __declspec(dllexport)
#else
#define NNADAPTER_API_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this API: major * 10000 + minor * 100 + patch. */
#define NNADAPTER_VERSION 10000

/** Maximum rank of an operand. */
#define NNADAPTER_MAX_SIZE_OF_DIMENSIONS 8
/** Maximum number of alternative shapes (dynamic dims) of one operand. */
#define NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS 8
/** An unknown dimension (dims[i] == NNADAPTER_UNKNOWN). */
#define NNADAPTER_UNKNOWN -1

/** Result codes. */
typedef enum {
  /** Success. */
  NNADAPTER_NO_ERROR = 0,
  /** A memory allocation failed. */
  NNADAPTER_OUT_OF_MEMORY = 1,
  /** An argument is invalid (NULL, out of range, wrong type or count). */
  NNADAPTER_INVALID_PARAMETER = 2,
  /** The device (driver library or its symbol) could not be found/loaded. */
  NNADAPTER_DEVICE_NOT_FOUND = 3,
  /** The driver reported an internal error. */
  NNADAPTER_DEVICE_INTERNAL_ERROR = 4,
  /** The request is valid but not supported (e.g. an operation no device of
   *  the context supports). */
  NNADAPTER_FEATURE_NOT_SUPPORTED = 5,
  /** The dimensions of an input/operand do not match what was compiled. */
  NNADAPTER_INVALID_DIMENSIONS = 6,
  /** The call is not allowed in the object's current state (e.g. adding to a
   *  finished model, computing an execution whose inputs are not set). */
  NNADAPTER_INVALID_STATE = 7,
} NNAdapterResultCode;

/** Precision (element type) of an operand. */
typedef enum {
  NNADAPTER_UNKNOWN_PRECISION = 0,
  NNADAPTER_BOOL8 = 1,
  NNADAPTER_INT8 = 2,
  NNADAPTER_UINT8 = 3,
  NNADAPTER_INT16 = 4,
  NNADAPTER_UINT16 = 5,
  NNADAPTER_INT32 = 6,
  NNADAPTER_UINT32 = 7,
  NNADAPTER_INT64 = 8,
  NNADAPTER_UINT64 = 9,
  NNADAPTER_FLOAT16 = 10,
  NNADAPTER_FLOAT32 = 11,
  NNADAPTER_FLOAT64 = 12,
  /** int8, real = scale * q; one scale (symm_per_layer_params). */
  NNADAPTER_QUANT_INT8_SYMM_PER_LAYER = 13,
  /** int8, real = scales[c] * q along channel_dim (symm_per_channel_params). */
  NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL = 14,
  /** uint8, real = scale * (q - zero_point) (asymm_per_layer_params). */
  NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER = 15,
  /** uint8, per channel scale and zero point (asymm_per_channel_params). */
  NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL = 16,
  /** int32, real = scale * q (used for biases of quantized convolutions). */
  NNADAPTER_QUANT_INT32_SYMM_PER_LAYER = 17,
  /** int32, per channel scales (biases of per-channel convolutions). */
  NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL = 18,
  /** uint32, real = scale * (q - zero_point). */
  NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER = 19,
} NNAdapterOperandPrecisionCode;

/** Data layout of an operand (of 4-D tensors; others ignore it). */
typedef enum {
  NNADAPTER_NCHW = 0,
  NNADAPTER_NHWC = 1,
} NNAdapterOperandLayoutCode;

/** Lifetime of an operand, set by the runtime. */
typedef enum {
  /** Produced and consumed inside the model. */
  NNADAPTER_TEMPORARY_VARIABLE = 0,
  /** A constant whose value was copied by NNAdapterModel_setOperandValue. */
  NNADAPTER_CONSTANT_COPY = 1,
  /** A constant referencing the caller's buffer (copy == false). */
  NNADAPTER_CONSTANT_REFERENCE = 2,
  /** A model input (NNAdapterModel_identifyInputsAndOutputs). */
  NNADAPTER_MODEL_INPUT = 3,
  /** A model output (NNAdapterModel_identifyInputsAndOutputs). */
  NNADAPTER_MODEL_OUTPUT = 4,
} NNAdapterOperandLifetimeCode;

/** Device types. */
typedef enum {
  NNADAPTER_CPU = 0,
  NNADAPTER_GPU = 1,
  NNADAPTER_ACCELERATOR = 2,
} NNAdapterDeviceCode;

/** Activation fused into an operation (operand `fuse_code`). */
typedef enum {
  NNADAPTER_FUSED_NONE = 0,
  /** max(x, 0) */
  NNADAPTER_FUSED_RELU = 1,
  /** min(max(x, -1), 1) */
  NNADAPTER_FUSED_RELU1 = 2,
  /** min(max(x, 0), 6) */
  NNADAPTER_FUSED_RELU6 = 3,
} NNAdapterFuseCode;

/** Padding mode of convolutions and poolings (operand `auto_pad`). */
typedef enum {
  /** Use the explicit `pads` operand. */
  NNADAPTER_AUTO_PAD_NONE = 0,
  /** Pad so that output = ceil(input / stride) (extra padding at the end). */
  NNADAPTER_AUTO_PAD_SAME = 1,
  /** No padding. */
  NNADAPTER_AUTO_PAD_VALID = 2,
} NNAdapterAutoPadCode;

/** Padding mode of PAD and GRID_SAMPLE. */
typedef enum {
  NNADAPTER_PAD_MODE_NONE = 0,
  NNADAPTER_PAD_MODE_CONSTANT = 1,
  NNADAPTER_PAD_MODE_REFLECT = 2,
  NNADAPTER_PAD_MODE_REPLICATE = 3,
  NNADAPTER_PAD_MODE_EDGE = 4,
} NNAdapterPadModeCode;
typedef NNAdapterPadModeCode NNAdapterPadMode;

/** Interpolation mode of GRID_SAMPLE. */
typedef enum {
  NNADAPTER_INTERPOLATE_MODE_NONE = 0,
  NNADAPTER_INTERPOLATE_MODE_BILINEAR = 1,
  NNADAPTER_INTERPOLATE_MODE_NEAREST = 2,
} NNAdapterInterpolateModeCode;
typedef NNAdapterInterpolateModeCode NNAdapterInterpolateMode;

typedef int32_t NNAdapterOperandPrecision;
typedef int32_t NNAdapterOperandLayout;
typedef int32_t NNAdapterOperandLifetime;
typedef int32_t NNAdapterDeviceType;
typedef int32_t NNAdapterOperationType;

/**
 * Standard operations. Operands of an operation must be given in exactly the
 * order documented here: each entry starts with an English summary of the
 * operand order, followed by the full definition from the specification
 * (types, shapes, value ranges). Optional operands may be omitted only when they are
 * last and marked "optional"; shape inference fills the output operands
 * (precision, dimensions, quantization parameters) in
 * NNAdapterModel_addOperation.
 *
 * The codes are kept in sync with operation_types.inc.
 */
typedef enum {
  /**
   * NNADAPTER_ABS
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素取绝对值: output = abs(input) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_ABS = 1,
  /**
   * NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D
   *
   * Inputs (in order): 0: input, 1: output_shape.
   * Outputs: 0: output.
   *
   * 二维自适应平均池化。
   * Inputs:
   *  * 0 : input ,输入操作数,形状:[N, C_in, H_in, W_in] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : output_shape ,输出操作数的高和宽,形状: [2] ,类型: NNADAPTER_INT32 、
   *    NNADAPTER_INT64 ,取值: 两个元素的值分别表示 H_out 和 W_out 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状: [N, C_in, H_out, W_out] ,类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D = 2,
  /**
   * NNADAPTER_ADAPTIVE_MAX_POOL_2D
   *
   * Inputs (in order): 0: input, 1: output_shape, 2: return_indices, 3:
   *     return_indices_dtype.
   * Outputs: 0: output, 1: indices.
   *
   * 二维自适应最大池化。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C_in, H_in, W_in] ,类型: NNADAPTER_FLOAT32 ,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : output_shape ,输出操作数的高和宽,形状: [2] ,类型: NNADAPTER_INT32 、
   *    NNADAPTER_INT64 ,取值: 两个元素的值分别表示 H_out 和 W_out 。
   *  * 2 : return_indices ,是否输出最大值的索引,形状: [1] ,类型: NNADAPTER_BOOL8 ,取值: true
   *    、false ,默认是 false 。
   *  * 3 : return_indices_dtype ,最大值的索引的类型,形状为 [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNADAPTER_INT32 或 NNADAPTER_INT64 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状: [N, C_in, H_out, W_out] ,类型与输入操作数 input 相同。
   *  * 1 : indices ,输出最大值的索引操作数, 是否输出由输入操作数 return_indices 决定,形状与输出操作数 output
   *    相同,类型:NNADAPTER_INT32 、 NNADAPTER_INT64 ,由输入操作数 return_indices_dtype 决定。
   *
   * Available since version 1.
   */
  NNADAPTER_ADAPTIVE_MAX_POOL_2D = 3,
  /**
   * NNADAPTER_ADD
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素相加: output = input0 + input1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_ADD = 4,
  /**
   * NNADAPTER_AND
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素逻辑与: output = input0 && input1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_BOOL8 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_AND = 5,
  /**
   * NNADAPTER_ARG_MAX
   *
   * Inputs (in order): 0: input, 1: axis, 2: keepdim, 3: dtype.
   * Outputs: 0: output.
   *
   * 沿给定 axis 轴计算输入操作数 input 的最大元素的索引值。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axis , 在 axis 轴上计算最大元素的索引值, 形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis
   *    的有效范围是 [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致。
   *  * 2 : keepdim ,是否保留 axis 轴,如果保留,则输出操作数在该轴上的尺寸是 1 ,形状: [1] ,类型:
   *    NNADAPTER_BOOL8 ,取值: true 、 false 。
   *  * 3 : dtype ,输出的索引值的数据类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNADAPTER_INT32 、 NNADAPTER_INT64 ,默认是 NNADAPTER_INT64 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 inputkeepdim 决定,类型: NNADAPTER_INT32 、
   *    NNADAPTER_INT64 ,由输入操作数 dtype 决定。
   *
   * Available since version 1.
   */
  NNADAPTER_ARG_MAX = 6,
  /**
   * NNADAPTER_ARG_MIN
   *
   * Inputs (in order): 0: input, 1: axis, 2: keepdim, 3: dtype.
   * Outputs: 0: output.
   *
   * 沿给定 axis 轴计算输入操作数 input 的最小元素的索引值。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axis , 在给定的轴上计算最小元素的索引值, 形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis
   *    的有效范围是 [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致。
   *  * 2 : keepdim ,是否保留操作的轴,形状: [1] ,类型: NNADAPTER_BOOL8 , 取值: true 、 false 。
   *  * 3 : dtype ,输出的索引值的数据类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:NNADAPTER_INT32
   *    、 NNADAPTER_INT64 ,默认是 NNADAPTER_INT64 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 inputkeepdim 决定,类型: NNADAPTER_INT32 、
   *    NNADAPTER_INT64 ,由输入操作数 dtype 决定.
   *
   * Available since version 1.
   */
  NNADAPTER_ARG_MIN = 7,
  /**
   * NNADAPTER_ASSIGN
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 将输入操作数的数据拷贝至输出操作数。
   * Inputs:
   *  * 0 : input ,输入操作数,数据类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_ASSIGN = 8,
  /**
   * NNADAPTER_AVERAGE_POOL_2D
   *
   * Inputs (in order): 0: input, 1: auto_pad, 2: pads (optional), 3:
   *     kernel_shape, 4: strides, 5: ceil_mode, 6: count_include_pad, 7:
   *     fuse_code.
   * Outputs: 0: output.
   *
   * 二维平均池化。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C_in, H_in, W_in] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : auto_pad ,填充模式,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterAutoPadCode 类型的任意值, NNADAPTER_AUTO_PAD_NONE 表示由输入操作数 pads
   *    显式指定填充大小, NNADAPTER_AUTO_PAD_SAME
   *    表示自动计算填充大小保证输出与输入的形状相同,NNADAPTER_AUTO_PAD_VALID 表示不填充。
   *  * 2 : pads ,填充大小,可选,形状: [4] ,类型: NNADAPTER_INT32 ,取值:四个元素的值分别表示
   *    height_top , height_bottom , width_left , width_right 。
   *  * 3 : kernel_shape ,核的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值: 两个元素的值分别表示
   *    kernel_height , kernel_width 。
   *  * 4 : strides ,步长的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值:两个元素的值分别表示
   *    stride_height , stride_width 。
   *  * 5 : ceil_mode ,是否用 ceil 函数计算输出的高和宽,形状: [1] ,类型:NNADAPTER_BOOL8 , 取值:
   *    true 、 false ,默认是 false 。
   *  * 6 : count_include_pad ,计算时是否包含填充区域,形状: [1] ,类型: NNADAPTER_BOOL8 ,取值:
   *    true 、 false ,默认是 false 。
   *  * 7 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作出,形状: [N, C_out, H_out, W_out] ,类型与输入操作数 input 相同 。
   *   * 当 ceil_mode 为 false 时,
   *    H_out = floor((H_in + padding_height_top + padding_height_bottom -
   *      filter_height) / stride_height + 1)
   *    W_out = floor((W_in + padding_width_left + padding_width_right -
   *      filter_width) / stride_width + 1)
   *   * 当 ceil_mode 为 true 时,
   *    H_out = ceil((H_in + padding_height_top + padding_height_bottom -
   *      filter_height) / stride_height + 1)
   *    W_out = ceil((W_in + padding_width_left + padding_width_right -
   *      filter_width) / stride_width + 1)
   *
   * Available since version 1.
   */
  NNADAPTER_AVERAGE_POOL_2D = 9,
  /**
   * NNADAPTER_BATCH_NORMALIZATION
   *
   * Inputs (in order): 0: input, 1: scale, 2: bias, 3: mean, 4: variance,
   *     5: epsilon.
   * Outputs: 0: output.
   *
   * 按批次正则化,根据均值和方差对批数据的每个通道进行正则化,具体实现方式请参考论文 Batch Normalization: Accelerating
   *   Deep Network Training by Reducing Internal Covariate Shift
   *   https://arxiv.org/pdf/1502.03167.pdf 。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C ,…] ,输入维度要求大于 2 ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : scale ,缩放,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 2 : bias ,偏移,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 3 : mean ,均值,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 4 : variance ,方差,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 5 : epsilon ,加上方差上防止发生除零错误的极小值,形状: [1] ,类型: NNADAPTER_FLOAT32
   *    ,取值:任意浮点数,默认是 1e-5。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_BATCH_NORMALIZATION = 10,
  /**
   * NNADAPTER_CAST
   *
   * Inputs (in order): 0: input, 1: dtype.
   * Outputs: 0: output.
   *
   * 数据类型转换。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_BOOL8 、 NNADAPTER_INT8 、 NNADAPTER_UINT8
   *    、 NNADAPTER_INT16 、 NNADAPTER_INT32 、 NNADAPTER_INT64 、 NNADAPTER_FLOAT16
   *    、 NNADAPTER_FLOAT32 、 NNADAPTER_FLOAT64 。
   *  * 1 : dtype ,目标类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值: NNADAPTER_BOOL8 、
   *    NNADAPTER_INT8 、 NNADAPTER_UINT8 、 NNADAPTER_INT16 、 NNADAPTER_INT32 、
   *    NNADAPTER_INT64 、 NNADAPTER_FLOAT16 、 NNADAPTER_FLOAT32 、
   *    NNADAPTER_FLOAT64 、 NNADAPTER_FLOAT64 。
   * Outputs:
   *  * 0 : output ,输出操作数,类型与 dtype 相同,形状和 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_CAST = 11,
  /**
   * NNADAPTER_CHANNEL_SHUFFLE
   *
   * Inputs (in order): 0: input, 1: group.
   * Outputs: 0: output.
   *
   * 通道混洗重排,它将输入通道分成 group 个子组,并通过逐一从每个子组中选择元素来获得新的顺序: C_out[k * group + g] =
   *   C_in[g * size + k] ,其中 size = C_in / group ,具体实现请参考论文
   *   https://arxiv.org/pdf/1707.01083.pdf 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : group ,子组的数目,必须整除 input 的通道数,形状: [1] ,类型: NNADAPTER_FLOAT32。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_CHANNEL_SHUFFLE = 12,
  /**
   * NNADAPTER_CLIP
   *
   * Inputs (in order): 0: input, 1: min, 2: max.
   * Outputs: 0: output.
   *
   * 对所有元素进行剪裁,使其限制在 [min, max] 内: output = min(max(input, min), max) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : min ,裁剪的最小值,形状: [1] , 类型与 input 相同。
   *  * 2 : max ,裁剪的最大值,形状: [1] , 类型与 input 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_CLIP = 13,
  /**
   * NNADAPTER_CONCAT
   *
   * Inputs (in order): 0~n-1: input0 ~ inputn-1, n: axis.
   * Outputs: 0: output.
   *
   * 沿 axis 轴将多个输入进行拼接。
   * Inputs:
   *  * 0 ~ n-1 : input0 ~ inputn-1 :输入 0 ~ n-1 个的操作数,形状:除 axis
   *    轴的维度不同,所有输入的其它维度数必须相同,类型:NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * n : axis ,沿该轴进行拼接,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R, R)
   *    , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input0 ~ inputn-1 的类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_CONCAT = 14,
  /**
   * NNADAPTER_CONV_2D
   *
   * Inputs (in order): 0: input, 1: filter, 2: bias, 3: auto_pad, 4: pads
   *     (optional), 5: strides, 6: group, 7: dilations, 8: fuse_code.
   * Outputs: 0: output.
   *
   * 二维卷积。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C_in, H_in, W_in] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : filter ,卷积核参数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ,形状满足如下约束:
   *   * 如果是常规卷积,那么形状是 [C_out, C_in, filter_height, filter_width] ,其中 C_out 和
   *     C_in 分别表示输出和输出的通道数, filter_height 和 filter_width 分别是卷积核的高和宽。
   *   * 如果是深度可分离卷积,那么形状是 [C_out, 1, filter_height, filter_width] ,其中 C_out
   *     是输出通道数, filter_height 和 filter_width 分别是卷积核的高和宽。
   *  * 2 : bias ,偏置,形状: [C_out] ,类型满足如下约束:
   *   * 如果输入类型是 NNADAPTER_FLOAT32 ,那么类型和输入一致。
   *   * 如果卷积核类型是 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER ,且 bias_scale == input_scale *
   *     filter_scale 。
   *   * 如果卷积核类型是 NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL ,且对于每个输出通道 i ,满足:bias_scale[i] =
   *     input_scale * filter_scale[i] 。
   *  * 3 : auto_pad ,填充模式,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterAutoPadCode 类型的任意值, NNADAPTER_AUTO_PAD_NONE 表示由输入操作数 pads
   *    显式指定填充大小, NNADAPTER_AUTO_PAD_SAME
   *    表示自动计算填充大小保证输出与输入的形状相同,NNADAPTER_AUTO_PAD_VALID 表示不填充。
   *  * 4 : pads ,填充大小,可选,形状: [4] , 类型: NNADAPTER_INT32 ,取值:四个元素的值分别表示
   *    height_top , height_bottom , width_left , width_right 。
   *  * 5 : strides ,步长的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值:两个元素的值分别表示
   *    stride_height , stride_width 。
   *  * 6 : group ,卷积分组数, 形状: [1] ,类型: NNADAPTER_INT32 ,取值满足如下约束:
   *   * 如果是常规卷积,那么 group 必须为 1 。
   *   * 如果是深度可分离卷积,那么必须满足: group = C_out = C_in 。
   *  * 7 : dilations ,空洞的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值: 两个元素的值分别表示
   *    dilations_height , dilations_width 。
   *  * 8 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,类型与输入 input 相同,形状: [N, C_out, H_out, W_out],计算公式如下:
   *   H_out = (H_in + padding_height_top + padding_height_bottom -
   *     (dilation_height * (filter_height - 1) + 1)) / stride_height + 1
   *   W_out = (W_in + padding_width_left + padding_width_right -
   *     (dilation_width * (filter_width - 1) + 1)) / stride_width + 1
   *
   * Available since version 1.
   */
  NNADAPTER_CONV_2D = 15,
  /**
   * NNADAPTER_CONV_2D_TRANSPOSE
   *
   * Inputs (in order): 0: input, 1: filter, 2: bias, 3: auto_pad, 4: pads
   *     (optional), 5: strides, 6: group, 7: dilations, 8: output_padding
   *     (optional), 9: output_shape (optional), 10: fuse_code.
   * Outputs: 0: output.
   * Filter layout used by this implementation (Paddle conv2d_transpose
   * weights): [C_in, C_out / group, filter_height, filter_width].
   *
   * 二维转置(反)卷积。
   * Inputs:
   *  * 0 : input,输入操作数,形状: [N, C_in, H_in, W_in] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : filter ,卷积核参数,形状: [C_out, C_in, filter_height, filter_width] ,其中
   *    C_out 和 C_in 分别表示输出和输出的通道数, filter_height 和 filter_width 分别是卷积核的高和宽, 类型:
   *    NNADAPTER_FLOAT32 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL 。
   *  * 2 : bias ,偏置,形状: [C_out] ,类型满足如下约束:
   *   * 如果输入类型是 NNADAPTER_FLOAT32 ,那么类型和输入一致。
   *   * 如果卷积核类型是 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER ,且 bias_scale == input_scale *
   *     filter_scale 。
   *   * 如果卷积核类型是 NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL ,且对于每个输出通道 i ,满足:bias_scale[i] =
   *     input_scale * filter_scale[i] 。
   *  * 3 : auto_pad ,填充模式,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterAutoPadCode 类型的任意值, NNADAPTER_AUTO_PAD_NONE 表示由输入操作数 pads
   *    显式指定填充大小, NNADAPTER_AUTO_PAD_SAME
   *    表示自动计算填充大小保证输出与输入的形状相同,NNADAPTER_AUTO_PAD_VALID 表示不填充。
   *  * 4 : pads ,填充大小,可选,形状: [4] , 类型: NNADAPTER_INT32 ,取值:四个元素的值分别表示
   *    height_top , height_bottom , width_left , width_right 。
   *  * 5 : strides ,步长的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值:两个元素的值分别表示
   *    stride_height , stride_width 。
   *  * 6 : group ,卷积分组数, 形状: [1] ,类型: NNADAPTER_INT32 ,取值满足如下约束:
   *   * 如果是常规卷积,那么 group 必须为 1 。
   *   * 如果是深度可分离卷积,那么必须满足: group = C_out = C_in 。
   *  * 7 : dilations ,空洞的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值: 两个元素的值分别表示
   *    dilations_height , dilations_width 。
   *  * 8 : output_padding ,输出填充大小,可选, 形状: [2] , 类型: NNADAPTER_INT32
   *    ,取值:两个元素的值分别表示 output_pad_height , output_pad_width 。
   *  * 9 : output_shape ,输出操作数的宽和高,可选,形状: [2] , 类型: NNADAPTER_INT32 、
   *    NNADAPTER_INT64 ,取值:两个元素的值分别表示 output_height , output_width 。
   *  * 10 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,类型与输入 input 相同,形状: [N, C_out, H_out, W_out],计算公式如下:
   *   H_out = (H_in - 1) * stride_height - padding_height_top -
   *     padding_height_bottom + (dilation_height * (filter_height - 1)) + 1 +
   *     output_padding_height
   *   W_out = (W_in - 1) * stride_width - padding_width_left -
   *     padding_width_right + (dilation_width * (filter_width - 1) + 1)) + 1 +
   *     output_padding_width
   *
   * Available since version 1.
   */
  NNADAPTER_CONV_2D_TRANSPOSE = 16,
  /**
   * NNADAPTER_COS
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素取余弦值: output = cos(input) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_COS = 17,
  /**
   * NNADAPTER_CUM_SUM
   *
   * Inputs (in order): 0: input, 1: axis, 2: exclusive, 3: reverse.
   * Outputs: 0: output.
   *
   * 沿给定 axis 轴计算累加和。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axis ,沿该轴计算累加和,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R,
   *    R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致,默认是 -1 。
   *  * 2 : exclusive ,是否排除第一个元素,即累加后的结果的第一个元素为零,类型: NNADAPTER_BOOL8 , 取值: true
   *    、 false ,默认是 false 。
   *  * 3 : reverse ,是否反向执行累加和,类型: NNADAPTER_BOOL8 ,取值: true 、 false ,默认是 false
   *    。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_CUM_SUM = 18,
  /**
   * NNADAPTER_DEFORMABLE_CONV_2D
   *
   * Inputs (in order): 0: input, 1: offset, 2: mask, 3: filter, 4: bias,
   *     5: pads (optional), 6: strides, 7: group, 8: deformable_group, 9:
   *     dilations, 10: fuse_code.
   * Outputs: 0: output.
   *
   * 二维可变形卷积。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C_in, H_in, W_in] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : offset ,输入坐标偏移,形状: [N, 2 * deformable_groups * H_f * W_f, H_in,
   *    W_in] ,类型和输入操作数 input 相同。
   *  * 2 : mask , 输入掩码,形状: [N, deformable_groups * H_f * W_f, H_in, W_in]
   *    ,类型和输入操作数 input 相同。
   *  * 3 : filter ,卷积核参数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ,形状满足如下约束:
   *   * 如果是常规卷积,那么形状是 [C_out, C_in, filter_height, filter_width] ,其中 C_out 和
   *     C_in 分别表示输出和输出的通道数, filter_height 和 filter_width 分别是卷积核的高和宽。
   *   * 如果是深度可分离卷积,那么形状是 [C_out, 1, filter_height, filter_width] ,其中 C_out
   *     是输出通道数, filter_height 和 filter_width 分别是卷积核的高和宽。
   *  * 4 : bias ,偏置,形状: [C_out] ,类型满足如下约束:
   *   * 如果输入类型是 NNADAPTER_FLOAT32 ,那么类型和输入一致。
   *   * 如果卷积核类型是 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER ,且 bias_scale == input_scale *
   *     filter_scale 。
   *   * 如果卷积核类型是 NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL ,且对于每个输出通道 i ,满足:bias_scale[i] =
   *     input_scale * filter_scale[i] 。
   *  * 5 : pads ,填充大小,可选,形状: [4] , 类型: NNADAPTER_INT32 ,取值:四个元素的值分别表示
   *    height_top , height_bottom , width_left , width_right 。
   *  * 6 : strides ,步长的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值:两个元素的值分别表示
   *    stride_height , stride_width 。
   *  * 7 : group ,卷积分组数, 形状: [1] ,类型: NNADAPTER_INT32 ,取值满足如下约束:
   *   * 如果是常规卷积,那么 group 必须为 1 。
   *   * 如果是深度可分离卷积,那么必须满足: group = C_out = C_in 。
   *  * 8 : deformable_group ,可变形卷积组数,形状: [1] , 类型: NNADAPTER_INT32 。
   *  * 9 : dilations ,空洞的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值: 两个元素的值分别表示
   *    dilations_height , dilations_width 。
   *  * 10 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,类型与输入 input 相同,形状: [N, C_out, H_out, W_out],计算公式如下:
   *   H_out = (H_in + padding_height_top + padding_height_bottom -
   *     (dilation_height * (filter_height - 1) + 1)) / stride_height + 1
   *   W_out = (W_in + padding_width_left + padding_width_right -
   *     (dilation_width * (filter_width - 1) + 1)) / stride_width + 1
   *
   * Available since version 1.
   */
  NNADAPTER_DEFORMABLE_CONV_2D = 19,
  /**
   * NNADAPTER_DEQUANTIZE
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 反量化:output = (input - zero_point) * scale , 其中 zero_point 和 scale 来自输入操作数
   *   input 的类型参数,如果采用对称量化,则有:zero_point = 0 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL 、
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL 。
   * Outputs:
   *  * 0 : output ,输出操作数,类型:NNADAPTER_FLOAT32,形状和 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_DEQUANTIZE = 20,
  /**
   * NNADAPTER_DIV
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素除: output = input0 / input1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_DIV = 21,
  /**
   * NNADAPTER_EQUAL
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素关系等于: output = input0 == input1 ,与 Numpy 的广播规则
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_BOOL8
   *    、NNADAPTER_INT32 、 NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
   *    。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型: NNADAPTER_BOOL8 。
   *
   * Available since version 1.
   */
  NNADAPTER_EQUAL = 22,
  /**
   * NNADAPTER_EXP
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算 e 的次幂: output = e^input
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_EXP = 23,
  /**
   * NNADAPTER_EXPAND
   *
   * Inputs (in order): 0: input, 1: shape.
   * Outputs: 0: output.
   *
   * 根据给定的形状对输入进行扩展,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : shape ,给定扩展后的形状,形状:任意一维操作数,类型: NNADAPTER_INT32 、 NNADAPTER_INT64 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状与 shape 的值相同,类型和 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_EXPAND = 24,
  /**
   * NNADAPTER_FILL
   *
   * Inputs (in order): 0: shape, 1: value.
   * Outputs: 0: output.
   *
   * 创建指定形状和类型的操作数,将其所有元素值全部填充为同一个值。
   * Inputs:
   *  * 0 : shape ,输出操作数的形状,形状:任意一维操作数,类型: NNADAPTER_INT32 、 NNADAPTER_INT64 .
   *  * 1 : value ,填充值,形状: [1] ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_INT32 、
   *    NNADAPTER_INT64 、 NNADAPTER_BOOL8 .
   * Outputs:
   *  * 0 : output,输出操作数,形状与 shape 的值相同,类型和值与 value 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_FILL = 25,
  /**
   * NNADAPTER_FILL_LIKE
   *
   * Inputs (in order): 0: input, 1: value.
   * Outputs: 0: output.
   *
   * 根据给定操作数的形状创建一个新的操作数,将其所有元素值全部填充为同一个值。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32
   *    ,NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : value ,填充值,形状: [1] ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_INT32 、
   *    NNADAPTER_INT64 、 NNADAPTER_BOOL8 .
   * Outputs:
   *  * 0 : output,输出操作数,形状与输入操作数 input 相同,类型和值与 value 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_FILL_LIKE = 26,
  /**
   * NNADAPTER_FLATTEN
   *
   * Inputs (in order): 0: input, 1: start_axis, 2: end_axis.
   * Outputs: 0: output.
   *
   * 根据给定的 start_axisstop_axis 起、止轴将连续的维度进行展开。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 ,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER , NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
   *    。
   *  * 1 : start_axis ,展开的起始维度,形状: [1] ,类型: NNADAPTER_INT32 。
   *  * 2 : end_axis ,展开的结束维度,形状: [1] ,类型: NNADAPTER_INT32 。
   * Outputs:
   *  * 0: output ,输出操作数,类型与输入操作数 input 相同.
   *
   * Available since version 1.
   */
  NNADAPTER_FLATTEN = 27,
  /**
   * NNADAPTER_FLOOR
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素向下取整: output = floor(input) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_FLOOR = 28,
  /**
   * NNADAPTER_FLOOR_DIV
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素相除并向下取整: output = floor (input0 / input1) ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_FLOOR_DIV = 29,
  /**
   * NNADAPTER_FULLY_CONNECTED
   *
   * Inputs (in order): 0: input, 1: weight, 2: bias, 3: fuse_code.
   * Outputs: 0: output.
   *
   * 全链接层: output = activation(input * weight’ + bias) 。
   * Inputs:
   *  * 0 : input ,输入操作数,形状:两维及以上,如果大于两维,将会被平展成两维 [batch_size, input_size] ,其中
   *    input_size = weight[1] , batch_size = num_elements / input_size ,
   *    num_elements 是 input 的元素个数, 类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : weight ,权重参数,形状: [num_units, input_size] ,其中 num_units
   *    代表全链接层输出节点个数(或输出特征大小), input_size 为全链接层输入节点个数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL 。
   *  * 2 : bias ,偏置,形状: [num_units] ,类型满足如下约束:
   *   * 如果权重类型是 NNADAPTER_FLOAT32 ,那么类型和输入一致。
   *   * 如果权重类型是 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER ,且 bias_scale == input_scale *
   *     weight_scale 。
   *   * 如果权重类型是 NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ,那么类型为
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL ,且对于每个输出通道 i ,满足:bias_scale[i] =
   *     input_scale * weight_scale[i] 。
   *  * 3 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状: [batch_size, num_units] ,类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_FULLY_CONNECTED = 30,
  /**
   * NNADAPTER_GATHER
   *
   * Inputs (in order): 0: input, 1: indices, 2: axis.
   * Outputs: 0: output.
   *
   * 沿着给定的轴根据索引获取指定的单个或多个条目。
   * Inputs:
   *  * 0 : input , 输入操作数,类型: NNADAPTER_FLOAT32 、 NNADAPTER_INT32 、
   *    NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : indices ,索引,类型: NNADAPTER_INT32 、 NNADAPTER_INT64 ,假设维度为
   *    Q,取值:不能超过输入操作数 inputaxis 维度的长度。
   *  * 2 : axis ,在给定的轴上根据索引获取单个或多个条目,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis
   *    的有效范围是 [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致。
   * Outputs:
   *  * 0 : output ,输出操作数,类型和输入操作数 input 相同,维度是 Q + (R - 1) 。
   *
   * Available since version 1.
   */
  NNADAPTER_GATHER = 31,
  /**
   * NNADAPTER_GELU
   *
   * Inputs (in order): 0: input, 1: approximate.
   * Outputs: 0: output.
   *
   * 逐元素计算高斯误差线性单元激活值,具体实现请参考论文 https://arxiv.org/abs/1606.08415 。
   * Inputs:
   *  * 0 : input , 输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : approximate ,是否使用近似计算,形状: [1] ,类型: NNADAPTER_BOOL8 ,取值:true 、 false
   *    。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_GELU = 32,
  /**
   * NNADAPTER_GREATER
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素关系大于: output = input0 > input1 ,与 Numpy 的广播规则
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_BOOL8
   *    、NNADAPTER_INT32 、 NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
   *    。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型: NNADAPTER_BOOL8 。
   *
   * Available since version 1.
   */
  NNADAPTER_GREATER = 33,
  /**
   * NNADAPTER_GREATER_EQUAL
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素关系大于等于: output = input0 >= input1 ,与 Numpy 的广播规则
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_BOOL8
   *    、NNADAPTER_INT32 、 NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
   *    。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型: NNADAPTER_BOOL8 。
   *
   * Available since version 1.
   */
  NNADAPTER_GREATER_EQUAL = 34,
  /**
   * NNADAPTER_GRID_SAMPLE
   *
   * Inputs (in order): 0: input, 1: grid, 2: align_corners, 3: mode, 4:
   *     pad_mode.
   * Outputs: 0: output.
   *
   * 基于 flow field 网格的对输入进行双线性插值采样,网格通常由 affine_grid 生成, 形状为 [N, H, W, 2] ,它是
   *   [N, H, W] 的采样点的 (x, y) 坐标。 其中,x 坐标是输入数据的 W 维度的索引,y 坐标是 H
   *   维度的索引,最终输出采样值为采样点的四个最接近的角点的双线性插值结果,输出形状为 [N, C, H, W] 。
   * Inputs:
   *  * 0 : input ,输入操作数 ,形状: [N, C, H, W] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : grid ,网格数据,形状: [N, H, W, 2] , 类型: NNADAPTER_FLOAT32。
   *  * 2 : align_corners ,输入和输出四个角落像素的中心是否对齐,是否保留角点像素的值,形状: [1] ,类型:
   *    NNADAPTER_BOOL8 ,取值: true 、 false 。
   *  * 3 :mode ,插值方式,形状: [1] ,类型: NNADAPTER_INT32 ,取值:NNAdapterInterpolateMode
   *    类型的任意值, NNADAPTER_INTERPOLATE_MODE_NONE 、
   *    NNADAPTER_INTERPOLATE_MODE_BILINEAR 、 NNADAPTER_INTERPOLATE_MODE_NEAREST
   *    。
   *  * 4 :pad_mode ,当索引超过输入的图像大小时的填充方式,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterPadMode 类型的任意值, NNADAPTER_PAD_MODE_NONE 、
   *    NNADAPTER_PAD_MODE_CONSTANT 、 NNADAPTER_PAD_MODE_REFLECT 、
   *    NNADAPTER_PAD_MODE_REPLICATE 、 NNADAPTER_PAD_MODE_EDGE 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_GRID_SAMPLE = 35,
  /**
   * NNADAPTER_GROUP_NORMALIZATION
   *
   * Inputs (in order): 0: input, 1: scale, 2: bias, 3: epsilon, 4: groups.
   * Outputs: 0: output.
   *
   * 按组正则化,根据均值和方差对通道进行分组正则化,具体实现方式请参考论文 Group Normalization
   *   https://arxiv.org/abs/1803.08494 。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C ,…] ,输入维度要求大于 2 ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : scale ,缩放,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 2 : bias ,偏移,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 3 : epsilon ,加上方差上防止发生除零错误的极小值,形状: [1] ,类型: NNADAPTER_FLOAT32
   *    ,取值:任意浮点数,默认是 1e-5。
   *  * 4 :groups ,通道分组数, 形状: [1],类型:NNADAPTER_INT32 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_GROUP_NORMALIZATION = 36,
  /**
   * NNADAPTER_HARD_SIGMOID
   *
   * Inputs (in order): 0: input, 1: alpha, 2: beta.
   * Outputs: 0: output.
   *
   * 逐元素计算分段线性逼近激活值: output = max(0, min(1, alpha * input + beta)) 。
   * Inputs:
   *  * 0 : input , 输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : alpha , 斜率,形状: [1] ,类型: NNADAPTER_FLOAT32 。
   *  * 2 : beta ,截距,形状: [1] ,类型: NNADAPTER_FLOAT32 。
   * Outputs:
   *  * 0 : output , 输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_HARD_SIGMOID = 37,
  /**
   * NNADAPTER_HARD_SWISH
   *
   * Inputs (in order): 0: input, 1: alpha, 2: beta.
   * Outputs: 0: output.
   *
   * 逐元素计算 hardswish 激活值: output = input * max(0, min(1, alpha * input + beta))
   *   。
   * Inputs:
   *  * 0 : input , 输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : alpha , 斜率,形状: [1] ,类型: NNADAPTER_FLOAT32 。
   *  * 2 : beta ,截距,形状: [1] ,类型: NNADAPTER_FLOAT32 。
   * Outputs:
   *  * 0 : output , 输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_HARD_SWISH = 38,
  /**
   * NNADAPTER_INSTANCE_NORMALIZATION
   *
   * Inputs (in order): 0: input, 1: scale, 2: bias, 3: epsilon.
   * Outputs: 0: output.
   *
   * 按实例正则化,根据每个样本的每个通道的均值和方差信息进行正则化, 具体实现请参考论文 Instance Normalization: The
   *   Missing Ingredient for Fast Stylization https://arxiv.org/abs/1607.08022 。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C ,…] ,输入维度要求大于 2 ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : scale ,缩放,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 2 : bias ,偏移,形状: [C] ,类型: NNADAPTER_FLOAT32 。
   *  * 3 : epsilon ,加上方差上防止发生除零错误的极小值,形状: [1] ,类型: NNADAPTER_FLOAT32
   *    ,取值:任意浮点数,默认是 1e-5 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_INSTANCE_NORMALIZATION = 39,
  /**
   * NNADAPTER_LAYER_NORMALIZATION
   *
   * Inputs (in order): 0: input, 1: scale, 2: bias, 3: begin_norm_axis, 4:
   *     epsilon.
   * Outputs: 0: output.
   *
   * 按层正则化,具体实现请参考论文 Layer Normalization https://arxiv.org/pdf/1607.06450v1.pdf
   *   。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : scale ,缩放,形状: begin_norm_axis 轴到 rank(input) 的全部维度 ,类型:
   *    NNADAPTER_FLOAT32 。
   *  * 2 : bias ,偏移,形状: begin_norm_axis 轴到 rank(input) 的全部维度 ,类型:
   *    NNADAPTER_FLOAT32 。
   *  * 3 : begin_norm_axis ,归一化将沿着 begin_norm_axis 轴到 rank(input) 的维度执行,形状:
   *    [1] ,类型: NNADAPTER_INT32 。
   *  * 4 : epsilon ,加上方差上防止发生除零错误的极小值,形状: [1] ,类型: NNADAPTER_FLOAT32
   *    ,取值:任意浮点数,默认是 1e-5 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_LAYER_NORMALIZATION = 40,
  /**
   * NNADAPTER_LEAKY_RELU
   *
   * Inputs (in order): 0: input, 1: alpha.
   * Outputs: 0: output.
   *
   * 逐元素计算修正线性单元激活值: 当 input >= 0 时, output = input ; 当 input < 0 时, output =
   *   alpha * input
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : alpha ,公式中当输入小于零时的斜率,形状: [1] ,类型: NNADAPTER_FLOAT32。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_LEAKY_RELU = 41,
  /**
   * NNADAPTER_LESS
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素关系小于: output = input0 < input1 ,与 Numpy 的广播规则
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_BOOL8
   *    、NNADAPTER_INT32 、 NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
   *    。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型: NNADAPTER_BOOL8 。
   *
   * Available since version 1.
   */
  NNADAPTER_LESS = 42,
  /**
   * NNADAPTER_LESS_EQUAL
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素关系小于等于: output = input0 <= input1 ,与 Numpy 的广播规则
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_BOOL8
   *    、NNADAPTER_INT32 、 NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
   *    。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型: NNADAPTER_BOOL8 。
   *
   * Available since version 1.
   */
  NNADAPTER_LESS_EQUAL = 43,
  /**
   * NNADAPTER_LOG
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算自然对数: output = ln(input) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_LOG = 44,
  /**
   * NNADAPTER_LOG_SOFTMAX
   *
   * Inputs (in order): 0: input, 1: axis.
   * Outputs: 0: output.
   *
   * 沿着给定的轴逐元素计算 log softmax 激活值: output = log(exp(input) /
   *   reduce_sum(exp(input), axis=axis, keepdims=true)) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER tensor 。
   *  * 1 : axis ,指定运算的轴,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R, R)
   *    , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致,默认是 1 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_LOG_SOFTMAX = 45,
  /**
   * NNADAPTER_LP_NORMALIZATION
   *
   * Inputs (in order): 0: input, 1: axis, 2: p, 3: epsilon.
   * Outputs: 0: output.
   *
   * 沿给定轴进行 Lp 正则化: 当 p = 1 时, output = input / (sum(abs(input)) + epsilon) ; 当
   *   p = 2 时, output = input / (sqrt(sum(input^2)) + epsilon) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axis ,在给定的轴上进行 Lp 正则化,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是
   *    [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致,默认是 1 。
   *  * 2 : p ,正则化的指数,形状: [1] ,类型: NNADAPTER_INT32 ,取值: 1 、2 ,默认是 2 。
   *  * 3 : epsilon ,加上方差上防止发生除零错误的极小值,形状: [1] ,类型: NNADAPTER_FLOAT32
   *    ,取值:任意浮点数,默认是 1e-5 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_LP_NORMALIZATION = 46,
  /**
   * NNADAPTER_LRN
   *
   * Inputs (in order): 0: input, 1: size, 2: bias, 3: alpha, 4: beta.
   * Outputs: 0: output.
   *
   * 局部响应正则化层,用于对局部输入区域正则化,执行一种侧向抑制,具体实现参考论文:https://papers.nips.cc/paper/4824-
   *   imagenet-classification-with-deep-convolutional-neural-networks.pdf
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32。
   *  * 1 : size ,累加的通道数,形状: [1] ,类型: NNADAPTER_INT32 ,取值:任意整数,默认是 5
   *  * 2 : bias ,位移,形状: [1] ,类型: NNADAPTER_FLOAT32 ,取值:任意浮点数,默认是 1.f 。
   *  * 3 : alpha ,缩放参数,形状: [1] ,类型: NNADAPTER_FLOAT32 ,取值:任意浮点数,默认是 1e-4 。
   *  * 4 : beta ,指数参数,形状: [1] ,类型: NNADAPTER_FLOAT32 ,取值:任意浮点数,默认是 0.75f 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_LRN = 47,
  /**
   * NNADAPTER_MAT_MUL
   *
   * Inputs (in order): 0: x, 1: y, 2: transpose_x, 3: transpose_y.
   * Outputs: 0: output.
   *
   * 计算两个操作数的乘积,计算方法与 numpy.matmul https://docs.scipy.org/doc/numpy-
   *   1.13.0/reference/generated/numpy.matmul.html 相同。
   * Inputs:
   *  * 0 : x ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : y ,输入操作数 1 ,类型与输入操作数 x 相同。
   *  * 2 : transpose_x , 是否对 x 的最后两维转置,形状: [1] , 类型:NNADAPTER_BOOL8 ,取值: true
   *    、 false ,默认是 false 。
   *  * 3 : transpose_y, 是否对 y 的最后两维转置,形状: [1] , 类型:NNADAPTER_BOOL8 ,取值: true 、
   *    false ,默认是 false 。
   * Outputs:
   *  * 0: output, 形状:由输入操作数 xy 广播后的形状决定,类型与输入操作数 xy 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_MAT_MUL = 48,
  /**
   * NNADAPTER_MAX
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素取最大值: output = max(input0input1) ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_MAX = 49,
  /**
   * NNADAPTER_MAX_POOL_2D
   *
   * Inputs (in order): 0: input, 1: auto_pad, 2: pads (optional), 3:
   *     kernel_shape, 4: strides, 5: ceil_mode, 6: return_indices, 7:
   *     return_indices_dtype, 8: fuse_code.
   * Outputs: 0: output, 1: indices.
   *
   * 二维最大池化。
   * Inputs:
   *  * 0 : input ,输入操作数,形状:[N, C_in, H_in, W_in] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : auto_pad ,填充模式,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterAutoPadCode 类型的任意值, NNADAPTER_AUTO_PAD_NONE 表示由输入操作数 pads
   *    显式指定填充大小, NNADAPTER_AUTO_PAD_SAME
   *    表示自动计算填充大小保证输出与输入的形状相同,NNADAPTER_AUTO_PAD_VALID 表示不填充。
   *  * 2 : pads ,填充大小,可选,形状: [4] ,类型: NNADAPTER_INT32 ,取值:四个元素的值分别表示
   *    height_top , height_bottom , width_left , width_right 。
   *  * 3 : kernel_shape ,核的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值: 两个元素的值分别表示
   *    kernel_height , kernel_width 。
   *  * 4 : strides ,步长的高和宽,形状: [2] ,类型: NNADAPTER_INT32 ,取值:两个元素的值分别表示
   *    stride_height , stride_width 。
   *  * 5 : ceil_mode ,是否用 ceil 函数计算输出的高和宽,形状: [1] ,类型:NNADAPTER_BOOL8 , 取值:
   *    true 、 false ,默认是 false 。
   *  * 6 : return_indices ,是否输出最大值的索引,形状: [1] ,类型: NNADAPTER_BOOL8 ,取值: true
   *    、false ,默认是 false 。
   *  * 7 : return_indices_dtype ,最大值的索引的类型,形状为 [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNADAPTER_INT32 或 NNADAPTER_INT64 。
   *  * 8 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作出,形状: [N, C_out, H_out, W_out] ,类型与输入操作数 input 相同 。
   *   * 当 ceil_mode 为 false 时,
   *    H_out = floor((H_in + padding_height_top + padding_height_bottom -
   *      filter_height) / stride_height + 1)
   *    W_out = floor((W_in + padding_width_left + padding_width_right -
   *      filter_width) / stride_width + 1)
   *   * 当 ceil_mode 为 true 时,
   *    H_out = ceil((H_in + padding_height_top + padding_height_bottom -
   *      filter_height) / stride_height + 1)
   *    W_out = ceil((W_in + padding_width_left + padding_width_right -
   *      filter_width) / stride_width + 1)
   *  * 1 : indices ,输出最大值的索引操作数, 是否输出由输入操作数 return_indices 决定,形状与输出操作数 output
   *    相同,类型:NNADAPTER_INT32 、 NNADAPTER_INT64 ,由输入操作数 return_indices_dtype 决定。
   *
   * Available since version 1.
   */
  NNADAPTER_MAX_POOL_2D = 50,
  /**
   * NNADAPTER_MESHGRID
   *
   * Inputs (in order): 0~n-1: input0 ~ inputn-1.
   * Outputs: 0~n-1: output0 ~ outputn-1.
   *
   * 根据给定的多个向量创建多个网格。
   * Inputs:
   *  * 0 : input0 ~ inputn-1 ,输入 0 ~ n-1 个的操作数,形状:任意一维操作数, [d0], [d1], …
   *    [dn-1] ,类型:NNADAPTER_FLOAT32 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output0 ~ outputn-1 ,输出 n 个操作数,形状: [d0, d1, …, dn-1],类型与输入操作数
   *    input0 ~ inputn-1 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_MESHGRID = 51,
  /**
   * NNADAPTER_MIN
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素取最小值: output = min(input0input1) ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_MIN = 52,
  /**
   * NNADAPTER_MUL
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素相乘: output = input0 * input1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_MUL = 53,
  /**
   * NNADAPTER_NOT
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素逻辑非: output = !input
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_BOOL8 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_NOT = 54,
  /**
   * NNADAPTER_NOT_EQUAL
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素关系不等于: output = input0 != input1 ,与 Numpy 的广播规则
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_BOOL8
   *    、NNADAPTER_INT32 、 NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
   *    。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型: NNADAPTER_BOOL8 。
   *
   * Available since version 1.
   */
  NNADAPTER_NOT_EQUAL = 55,
  /**
   * NNADAPTER_OR
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * 逐元素逻辑或: output = input0 || input1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_BOOL8 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_OR = 56,
  /**
   * NNADAPTER_PAD
   *
   * Inputs (in order): 0: input, 1: pads, 2: mode, 3: value.
   * Outputs: 0: output.
   *
   * 多维填充。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、 NNADAPTER_INT32 、
   *    NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : pads , 填充大小,形状: [2 * rank(input)] ,类型: NNADAPTER_INT32 ,取值:
   *    根据每个维度设置填充大小,每个元素代表的含义为: x0_begin, x0_end, x1_begin, x1_end, … ,其中
   *    x0_begin 和 x0_end 分别代表第 0 维的左、右边界的填充大小。
   *  * 2 : mode ,填充模式, 形状: [1] , 类型: NNADAPTER_INT32 ,取值: NNAdapterPadModeCode
   *    类型的任意值, NNADAPTER_PAD_MODE_NONE 、 NNADAPTER_PAD_MODE_CONSTANT 、
   *    NNADAPTER_PAD_MODE_REFLECT 、 NNADAPTER_PAD_MODE_REPLICATE 、
   *    NNADAPTER_PAD_MODE_EDGE 。
   *  * 3 : value ,填充值,仅当填充模式为 NNADAPTER_PAD_MODE_CONSTANT 时有效,形状: [1]
   *    ,类型与输入操作数 input 相同。
   * Outputs:
   *  * 0: output ,输出操作数,形状:由输入操作数 input 的形状和 pads 的值决定,类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_PAD = 57,
  /**
   * NNADAPTER_POW
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素计算指数: output = input0 ^ input1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_POW = 58,
  /**
   * NNADAPTER_PRIOR_BOX
   *
   * Inputs (in order): 0: input, 1: image, 2: min_sizes, 3: max_sizes, 4:
   *     aspect_ratios, 5: variances, 6: flip, 7: clip, 8: step_w, 9: step_h,
   *     10: offset, 11: min_max_aspect_ratios_order.
   * Outputs: 0: boxes, 1: variances.
   *
   * 在 SSD ( Single Shot MultiBox Detector )模型中用于生成候选框,输入的每个位产生 N 个候选框, N 由
   *   min_sizesmax_sizesaspect_ratios 的数目决定,候选框的尺寸在 ( min_sizemax_size )
   *   之间,该尺寸根据 aspect_ratios 在序列中生成。
   * Inputs:
   *  * 0 : input ,特征 ,形状: [N, C, H, W] ,类型: NNADAPTER_FLOAT32 。
   *  * 1 : image ,图像 ,形状: [N, C, H, W] ,类型: NNADAPTER_FLOAT32 。
   *  * 2 : min_sizes , 生成的候选框的最小尺寸,形状: 任意一维操作数,类型: NNADAPTER_FLOAT32 。
   *  * 3 : max_sizes , 生成的候选框的最大尺寸,形状: 任意一维操作数,类型: NNADAPTER_FLOAT32 。
   *  * 4 : aspect_ratios ,生成的候选框的长宽比,形状: 任意一维操作数,类型: NNADAPTER_FLOAT32 。
   *  * 5 : variances ,候选框中解码的方差,形状: 任意一维操作数,类型: NNADAPTER_FLOAT32 。
   *  * 6 : flip ,是否翻转,形状: [1] ,类型: NNADAPTER_BOOL8 ,取值: true 、 false ,默认是
   *    false 。
   *  * 7 : clip ,是否裁剪,形状: [1] ,类型: NNADAPTER_BOOL8 ,取值: true 、 false ,默认是
   *    false 。
   *  * 8 : step_w ,候选框在 W 维度的步长,形状: [1] ,类型: NNADAPTER_FLOAT32 ,取值: 0.0
   *    表示自动计算候选框在 W 维度的步长。
   *  * 9 : step_h ,候选框在 H 维度的步长,形状: [1] ,类型: NNADAPTER_FLOAT32 ,取值: 0.0
   *    表示自动计算候选框在 H 维度的步长。
   *  * 10 : offset , 候选框中心位移 ,形状: [1] ,类型: NNADAPTER_FLOAT32 ,取值: 默认是 0.5 。
   *  * 11 : min_max_aspect_ratios_order ,最大、最小宽高比的顺序,形状: [1] ,类型:
   *    NNADAPTER_BOOL8 ,取值: true 、 false , true 表示候选框的输出以 [min, max,
   *    aspect_ratios] 的顺序输出,和 Caffe
   *    保持一致,但需要注意的是,该顺序会影响后面卷基层的权重顺序,但不影响最后的检测结果,默认是 false 。
   * Outputs:
   *  * 0 : boxes ,候选框,形状: [H, W, num_priors, 4] ,其中 num_priors 输入每位的总框数, 类型:
   *    NNADAPTER_FLOAT32 。
   *  * 1 : variances ,候选框方差,形状: [H, W, num_priors, 4] ,其中 num_priors 输入每位的总框数,
   *    类型: NNADAPTER_FLOAT32 。
   *
   * Available since version 1.
   */
  NNADAPTER_PRIOR_BOX = 59,
  /**
   * NNADAPTER_PRELU
   *
   * Inputs (in order): 0: input, 1: alpha.
   * Outputs: 0: output.
   *
   * 逐元素计算参数化修正线性单元激活值:当 input >= 0 时, output = input ;当 input < 0 时, output =
   *   slope * input
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C, …] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : alpha ,公式中当输入小于零时的斜率,形状: [1] 或 [C] ,类型: NNADAPTER_FLOAT32。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_PRELU = 60,
  /**
   * NNADAPTER_QUANTIZE
   *
   * Inputs (in order): 0: input, 1: axis, 2: scale, 3: zero_point.
   * Outputs: 0: output.
   *
   * 量化: output = input / scale + zero_point
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C, …] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_FLOAT32 。
   *  * 1 : axis ,沿该轴量化,仅在 per-channel 或 per-axis 量化方式时有效,由 scale 的形状决定,形状: [1]
   *    ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R, R) , R 是输入操作数 input 的维度,当 axis
   *    为负数时,效果与 axis + R 一致,默认是 1 。
   *  * 2 : scale ,量化公式中的 scale 参数,形状: [1] 或 [C] ,[C] 代表量化方式为 per-channel 或
   *    per-axis,[1] 代表 per-layer 或 per-tensor 量化方式,类型: NNADAPTER_FLOAT32。
   *  * 3 : zero_point ,量化公式中的 zero_point 参数,形状: 必须与 scale 相同,类型:
   *    NNADAPTER_FLOAT32。
   * Outputs:
   *  * 0 : output ,输出操作数,类型: NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL 、
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER 、
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL ,由 scalezero_point 决定,形状和 input
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_QUANTIZE = 61,
  /**
   * NNADAPTER_RANGE
   *
   * Inputs (in order): 0: start, 1: end, 2: step.
   * Outputs: 0: output.
   *
   * 生成一个由以步长 step 均匀分隔给定数值区间 [ start , end ) 的连续数值组成的操作数。
   * Inputs:
   *  * 0 : start ,起点,形状: [1] ,类型: NNADAPTER_FLOAT32, NNADAPTER_INT32 。
   *  * 1 : end ,终点(但不包括该值),与输入操作数 start 的形状和类型相同。
   *  * 2 : step ,步长,与输入操作数 start 的形状和类型相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:一维操作数,长度由 startendstep 共同决定, 类型与输入操作数 start 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_RANGE = 62,
  /**
   * NNADAPTER_REDUCE_MAX
   *
   * Inputs (in order): 0: input, 1: axes, 2: keepdim.
   * Outputs: 0: output.
   *
   * 沿着给定的单个或多个轴计算最大值。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axes ,给定的单个或多个轴,形状:任意一维操作数,类型: NNADAPTER_INT32 ,取值: 每个 axis 的有效范围是
   *    [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R
   *    一致,如果是空,则对所有维度计算并返回单个元素。
   *  * 2 : keepdim ,输出操作数是否保留减小的维度。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由 inputaxeskeepdim 共同决定, 类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_REDUCE_MAX = 63,
  /**
   * NNADAPTER_REDUCE_MEAN
   *
   * Inputs (in order): 0: input, 1: axes, 2: keepdim.
   * Outputs: 0: output.
   *
   * 沿着给定的单个或多个轴计算平均值。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axes ,给定的单个或多个轴,形状:任意一维操作数,类型: NNADAPTER_INT32 ,取值: 每个 axis 的有效范围是
   *    [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R
   *    一致,如果是空,则对所有维度计算并返回单个元素。
   *  * 2 : keepdim ,输出操作数是否保留减小的维度。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由 inputaxeskeepdim 共同决定, 类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_REDUCE_MEAN = 64,
  /**
   * NNADAPTER_REDUCE_SUM
   *
   * Inputs (in order): 0: input, 1: axes, 2: keepdim.
   * Outputs: 0: output.
   *
   * 沿着给定的单个或多个轴计算和。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axes ,给定的单个或多个轴,形状:任意一维操作数,类型: NNADAPTER_INT32 ,取值: 每个 axis 的有效范围是
   *    [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R
   *    一致,如果是空,则对所有维度计算并返回单个元素。
   *  * 2 : keepdim ,输出操作数是否保留减小的维度。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由 inputaxeskeepdim 共同决定, 类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_REDUCE_SUM = 65,
  /**
   * NNADAPTER_RELU
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算线性整流单元激活值: output = max(0, input) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_RELU = 66,
  /**
   * NNADAPTER_RELU6
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算线性整流单元激活值: output = min(6, max(0, input)) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_RELU6 = 67,
  /**
   * NNADAPTER_RESHAPE
   *
   * Inputs (in order): 0: input, 1: shape.
   * Outputs: 0: output.
   *
   * 改变形状,维持所包含的元素的数量和数值不变。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : shape ,目标形状,类型: 一维操作数,类型: NNADAPTER_INT32 、 NNADAPTER_INT64 ,取值:
   *    所有元素的值中最多只能有一个是 -1 , 0 代表和原来相应位置的维度相同。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由 shapeinput 的形状计算获得,类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_RESHAPE = 68,
  /**
   * NNADAPTER_RESIZE_NEAREST
   *
   * Inputs (in order): 0: input, 1: shape, 2: scales, 3: align_corners.
   * Outputs: 0: output.
   *
   * 基于最临近插值法调整图像大小,输出的高和宽按照 shapescales 顺序确定优先级。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: 类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : shape ,输出形状, 形状: [2] ,类型: NNADAPTER_INT32 、 NNADAPTER_INT64 。
   *  * 2 : scales ,输入的高度和宽度的乘数因子, 形状: [2] ,类型: NNADAPTER_FLOAT32 ,取值:
   *    shapescales 必须至少设置一个。
   *  * 3 : align_corners ,输入和输出四个角落像素的中心是否对齐,是否保留角点像素的值,形状: [1] ,类型:
   *    NNADAPTER_BOOL8 ,取值: true 、 false 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由 shapescalesinput 的维度计算获得,类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_RESIZE_NEAREST = 69,
  /**
   * NNADAPTER_RESIZE_LINEAR
   *
   * Inputs (in order): 0: input, 1: shape, 2: scales, 3: align_corners, 4:
   *     align_mode.
   * Outputs: 0: output.
   *
   * 基于双向性插值法调整图像大小,输出的高和宽按照 shapescales 顺序确定优先级。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: 类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : shape ,输出形状, 形状: [2] ,类型: NNADAPTER_INT32 、 NNADAPTER_INT64 。
   *  * 2 : scales ,输入的高度和宽度的乘数因子, 形状: [2] ,类型: NNADAPTER_FLOAT32 ,取值:
   *    shapescales 必须至少设置一个。
   *  * 3 : align_corners ,输入和输出四个角落像素的中心是否对齐,是否保留角点像素的值,形状: [1] ,类型:
   *    NNADAPTER_BOOL8 ,取值: true 、 false 。
   *  * 4 : align_mode ,计算坐标时的对齐方式,形状, [1] ,类型: NNADAPTER_INT32 ,取值: 0 表示
   *    src_idx = scale *(dst_indx + 0.5)- 0.5,1 表示 src_idx = scale * dst_index 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由 shapescalesinput 的维度计算获得,类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_RESIZE_LINEAR = 70,
  /**
   * NNADAPTER_ROI_ALIGN
   *
   * Inputs (in order): 0: input, 1: rois, 2: batch_indices, 3:
   *     output_height, 4: output_width, 5: sampling_ratio, 6: spatial_scale,
   *     7: aligned.
   * Outputs: 0: output.
   *
   * 在指定输入的感兴趣区域上基于双线性插值以获得固定大小的特征图,具体实现请参考论文 Mask R-CNN
   *   https://arxiv.org/abs/1703.06870 。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C, H, W] ,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : rois ,感兴趣区域( regions of interest )的矩形框坐标,形状: [rois_num, 4] ,其中
   *    rois_num 是感兴趣区域的数量,类型: NNADAPTER_FLOAT32 ,取值:所有元素按照 [[x1, y1, x2, y2], …]
   *    顺序排列 。
   *  * 2 : batch_indices ,每个感兴趣区域所对应的输入批次的索引, 形状: [rois_num] ,类型:
   *    NNADAPTER_INT32 。
   *  * 3 : output_height ,输出高度,形状: [1] ,类型: NNADAPTER_INT32 。
   *  * 4 : output_width ,输出宽度,形状: [1] ,类型: NNADAPTER_INT32 。
   *  * 5 : sampling_ratio ,插值的采样点数目,形状: [1] ,类型: NNADAPTER_INT32 ,取值:如果 <= 0
   *    ,将自适应 roi_width 和 output_width ,在高度上同样适用。
   *  * 6 : spatial_scale ,空间比例因子,将 rois 中的坐标从其输入尺寸按比例映射到输入特征图的尺寸,形状: [1] , 类型:
   *    NNADAPTER_FLOAT32 。
   *  * 7 : aligned ,计算坐标时是否对齐,形状, [1] ,类型: NNADAPTER_BOOL8 ,取值: true 、 false ,
   *    true 表示 src_idx = scale *(dst_indx + 0.5)- 0.5,false 表示 src_idx = scale *
   *    dst_index 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状: [N, C, output_height, output_width] ,类型与输入操作数
   *    input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_ROI_ALIGN = 71,
  /**
   * NNADAPTER_ROLL
   *
   * Inputs (in order): 0: input, 1: shifts, 2: axes.
   * Outputs: 0: output.
   *
   * 沿给定维度滚动张量输入。超出最后位置的元素将在第一个位置重新引入,如果不设置 axes,则张量将在滚动之前展开变平,然后恢复为原始形状。。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : shifts ,表示张量元素移动的位置数,给定的单个或多个轴,形状:任意一维操作数,类型: NNADAPTER_INT32 。
   *  * 2 : axes ,表示滚动的单个或多个轴,形状:任意一维操作数,类型: NNADAPTER_INT32 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_ROLL = 72,
  /**
   * NNADAPTER_RSQRT
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算平方根的倒数: output = 1 / (sqrt(input)) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_RSQRT = 73,
  /**
   * NNADAPTER_SHAPE
   *
   * Inputs (in order): 0: input, 1: dtype.
   * Outputs: 0: output.
   *
   * 获得输入的形状。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : dtype ,输出类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值: NNADAPTER_INT32 或
   *    NNADAPTER_INT64 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状: 一维操作数, 类型: NNADAPTER_INT32 、 NNADAPTER_INT64 。
   *
   * Available since version 1.
   */
  NNADAPTER_SHAPE = 74,
  /**
   * NNADAPTER_SIGMOID
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算 sigmoid 激活值: output = 1 / (1 + exp(-input)) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SIGMOID = 75,
  /**
   * NNADAPTER_SIN
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素取正弦值: output = sin(input) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SIN = 76,
  /**
   * NNADAPTER_SLICE
   *
   * Inputs (in order): 0: input, 1: axes (optional), 2: starts, 3: ends,
   *     4: steps.
   * Outputs: 0: output.
   *
   * 沿着多个轴生成 input 的片段。类似 numpy :
   *   https://docs.scipy.org/doc/numpy/reference/arrays.indexing.html ,沿着 axes
   *   的每个轴以 startsendsstep 为起始、终止、步长获取 input 的片段。如果 starts[i]ends[i] 为负数,则需要加上输入
   *   input 对应轴 axes[i] 的维度 dims[axes[i]] 。如果 starts[i]ends[i] 的值大于
   *   dims[axes[i]] ,将被截断到 dims[axes[i]] - 1 。如果 dims[axes[i]] 维度未知,建议将 ends[i]
   *   设置为 INT_MAX ,反向则设置为 INT_MIN
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER tensor 。
   *  * 1 : axes ,沿着多个轴切片,可选,形状:一维操作数,类型: NNADAPTER_INT32 ,取值:如果不设置,则表示 [0, 1,
   *    …, len(starts) - 1] 。
   *  * 2 : starts ,起始索引值,形状与输入操作数 axes 相同,类型: NNADAPTER_INT32 。
   *  * 3 : ends ,结束索引值,形状与输入操作数 axes 相同,类型: NNADAPTER_INT32 。
   *  * 4 : steps ,结束索引值,形状与输入操作数 axes 相同,类型: NNADAPTER_INT32 ,取值: 默认值是 1。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由 axesstartsendsstepsinput 的维度计算获得,类型与输入操作数 input
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SLICE = 77,
  /**
   * NNADAPTER_SOFTMAX
   *
   * Inputs (in order): 0: input, 1: axis.
   * Outputs: 0: output.
   *
   * 沿着给定的轴逐元素计算 softmax 激活值: output = exp(input) / reduce_sum(exp(input),
   *   axis=axis, keepdims=true) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER tensor 。
   *  * 1 : axis ,指定运算的轴,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R, R)
   *    , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致,默认是 1 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SOFTMAX = 78,
  /**
   * NNADAPTER_SOFTPLUS
   *
   * Inputs (in order): 0: input, 1: alpha.
   * Outputs: 0: output.
   *
   * 逐元素计算 softplus 激活值: output = log(1 + exp^(beta * input)) / beta,考虑数值稳定性,当
   *   beta * input > threshold ,公式转变为线性函数 output = input
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : alpha ,公式中当输入小于零时的斜率,形状: [1] ,类型: NNADAPTER_FLOAT32。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SOFTPLUS = 79,
  /**
   * NNADAPTER_SPLIT
   *
   * Inputs (in order): 0: input, 1: axis, 2: split.
   * Outputs: 0~n-1: output0 ~ outputn-1.
   *
   * 沿着给定的轴将输入分割成多个子部分。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axis ,待分割的轴, 形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R, R)
   *    , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致。
   *  * 2 : split ,每个子部分的数量,形状:一维操作数,类型: NNADAPTER_INT32 ,取值:所有元素之和必须等于
   *    inputaxis 轴的维度。
   * Outputs:
   *  * 0 ~ n-1 : output0 ~ outputn-1 ,操作数列表,每个操作数的形状由 axissplitinput
   *    的维度计算获得,类型与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SPLIT = 80,
  /**
   * NNADAPTER_SQUARE
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算平方: output = input^2 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SQUARE = 81,
  /**
   * NNADAPTER_SQUEEZE
   *
   * Inputs (in order): 0: input, 1: axes.
   * Outputs: 0: output.
   *
   * 沿给定 axes 轴删除 input 的形状中长度为 1 的维度。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axes ,给定的单个或多个轴,形状:任意一维操作数,类型: NNADAPTER_INT32 ,取值: 每个 axis 的有效范围是
   *    [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致,如果是空,则删除所有维度中长度为
   *    1 的维度。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SQUEEZE = 82,
  /**
   * NNADAPTER_STACK
   *
   * Inputs (in order): 0~n-1: input0 ~ inputn-1, n: axis.
   * Outputs: 0: output.
   *
   * 沿给定 axis 轴对输入进行堆叠操作,要求所有输入的形状相同。
   * Inputs:
   *  * 0 ~ n-1 : input0 ~ inputn-1 ,输入 0 ~ n-1
   *    个的操作数,形状:所有输入的维度数必须相同,类型:NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * n :axis ,沿该轴堆叠,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R, R) ,
   *    R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input0 ~ inputn-1 的类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_STACK = 83,
  /**
   * NNADAPTER_SUB
   *
   * Inputs (in order): 0: input0, 1: input1, 2: fuse_code.
   * Outputs: 0: output.
   *
   * 逐元素相减: output = input0 - input1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32
   *    、NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   *  * 2 : fuse_code ,融合的激活函数类型,形状: [1] ,类型: NNADAPTER_INT32 ,取值:
   *    NNAdapterFuseCode 类型的任意值, NNADAPTER_FUSED_NONE 、 NNADAPTER_FUSED_RELU 、
   *    NNADAPTER_FUSED_RELU1 、 NNADAPTER_FUSED_RELU6 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0input1 广播后的形状决定,类型与输入操作数 input0input1
   *    相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SUB = 84,
  /**
   * NNADAPTER_SUM
   *
   * Inputs (in order): 0~n-1: input0 ~ inputn-1.
   * Outputs: 0: output.
   *
   * 多个输入逐元素求和: output = input0 + input1 + … + inputn-1 ,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同。
   * Inputs:
   *  * 0 ~ n-1 : input0 ~ inputn-1 ,输入 0 ~ n-1 个的操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:由输入操作数 input0 ~ inputn-1 广播后的形状决定,类型与输入操作数 input0
   *    ~ inputn-1 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SUM = 85,
  /**
   * NNADAPTER_SWISH
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算 swish 激活值: output = input / (1 + e ^ (-input)) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_SWISH = 86,
  /**
   * NNADAPTER_TANH
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * 逐元素计算 tanh 激活值: output = tanh(input) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的形状和类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_TANH = 87,
  /**
   * NNADAPTER_TILE
   *
   * Inputs (in order): 0: input, 1: repeats.
   * Outputs: 0: output.
   *
   * 沿着输入的每个维度 i 复制 repeats[i] 次。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : repeats ,每个维度的复制次数,形状: [rank(input)] ,类型: NNADAPTER_INT32 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:维数与 input 相同,且 output_dims[i] = input_dims[i] *
   *    repeats[i] ,类型:与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_TILE = 88,
  /**
   * NNADAPTER_TOP_K
   *
   * Inputs (in order): 0: input, 1: k, 2: axis, 3: largest, 4: sorted, 5:
   *     return_indices_dtype.
   * Outputs: 0: output, 1: indices.
   *
   * 沿给定的轴 axisinput 中查找最大或最小的前 k 个值和索引。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、 NNADAPTER_INT32,
   *    NNADAPTER_INT64 、 NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : k ,查找并返回的数量,类型:NNADAPTER_INT32 、 NNADAPTER_INT64。
   *  * 2 : axis ,沿该轴查找,形状: [1] ,类型: NNADAPTER_INT32 ,取值: axis 的有效范围是 [-R, R) ,
   *    R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致。
   *  * 3 : largest ,是否返回最大的 k 个值,类型: NNADAPTER_BOOL8 ,取值: true 、 false , false
   *    代表返回最小的 k 个值。
   *  * 4 : sorted ,返回的结果是否按有序排列,类型: NNADAPTER_BOOL8 ,取值: true 、 false 。
   *  * 5 : return_indices_dtype ,返回索引的类型,类型: NNADAPTER_INT32 ,取值:
   *    NNADAPTER_INT32 、 NNADAPTER_INT64 。
   * Outputs:
   *  * 0 : output ,返回的 k 个值,类型:与输入操作数 input 相同。
   *  * 1 : indices ,返回的 k 个值的索引,类型:NNADAPTER_INT32 或 NNADAPTER_INT64 。
   *
   * Available since version 1.
   */
  NNADAPTER_TOP_K = 89,
  /**
   * NNADAPTER_TRANSPOSE
   *
   * Inputs (in order): 0: input, 1: perm.
   * Outputs: 0: output.
   *
   * 根据 perm 对输入进行数据重排,类似于 numpy.transpose
   *   https://numpy.org/doc/stable/reference/generated/numpy.transpose.html
   *   。例如:输入的形状为 (1, 2, 4) , perm 为 (1, 0, 2) ,输出形状为 (2, 1, 3) 。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : perm , 维度索引列表, 形状: [rank(input)] ,类型: NNADAPTER_INT32 。
   * Outputs:
   *  * 0 : output ,输出操作数,形状:维数与 input 相同,且 output_dims[i] =
   *    input_dims[perm[i]] ,类型:与输入操作数 input 相同。
   *
   * Available since version 1.
   */
  NNADAPTER_TRANSPOSE = 90,
  /**
   * NNADAPTER_UNSQUEEZE
   *
   * Inputs (in order): 0: input, 1: axes.
   * Outputs: 0: output.
   *
   * 沿给定 axes 轴在 input 的形状中插入长度为 1 的维度。
   * Inputs:
   *  * 0 : input ,输入操作数,类型: NNADAPTER_FLOAT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 1 : axes ,给定的单个或多个轴,形状:任意一维操作数,类型: NNADAPTER_INT32 ,取值: 每个 axis 的有效范围是
   *    [-R, R) , R 是输入操作数 input 的维度,当 axis 为负数时,效果与 axis + R 一致,如果是空,则删除所有维度中长度为
   *    1 的维度。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_UNSQUEEZE = 91,
  /**
   * NNADAPTER_WHERE
   *
   * Inputs (in order): 0: condition, 1: input0, 2: input1.
   * Outputs: 0: output.
   *
   * 根据条件 conditioninput0input1 中选择元素作为输出,广播规则与 Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html 相同, 行为与
   *   numpy.where
   *   https://numpy.org/doc/stable/reference/generated/numpy.where.html 相同。
   * Inputs:
   *  * 0 : condition ,选择 input0input1 的条件,类型: NNADAPTER_BOOL8 ,取值:对应位置的值为
   *    true,则输出的相应位置返回 input0 的元素,否则返回 input1 的元素。
   *  * 1 : input0 ,输入操作数 0 ,类型: NNADAPTER_FLOAT32 、 NNADAPTER_INT32 、
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER 。
   *  * 2 : input1 ,输入操作数 1 ,类型与输入操作数 input0 相同。
   * Outputs:
   *  * 0 : output ,输出操作数,与输入操作数 input 的类型相同。
   *
   * Available since version 1.
   */
  NNADAPTER_WHERE = 92,
  /**
   * NNADAPTER_YOLO_BOX
   *
   * Inputs (in order): 0: input, 1: imgsize, 2: anchors, 3: class_num, 4:
   *     conf_thresh, 5: downsample_ratio, 6: clip_bbox, 7: scale_x_y, 8:
   *     iou_aware, 9: iou_aware_factor.
   * Outputs: 0: output, 1: scores.
   *
   * 基于YOLOv3网络的输出结果,生成YOLO检测框, 具体细节可以参考 https://www.paddlepaddle.org.cn/docume
   *   ntation/docs/zh/2.1/api/paddle/vision/ops/yolo_box_cn.html#yolo-box 。
   * Inputs:
   *  * 0 : input ,输入操作数,形状: [N, C, H, W],类型: NNADAPTER_FLOAT32 ,取值:第二维(C)存储每个
   *    anchor box 位置坐标,每个 anchor box 的置信度分数和 one hot key 。
   *  * 1 : imgsize ,图像大小,按输入图像比例调整输出框的大小,形状: [N, 2] ,类型: NNADAPTER_INT32 。
   *  * 2 : anchors ,anchor 的宽度和高度,需要逐对解析,形状: [2] ,类型: NNADAPTER_INT32 。
   *  * 3 : class_num ,类别总数,形状: [1] ,类型: NNADAPTER_INT32 。
   *  * 4 : conf_thresh ,检测框的置信度得分阈值,置信度得分低于阈值的框应该被忽略,形状: [1] ,类型:
   *    NNADAPTER_FLOAT32 。
   *  * 5 : downsample_ratio ,下采样率,形状: [1] ,类型: NNADAPTER_INT32 。
   *  * 6 : clip_bbox ,是否将输出的 bbox 裁剪到 imgsize 范围内,形状: [1] ,类型:
   *    NNADAPTER_BOOL8,取值: true 、false ,默认是 true 。
   *  * 7 : scale_x_y ,缩放解码边界框的中心点,形状: [1] ,类型: NNADAPTER_FLOAT32 ,取值: 默认是 1.0
   *    。
   *  * 8 : iou_aware ,是否使用 IoU-aware ,形状: [1] ,类型: NNADAPTER_BOOL8 。
   *  * 9 : iou_aware_factor ,IoU-aware 因子大小,形状: [1] ,类型: NNADAPTER_FLOAT32 。
   * Outputs:
   *  * 0 : output ,检测框坐标,形状: [N, M, 4] ,其中 N 表示批数量,M
   *    表示检测框的数量,最后一个维度存储检测框的坐标,类型: NNADAPTER_FLOAT32 ,取值: 每四个元素代表检测框的 xmin 、
   *    ymin 、 xmax 和 ymax 。
   *  * 1 : scores ,检测框得分,形状: [N, M, class_num] ,类型: NNADAPTER_FLOAT32 。
   *
   * Available since version 1.
   */
  NNADAPTER_YOLO_BOX = 93,
} NNAdapterOperationCode;

/** Dimensions of an operand. */
typedef struct NNAdapterOperandDimensionType {
  /** Rank, 0..NNADAPTER_MAX_SIZE_OF_DIMENSIONS (0 = scalar). */
  uint32_t count;
  /** Extents; NNADAPTER_UNKNOWN for a dimension known only at run time. */
  int32_t data[NNADAPTER_MAX_SIZE_OF_DIMENSIONS];
  /** Number of alternative concrete shapes (0 = none), used by drivers that
   *  must compile every shape ahead of time. */
  uint32_t dynamic_count;
  /** The alternative shapes, each of rank `count`. */
  int32_t dynamic_data[NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS]
                      [NNADAPTER_MAX_SIZE_OF_DIMENSIONS];
} NNAdapterOperandDimensionType;

typedef struct NNAdapterSymmPerLayerQuantParams {
  float scale;
} NNAdapterSymmPerLayerQuantParams;

typedef struct NNAdapterSymmPerChannelQuantParams {
  /** The dimension the scales run along. */
  uint32_t channel_dim;
  /** Number of scales; must equal dimensions.data[channel_dim]. */
  uint32_t scale_count;
  /** The scales. NNAdapterModel_addOperand copies them; the pointer returned
   *  by NNAdapterModel_getOperandType points into the model. */
  float* scales;
} NNAdapterSymmPerChannelQuantParams;

typedef struct NNAdapterAsymmPerLayerQuantParams {
  float scale;
  int32_t zero_point;
} NNAdapterAsymmPerLayerQuantParams;

typedef struct NNAdapterAsymmPerChannelQuantParams {
  uint32_t channel_dim;
  uint32_t scale_count;
  float* scales;
  uint32_t zero_point_count;
  int32_t* zero_points;
} NNAdapterAsymmPerChannelQuantParams;

/** The type of an operand: precision, layout, lifetime, dimensions and, for
 *  the quantized precisions, the quantization parameters. */
typedef struct NNAdapterOperandType {
  NNAdapterOperandPrecision precision;
  NNAdapterOperandLayout layout;
  NNAdapterOperandLifetime lifetime;
  NNAdapterOperandDimensionType dimensions;
  union {
    NNAdapterSymmPerLayerQuantParams symm_per_layer_params;
    NNAdapterSymmPerChannelQuantParams symm_per_channel_params;
    NNAdapterAsymmPerLayerQuantParams asymm_per_layer_params;
    NNAdapterAsymmPerChannelQuantParams asymm_per_channel_params;
  };
} NNAdapterOperandType;

/** Opaque handles. */
typedef struct NNAdapterDevice NNAdapterDevice;
typedef struct NNAdapterContext NNAdapterContext;
typedef struct NNAdapterOperand NNAdapterOperand;
typedef struct NNAdapterOperation NNAdapterOperation;
typedef struct NNAdapterModel NNAdapterModel;
typedef struct NNAdapterCompilation NNAdapterCompilation;
typedef struct NNAdapterExecution NNAdapterExecution;

/**
 * Access callback of NNAdapterExecution_setInput/setOutput.
 * For an input, the callback receives the compiled type of the input in
 * `type`; it must write the actual dimensions into type->dimensions and
 * return the host buffer holding the data (precision as compiled).
 * For an output, the callback receives the type with the final dimensions of
 * this run and must return a host buffer of at least the corresponding size
 * (it may (re)allocate). Returning NULL fails the computation.
 */
typedef void* (*NNAdapterAccessCallback)(void* memory,
                                         NNAdapterOperandType* type);

/* ------------------------------------------------------------------------ */
/* Library                                                                   */

/** Stores NNADAPTER_VERSION in *version. */
NNADAPTER_API_EXPORT int NNAdapter_getVersion(uint32_t* version);

/**
 * Number of devices that can be acquired: builtin_device plus every
 * lib<name>.so found in the driver search path (NNADAPTER_DRIVER_PATH, the
 * install library directory, the directory of libnnadapter.so) that exports
 * __nnadapter_device__<name> with a compatible HAL version.
 */
NNADAPTER_API_EXPORT int NNAdapter_getDeviceCount(uint32_t* count);

/**
 * Name of device `index` (0 <= index < count of NNAdapter_getDeviceCount;
 * index 0 is always "builtin_device"). The string lives as long as the
 * process.
 */
NNADAPTER_API_EXPORT int NNAdapter_getDeviceName(uint32_t index,
                                                 const char** name);

/**
 * The message of the last failed call made by this thread (empty string if
 * none). Valid until the next NNAdapter call of this thread.
 */
NNADAPTER_API_EXPORT const char* NNAdapter_getLastErrorMessage(void);

/** Name of an operation code without the prefix ("CONV_2D"), or NULL if the
 *  code is not a standard operation. */
NNADAPTER_API_EXPORT const char* NNAdapterOperationTypeName(
    NNAdapterOperationType type);

/* ------------------------------------------------------------------------ */
/* Devices                                                                   */

/**
 * Acquires the device `name`: "builtin_device" is compiled in; any other
 * name loads lib<name>.so (once per process) from NNADAPTER_DRIVER_PATH
 * (colon-separated), the install library directory, the directory of
 * libnnadapter.so, then the dynamic loader's default path, and resolves
 * __nnadapter_device__<name>. Returns NNADAPTER_DEVICE_NOT_FOUND (message
 * lists every path tried) if that fails or the driver's HAL version differs.
 */
NNADAPTER_API_EXPORT int NNAdapterDevice_acquire(const char* name,
                                                 NNAdapterDevice** device);
/** Releases a device (the driver library stays loaded). NULL is ignored. */
NNADAPTER_API_EXPORT void NNAdapterDevice_release(NNAdapterDevice* device);
NNADAPTER_API_EXPORT int NNAdapterDevice_getName(const NNAdapterDevice* device,
                                                 const char** name);
NNADAPTER_API_EXPORT int NNAdapterDevice_getVendor(
    const NNAdapterDevice* device, const char** vendor);
/** Stores one of NNAdapterDeviceCode in *type. */
NNADAPTER_API_EXPORT int NNAdapterDevice_getType(const NNAdapterDevice* device,
                                                 NNAdapterDeviceType* type);
/** Stores the driver (HAL library) version in *version. */
NNADAPTER_API_EXPORT int NNAdapterDevice_getVersion(
    const NNAdapterDevice* device, int32_t* version);

/* ------------------------------------------------------------------------ */
/* Contexts                                                                  */

/**
 * Creates a context over `num_devices` (>= 1, distinct) devices. The order
 * is the priority order of partitioning. `properties` (may be NULL or "") is
 * "KEY=VALUE;KEY=VALUE": keys are [A-Za-z0-9_.]+, values may be empty, no
 * duplicate keys, whitespace around keys/values is trimmed. The whole string
 * is passed to every device's create_context. Malformed properties give
 * NNADAPTER_INVALID_PARAMETER. The devices must outlive the context.
 */
NNADAPTER_API_EXPORT int NNAdapterContext_create(NNAdapterDevice** devices,
                                                 uint32_t num_devices,
                                                 const char* properties,
                                                 NNAdapterContext** context);
NNADAPTER_API_EXPORT void NNAdapterContext_destroy(NNAdapterContext* context);

/* ------------------------------------------------------------------------ */
/* Models                                                                    */

NNADAPTER_API_EXPORT int NNAdapterModel_create(NNAdapterModel** model);
NNADAPTER_API_EXPORT void NNAdapterModel_destroy(NNAdapterModel* model);
/**
 * Finishes the model: afterwards it can no longer be modified. Requires
 * identified inputs/outputs (NNAdapterModel_identifyInputsAndOutputs) and at
 * least one operation; checks that every operation input is a constant, a
 * model input or produced by an operation, and that the graph has no cycle.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_finish(NNAdapterModel* model);
/**
 * Adds an operand. `type->lifetime` is ignored (set by the runtime). For
 * per-channel quantized types the scale (and zero point) arrays are copied.
 * Dimensions may contain NNADAPTER_UNKNOWN.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_addOperand(
    NNAdapterModel* model, const NNAdapterOperandType* type,
    NNAdapterOperand** operand);
/**
 * Makes `operand` a constant. `length` must equal the size implied by the
 * operand's precision and (fully known) dimensions. With copy == false the
 * runtime references `buffer`, which must stay valid and unchanged until
 * every compilation made from the model is destroyed.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_setOperandValue(
    NNAdapterOperand* operand, void* buffer, uint32_t length, bool copy);
/** Returns a pointer to the operand's type (owned by the model; shape
 *  inference updates it when the operand is an operation output). */
NNADAPTER_API_EXPORT int NNAdapterModel_getOperandType(
    NNAdapterOperand* operand, NNAdapterOperandType** type);
/**
 * Adds an operation; operands in the documented order. Validates the operand
 * count and types and infers the output operands' precision, dimensions and
 * quantization parameters. Every operand must belong to `model`; an operand
 * can be the output of at most one operation. An input documented as
 * "optional" may be passed as NULL when absent. `operation` may be NULL.
 * Fails with NNADAPTER_INVALID_PARAMETER (message names the operation, the
 * operand index and what was expected) without modifying the model.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_addOperation(
    NNAdapterModel* model, NNAdapterOperationType type, uint32_t input_count,
    NNAdapterOperand** input_operands, uint32_t output_count,
    NNAdapterOperand** output_operands, NNAdapterOperation** operation);
/**
 * Marks the model inputs (lifetime NNADAPTER_MODEL_INPUT, must not be
 * constants or operation outputs) and outputs (NNADAPTER_MODEL_OUTPUT,
 * must not be constants), in the order the execution indexes them.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_identifyInputsAndOutputs(
    NNAdapterModel* model, uint32_t input_count,
    NNAdapterOperand** input_operands, uint32_t output_count,
    NNAdapterOperand** output_operands);
/**
 * For each operation of `model`, in the order they were added, stores true
 * in supported_operations[i] if at least one device of `context` supports it
 * (asks each driver's validate_program). `supported_operations` must hold
 * as many elements as operations were added. The model need not be finished.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_getSupportedOperations(
    const NNAdapterModel* model, const NNAdapterContext* context,
    bool* supported_operations);

/* ------------------------------------------------------------------------ */
/* Compilations                                                              */

/**
 * Creates a compilation of `model` (must be finished unless a cache is
 * loaded) for `context`.
 * 1) cache_token + cache_buffer + cache_length: load the compiled program
 *    from memory (`model` may be NULL).
 * 2) cache_token + cache_dir: load <cache_dir>/<cache_token>.nnc if present
 *    and valid; otherwise NNAdapterCompilation_finish compiles `model` and
 *    writes the file atomically.
 * 3) nothing: NNAdapterCompilation_finish compiles `model`.
 * A cache that is corrupt or was made for other drivers/versions is ignored
 * with a warning and the model is compiled (an error if there is no model).
 * The token may contain only [A-Za-z0-9_.-].
 */
NNADAPTER_API_EXPORT int NNAdapterCompilation_create(
    NNAdapterModel* model, const char* cache_token, void* cache_buffer,
    uint32_t cache_length, const char* cache_dir, NNAdapterContext* context,
    NNAdapterCompilation** compilation);
NNADAPTER_API_EXPORT void NNAdapterCompilation_destroy(
    NNAdapterCompilation* compilation);
/**
 * Partitions the model over the context's devices (each operation to the
 * first device, in context order, that supports it), compiles each
 * sub-model, or loads the cache. An operation that no device supports fails
 * with NNADAPTER_FEATURE_NOT_SUPPORTED naming it.
 */
NNADAPTER_API_EXPORT int NNAdapterCompilation_finish(
    NNAdapterCompilation* compilation);
/**
 * With input_types == output_types == NULL stores the counts; otherwise
 * copies the types into the caller's arrays (sized by the counts).
 */
NNADAPTER_API_EXPORT int NNAdapterCompilation_queryInputsAndOutputs(
    NNAdapterCompilation* compilation, uint32_t* input_count,
    NNAdapterOperandType** input_types, uint32_t* output_count,
    NNAdapterOperandType** output_types);

/* ------------------------------------------------------------------------ */
/* Executions                                                                */

/** Creates an execution of a finished compilation. One execution must not
 *  be used by two threads at once; different executions may. */
NNADAPTER_API_EXPORT int NNAdapterExecution_create(
    NNAdapterCompilation* compilation, NNAdapterExecution** execution);
NNADAPTER_API_EXPORT void NNAdapterExecution_destroy(
    NNAdapterExecution* execution);
/** Sets input `index` (0-based, order of identifyInputsAndOutputs). */
NNADAPTER_API_EXPORT int NNAdapterExecution_setInput(
    NNAdapterExecution* execution, int32_t index, void* memory,
    void* (*access)(void* memory, NNAdapterOperandType* type));
/** Sets output `index`. The callback learns the final output dimensions. */
NNADAPTER_API_EXPORT int NNAdapterExecution_setOutput(
    NNAdapterExecution* execution, int32_t index, void* memory,
    void* (*access)(void* memory, NNAdapterOperandType* type));
/**
 * Runs the compiled program synchronously. All inputs and outputs must be
 * set. Input dimensions that differ from the compiled ones (where those are
 * known and not covered by dynamic dims) give NNADAPTER_INVALID_DIMENSIONS.
 */
NNADAPTER_API_EXPORT int NNAdapterExecution_compute(
    NNAdapterExecution* execution);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // NNADAPTER_NNADAPTER_H_
