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

/** The standard operation codes (NNAdapterOperationCode) and the reference
 *  of their operands. */
#include "nnadapter_operations.h"

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

/**
 * Capabilities and performance of a device (after Android NNAPI's
 * getCapabilities): how a device compares with running the same work on the
 * host CPU. Figures are ratios to the CPU path: exec_time 0.5 means "half
 * the time the CPU takes", power_usage likewise for energy. 0 means
 * "unknown" (the runtime then assumes 1, the CPU's own figure).
 */
typedef struct NNAdapterPerformanceInfo {
  float exec_time;
  float power_usage;
} NNAdapterPerformanceInfo;

/** A per-operation figure; it replaces the operand-type figure of that
 * operation for every operand type. */
typedef struct NNAdapterOperationPerformance {
  NNAdapterOperationType type;
  NNAdapterPerformanceInfo performance;
} NNAdapterOperationPerformance;

#define NNADAPTER_MAX_OPERATION_PERFORMANCES 64

/** Where the figures of NNAdapterCapabilities come from. */
typedef enum {
  NNADAPTER_CAPABILITIES_NOT_REPORTED = 0, /* driver has no entry: all 1 */
  NNADAPTER_CAPABILITIES_DECLARED = 1,     /* written by the driver author */
  NNADAPTER_CAPABILITIES_MEASURED = 2,     /* calibrated on this machine */
} NNAdapterCapabilitiesSource;

typedef struct NNAdapterCapabilities {
  int32_t source; /* NNAdapterCapabilitiesSource */
  /* Per operand type of the operation's activations. */
  NNAdapterPerformanceInfo float32_performance;
  NNAdapterPerformanceInfo quant8_symm_performance;  /* QUANT_INT8_SYMM_* */
  NNAdapterPerformanceInfo quant8_asymm_performance; /* QUANT_UINT8_ASYMM_* */
  /* Cost of moving one byte between host memory and the device, in
   * nanoseconds (0: the device works on host memory). */
  float transfer_ns_per_byte;
  /* Time the host CPU path takes per multiply-accumulate, in nanoseconds:
   * the scale that turns ratios into estimated times (0 = unknown). */
  float cpu_ns_per_mac;
  uint32_t operation_count; /* valid entries of operations[] */
  NNAdapterOperationPerformance operations[NNADAPTER_MAX_OPERATION_PERFORMANCES];
} NNAdapterCapabilities;

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
/*
 * Result codes common to every function that returns one: besides those
 * listed per function, NNADAPTER_OUT_OF_MEMORY when an allocation fails and
 * NNADAPTER_DEVICE_INTERNAL_ERROR for an unexpected internal error. On any
 * failure NNAdapter_getLastErrorMessage() names the argument, operand or
 * operation at fault. Handles are owned by the library and must be released
 * with their destroy/release function; strings and arrays passed in are
 * copied unless documented otherwise.
 */

/**
 * Reports the version of this API.
 * @param version receives NNADAPTER_VERSION; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if version is NULL.
 */
NNADAPTER_API_EXPORT int NNAdapter_getVersion(uint32_t* version);

/**
 * Counts the devices that can be acquired: builtin_device plus every
 * lib<name>.so found in the driver search path (NNADAPTER_DRIVER_PATH, the
 * install library directory, the directory of libnnadapter.so) that exports
 * __nnadapter_device__<name> with a compatible HAL version.
 * @param count receives the number of devices (>= 1); must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if count is NULL.
 */
NNADAPTER_API_EXPORT int NNAdapter_getDeviceCount(uint32_t* count);

/**
 * Names a device of the enumeration of NNAdapter_getDeviceCount.
 * @param index 0 <= index < the count of NNAdapter_getDeviceCount; index 0
 *     is always "builtin_device".
 * @param name receives the device name, a string owned by the library that
 *     stays valid for the life of the process; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if name is NULL or
 *     index is out of range.
 */
NNADAPTER_API_EXPORT int NNAdapter_getDeviceName(uint32_t index,
                                                 const char** name);

/**
 * The message of the last failed call made by the calling thread.
 * @return a string owned by the library (never NULL; empty if the last call
 *     succeeded or there was none), valid until the next NNAdapter call of
 *     this thread.
 */
