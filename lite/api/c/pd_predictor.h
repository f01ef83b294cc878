/* Public C API: predictors. A predictor loads the model of a PD_Config,
 * owns its input/output tensors and runs it. One predictor serves one
 * thread at a time; PD_PredictorClone gives another thread its own
 * predictor sharing the weights. See pd_common.h for the conventions. */
#ifndef PADDLE_LITE_C_PD_PREDICTOR_H_
#define PADDLE_LITE_C_PD_PREDICTOR_H_

#include "pd_common.h"
#include "pd_config.h"
#include "pd_tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PD_Predictor PD_Predictor;

/* Loads (and, for a Paddle model, optimizes) the configured model; the
 * configuration is only read. PD_MODEL_ERROR names the file/op/device when
 * the model cannot be loaded. Free with PD_PredictorDestroy. */
PD_C_API PD_Status PD_PredictorCreate(const PD_Config* config, PD_Predictor** predictor);
/* A new predictor sharing `predictor`'s weights (no copy), with its own
 * tensors; it may run concurrently with the original in another thread. */
PD_C_API PD_Status PD_PredictorClone(PD_Predictor* predictor, PD_Predictor** clone);
/* Frees a predictor; NULL is accepted. Tensor handles obtained from it stay
 * usable (they keep the model alive) until destroyed. */
PD_C_API PD_Status PD_PredictorDestroy(PD_Predictor* predictor);

PD_C_API PD_Status PD_PredictorGetInputNum(PD_Predictor* predictor, size_t* count);
PD_C_API PD_Status PD_PredictorGetOutputNum(PD_Predictor* predictor, size_t* count);
/* Name of input/output `index` (< the count); *name lives as long as the
 * predictor. */
PD_C_API PD_Status PD_PredictorGetInputName(PD_Predictor* predictor, size_t index,
                                            const char** name);
PD_C_API PD_Status PD_PredictorGetOutputName(PD_Predictor* predictor, size_t index,
                                             const char** name);
/* A new handle of input/output `index` or `name`; free it with
 * PD_TensorDestroy. Input handles are writable, output handles read-only. */
PD_C_API PD_Status PD_PredictorGetInput(PD_Predictor* predictor, size_t index,
                                        PD_Tensor** tensor);
PD_C_API PD_Status PD_PredictorGetInputByName(PD_Predictor* predictor, const char* name,
                                              PD_Tensor** tensor);
PD_C_API PD_Status PD_PredictorGetOutput(PD_Predictor* predictor, size_t index,
                                         PD_Tensor** tensor);
PD_C_API PD_Status PD_PredictorGetOutputByName(PD_Predictor* predictor, const char* name,
                                               PD_Tensor** tensor);
/* Runs the model on the current inputs (every input reshaped and filled). */
PD_C_API PD_Status PD_PredictorRun(PD_Predictor* predictor);
/* Saves the optimized model of a full predictor as `path`.nb (the file
 * PD_ConfigSetOptimizedModelFile loads). */
PD_C_API PD_Status PD_PredictorSaveOptimizedModel(PD_Predictor* predictor, const char* path);

#ifdef __cplusplus
}
#endif

#endif /* PADDLE_LITE_C_PD_PREDICTOR_H_ */
