/* Public C API: the predictor configuration (what CxxConfig and MobileConfig
 * are in C++). One PD_Config describes either
 *  - a Paddle model to load and optimize (PD_ConfigSetModelDir,
 *    PD_ConfigSetModelFile, PD_ConfigSetModelBuffer: the full predictor), or
 *  - an optimized .nb made by `opt` (PD_ConfigSetOptimizedModelFile,
 *    PD_ConfigSetOptimizedModelBuffer: the light predictor);
 * the last model setter called decides. All strings and buffers are copied:
 * the caller may free them when the call returns. See pd_common.h for the
 * conventions (status, last error). */
#ifndef PADDLE_LITE_C_PD_CONFIG_H_
#define PADDLE_LITE_C_PD_CONFIG_H_

#include "pd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PD_Config PD_Config;

/* Targets, precisions and layouts of a place (values of Paddle Lite's
 * TargetType / PrecisionType / DataLayoutType). */
typedef enum PD_Target {
  PD_TARGET_HOST = 1,
  PD_TARGET_X86 = 2,
  PD_TARGET_ANY = 6,
  PD_TARGET_NNADAPTER = 18
} PD_Target;
typedef enum PD_Precision {
  PD_PRECISION_FLOAT = 1,
  PD_PRECISION_INT8 = 2,
  PD_PRECISION_INT32 = 3,
  PD_PRECISION_ANY = 4,
  PD_PRECISION_INT64 = 7
} PD_Precision;
typedef enum PD_Layout {
  PD_LAYOUT_NCHW = 1,
  PD_LAYOUT_ANY = 2,
  PD_LAYOUT_NHWC = 3
} PD_Layout;

/* A new empty configuration (1 thread, CPU) in *config; free it with
 * PD_ConfigDestroy. */
PD_C_API PD_Status PD_ConfigCreate(PD_Config** config);
/* Frees a configuration; NULL is accepted and does nothing. Predictors
 * created from it stay valid. */
PD_C_API PD_Status PD_ConfigDestroy(PD_Config* config);

/* A folder holding a Paddle model (__model__ + one file per variable, or a
 * program file + combined params; detected). */
PD_C_API PD_Status PD_ConfigSetModelDir(PD_Config* config, const char* model_dir);
/* Program file (e.g. inference.pdmodel) and combined params file (e.g.
 * inference.pdiparams). */
PD_C_API PD_Status PD_ConfigSetModelFile(PD_Config* config, const char* model_file,
                                         const char* param_file);
/* Program bytes and combined-params bytes (copied); sizes must be > 0. */
PD_C_API PD_Status PD_ConfigSetModelBuffer(PD_Config* config, const void* model_buffer,
                                           size_t model_size, const void* param_buffer,
                                           size_t param_size);
/* An optimized model (.nb) file for the light predictor (it is mapped). */
PD_C_API PD_Status PD_ConfigSetOptimizedModelFile(PD_Config* config, const char* nb_file);
/* The bytes of an optimized model (.nb), copied; size must be > 0. */
PD_C_API PD_Status PD_ConfigSetOptimizedModelBuffer(PD_Config* config, const void* buffer,
                                                    size_t size);
/* 1 when the configuration holds an optimized (.nb) model, else 0. */
PD_C_API PD_Status PD_ConfigIsOptimizedModel(const PD_Config* config, int* is_optimized);

/* CPU threads per run (>= 1). */
PD_C_API PD_Status PD_ConfigSetThreads(PD_Config* config, int32_t threads);
PD_C_API PD_Status PD_ConfigGetThreads(const PD_Config* config, int32_t* threads);
/* Loops (while ops of a program's blocks): the most iterations one loop may
 * make in a run (CxxConfig/MobileConfig::set_max_loop_iterations). A loop
 * whose condition still holds after `max_iterations` iterations makes
 * PD_PredictorRun fail with PD_RUNTIME_ERROR and a message naming the op, its
 * block and its condition variable. 0, the default, means no limit (as in
 * Paddle); a negative value is PD_INVALID_ARGUMENT. Predictors created
 * before the call keep their limit; clones keep their source's. */
PD_C_API PD_Status PD_ConfigSetMaxLoopIterations(PD_Config* config, int64_t max_iterations);
PD_C_API PD_Status PD_ConfigGetMaxLoopIterations(const PD_Config* config,
                                                 int64_t* max_iterations);
/* Appends a valid place (full predictor only; the default is x86 float).
 * Paddle Lite's convention: {PD_TARGET_X86, PD_PRECISION_INT8} runs QAT
 * models on int8 kernels; {PD_TARGET_NNADAPTER, PD_PRECISION_FLOAT}
 * enables NNAdapter. */
PD_C_API PD_Status PD_ConfigAddValidPlace(PD_Config* config, PD_Target target,
                                          PD_Precision precision, PD_Layout layout);

/* --- NNAdapter ----------------------------------------------------------- */
/* *available = 1 when the device's driver can be loaded, else 0. */
PD_C_API PD_Status PD_CheckNNAdapterDeviceName(const char* device_name, int* available);
/* Devices to run subgraphs on, in priority order (count >= 1, no NULL or
 * empty name); enables NNAdapter. An unknown name fails at
 * PD_PredictorCreate with PD_MODEL_ERROR. */
PD_C_API PD_Status PD_ConfigSetNNAdapterDeviceNames(PD_Config* config,
                                                    const char* const* device_names,
                                                    size_t count);
/* "KEY=VALUE;KEY=VALUE" passed to every device ("" clears). */
PD_C_API PD_Status PD_ConfigSetNNAdapterContextProperties(PD_Config* config,
                                                          const char* properties);
/* Folder of <token>.nnc compiled-program caches. */
PD_C_API PD_Status PD_ConfigSetNNAdapterModelCacheDir(PD_Config* config, const char* dir);
/* A compiled-program cache in memory for one subgraph token (size > 0). */
PD_C_API PD_Status PD_ConfigSetNNAdapterModelCacheBuffer(PD_Config* config, const char* token,
                                                         const void* buffer, size_t size);
/* Ops to keep on the CPU: a file path, or the file's contents (one
 * "op_type:in1,in2:out1" rule per line). */
PD_C_API PD_Status PD_ConfigSetNNAdapterSubgraphPartitionConfigPath(PD_Config* config,
                                                                    const char* path);
PD_C_API PD_Status PD_ConfigSetNNAdapterSubgraphPartitionConfigBuffer(PD_Config* config,
                                                                      const char* buffer);

#ifdef __cplusplus
}
#endif

#endif /* PADDLE_LITE_C_PD_CONFIG_H_ */