NNADAPTER_API_EXPORT const char* NNAdapter_getLastErrorMessage(void);

/**
 * Names an operation code.
 * @param type any value.
 * @return the name without the NNADAPTER_ prefix ("CONV_2D"), a static
 *     string, or NULL if type is not a standard operation. Does not touch
 *     the last error message.
 */
NNADAPTER_API_EXPORT const char* NNAdapterOperationTypeName(
    NNAdapterOperationType type);

/* ------------------------------------------------------------------------ */
/* Devices                                                                   */

/**
 * Acquires a device. "builtin_device" is compiled in; any other name loads
 * lib<name>.so (once per process) from NNADAPTER_DRIVER_PATH
 * (colon-separated), the install library directory, the directory of
 * libnnadapter.so, then the dynamic loader's default path, and resolves
 * __nnadapter_device__<name>; then the driver opens the device.
 * @param name the device name; must not be NULL.
 * @param device receives the new device handle (NULL on failure), to be
 *     released with NNAdapterDevice_release; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL; NNADAPTER_DEVICE_NOT_FOUND if the library or its symbol cannot
 *     be found or the driver's HAL version differs (the message lists every
 *     path tried); the driver's code if it fails to open the device.
 */
NNADAPTER_API_EXPORT int NNAdapterDevice_acquire(const char* name,
                                                 NNAdapterDevice** device);
/**
 * Releases a device (the driver library stays loaded). Contexts created
 * over the device must be destroyed first.
 * @param device a device from NNAdapterDevice_acquire; NULL or a handle
 *     already released is ignored.
 */
NNADAPTER_API_EXPORT void NNAdapterDevice_release(NNAdapterDevice* device);
/**
 * The name of a device.
 * @param device a live device; must not be NULL.
 * @param name receives the device name, owned by the driver and valid while
 *     its library is loaded (the life of the process); must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or device is not a live device.
 */
NNADAPTER_API_EXPORT int NNAdapterDevice_getName(const NNAdapterDevice* device,
                                                 const char** name);
/**
 * The vendor of a device.
 * @param device a live device; must not be NULL.
 * @param vendor receives the vendor string, owned by the driver and valid
 *     for the life of the process; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or device is not a live device.
 */
NNADAPTER_API_EXPORT int NNAdapterDevice_getVendor(
    const NNAdapterDevice* device, const char** vendor);
/**
 * The type of a device.
 * @param device a live device; must not be NULL.
 * @param type receives one of NNAdapterDeviceCode; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or device is not a live device.
 */
NNADAPTER_API_EXPORT int NNAdapterDevice_getType(const NNAdapterDevice* device,
                                                 NNAdapterDeviceType* type);
/**
 * The version of a device's driver (HAL library).
 * @param device a live device; must not be NULL.
 * @param version receives the driver version; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or device is not a live device.
 */
NNADAPTER_API_EXPORT int NNAdapterDevice_getVersion(
    const NNAdapterDevice* device, int32_t* version);
/**
 * The capabilities and performance figures a device reports (see
 * NNAdapterCapabilities). A driver without the optional capabilities entry
 * (hal/extension.h) is reported with source
 * NNADAPTER_CAPABILITIES_NOT_REPORTED and every figure 1.
 * @param device a live device; must not be NULL.
 * @param capabilities receives the figures; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or device is not a live device; the driver's code if its entry
 *     fails (the message names the device).
 */
NNADAPTER_API_EXPORT int NNAdapterDevice_getCapabilities(
    const NNAdapterDevice* device, NNAdapterCapabilities* capabilities);

/* ------------------------------------------------------------------------ */
/* Contexts                                                                  */

/**
 * Creates a context over one or more devices; every device's driver creates
 * its own context from the whole properties string.
 * @param devices num_devices distinct live devices, in the priority order of
 *     partitioning; must not be NULL. The devices must outlive the context.
 * @param num_devices the number of devices, >= 1.
 * @param properties NULL, "" or "KEY=VALUE;KEY=VALUE": keys are
 *     [A-Za-z0-9_.]+, values may be empty, no duplicate keys, whitespace
 *     around keys and values is trimmed. Copied; the caller keeps ownership.
 * @param callback NULL, or the application's function (Paddle Lite's
 *     signature) a driver calls to obtain runtime parameters: the driver
 *     passes an event id of its own and user_data pointing to where the
 *     application writes the answer (e.g. Paddle Lite's drivers ask for a
 *     CUDA stream); a non-zero return means the application has no answer.
 *     Given to every device's create_context; it must stay callable while
 *     the context lives.
 * @param context receives the new context (NULL on failure), to be
 *     destroyed with NNAdapterContext_destroy; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL, num_devices is 0, a device is NULL, not live or listed twice, or
 *     the properties are malformed; the driver's code if a device rejects
 *     the context.
 */
