// NNAdapter standard operations: the operation codes and the reference of
// every operation (operands in order, shapes, types, attribute values).
//
// Include nnadapter.h, not this header: nnadapter.h includes it among the
// other API types, so every user of the C API gets NNAdapterOperationCode
// from the one header. The reference has a header of its own because it is
// most of the text; it stays beside the enum values it documents so that
// the two cannot drift apart. Plain C (C99) and C++.
//
// The codes and every operation's operand names, kinds and output count are
// tabulated in operation_types.inc; nnadapter/operation_layout.h checks the
// enum against that table at compile time and operation_layout_test.cc
// checks that every "Inputs (in order)" line below lists the table's names.
#ifndef NNADAPTER_NNADAPTER_OPERATIONS_H_
#define NNADAPTER_NNADAPTER_OPERATIONS_H_

/**
 * Standard operations. Operands of an operation must be given in exactly the
 * order documented here: each entry starts with a summary of the operand
 * order, followed by the full definition from the specification (types,
 * shapes, value ranges). An operand marked "optional" may be passed as NULL
 * when absent; an operand marked "may be omitted" may also be left out when
 * it is last. Shape inference fills the output operands (precision,
 * dimensions, quantization parameters) in NNAdapterModel_addOperation.
 */
typedef enum {
  /**
   * NNADAPTER_ABS
   *
   * Inputs (in order): 0: input.
   * Outputs: 0: output.
   *
   * Element-wise absolute value: output = abs(input).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * 2-D adaptive average pooling.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C_in, H_in, W_in], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : output_shape, the height and width of the output, shape: [2],
   *    type: NNADAPTER_INT32, NNADAPTER_INT64, value: the two elements are
   *    H_out and W_out.
   * Outputs:
   *  * 0 : output, the output operand, shape: [N, C_in, H_out, W_out], same
   *    type as input.
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
   * 2-D adaptive max pooling.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C_in, H_in, W_in], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : output_shape, the height and width of the output, shape: [2],
   *    type: NNADAPTER_INT32, NNADAPTER_INT64, value: the two elements are
   *    H_out and W_out.
   *  * 2 : return_indices, whether to output the indices of the maximum
   *    values, shape: [1], type: NNADAPTER_BOOL8, value: true, false,
   *    default false.
   *  * 3 : return_indices_dtype, the type of the indices of the maximum
   *    values, shape: [1], type: NNADAPTER_INT32, value: NNADAPTER_INT32 or
   *    NNADAPTER_INT64.
   * Outputs:
   *  * 0 : output, the output operand, shape: [N, C_in, H_out, W_out], same
   *    type as input.
   *  * 1 : indices, the indices of the maximum values, produced only if
   *    return_indices is true, same shape as output, type: NNADAPTER_INT32,
   *    NNADAPTER_INT64, as given by return_indices_dtype.
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
   * Element-wise addition: output = input0 + input1, with the broadcasting
   *   rules of Numpy https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Element-wise logical AND: output = input0 && input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_BOOL8.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Computes the indices of the largest elements of input along axis.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axis, the axis along which the indices of the largest elements
   *    are computed, shape: [1], type: NNADAPTER_INT32, value: the valid
   *    range of axis is [-R, R), R is the rank of input; a negative axis
   *    means axis + R.
   *  * 2 : keepdim, whether to keep the axis; if kept, the output has
   *    extent 1 along it, shape: [1], type: NNADAPTER_BOOL8, value: true,
   *    false.
   *  * 3 : dtype, the data type of the output indices, shape: [1], type:
   *    NNADAPTER_INT32, value: NNADAPTER_INT32, NNADAPTER_INT64, default
   *    NNADAPTER_INT64.
   * Outputs:
   *  * 0 : output, the output operand, shape: determined by input and
   *    keepdim, type: NNADAPTER_INT32, NNADAPTER_INT64, as given by dtype.
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
   * Computes the indices of the smallest elements of input along axis.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axis, the axis along which the indices of the smallest elements
   *    are computed, shape: [1], type: NNADAPTER_INT32, value: the valid
   *    range of axis is [-R, R), R is the rank of input; a negative axis
   *    means axis + R.
   *  * 2 : keepdim, whether to keep the reduced axis, shape: [1], type:
   *    NNADAPTER_BOOL8, value: true, false.
   *  * 3 : dtype, the data type of the output indices, shape: [1], type:
   *    NNADAPTER_INT32, value: NNADAPTER_INT32, NNADAPTER_INT64, default
   *    NNADAPTER_INT64.
   * Outputs:
   *  * 0 : output, the output operand, shape: determined by input and
   *    keepdim, type: NNADAPTER_INT32, NNADAPTER_INT64, as given by dtype.
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
   * Copies the data of the input operand to the output operand.
   * Inputs:
   *  * 0 : input, the input operand, data type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * 2-D average pooling.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C_in, H_in, W_in], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : auto_pad, the padding mode, shape: [1], type: NNADAPTER_INT32,
   *    value: any NNAdapterAutoPadCode; NNADAPTER_AUTO_PAD_NONE means the
   *    padding is given explicitly by pads, NNADAPTER_AUTO_PAD_SAME means
   *    the padding is computed so that the output has the same shape as
   *    the input, NNADAPTER_AUTO_PAD_VALID means no padding.
   *  * 2 : pads, the padding sizes, optional, shape: [4], type:
   *    NNADAPTER_INT32, value: the four elements are height_top,
   *    height_bottom, width_left, width_right.
   *  * 3 : kernel_shape, the height and width of the kernel, shape: [2],
   *    type: NNADAPTER_INT32, value: the two elements are kernel_height,
   *    kernel_width.
   *  * 4 : strides, the height and width of the stride, shape: [2], type:
   *    NNADAPTER_INT32, value: the two elements are stride_height,
   *    stride_width.
   *  * 5 : ceil_mode, whether the output height and width are computed with
   *    ceil, shape: [1], type: NNADAPTER_BOOL8, value: true, false, default
   *    false.
   *  * 6 : count_include_pad, whether the padded area is included in the
   *    average, shape: [1], type: NNADAPTER_BOOL8, value: true, false,
   *    default false.
   *  * 7 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: [N, C_out, H_out, W_out], same
   *    type as input.
   *   * when ceil_mode is false,
   *    H_out = floor((H_in + padding_height_top + padding_height_bottom -
   *      filter_height) / stride_height + 1)
   *    W_out = floor((W_in + padding_width_left + padding_width_right -
   *      filter_width) / stride_width + 1)
   *   * when ceil_mode is true,
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
   * Batch normalization: normalizes every channel of a batch with the given
   *   mean and variance; see the paper Batch Normalization: Accelerating
   *   Deep Network Training by Reducing Internal Covariate Shift
   *   https://arxiv.org/pdf/1502.03167.pdf.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, ...], the rank must be
   *    greater than 2, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : scale, the scale, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 2 : bias, the offset, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 3 : mean, the mean, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 4 : variance, the variance, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 5 : epsilon, a small value added to the variance to avoid a division
   *    by zero, shape: [1], type: NNADAPTER_FLOAT32, value: any float,
   *    default 1e-5.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Data type conversion.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_BOOL8, NNADAPTER_INT8,
   *    NNADAPTER_UINT8, NNADAPTER_INT16, NNADAPTER_INT32, NNADAPTER_INT64,
   *    NNADAPTER_FLOAT16, NNADAPTER_FLOAT32, NNADAPTER_FLOAT64.
   *  * 1 : dtype, the target type, shape: [1], type: NNADAPTER_INT32, value:
   *    NNADAPTER_BOOL8, NNADAPTER_INT8, NNADAPTER_UINT8, NNADAPTER_INT16,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_FLOAT16,
   *    NNADAPTER_FLOAT32, NNADAPTER_FLOAT64.
   * Outputs:
   *  * 0 : output, the output operand, type given by dtype, same shape as
   *    input.
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
   * Channel shuffle: splits the input channels into group sub-groups and
   *   builds the new order by taking one element from each sub-group in
   *   turn: C_out[k * group + g] = C_in[g * size + k], where size = C_in /
   *   group; see the paper https://arxiv.org/pdf/1707.01083.pdf.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : group, the number of sub-groups, must divide the channel count of
   *    input, shape: [1], type: NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Clips every element to [min, max]: output = min(max(input, min), max).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : min, the lower bound, shape: [1], same type as input.
   *  * 2 : max, the upper bound, shape: [1], same type as input.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Concatenates several inputs along axis.
   * Inputs:
   *  * 0 ~ n-1 : input0 ~ inputn-1, the n input operands, shape: all inputs
   *    must have the same extents except along axis, type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * n : axis, the axis to concatenate along, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of the inputs; a negative axis means axis + R.
   * Outputs:
   *  * 0 : output, the output operand, same type as input0 ~ inputn-1.
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
   * 2-D convolution.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C_in, H_in, W_in], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : filter, the convolution kernel, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, with this shape:
   *   * for a regular convolution, [C_out, C_in, filter_height,
   *     filter_width], where C_out and C_in are the output and input
   *     channel counts and filter_height and filter_width the height and
   *     width of the kernel.
   *   * for a depthwise convolution, [C_out, 1, filter_height,
   *     filter_width], where C_out is the output channel count and
   *     filter_height and filter_width the height and width of the kernel.
   *  * 2 : bias, the bias, shape: [C_out], with this type:
   *   * if the input type is NNADAPTER_FLOAT32, the type of the input.
   *   * if the filter type is NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER with bias_scale == input_scale
   *     * filter_scale.
   *   * if the filter type is NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL with, for every output
   *     channel i, bias_scale[i] = input_scale * filter_scale[i].
   *  * 3 : auto_pad, the padding mode, shape: [1], type: NNADAPTER_INT32,
   *    value: any NNAdapterAutoPadCode; NNADAPTER_AUTO_PAD_NONE means the
   *    padding is given explicitly by pads, NNADAPTER_AUTO_PAD_SAME means
   *    the padding is computed so that the output has the same shape as
   *    the input, NNADAPTER_AUTO_PAD_VALID means no padding.
   *  * 4 : pads, the padding sizes, optional, shape: [4], type:
   *    NNADAPTER_INT32, value: the four elements are height_top,
   *    height_bottom, width_left, width_right.
   *  * 5 : strides, the height and width of the stride, shape: [2], type:
   *    NNADAPTER_INT32, value: the two elements are stride_height,
   *    stride_width.
   *  * 6 : group, the number of convolution groups, shape: [1], type:
   *    NNADAPTER_INT32, value:
   *   * for a regular convolution, group must be 1.
   *   * for a depthwise convolution, group = C_out = C_in.
   *  * 7 : dilations, the height and width of the dilation, shape: [2],
   *    type: NNADAPTER_INT32, value: the two elements are dilations_height,
   *    dilations_width.
   *  * 8 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, same type as input, shape: [N, C_out,
   *    H_out, W_out], where:
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
   * 2-D transposed convolution (deconvolution).
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C_in, H_in, W_in], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : filter, the convolution kernel, shape: [C_out, C_in,
   *    filter_height, filter_width], where C_out and C_in are the output
   *    and input channel counts and filter_height and filter_width the
   *    height and width of the kernel, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL.
   *  * 2 : bias, the bias, shape: [C_out], with this type:
   *   * if the input type is NNADAPTER_FLOAT32, the type of the input.
   *   * if the filter type is NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER with bias_scale == input_scale
   *     * filter_scale.
   *   * if the filter type is NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL with, for every output
   *     channel i, bias_scale[i] = input_scale * filter_scale[i].
   *  * 3 : auto_pad, the padding mode, shape: [1], type: NNADAPTER_INT32,
   *    value: any NNAdapterAutoPadCode; NNADAPTER_AUTO_PAD_NONE means the
   *    padding is given explicitly by pads, NNADAPTER_AUTO_PAD_SAME means
   *    the padding is computed so that the output has the same shape as
   *    the input, NNADAPTER_AUTO_PAD_VALID means no padding.
   *  * 4 : pads, the padding sizes, optional, shape: [4], type:
   *    NNADAPTER_INT32, value: the four elements are height_top,
   *    height_bottom, width_left, width_right.
   *  * 5 : strides, the height and width of the stride, shape: [2], type:
   *    NNADAPTER_INT32, value: the two elements are stride_height,
   *    stride_width.
   *  * 6 : group, the number of convolution groups, shape: [1], type:
   *    NNADAPTER_INT32, value:
   *   * for a regular convolution, group must be 1.
   *   * for a depthwise convolution, group = C_out = C_in.
   *  * 7 : dilations, the height and width of the dilation, shape: [2],
   *    type: NNADAPTER_INT32, value: the two elements are dilations_height,
   *    dilations_width.
   *  * 8 : output_padding, the output padding, optional, shape: [2], type:
   *    NNADAPTER_INT32, value: the two elements are output_pad_height,
   *    output_pad_width.
   *  * 9 : output_shape, the height and width of the output, optional,
   *    shape: [2], type: NNADAPTER_INT32, NNADAPTER_INT64, value: the two
   *    elements are output_height, output_width.
   *  * 10 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, same type as input, shape: [N, C_out,
   *    H_out, W_out], where:
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
   * Element-wise cosine: output = cos(input).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Cumulative sum along axis.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axis, the axis of the cumulative sum, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of input; a negative axis means axis + R; default -1.
   *  * 2 : exclusive, whether to exclude the first element, i.e. the first
   *    element of the result is zero, type: NNADAPTER_BOOL8, value: true,
   *    false, default false.
   *  * 3 : reverse, whether to sum in reverse order, type: NNADAPTER_BOOL8,
   *    value: true, false, default false.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * 2-D deformable convolution.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C_in, H_in, W_in], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : offset, the offsets of the sampling coordinates, shape: [N, 2 *
   *    deformable_groups * H_f * W_f, H_in, W_in], same type as input.
   *  * 2 : mask, the input mask, shape: [N, deformable_groups * H_f * W_f,
   *    H_in, W_in], same type as input.
   *  * 3 : filter, the convolution kernel, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, with this shape:
   *   * for a regular convolution, [C_out, C_in, filter_height,
   *     filter_width], where C_out and C_in are the output and input
   *     channel counts and filter_height and filter_width the height and
   *     width of the kernel.
   *   * for a depthwise convolution, [C_out, 1, filter_height,
   *     filter_width], where C_out is the output channel count and
   *     filter_height and filter_width the height and width of the kernel.
   *  * 4 : bias, the bias, shape: [C_out], with this type:
   *   * if the input type is NNADAPTER_FLOAT32, the type of the input.
   *   * if the filter type is NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER with bias_scale == input_scale
   *     * filter_scale.
   *   * if the filter type is NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL with, for every output
   *     channel i, bias_scale[i] = input_scale * filter_scale[i].
   *  * 5 : pads, the padding sizes, optional, shape: [4], type:
   *    NNADAPTER_INT32, value: the four elements are height_top,
   *    height_bottom, width_left, width_right.
   *  * 6 : strides, the height and width of the stride, shape: [2], type:
   *    NNADAPTER_INT32, value: the two elements are stride_height,
   *    stride_width.
   *  * 7 : group, the number of convolution groups, shape: [1], type:
   *    NNADAPTER_INT32, value:
   *   * for a regular convolution, group must be 1.
   *   * for a depthwise convolution, group = C_out = C_in.
   *  * 8 : deformable_group, the number of deformable groups, shape: [1],
   *    type: NNADAPTER_INT32.
   *  * 9 : dilations, the height and width of the dilation, shape: [2],
   *    type: NNADAPTER_INT32, value: the two elements are dilations_height,
   *    dilations_width.
   *  * 10 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, same type as input, shape: [N, C_out,
   *    H_out, W_out], where:
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
   * Dequantization: output = (input - zero_point) * scale, where zero_point
   *   and scale come from the type parameters of input; for symmetric
   *   quantization zero_point = 0.
   * Inputs:
   *  * 0 : input, the input operand, type:
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER,
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL.
   * Outputs:
   *  * 0 : output, the output operand, type: NNADAPTER_FLOAT32, same shape
   *    as input.
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
   * Element-wise division: output = input0 / input1, with the broadcasting
   *   rules of Numpy https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Element-wise equality: output = input0 == input1, with the broadcasting
   *   rules of Numpy https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32, NNADAPTER_BOOL8,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, type: NNADAPTER_BOOL8.
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
   * Element-wise exponential: output = e^input
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Expands the input to the given shape, with the broadcasting rules of
   *   Numpy https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : shape, the expanded shape, shape: any 1-D operand, type:
   *    NNADAPTER_INT32, NNADAPTER_INT64.
   * Outputs:
   *  * 0 : output, the output operand, shape: the value of shape, same type
   *    as input.
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
   * Creates an operand of the given shape and type with every element set
   *   to the same value.
   * Inputs:
   *  * 0 : shape, the shape of the output, shape: any 1-D operand, type:
   *    NNADAPTER_INT32, NNADAPTER_INT64.
   *  * 1 : value, the fill value, shape: [1], type: NNADAPTER_FLOAT32,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_BOOL8.
   * Outputs:
   *  * 0 : output, the output operand, shape: the value of shape, type and
   *    values those of value.
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
   * Creates an operand with the shape of the given operand and every
   *   element set to the same value.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : value, the fill value, shape: [1], type: NNADAPTER_FLOAT32,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_BOOL8.
   * Outputs:
   *  * 0 : output, the output operand, same shape as input, type and values
   *    those of value.
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
   * Flattens the consecutive dimensions from start_axis to end_axis into
   *   one.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : start_axis, the first dimension to flatten, shape: [1], type:
   *    NNADAPTER_INT32.
   *  * 2 : end_axis, the last dimension to flatten, shape: [1], type:
   *    NNADAPTER_INT32.
   * Outputs:
   *  * 0 : output, the output operand, same type as input.
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
   * Element-wise round down: output = floor(input).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise division rounded down: output = floor(input0 / input1),
   *   with the broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Fully connected layer: output = activation(input * weight' + bias).
   * Inputs:
   *  * 0 : input, the input operand, shape: rank 2 or more; a higher rank
   *    is flattened to two dimensions [batch_size, input_size], where
   *    input_size = weight[1], batch_size = num_elements / input_size and
   *    num_elements is the element count of input, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : weight, the weights, shape: [num_units, input_size], where
   *    num_units is the number of output units (output feature size) and
   *    input_size the number of input units, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL.
   *  * 2 : bias, the bias, shape: [num_units], with this type:
   *   * if the weight type is NNADAPTER_FLOAT32, the type of the input.
   *   * if the weight type is NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_LAYER with bias_scale == input_scale
   *     * weight_scale.
   *   * if the weight type is NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
   *     NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL with, for every output
   *     channel i, bias_scale[i] = input_scale * weight_scale[i].
   *  * 3 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: [batch_size, num_units], same
   *    type as input.
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
   * Takes one or more entries along the given axis at the given indices.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : indices, the indices, type: NNADAPTER_INT32, NNADAPTER_INT64, of
   *    rank Q, value: must not exceed the extent of input along axis.
   *  * 2 : axis, the axis along which entries are taken, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of input; a negative axis means axis + R.
   * Outputs:
   *  * 0 : output, the output operand, same type as input, rank Q + (R - 1).
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
   * Element-wise Gaussian error linear unit activation; see the paper
   *   https://arxiv.org/abs/1606.08415.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : approximate, whether to use the approximation, shape: [1], type:
   *    NNADAPTER_BOOL8, value: true, false.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise greater than: output = input0 > input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32, NNADAPTER_BOOL8,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, type: NNADAPTER_BOOL8.
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
   * Element-wise greater than or equal: output = input0 >= input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32, NNADAPTER_BOOL8,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, type: NNADAPTER_BOOL8.
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
   * Samples the input by bilinear interpolation at the points of a flow
   *   field grid, usually produced by affine_grid, of shape [N, H, W, 2]:
   *   the (x, y) coordinates of the [N, H, W] sampling points, where x
   *   indexes the W dimension of the input and y the H dimension. Each
   *   output value is the bilinear interpolation of the four corner points
   *   nearest to its sampling point; the output shape is [N, C, H, W].
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, H, W], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : grid, the grid, shape: [N, H, W, 2], type: NNADAPTER_FLOAT32.
   *  * 2 : align_corners, whether the centers of the four corner pixels of
   *    input and output are aligned, keeping the values of the corner
   *    pixels, shape: [1], type: NNADAPTER_BOOL8, value: true, false.
   *  * 3 : mode, the interpolation mode, shape: [1], type: NNADAPTER_INT32,
   *    value: any NNAdapterInterpolateMode, NNADAPTER_INTERPOLATE_MODE_NONE,
   *    NNADAPTER_INTERPOLATE_MODE_BILINEAR,
   *    NNADAPTER_INTERPOLATE_MODE_NEAREST.
   *  * 4 : pad_mode, how to pad when an index falls outside the input
   *    image, shape: [1], type: NNADAPTER_INT32, value: any
   *    NNAdapterPadMode, NNADAPTER_PAD_MODE_NONE,
   *    NNADAPTER_PAD_MODE_CONSTANT, NNADAPTER_PAD_MODE_REFLECT,
   *    NNADAPTER_PAD_MODE_REPLICATE, NNADAPTER_PAD_MODE_EDGE.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Group normalization: normalizes groups of channels with their mean and
   *   variance; see the paper Group Normalization
   *   https://arxiv.org/abs/1803.08494.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, ...], the rank must be
   *    greater than 2, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : scale, the scale, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 2 : bias, the offset, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 3 : epsilon, a small value added to the variance to avoid a division
   *    by zero, shape: [1], type: NNADAPTER_FLOAT32, value: any float,
   *    default 1e-5.
   *  * 4 : groups, the number of channel groups, shape: [1], type:
   *    NNADAPTER_INT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise piecewise linear approximation of the sigmoid: output =
   *   max(0, min(1, alpha * input + beta)).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : alpha, the slope, shape: [1], type: NNADAPTER_FLOAT32.
   *  * 2 : beta, the intercept, shape: [1], type: NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise hardswish activation: output = input * max(0, min(1,
   *   alpha * input + beta)).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : alpha, the slope, shape: [1], type: NNADAPTER_FLOAT32.
   *  * 2 : beta, the intercept, shape: [1], type: NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Instance normalization: normalizes every channel of every sample with
   *   its mean and variance; see the paper Instance Normalization: The
   *   Missing Ingredient for Fast Stylization
   *   https://arxiv.org/abs/1607.08022.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, ...], the rank must be
   *    greater than 2, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : scale, the scale, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 2 : bias, the offset, shape: [C], type: NNADAPTER_FLOAT32.
   *  * 3 : epsilon, a small value added to the variance to avoid a division
   *    by zero, shape: [1], type: NNADAPTER_FLOAT32, value: any float,
   *    default 1e-5.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Layer normalization; see the paper Layer Normalization
   *   https://arxiv.org/pdf/1607.06450v1.pdf.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : scale, the scale, shape: all dimensions of input from axis
   *    begin_norm_axis to rank(input), type: NNADAPTER_FLOAT32.
   *  * 2 : bias, the offset, shape: all dimensions of input from axis
   *    begin_norm_axis to rank(input), type: NNADAPTER_FLOAT32.
   *  * 3 : begin_norm_axis, the normalization runs over the dimensions from
   *    axis begin_norm_axis to rank(input), shape: [1], type:
   *    NNADAPTER_INT32.
   *  * 4 : epsilon, a small value added to the variance to avoid a division
   *    by zero, shape: [1], type: NNADAPTER_FLOAT32, value: any float,
   *    default 1e-5.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise leaky rectified linear unit: output = input when input >=
   *   0; output = alpha * input when input < 0.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : alpha, the slope for inputs below zero, shape: [1], type:
   *    NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise less than: output = input0 < input1, with the broadcasting
   *   rules of Numpy https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32, NNADAPTER_BOOL8,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, type: NNADAPTER_BOOL8.
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
   * Element-wise less than or equal: output = input0 <= input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32, NNADAPTER_BOOL8,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, type: NNADAPTER_BOOL8.
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
   * Element-wise natural logarithm: output = ln(input).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Log softmax activation along the given axis: output = log(exp(input) /
   *   reduce_sum(exp(input), axis=axis, keepdims=true)).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER tensor.
   *  * 1 : axis, the axis of the operation, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of input; a negative axis means axis + R; default 1.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Lp normalization along the given axis: for p = 1, output = input /
   *   (sum(abs(input)) + epsilon); for p = 2, output = input /
   *   (sqrt(sum(input^2)) + epsilon).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axis, the axis of the Lp normalization, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of input; a negative axis means axis + R; default 1.
   *  * 2 : p, the exponent of the normalization, shape: [1], type:
   *    NNADAPTER_INT32, value: 1, 2, default 2.
   *  * 3 : epsilon, a small value added to avoid a division by zero, shape:
   *    [1], type: NNADAPTER_FLOAT32, value: any float, default 1e-5.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Local response normalization: normalizes over local input regions, a
   *   form of lateral inhibition; see the paper
   *   https://papers.nips.cc/paper/4824-imagenet-classification-with-deep-convolutional-neural-networks.pdf
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32.
   *  * 1 : size, the number of channels summed over, shape: [1], type:
   *    NNADAPTER_INT32, value: any integer, default 5.
   *  * 2 : bias, the offset, shape: [1], type: NNADAPTER_FLOAT32, value: any
   *    float, default 1.f.
   *  * 3 : alpha, the scale, shape: [1], type: NNADAPTER_FLOAT32, value: any
   *    float, default 1e-4.
   *  * 4 : beta, the exponent, shape: [1], type: NNADAPTER_FLOAT32, value:
   *    any float, default 0.75f.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Matrix product of two operands, computed as numpy.matmul
   *   https://docs.scipy.org/doc/numpy-1.13.0/reference/generated/numpy.matmul.html.
   * Inputs:
   *  * 0 : x, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : y, input operand 1, same type as x.
   *  * 2 : transpose_x, whether to transpose the last two dimensions of x,
   *    shape: [1], type: NNADAPTER_BOOL8, value: true, false, default false.
   *  * 3 : transpose_y, whether to transpose the last two dimensions of y,
   *    shape: [1], type: NNADAPTER_BOOL8, value: true, false, default false.
   * Outputs:
   *  * 0 : output, shape: determined by broadcasting x and y, same type as
   *    x and y.
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
   * Element-wise maximum: output = max(input0, input1), with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * 2-D max pooling.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C_in, H_in, W_in], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : auto_pad, the padding mode, shape: [1], type: NNADAPTER_INT32,
   *    value: any NNAdapterAutoPadCode; NNADAPTER_AUTO_PAD_NONE means the
   *    padding is given explicitly by pads, NNADAPTER_AUTO_PAD_SAME means
   *    the padding is computed so that the output has the same shape as
   *    the input, NNADAPTER_AUTO_PAD_VALID means no padding.
   *  * 2 : pads, the padding sizes, optional, shape: [4], type:
   *    NNADAPTER_INT32, value: the four elements are height_top,
   *    height_bottom, width_left, width_right.
   *  * 3 : kernel_shape, the height and width of the kernel, shape: [2],
   *    type: NNADAPTER_INT32, value: the two elements are kernel_height,
   *    kernel_width.
   *  * 4 : strides, the height and width of the stride, shape: [2], type:
   *    NNADAPTER_INT32, value: the two elements are stride_height,
   *    stride_width.
   *  * 5 : ceil_mode, whether the output height and width are computed with
   *    ceil, shape: [1], type: NNADAPTER_BOOL8, value: true, false, default
   *    false.
   *  * 6 : return_indices, whether to output the indices of the maximum
   *    values, shape: [1], type: NNADAPTER_BOOL8, value: true, false,
   *    default false.
   *  * 7 : return_indices_dtype, the type of the indices of the maximum
   *    values, shape: [1], type: NNADAPTER_INT32, value: NNADAPTER_INT32 or
   *    NNADAPTER_INT64.
   *  * 8 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: [N, C_out, H_out, W_out], same
   *    type as input.
   *   * when ceil_mode is false,
   *    H_out = floor((H_in + padding_height_top + padding_height_bottom -
   *      filter_height) / stride_height + 1)
   *    W_out = floor((W_in + padding_width_left + padding_width_right -
   *      filter_width) / stride_width + 1)
   *   * when ceil_mode is true,
   *    H_out = ceil((H_in + padding_height_top + padding_height_bottom -
   *      filter_height) / stride_height + 1)
   *    W_out = ceil((W_in + padding_width_left + padding_width_right -
   *      filter_width) / stride_width + 1)
   *  * 1 : indices, the indices of the maximum values, produced only if
   *    return_indices is true, same shape as output, type: NNADAPTER_INT32,
   *    NNADAPTER_INT64, as given by return_indices_dtype.
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
   * Creates n grids from n given vectors.
   * Inputs:
   *  * 0 : input0 ~ inputn-1, the n input operands, shape: any 1-D
   *    operands, [d0], [d1], ... [dn-1], type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output0 ~ outputn-1, the n output operands, shape: [d0, d1, ...,
   *    dn-1], same type as input0 ~ inputn-1.
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
   * Element-wise minimum: output = min(input0, input1), with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Element-wise multiplication: output = input0 * input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Element-wise logical NOT: output = !input
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_BOOL8.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise inequality: output = input0 != input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32, NNADAPTER_BOOL8,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, type: NNADAPTER_BOOL8.
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
   * Element-wise logical OR: output = input0 || input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_BOOL8.
   *  * 1 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * N-dimensional padding.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : pads, the padding sizes, shape: [2 * rank(input)], type:
   *    NNADAPTER_INT32, value: the padding of every dimension, in the order
   *    x0_begin, x0_end, x1_begin, x1_end, ..., where x0_begin and x0_end
   *    are the padding before and after dimension 0.
   *  * 2 : mode, the padding mode, shape: [1], type: NNADAPTER_INT32, value:
   *    any NNAdapterPadModeCode, NNADAPTER_PAD_MODE_NONE,
   *    NNADAPTER_PAD_MODE_CONSTANT, NNADAPTER_PAD_MODE_REFLECT,
   *    NNADAPTER_PAD_MODE_REPLICATE, NNADAPTER_PAD_MODE_EDGE.
   *  * 3 : value, the padding value, used only with
   *    NNADAPTER_PAD_MODE_CONSTANT, shape: [1], same type as input.
   * Outputs:
   *  * 0 : output, the output operand, shape: determined by the shape of
   *    input and the values of pads, same type as input.
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
   * Element-wise power: output = input0 ^ input1, with the broadcasting
   *   rules of Numpy https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Generates candidate (prior) boxes for SSD (Single Shot MultiBox
   *   Detector) models: every position of the input produces N boxes, N
   *   determined by the numbers of min_sizes, max_sizes and aspect_ratios;
   *   the box sizes lie in (min_size, max_size) and are generated in
   *   sequence from aspect_ratios.
   * Inputs:
   *  * 0 : input, the feature map, shape: [N, C, H, W], type:
   *    NNADAPTER_FLOAT32.
   *  * 1 : image, the image, shape: [N, C, H, W], type: NNADAPTER_FLOAT32.
   *  * 2 : min_sizes, the minimum sizes of the generated boxes, shape: any
   *    1-D operand, type: NNADAPTER_FLOAT32.
   *  * 3 : max_sizes, the maximum sizes of the generated boxes, shape: any
   *    1-D operand, type: NNADAPTER_FLOAT32.
   *  * 4 : aspect_ratios, the aspect ratios of the generated boxes, shape:
   *    any 1-D operand, type: NNADAPTER_FLOAT32.
   *  * 5 : variances, the variances used to decode the boxes, shape: any
   *    1-D operand, type: NNADAPTER_FLOAT32.
   *  * 6 : flip, whether to flip the aspect ratios, shape: [1], type:
   *    NNADAPTER_BOOL8, value: true, false, default false.
   *  * 7 : clip, whether to clip the boxes, shape: [1], type:
   *    NNADAPTER_BOOL8, value: true, false, default false.
   *  * 8 : step_w, the step of the boxes along W, shape: [1], type:
   *    NNADAPTER_FLOAT32, value: 0.0 means the step along W is computed
   *    automatically.
   *  * 9 : step_h, the step of the boxes along H, shape: [1], type:
   *    NNADAPTER_FLOAT32, value: 0.0 means the step along H is computed
   *    automatically.
   *  * 10 : offset, the offset of the box centers, shape: [1], type:
   *    NNADAPTER_FLOAT32, value: default 0.5.
   *  * 11 : min_max_aspect_ratios_order, the order of the min/max sizes and
   *    aspect ratios, shape: [1], type: NNADAPTER_BOOL8, value: true,
   *    false; true outputs the boxes in the order [min, max,
   *    aspect_ratios], as Caffe does. Note that this order affects the
   *    order of the weights of the following convolution layer, but not
   *    the final detection result; default false.
   * Outputs:
   *  * 0 : boxes, the prior boxes, shape: [H, W, num_priors, 4], where
   *    num_priors is the number of boxes per input position, type:
   *    NNADAPTER_FLOAT32.
   *  * 1 : variances, the variances of the boxes, shape: [H, W, num_priors,
   *    4], where num_priors is the number of boxes per input position,
   *    type: NNADAPTER_FLOAT32.
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
   * Element-wise parametric rectified linear unit: output = input when
   *   input >= 0; output = slope * input when input < 0.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, ...], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : alpha, the slope for inputs below zero, shape: [1] or [C], type:
   *    NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Quantization: output = input / scale + zero_point
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, ...], type:
   *    NNADAPTER_FLOAT32.
   *  * 1 : axis, the axis to quantize along, used only for per-channel or
   *    per-axis quantization (set by the shape of scale), shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of input; a negative axis means axis + R; default 1.
   *  * 2 : scale, the scale of the quantization formula, shape: [1] or [C];
   *    [C] means per-channel or per-axis quantization, [1] per-layer or
   *    per-tensor quantization, type: NNADAPTER_FLOAT32.
   *  * 3 : zero_point, the zero point of the quantization formula, shape:
   *    must equal that of scale, type: NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the output operand, type:
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER,
   *    NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL, as determined by scale and
   *    zero_point, same shape as input.
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
   * Produces the consecutive values that divide the interval [start, end)
   *   evenly with step step.
   * Inputs:
   *  * 0 : start, the first value, shape: [1], type: NNADAPTER_FLOAT32,
   *    NNADAPTER_INT32.
   *  * 1 : end, the end (excluded), same shape and type as start.
   *  * 2 : step, the step, same shape and type as start.
   * Outputs:
   *  * 0 : output, the output operand, shape: 1-D, its length determined by
   *    start, end and step, same type as start.
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
   * Maximum along one or more given axes.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axes, the given axis or axes, shape: any 1-D operand, type:
   *    NNADAPTER_INT32, value: the valid range of each axis is [-R, R), R
   *    is the rank of input; a negative axis means axis + R; if empty, the
   *    reduction runs over every dimension and returns a single element.
   *  * 2 : keepdim, whether the output keeps the reduced dimensions.
   * Outputs:
   *  * 0 : output, the output operand, shape: determined by input, axes and
   *    keepdim, same type as input.
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
   * Mean along one or more given axes.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axes, the given axis or axes, shape: any 1-D operand, type:
   *    NNADAPTER_INT32, value: the valid range of each axis is [-R, R), R
   *    is the rank of input; a negative axis means axis + R; if empty, the
   *    reduction runs over every dimension and returns a single element.
   *  * 2 : keepdim, whether the output keeps the reduced dimensions.
   * Outputs:
   *  * 0 : output, the output operand, shape: determined by input, axes and
   *    keepdim, same type as input.
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
   * Sum along one or more given axes.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axes, the given axis or axes, shape: any 1-D operand, type:
   *    NNADAPTER_INT32, value: the valid range of each axis is [-R, R), R
   *    is the rank of input; a negative axis means axis + R; if empty, the
   *    reduction runs over every dimension and returns a single element.
   *  * 2 : keepdim, whether the output keeps the reduced dimensions.
   * Outputs:
   *  * 0 : output, the output operand, shape: determined by input, axes and
   *    keepdim, same type as input.
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
   * Element-wise rectified linear unit: output = max(0, input).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise rectified linear unit capped at 6: output = min(6, max(0,
   *   input)).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Changes the shape, keeping the number and values of the elements.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : shape, the target shape, a 1-D operand, type: NNADAPTER_INT32,
   *    NNADAPTER_INT64, value: at most one element may be -1; 0 means the
   *    extent of the input at the same position.
   * Outputs:
   *  * 0 : output, the output operand, shape: computed from shape and the
   *    shape of input, same type as input.
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
   * Resizes an image by nearest-neighbour interpolation; the output height
   *   and width come from shape if given, else from scales.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : shape, the output shape, shape: [2], type: NNADAPTER_INT32,
   *    NNADAPTER_INT64.
   *  * 2 : scales, the multipliers of the input height and width, shape:
   *    [2], type: NNADAPTER_FLOAT32, value: at least one of shape and
   *    scales must be set.
   *  * 3 : align_corners, whether the centers of the four corner pixels of
   *    input and output are aligned, keeping the values of the corner
   *    pixels, shape: [1], type: NNADAPTER_BOOL8, value: true, false.
   * Outputs:
   *  * 0 : output, the output operand, shape: computed from shape, scales
   *    and the dimensions of input, same type as input.
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
   * Resizes an image by bilinear interpolation; the output height and width
   *   come from shape if given, else from scales.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : shape, the output shape, shape: [2], type: NNADAPTER_INT32,
   *    NNADAPTER_INT64.
   *  * 2 : scales, the multipliers of the input height and width, shape:
   *    [2], type: NNADAPTER_FLOAT32, value: at least one of shape and
   *    scales must be set.
   *  * 3 : align_corners, whether the centers of the four corner pixels of
   *    input and output are aligned, keeping the values of the corner
   *    pixels, shape: [1], type: NNADAPTER_BOOL8, value: true, false.
   *  * 4 : align_mode, how source coordinates are computed, shape: [1],
   *    type: NNADAPTER_INT32, value: 0 means src_idx = scale * (dst_indx +
   *    0.5) - 0.5, 1 means src_idx = scale * dst_index.
   * Outputs:
   *  * 0 : output, the output operand, shape: computed from shape, scales
   *    and the dimensions of input, same type as input.
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
   * Produces fixed-size feature maps from regions of interest of the input
   *   by bilinear interpolation; see the paper Mask R-CNN
   *   https://arxiv.org/abs/1703.06870.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, H, W], type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : rois, the box coordinates of the regions of interest, shape:
   *    [rois_num, 4], where rois_num is the number of regions, type:
   *    NNADAPTER_FLOAT32, value: the elements in the order [[x1, y1, x2,
   *    y2], ...].
   *  * 2 : batch_indices, the index of the input batch of every region,
   *    shape: [rois_num], type: NNADAPTER_INT32.
   *  * 3 : output_height, the output height, shape: [1], type:
   *    NNADAPTER_INT32.
   *  * 4 : output_width, the output width, shape: [1], type:
   *    NNADAPTER_INT32.
   *  * 5 : sampling_ratio, the number of sampling points of the
   *    interpolation, shape: [1], type: NNADAPTER_INT32, value: if <= 0,
   *    adapts to roi_width and output_width, and likewise for the height.
   *  * 6 : spatial_scale, the spatial scale factor that maps the
   *    coordinates in rois from their input size to the size of the input
   *    feature map, shape: [1], type: NNADAPTER_FLOAT32.
   *  * 7 : aligned, whether coordinates are aligned, shape: [1], type:
   *    NNADAPTER_BOOL8, value: true, false; true means src_idx = scale *
   *    (dst_indx + 0.5) - 0.5, false means src_idx = scale * dst_index.
   * Outputs:
   *  * 0 : output, the output operand, shape: [N, C, output_height,
   *    output_width], same type as input.
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
   * Rolls the input along the given dimensions. Elements shifted beyond the
   *   last position come back at the first; without axes the tensor is
   *   flattened before rolling and then restored to its original shape.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : shifts, the number of positions the elements move, for the
   *    given axis or axes, shape: any 1-D operand, type: NNADAPTER_INT32.
   *  * 2 : axes, the axis or axes to roll along, shape: any 1-D operand,
   *    type: NNADAPTER_INT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise reciprocal square root: output = 1 / (sqrt(input)).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * The shape of the input.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : dtype, the output type, shape: [1], type: NNADAPTER_INT32, value:
   *    NNADAPTER_INT32 or NNADAPTER_INT64.
   * Outputs:
   *  * 0 : output, the output operand, shape: 1-D, type: NNADAPTER_INT32,
   *    NNADAPTER_INT64.
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
   * Element-wise sigmoid activation: output = 1 / (1 + exp(-input)).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise sine: output = sin(input).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Takes a slice of input along several axes, as numpy does
   *   https://docs.scipy.org/doc/numpy/reference/arrays.indexing.html: along
   *   each axis of axes the slice runs from starts to ends with step steps.
   *   A negative starts[i] or ends[i] has the extent dims[axes[i]] of input
   *   along axes[i] added. A starts[i] or ends[i] greater than
   *   dims[axes[i]] is clamped to dims[axes[i]] - 1. If the extent
   *   dims[axes[i]] is unknown, set ends[i] to INT_MAX (INT_MIN when
   *   slicing backwards).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER tensor.
   *  * 1 : axes, the axes to slice along, optional, shape: 1-D, type:
   *    NNADAPTER_INT32, value: if not set, [0, 1, ..., len(starts) - 1].
   *  * 2 : starts, the start indices, same shape as axes, type:
   *    NNADAPTER_INT32.
   *  * 3 : ends, the end indices, same shape as axes, type: NNADAPTER_INT32.
   *  * 4 : steps, the steps, same shape as axes, type: NNADAPTER_INT32,
   *    value: default 1.
   * Outputs:
   *  * 0 : output, the output operand, shape: computed from axes, starts,
   *    ends, steps and the dimensions of input, same type as input.
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
   * Softmax activation along the given axis: output = exp(input) /
   *   reduce_sum(exp(input), axis=axis, keepdims=true).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER tensor.
   *  * 1 : axis, the axis of the operation, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of input; a negative axis means axis + R; default 1.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
   *
   * Available since version 1.
   */
  NNADAPTER_SOFTMAX = 78,
  /**
   * NNADAPTER_SOFTPLUS
   *
   * Inputs (in order): 0: input, 1: alpha, 2: threshold (may be omitted).
   * Outputs: 0: output.
   *
   * Element-wise softplus activation: output = log(1 + exp^(beta * input)) /
   *   beta; for numerical stability, when beta * input > threshold the
   *   formula becomes the linear function output = input.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : alpha, the beta of the formula, shape: [1], type:
   *    NNADAPTER_FLOAT32.
   *  * 2 : threshold, the threshold of the formula (Paddle's softplus), may
   *    be omitted, shape: [1], type: NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Splits the input into several parts along the given axis.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axis, the axis to split, shape: [1], type: NNADAPTER_INT32,
   *    value: the valid range of axis is [-R, R), R is the rank of input; a
   *    negative axis means axis + R.
   *  * 2 : split, the size of every part, shape: 1-D, type: NNADAPTER_INT32,
   *    value: the elements must sum to the extent of input along axis.
   * Outputs:
   *  * 0 ~ n-1 : output0 ~ outputn-1, the list of output operands, the
   *    shape of each computed from axis, split and the dimensions of input,
   *    same type as input.
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
   * Element-wise square: output = input^2.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Removes the dimensions of extent 1 at the given axes from the shape of
   *   input.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axes, the given axis or axes, shape: any 1-D operand, type:
   *    NNADAPTER_INT32, value: the valid range of each axis is [-R, R), R
   *    is the rank of input; a negative axis means axis + R; if empty,
   *    every dimension of extent 1 is removed.
   * Outputs:
   *  * 0 : output, the output operand, same type as input.
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
   * Stacks the inputs along the given axis; every input must have the same
   *   shape.
   * Inputs:
   *  * 0 ~ n-1 : input0 ~ inputn-1, the n input operands, shape: all inputs
   *    must have the same rank, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * n : axis, the axis to stack along, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of the inputs; a negative axis means axis + R.
   * Outputs:
   *  * 0 : output, the output operand, same type as input0 ~ inputn-1.
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
   * Element-wise subtraction: output = input0 - input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : input1, input operand 1, same type as input0.
   *  * 2 : fuse_code, the fused activation function, shape: [1], type:
   *    NNADAPTER_INT32, value: any NNAdapterFuseCode, NNADAPTER_FUSED_NONE,
   *    NNADAPTER_FUSED_RELU, NNADAPTER_FUSED_RELU1, NNADAPTER_FUSED_RELU6.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, same type as input0 and input1.
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
   * Element-wise sum of several inputs: output = input0 + input1 + ... +
   *   inputn-1, with the broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 ~ n-1 : input0 ~ inputn-1, the n input operands, type:
   *    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    ~ inputn-1, same type as input0 ~ inputn-1.
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
   * Element-wise swish activation: output = input / (1 + e ^ (-input)).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Element-wise tanh activation: output = tanh(input).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   * Outputs:
   *  * 0 : output, the output operand, same shape and type as input.
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
   * Repeats the input repeats[i] times along every dimension i.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : repeats, the number of copies along every dimension, shape:
   *    [rank(input)], type: NNADAPTER_INT32.
   * Outputs:
   *  * 0 : output, the output operand, shape: the rank of input, with
   *    output_dims[i] = input_dims[i] * repeats[i], type: same as input.
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
   * Finds the k largest or smallest values of input along axis, and their
   *   indices.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : k, the number of values to find and return, type:
   *    NNADAPTER_INT32, NNADAPTER_INT64.
   *  * 2 : axis, the axis to search along, shape: [1], type:
   *    NNADAPTER_INT32, value: the valid range of axis is [-R, R), R is the
   *    rank of input; a negative axis means axis + R.
   *  * 3 : largest, whether to return the k largest values, type:
   *    NNADAPTER_BOOL8, value: true, false; false returns the k smallest
   *    values.
   *  * 4 : sorted, whether the results are returned in order, type:
   *    NNADAPTER_BOOL8, value: true, false.
   *  * 5 : return_indices_dtype, the type of the returned indices, type:
   *    NNADAPTER_INT32, value: NNADAPTER_INT32, NNADAPTER_INT64.
   * Outputs:
   *  * 0 : output, the k values, type: same as input.
   *  * 1 : indices, the indices of the k values, type: NNADAPTER_INT32 or
   *    NNADAPTER_INT64.
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
   * Permutes the dimensions of the input by perm, as numpy.transpose
   *   https://numpy.org/doc/stable/reference/generated/numpy.transpose.html
   *   does. For example, an input of shape (1, 2, 4) with perm (1, 0, 2)
   *   gives an output of shape (2, 1, 3).
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : perm, the list of dimension indices, shape: [rank(input)], type:
   *    NNADAPTER_INT32.
   * Outputs:
   *  * 0 : output, the output operand, shape: the rank of input, with
   *    output_dims[i] = input_dims[perm[i]], type: same as input.
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
   * Inserts dimensions of extent 1 at the given axes into the shape of
   *   input.
   * Inputs:
   *  * 0 : input, the input operand, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 1 : axes, the given axis or axes, shape: any 1-D operand, type:
   *    NNADAPTER_INT32, value: the valid range of each axis is [-R, R), R
   *    is the rank of input; a negative axis means axis + R; if empty,
   *    every dimension of extent 1 is removed.
   * Outputs:
   *  * 0 : output, the output operand, same type as input.
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
   * Selects the output elements from input0 or input1 by condition, with
   *   the broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html; behaves as
   *   numpy.where
   *   https://numpy.org/doc/stable/reference/generated/numpy.where.html.
   * Inputs:
   *  * 0 : condition, the condition choosing input0 or input1, type:
   *    NNADAPTER_BOOL8, value: where it is true, the output takes the
   *    element of input0, otherwise that of input1.
   *  * 1 : input0, input operand 0, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_INT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER.
   *  * 2 : input1, input operand 1, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, same type as the inputs.
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
   * Generates YOLO detection boxes from the output of a YOLOv3 network; for
   *   details see
   *   https://www.paddlepaddle.org.cn/documentation/docs/zh/2.1/api/paddle/vision/ops/yolo_box_cn.html#yolo-box.
   * Inputs:
   *  * 0 : input, the input operand, shape: [N, C, H, W], type:
   *    NNADAPTER_FLOAT32, value: the second dimension (C) holds the
   *    coordinates of every anchor box, the confidence score of every
   *    anchor box and the one-hot key.
   *  * 1 : imgsize, the image size, used to scale the output boxes to the
   *    input image, shape: [N, 2], type: NNADAPTER_INT32.
   *  * 2 : anchors, the widths and heights of the anchors, read in pairs,
   *    shape: [2], type: NNADAPTER_INT32.
   *  * 3 : class_num, the number of classes, shape: [1], type:
   *    NNADAPTER_INT32.
   *  * 4 : conf_thresh, the confidence score threshold of the boxes; boxes
   *    scoring below it are ignored, shape: [1], type: NNADAPTER_FLOAT32.
   *  * 5 : downsample_ratio, the downsampling ratio, shape: [1], type:
   *    NNADAPTER_INT32.
   *  * 6 : clip_bbox, whether to clip the output boxes to imgsize, shape:
   *    [1], type: NNADAPTER_BOOL8, value: true, false, default true.
   *  * 7 : scale_x_y, scales the centers of the decoded boxes, shape: [1],
   *    type: NNADAPTER_FLOAT32, value: default 1.0.
   *  * 8 : iou_aware, whether to use IoU-aware, shape: [1], type:
   *    NNADAPTER_BOOL8.
   *  * 9 : iou_aware_factor, the IoU-aware factor, shape: [1], type:
   *    NNADAPTER_FLOAT32.
   * Outputs:
   *  * 0 : output, the box coordinates, shape: [N, M, 4], where N is the
   *    batch size and M the number of boxes, the last dimension holding the
   *    coordinates of a box, type: NNADAPTER_FLOAT32, value: every four
   *    elements are the xmin, ymin, xmax and ymax of a box.
   *  * 1 : scores, the box scores, shape: [N, M, class_num], type:
   *    NNADAPTER_FLOAT32.
   *
   * Available since version 1.
   */
  NNADAPTER_YOLO_BOX = 93,
  /**
   * NNADAPTER_XOR
   *
   * Inputs (in order): 0: input0, 1: input1.
   * Outputs: 0: output.
   *
   * Element-wise logical XOR: output = input0 != input1, with the
   *   broadcasting rules of Numpy
   *   https://numpy.org/doc/stable/user/basics.broadcasting.html.
   * Inputs:
   *  * 0 : input0, the first operand, type: NNADAPTER_BOOL8.
   *  * 1 : input1, the second operand, same type as input0.
   * Outputs:
   *  * 0 : output, the output operand, shape: the broadcast shape of input0
   *    and input1, type: NNADAPTER_BOOL8.
   *
   * Available since version 1.
   */
  NNADAPTER_XOR = 94,
  /**
   * NNADAPTER_UNSTACK
   *
   * Inputs (in order): 0: input, 1: axis, 2: num.
   * Outputs: 0~n-1: output0 ~ outputn-1.
   *
   * Splits the input along axis into num tensors of rank R - 1 (the axis
   *   dimension removed): output k holds the slice index k of that axis.
   *   The inverse of NNADAPTER_STACK.
   * Inputs:
   *  * 0 : input, the input operand, rank R >= 1, type: NNADAPTER_FLOAT32,
   *    NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, NNADAPTER_INT32,
   *    NNADAPTER_INT64.
   *  * 1 : axis, the axis to unstack, shape: [1], type: NNADAPTER_INT32,
   *    value: the valid range of axis is [-R, R); a negative axis means
   *    axis + R.
   *  * 2 : num, the number of outputs, shape: [1], type: NNADAPTER_INT32,
   *    value: positive, equal to dimension axis of input when it is known.
   * Outputs:
   *  * 0 ~ num-1 : output0 ~ outputnum-1, the slices, shape: the input's
   *    without dimension axis, same type as input.
   *
   * Available since version 1.
   */
  NNADAPTER_UNSTACK = 95,
  /**
   * NNADAPTER_NON_MAX_SUPPRESSION
   *
   * Inputs (in order): 0: bboxes, 1: scores, 2: rois_num (optional),
   *   3: background_label, 4: score_threshold, 5: nms_top_k,
   *   6: nms_threshold, 7: nms_eta, 8: keep_top_k, 9: normalized,
   *   10: return_index.
   * Outputs: 0: output, 1: out_rois_num, 2: index (only with return_index).
   *
   * Multi-class non-maximum suppression with Paddle's multiclass_nms
   *   semantics. Per image and class c != background_label: the boxes whose
   *   score is > score_threshold, sorted by score (descending, stable), the
   *   first nms_top_k of them (-1: all); greedy NMS keeps a box when its IoU
   *   with every kept box of the class is <= the adaptive threshold, which
   *   starts at nms_threshold and, after each kept box, is multiplied by
   *   nms_eta while nms_eta < 1 and the threshold > 0.5. IoU adds 1 to
   *   widths and heights when normalized is false and is computed in
   *   float32. When more than keep_top_k (> -1) boxes survive in an image,
   *   the keep_top_k best (stable by score) are kept. Rows are ordered by
   *   image, then class, then NMS order (first layout) or box index (second
   *   layout).
   * Inputs:
   *  * 0 : bboxes, type: NNADAPTER_FLOAT32, either [B, M, 4] (M boxes per
   *    image shared by the classes) or [M, C, 4] (one box per box and class,
   *    images given by rois_num). Boxes are [xmin, ymin, xmax, ymax].
   *  * 1 : scores, type: NNADAPTER_FLOAT32, [B, C, M] with the first bboxes
   *    layout, [M, C] with the second.
   *  * 2 : rois_num, optional (null with the first layout, required with the
   *    second), shape: [B], type: NNADAPTER_INT32, the number of boxes of
   *    each image; their sum is at most M.
   *  * 3 : background_label, shape: [1], type: NNADAPTER_INT32, the class
   *    that is skipped (-1: none).
   *  * 4 : score_threshold, shape: [1], type: NNADAPTER_FLOAT32.
   *  * 5 : nms_top_k, shape: [1], type: NNADAPTER_INT32, >= -1.
   *  * 6 : nms_threshold, shape: [1], type: NNADAPTER_FLOAT32, in [0, 1].
   *  * 7 : nms_eta, shape: [1], type: NNADAPTER_FLOAT32, in (0, 1].
   *  * 8 : keep_top_k, shape: [1], type: NNADAPTER_INT32, >= -1.
   *  * 9 : normalized, shape: [1], type: NNADAPTER_BOOL8.
   *  * 10 : return_index, shape: [1], type: NNADAPTER_BOOL8; true needs
   *    output 2.
   * Outputs (their first extent is known only after execution):
   *  * 0 : output, type: NNADAPTER_FLOAT32, [No, 6], No the number of kept
   *    boxes of all images, rows [label, score, xmin, ymin, xmax, ymax].
   *    When no box is kept: [0, 6] with return_index, otherwise [1, 1]
   *    holding -1 (Paddle's convention).
   *  * 1 : out_rois_num, shape: [B], type: NNADAPTER_INT32, the number of
   *    rows of each image.
   *  * 2 : index, shape: [No], type: NNADAPTER_INT32, the row's box across
   *    the batch: image * M + box (first layout), box * C + class (second).
   *
   * Available since version 1.
   */
  NNADAPTER_NON_MAX_SUPPRESSION = 96,
} NNAdapterOperationCode;

#endif  // NNADAPTER_NNADAPTER_OPERATIONS_H_
