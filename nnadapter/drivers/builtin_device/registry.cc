#include "drivers/builtin_device/registry.h"

namespace nnadapter {
namespace builtin_device {

namespace {

size_t MinInputs(NNAdapterOperationType t) {
  switch (t) {
    case NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D:
    case NNADAPTER_ADAPTIVE_MAX_POOL_2D:
    case NNADAPTER_AND:
    case NNADAPTER_OR:
    case NNADAPTER_EQUAL:
    case NNADAPTER_NOT_EQUAL:
    case NNADAPTER_GREATER:
    case NNADAPTER_GREATER_EQUAL:
    case NNADAPTER_LESS:
    case NNADAPTER_LESS_EQUAL:
    case NNADAPTER_ADD:
    case NNADAPTER_SUB:
    case NNADAPTER_MUL:
    case NNADAPTER_DIV:
    case NNADAPTER_MAX:
    case NNADAPTER_MIN:
    case NNADAPTER_POW:
    case NNADAPTER_FLOOR_DIV:
    case NNADAPTER_ARG_MAX:
    case NNADAPTER_ARG_MIN:
    case NNADAPTER_CAST:
    case NNADAPTER_CHANNEL_SHUFFLE:
    case NNADAPTER_EXPAND:
    case NNADAPTER_FILL:
    case NNADAPTER_FILL_LIKE:
    case NNADAPTER_GATHER:
    case NNADAPTER_MAT_MUL:
    case NNADAPTER_PRELU:
    case NNADAPTER_RESHAPE:
    case NNADAPTER_REDUCE_MAX:
    case NNADAPTER_REDUCE_MEAN:
    case NNADAPTER_REDUCE_SUM:
    case NNADAPTER_TILE:
    case NNADAPTER_TRANSPOSE:
    case NNADAPTER_UNSQUEEZE:
    case NNADAPTER_LEAKY_RELU:
    case NNADAPTER_LOG_SOFTMAX:
    case NNADAPTER_SOFTMAX:
    case NNADAPTER_SHAPE:
    case NNADAPTER_SPLIT:
    case NNADAPTER_ROLL:
    case NNADAPTER_CONCAT:
    case NNADAPTER_STACK:
      return 2;
    case NNADAPTER_CLIP:
    case NNADAPTER_FLATTEN:
    case NNADAPTER_GRID_SAMPLE:
    case NNADAPTER_HARD_SIGMOID:
    case NNADAPTER_HARD_SWISH:
    case NNADAPTER_RANGE:
    case NNADAPTER_WHERE:
    case NNADAPTER_FULLY_CONNECTED:
      return 3;
    case NNADAPTER_SLICE:
    case NNADAPTER_INSTANCE_NORMALIZATION:
    case NNADAPTER_PAD:
      return 4;
    case NNADAPTER_LAYER_NORMALIZATION:
    case NNADAPTER_GROUP_NORMALIZATION:
      return 5;
    case NNADAPTER_BATCH_NORMALIZATION:
      return 6;
    case NNADAPTER_AVERAGE_POOL_2D:
      return 8;
    case NNADAPTER_MAX_POOL_2D:
      return 9;
    case NNADAPTER_CONV_2D:
      return 9;
    case NNADAPTER_CONV_2D_TRANSPOSE:
    case NNADAPTER_DEFORMABLE_CONV_2D:
    case NNADAPTER_YOLO_BOX:
      return 10;
    case NNADAPTER_ROI_ALIGN:
      return 8;
    case NNADAPTER_PRIOR_BOX:
      return 12;
    case NNADAPTER_TOP_K:
      return 2;
    case NNADAPTER_QUANTIZE:
      return 3;
    default:
      return 1;
  }
}

int FuseIndex(NNAdapterOperationType t) {
  switch (t) {
    case NNADAPTER_ADD:
    case NNADAPTER_SUB:
    case NNADAPTER_MUL:
    case NNADAPTER_DIV:
    case NNADAPTER_MAX:
    case NNADAPTER_MIN:
    case NNADAPTER_POW:
    case NNADAPTER_FLOOR_DIV:
      return 2;
    case NNADAPTER_FULLY_CONNECTED:
      return 3;
    case NNADAPTER_AVERAGE_POOL_2D:
      return 7;
    case NNADAPTER_CONV_2D:
    case NNADAPTER_MAX_POOL_2D:
      return 8;
    case NNADAPTER_CONV_2D_TRANSPOSE:
    case NNADAPTER_DEFORMABLE_CONV_2D:
      return 10;
    default:
      return -1;
  }
}

int AutoPadIndex(NNAdapterOperationType t) {
  switch (t) {
    case NNADAPTER_CONV_2D:
    case NNADAPTER_CONV_2D_TRANSPOSE:
      return 3;
    case NNADAPTER_AVERAGE_POOL_2D:
    case NNADAPTER_MAX_POOL_2D:
      return 1;
    default:
      return -1;
  }
}

struct Table {
  KernelInfo entries[128];
  size_t count = 0;
  Table() {
#define NNADAPTER_OPERATION(name, code)                                      \
  entries[count++] = {code, #name, &Compute_##name, MinInputs(code),         \
                      FuseIndex(code), AutoPadIndex(code)};
#include "nnadapter/operation_types.inc"
  }
};

const Table& GetTable() {
  static const Table table;
  return table;
}

}  // namespace

bool IsOptionalInput(NNAdapterOperationType type, size_t index) {
  switch (type) {
    case NNADAPTER_CONV_2D:
      return index == 2 || index == 4;
    case NNADAPTER_CONV_2D_TRANSPOSE:
      return index == 2 || index == 4 || index == 8 || index == 9;
    case NNADAPTER_DEFORMABLE_CONV_2D:
      return index == 2 || index == 4 || index == 5;
    case NNADAPTER_AVERAGE_POOL_2D:
    case NNADAPTER_MAX_POOL_2D:
      return index == 2;
    case NNADAPTER_RESIZE_NEAREST:
    case NNADAPTER_RESIZE_LINEAR:
      return index == 1 || index == 2;
    case NNADAPTER_SLICE:
      return index == 1 || index == 4;
    case NNADAPTER_FULLY_CONNECTED:
      return index == 2;
    case NNADAPTER_ROLL:
      return index == 2;
    case NNADAPTER_PRIOR_BOX:
      return index == 3;
    default:
      return false;
  }
}

const KernelInfo* FindKernel(NNAdapterOperationType type) {
  const Table& t = GetTable();
  for (size_t i = 0; i < t.count; i++) {
    if (t.entries[i].type == type) return &t.entries[i];
  }
  return nullptr;
}

const KernelInfo* KernelTable(size_t* count) {
  *count = GetTable().count;
  return GetTable().entries;
}

}  // namespace builtin_device
}  // namespace nnadapter