NNADAPTER_API_EXPORT int NNAdapterContext_create(
    NNAdapterDevice** devices, uint32_t num_devices, const char* properties,
    int (*callback)(int event_id, void* user_data), NNAdapterContext** context);
/**
 * Destroys a context. Compilations made for it must be destroyed first.
 * @param context a context from NNAdapterContext_create; NULL or a handle
 *     already destroyed is ignored.
 */
NNADAPTER_API_EXPORT void NNAdapterContext_destroy(NNAdapterContext* context);

/* ------------------------------------------------------------------------ */
/* Models                                                                    */

/**
 * Creates an empty model.
 * @param model receives the new model, to be destroyed with
 *     NNAdapterModel_destroy; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if model is NULL.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_create(NNAdapterModel** model);
/**
 * Destroys a model with its operands and operations (their handles become
 * invalid). Constants referenced with copy == false must stay valid until
 * the compilations made from the model are destroyed.
 * @param model a model from NNAdapterModel_create; NULL or a handle already
 *     destroyed is ignored.
 */
NNADAPTER_API_EXPORT void NNAdapterModel_destroy(NNAdapterModel* model);
/**
 * Finishes the model: afterwards it can no longer be modified. Checks that
 * every operation input is a constant, a model input or produced by an
 * operation, that every model output is produced by an operation, and that
 * the graph has no cycle.
 * @param model a live, unfinished model with identified inputs and outputs
 *     (NNAdapterModel_identifyInputsAndOutputs) and at least one operation.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if model is NULL
 *     or not live, an operand is dangling or the graph has a cycle;
 *     NNADAPTER_INVALID_STATE if the model is already finished, has no
 *     identified outputs or no operation.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_finish(NNAdapterModel* model);
/**
 * Adds an operand.
 * @param model a live, unfinished model.
 * @param type the operand type, copied (including the per-channel scale and
 *     zero point arrays); type->lifetime is ignored (set by the runtime).
 *     The precision must be an NNAdapterOperandPrecisionCode, the layout an
 *     NNAdapterOperandLayoutCode, the rank at most
 *     NNADAPTER_MAX_SIZE_OF_DIMENSIONS, every extent >= 0 or
 *     NNADAPTER_UNKNOWN, dynamic_count at most
 *     NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS, and the quantization
 *     parameters valid for the precision (positive finite scales, one per
 *     channel along channel_dim). Must not be NULL.
 * @param operand receives the operand, owned by the model; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL, the model is not live or the type is invalid;
 *     NNADAPTER_INVALID_STATE if the model is finished.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_addOperand(
    NNAdapterModel* model, const NNAdapterOperandType* type,
    NNAdapterOperand** operand);
/**
 * Makes an operand a constant.
 * @param operand an operand of a live, unfinished model; not a model input
 *     or output and not the output of an operation.
 * @param buffer the value; may be NULL only if length is 0. With copy ==
 *     true it is copied; with copy == false the runtime references it, and
 *     it must stay valid and unchanged until the model and every compilation
 *     made from it are destroyed.
 * @param length the size in bytes; must equal the size implied by the
 *     operand's precision and (fully known) dimensions.
 * @param copy whether to copy buffer.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if operand is NULL
 *     or not an operand of a live model, buffer is NULL with a non-zero
 *     length, the operand is a model input/output or an operation output,
 *     its dimensions are not fully known or length is wrong;
 *     NNADAPTER_INVALID_STATE if the model is finished.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_setOperandValue(
    NNAdapterOperand* operand, void* buffer, uint32_t length, bool copy);
/**
 * The type of an operand.
 * @param operand an operand of a live model; must not be NULL.
 * @param type receives a pointer to the operand's type, owned by the model
 *     and valid until it is destroyed; shape inference updates it when the
 *     operand is an operation output. Must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or the operand does not belong to a live model.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_getOperandType(
    NNAdapterOperand* operand, NNAdapterOperandType** type);
/**
 * Adds an operation; validates its operands and infers the output operands'
 * precision, dimensions and quantization parameters (readable with
 * NNAdapterModel_getOperandType). On failure the model is unchanged.
 * @param model a live, unfinished model.
 * @param type a standard operation (NNAdapterOperationCode).
 * @param input_count the number of input operands, as documented for the
 *     operation in nnadapter_operations.h.
 * @param input_operands input_count operands of model in the documented
 *     order; an input documented "optional" may be NULL when absent. May be
 *     NULL only if input_count is 0.
 * @param output_count the number of output operands, >= 1.
 * @param output_operands output_count distinct operands of model, none a
 *     constant, a model input, an input of this operation or the output of
 *     another operation; must not be NULL.
 * @param operation receives the operation handle (owned by the model); may
 *     be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if the model is
 *     NULL or not live, type is not a standard operation, an operand is
 *     missing, foreign or misused, or the operation's validation fails (the
 *     message names the operation, the operand index and name and what was
 *     expected); NNADAPTER_INVALID_STATE if the model is finished.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_addOperation(
    NNAdapterModel* model, NNAdapterOperationType type, uint32_t input_count,
    NNAdapterOperand** input_operands, uint32_t output_count,
    NNAdapterOperand** output_operands, NNAdapterOperation** operation);
/**
 * Marks the model inputs and outputs, in the order executions index them
 * (a new call replaces the previous marking).
 * @param model a live, unfinished model.
 * @param input_count the number of model inputs (may be 0).
 * @param input_operands input_count distinct operands of model, none a
 *     constant or an operation output; they get lifetime
 *     NNADAPTER_MODEL_INPUT. May be NULL only if input_count is 0.
 * @param output_count the number of model outputs, >= 1.
 * @param output_operands output_count distinct operands of model, none a
 *     constant or a model input; they get lifetime NNADAPTER_MODEL_OUTPUT.
 *     Must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if the model is
 *     NULL or not live, or an operand is NULL, foreign, repeated or not
 *     allowed as listed; NNADAPTER_INVALID_STATE if the model is finished.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_identifyInputsAndOutputs(
    NNAdapterModel* model, uint32_t input_count,
    NNAdapterOperand** input_operands, uint32_t output_count,
    NNAdapterOperand** output_operands);
/**
 * Asks the devices of a context which operations of a model they support
 * (each driver's validate_program). The model need not be finished.
 * @param model a live model.
 * @param context a live context.
 * @param supported_operations an array of as many elements as operations
 *     were added; element i receives true if at least one device of context
 *     supports operation i (in the order they were added). Must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or not live; NNADAPTER_DEVICE_INTERNAL_ERROR if a driver fails to
 *     validate the model.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_getSupportedOperations(
    const NNAdapterModel* model, const NNAdapterContext* context,
    bool* supported_operations);
/**
 * Why operation `index` was found unsupported by the last
 * NNAdapterModel_getSupportedOperations call on `model`: one
 * "<device>: <reason>" per device of the context, joined by "; " (a driver
 * with an operator-info file names the rule and its file:line). "" if the
 * operation was supported or the drivers gave no reason.
 * @param model a live model.
 * @param index an operation index (order of addition).
 * @param reason receives a string owned by the model, valid until the next
 *     call on it; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or not live, or index is out of range.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_getUnsupportedReason(
    const NNAdapterModel* model, uint32_t index, const char** reason);
/**
 * Estimated time of a model on the devices of a context under the
 * cost-aware placement (each operation on the device of lowest estimated
 * time given the devices' capabilities, NNAdapterDevice_getCapabilities,
 * plus the transfers of tensors between places), next to the estimate for
 * the host CPU path. Estimates, not measurements: work = multiply-
 * accumulates (convolutions, matrix products) or elements (the rest), at the
 * host speed a device reports as cpu_ns_per_mac or else 0.1 ns.
 * @param model a live model (need not be finished).
 * @param context a live context.
 * @param device_ms receives the estimate on the devices; must not be NULL.
 * @param host_ms receives the estimate on the host; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or not live; NNADAPTER_FEATURE_NOT_SUPPORTED if an operation is
 *     supported by no device; a driver's failure as for
 *     NNAdapterModel_getSupportedOperations.
 */
