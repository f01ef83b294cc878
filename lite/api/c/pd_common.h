/* Public C API: status codes, data types, the last-error message, version.
 *
 * Conventions of every function of the C API (pd_config.h, pd_predictor.h,
 * pd_tensor.h):
 *  - it returns a PD_Status; PD_OK (0) is success, anything else an error
 *    whose readable message (naming the function, the argument and what was
 *    expected, or the model file/op/variable) is PD_GetLastError();
 *  - results come back through pointer arguments, which must not be NULL;
 *  - on error, output arguments are left unchanged;
 *  - no C++ exception and no abort() crosses it.
 * Compiles as C99 and as C++. */
#ifndef PADDLE_LITE_C_PD_COMMON_H_
#define PADDLE_LITE_C_PD_COMMON_H_

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define PD_C_API __declspec(dllexport)
#else
#define PD_C_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum PD_Status {
  PD_OK = 0,
  /* A NULL pointer, an index out of range, a buffer of the wrong size or
   * type, a malformed value. */
  PD_INVALID_ARGUMENT = 1,
  /* The model could not be loaded or optimized (missing file, corrupt
   * model, unsupported op, unknown NNAdapter device). */
  PD_MODEL_ERROR = 2,
  /* Run failed (an input without data, a shape the model rejects, a device
   * failure, the same predictor running in two threads at once). */
  PD_RUNTIME_ERROR = 3,
  PD_OUT_OF_MEMORY = 4,
  /* A failure of the library itself (please report it with the message). */
  PD_INTERNAL_ERROR = 5
} PD_Status;

/* Element types of tensors (Paddle Inference's names). */
typedef enum PD_DataType {
  PD_DATA_UNK = -1,
  PD_DATA_FLOAT32 = 0,
  PD_DATA_INT32 = 1,
  PD_DATA_INT64 = 2,
  PD_DATA_UINT8 = 3,
  PD_DATA_INT8 = 4,
  PD_DATA_FLOAT64 = 5,
  PD_DATA_INT16 = 6,
  PD_DATA_BOOL = 7
} PD_DataType;

/* The message of the last failed call made by this thread ("" if none).
 * The pointer stays valid until this thread's next failing call. */
PD_C_API const char* PD_GetLastError(void);

/* A short name of a status ("PD_INVALID_ARGUMENT"); never NULL. */
PD_C_API const char* PD_StatusName(PD_Status status);

/* Bytes per element of `type` (0 for PD_DATA_UNK or an unknown value). */
PD_C_API size_t PD_DataTypeSize(PD_DataType type);

/* The library version ("paddle-lite-nna 0.1.0"); *version is static. */
PD_C_API PD_Status PD_GetVersion(const char** version);

#ifdef __cplusplus
}
#endif

#endif /* PADDLE_LITE_C_PD_COMMON_H_ */
