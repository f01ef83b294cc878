/* Public C API: tensor handles (a view of one of a predictor's inputs or
 * outputs). See pd_common.h for the conventions. */
#ifndef PADDLE_LITE_C_PD_TENSOR_H_
#define PADDLE_LITE_C_PD_TENSOR_H_

#include "pd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PD_Tensor PD_Tensor;

/* Frees a handle (not the tensor, which the predictor owns); NULL accepted. */
PD_C_API PD_Status PD_TensorDestroy(PD_Tensor* tensor);
/* The variable name of the tensor in the model; lives as long as the handle. */
PD_C_API PD_Status PD_TensorGetName(const PD_Tensor* tensor, const char** name);

/* Sets the shape of an input (rank >= 1, every extent >= 0; `shape` may be
 * NULL only when rank is 0, which is rejected). */
PD_C_API PD_Status PD_TensorReshape(PD_Tensor* tensor, const int64_t* shape, size_t rank);
/* *rank = the tensor's rank; its extents go to shape[0..rank) when
 * capacity >= rank (shape may be NULL when capacity is 0: a rank query);
 * a smaller non-zero capacity is PD_INVALID_ARGUMENT. */
PD_C_API PD_Status PD_TensorGetShape(const PD_Tensor* tensor, int64_t* shape, size_t capacity,
                                     size_t* rank);
/* Number of elements of the current shape. */
PD_C_API PD_Status PD_TensorGetNumel(const PD_Tensor* tensor, size_t* numel);
/* Element type of the data (PD_DATA_UNK before any data). */
PD_C_API PD_Status PD_TensorGetDataType(const PD_Tensor* tensor, PD_DataType* type);

/* Copies `count` elements of `type` from host memory into an input; count
 * must equal the element count of the shape set by PD_TensorReshape. */
PD_C_API PD_Status PD_TensorCopyFromCpu(PD_Tensor* tensor, PD_DataType type, const void* data,
                                        size_t count);
/* Copies the tensor's elements to host memory; `type` must be the tensor's
 * type and `count` (the buffer's capacity in elements) at least its numel. */
PD_C_API PD_Status PD_TensorCopyToCpu(const PD_Tensor* tensor, PD_DataType type, void* data,
                                      size_t count);
/* Zero-copy read access: *data points into the tensor (valid until the next
 * run or reshape of its predictor); `type` must be the tensor's type. */
PD_C_API PD_Status PD_TensorGetData(const PD_Tensor* tensor, PD_DataType type,
                                    const void** data);

/* LoD (sequence offsets): `levels` levels, level i has level_sizes[i]
 * offsets, all levels concatenated in `offsets`. */
PD_C_API PD_Status PD_TensorSetLoD(PD_Tensor* tensor, const uint64_t* offsets,
                                   const size_t* level_sizes, size_t levels);
PD_C_API PD_Status PD_TensorGetLoDLevels(const PD_Tensor* tensor, size_t* levels);
/* Offsets of LoD level `level` (< levels) into offsets[0..capacity); *count
 * = its size (offsets may be NULL when capacity is 0). */
PD_C_API PD_Status PD_TensorGetLoD(const PD_Tensor* tensor, size_t level, uint64_t* offsets,
                                   size_t capacity, size_t* count);

#ifdef __cplusplus
}
#endif

#endif /* PADDLE_LITE_C_PD_TENSOR_H_ */