NNADAPTER_API_EXPORT int NNAdapterModel_estimateTime(
    const NNAdapterModel* model, const NNAdapterContext* context,
    double* device_ms, double* host_ms);

/* ------------------------------------------------------------------------ */
/* Compilations                                                              */

/**
 * Creates a compilation of a model for a context. Where it comes from:
 * 1) cache_token + cache_buffer + cache_length: the compiled program is
 *    loaded from memory (model may be NULL).
 * 2) cache_token + cache_dir: <cache_dir>/<cache_token>.nnc is loaded if
 *    present and valid; otherwise NNAdapterCompilation_finish compiles the
 *    model and writes the file atomically.
 * 3) neither: NNAdapterCompilation_finish compiles the model.
 * A cache that is corrupt or was made for other drivers/versions is ignored
 * with a warning and the model is compiled (an error if there is no model).
 * @param model a live, finished model; may be NULL when a cache is given.
 *     It must outlive NNAdapterCompilation_finish.
 * @param cache_token NULL or "" for no cache, else 1..200 characters of
 *     [A-Za-z0-9_.-], not "." or "..". Copied.
 * @param cache_buffer a serialized program (copied), or NULL; needs a
 *     cache_token.
 * @param cache_length the size of cache_buffer in bytes; 0 if and only if
 *     cache_buffer is NULL.
 * @param cache_dir the cache directory, or NULL. Copied.
 * @param context a live context; it must outlive the compilation.
 * @param compilation receives the new compilation (NULL on failure), to be
 *     destroyed with NNAdapterCompilation_destroy; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if compilation or
 *     context is NULL, a handle is not live, cache_buffer and cache_length
 *     disagree, the token is malformed or missing for a buffer, or there is
 *     neither a model nor a cache; NNADAPTER_INVALID_STATE if the model is
 *     not finished and no cache buffer is given.
 */
