/* Compiled as C99: the public header must be plain C. */
#include "nnadapter/nnadapter.h"

int nnadapter_header_c99_check(void) {
  NNAdapterOperandType type;
  type.precision = NNADAPTER_QUANT_INT8_SYMM_PER_LAYER;
  type.symm_per_layer_params.scale = 0.5f;
  type.dimensions.count = 1;
  type.dimensions.data[0] = NNADAPTER_UNKNOWN;
  return (int)type.dimensions.count + NNADAPTER_CONV_2D;
}
