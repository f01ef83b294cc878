/* The Paddle Lite C API: configuration (pd_config.h), predictors
 * (pd_predictor.h), tensors (pd_tensor.h); status codes and the thread-local
 * last-error message (pd_common.h). Link with -lpaddle_lite_c. */
#ifndef PADDLE_LITE_C_PADDLE_C_API_H_
#define PADDLE_LITE_C_PADDLE_C_API_H_

#include "pd_common.h"
#include "pd_config.h"
#include "pd_predictor.h"
#include "pd_tensor.h"

#endif /* PADDLE_LITE_C_PADDLE_C_API_H_ */