NNADAPTER_API_EXPORT int NNAdapterCompilation_create(
    NNAdapterModel* model, const char* cache_token, void* cache_buffer,
    uint32_t cache_length, const char* cache_dir, NNAdapterContext* context,
    NNAdapterCompilation** compilation);
/**
 * Destroys a compilation. Its executions must be destroyed first.
 * @param compilation a compilation from NNAdapterCompilation_create; NULL or
 *     a handle already destroyed is ignored.
 */
NNADAPTER_API_EXPORT void NNAdapterCompilation_destroy(
    NNAdapterCompilation* compilation);
/**
 * Partitions the model over the context's devices (each operation to the
 * first device, in context order, that supports it) and compiles each
 * sub-model, or loads the cache.
 * @param compilation a live compilation not yet finished, whose context
 *     (and model, if any) are still alive.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if compilation is
 *     NULL or not live, or the cache is unusable and there is no model;
 *     NNADAPTER_INVALID_STATE if it is already finished or its context or
 *     model was destroyed; NNADAPTER_FEATURE_NOT_SUPPORTED naming an
 *     operation no device supports; NNADAPTER_DEVICE_INTERNAL_ERROR if a
 *     driver fails to validate the model; a driver's code if it fails to
 *     compile.
 */
NNADAPTER_API_EXPORT int NNAdapterCompilation_finish(
    NNAdapterCompilation* compilation);
/**
 * The number and types of a finished compilation's inputs and outputs.
 * @param compilation a live, finished compilation.
 * @param input_count receives the number of model inputs; must not be NULL.
 * @param input_types NULL to query only the counts, or an array of
 *     *input_count pointers, each to caller memory that receives one type
 *     (per-channel scale pointers point into the compilation).
 * @param output_count receives the number of model outputs; must not be
 *     NULL.
 * @param output_types as input_types, for the outputs.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if compilation,
 *     input_count or output_count is NULL, the compilation is not live, or
 *     an element of a types array is NULL; NNADAPTER_INVALID_STATE if the
 *     compilation is not finished.
 */
NNADAPTER_API_EXPORT int NNAdapterCompilation_queryInputsAndOutputs(
    NNAdapterCompilation* compilation, uint32_t* input_count,
    NNAdapterOperandType** input_types, uint32_t* output_count,
    NNAdapterOperandType** output_types);

/**
 * Whether a finished compilation was loaded from its cache (buffer or
 * <cache_dir>/<cache_token>.nnc) rather than compiled from the model. A
 * cache whose recorded model digest, token, devices, versions, properties
 * or input types differ from the given model and context is never loaded:
 * the model is compiled instead and this reports false.
 * @param compilation a live, finished compilation.
 * @param loaded_from_cache receives true if the program came from the
 *     cache; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or the compilation is not live; NNADAPTER_INVALID_STATE if the
 *     compilation is not finished.
 */
NNADAPTER_API_EXPORT int NNAdapterCompilation_queryCacheUse(
    NNAdapterCompilation* compilation, bool* loaded_from_cache);

/* ------------------------------------------------------------------------ */
/* Executions                                                                */

/**
 * Creates an execution of a finished compilation. One execution must not be
 * used by two threads at once; different executions of one compilation may
 * be computed concurrently.
 * @param compilation a live, finished compilation; it must outlive the
 *     execution.
 * @param execution receives the new execution (NULL on failure), to be
 *     destroyed with NNAdapterExecution_destroy; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if an argument is
 *     NULL or the compilation is not live; NNADAPTER_INVALID_STATE if the
 *     compilation is not finished.
 */
NNADAPTER_API_EXPORT int NNAdapterExecution_create(
    NNAdapterCompilation* compilation, NNAdapterExecution** execution);
/**
 * Destroys an execution.
 * @param execution an execution from NNAdapterExecution_create; NULL or a
 *     handle already destroyed is ignored.
 */
NNADAPTER_API_EXPORT void NNAdapterExecution_destroy(
    NNAdapterExecution* execution);
/**
 * Binds a model input. The binding is kept for later computations.
 * @param execution a live execution.
 * @param index the input, 0-based in the order of
 *     NNAdapterModel_identifyInputsAndOutputs.
 * @param memory passed unchanged to access; owned by the caller, must stay
 *     valid until the last NNAdapterExecution_compute that uses it.
 * @param access the callback (see NNAdapterAccessCallback) that reports the
 *     actual dimensions and returns the input data; must not be NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if execution is
 *     NULL or not live, index is out of range or access is NULL.
 */
NNADAPTER_API_EXPORT int NNAdapterExecution_setInput(
    NNAdapterExecution* execution, int32_t index, void* memory,
    void* (*access)(void* memory, NNAdapterOperandType* type));
/**
 * Binds a model output. The binding is kept for later computations.
 * @param execution a live execution.
 * @param index the output, 0-based in the order of
 *     NNAdapterModel_identifyInputsAndOutputs.
 * @param memory passed unchanged to access; owned by the caller, must stay
 *     valid until the last NNAdapterExecution_compute that uses it.
 * @param access the callback (see NNAdapterAccessCallback) that learns the
 *     final output dimensions and returns the buffer to write; must not be
 *     NULL.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if execution is
 *     NULL or not live, index is out of range or access is NULL.
 */
NNADAPTER_API_EXPORT int NNAdapterExecution_setOutput(
    NNAdapterExecution* execution, int32_t index, void* memory,
    void* (*access)(void* memory, NNAdapterOperandType* type));
/**
 * Runs the compiled program synchronously: reads every input through its
 * access callback and writes every output through its own.
 * @param execution a live execution whose inputs and outputs are all set
 *     and whose compilation and context are still alive.
 * @return NNADAPTER_NO_ERROR; NNADAPTER_INVALID_PARAMETER if execution is
 *     NULL or not live, or an access callback returns NULL;
 *     NNADAPTER_INVALID_STATE if an input or output is not set or the
 *     compilation or context was destroyed; NNADAPTER_INVALID_DIMENSIONS if
 *     input dimensions differ from the compiled ones (where those are known
 *     and not covered by dynamic dims); a driver's code if it fails to
 *     execute (NNADAPTER_DEVICE_INTERNAL_ERROR if it produces no output).
 */
NNADAPTER_API_EXPORT int NNAdapterExecution_compute(
    NNAdapterExecution* execution);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // NNADAPTER_NNADAPTER_H_
