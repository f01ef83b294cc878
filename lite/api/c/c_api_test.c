/* Tests of the C API in C99: real values on ShuffleNetV2 against the
 * reference output, clones, the light predictor on a saved .nb, and every
 * bad argument (NULL, wrong index, wrong size, wrong type) returning an error
 * with a message. Usage: c_api_test <models_dir> <tmp_dir> */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paddle_c_api.h"

static int g_passed = 0;
static int g_failed = 0;

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (cond) {                                                              \
      ++g_passed;                                                            \
    } else {                                                                 \
      ++g_failed;                                                            \
      fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, \
              __LINE__, #cond, PD_GetLastError());                           \
    }                                                                        \
  } while (0)

/* The call fails with `status` and a message containing `needle`. */
#define CHECK_FAILS(call, status, needle)                                              \
  do {                                                                                 \
    PD_Status s_ = (call);                                                             \
    if (s_ == (status) && strstr(PD_GetLastError(), (needle)) != NULL) {               \
      ++g_passed;                                                                      \
    } else {                                                                           \
      ++g_failed;                                                                      \
      fprintf(stderr, "%s:%d: %s returned %s (expected %s), message '%s' (expected '%s')\n", \
              __FILE__, __LINE__, #call, PD_StatusName(s_), PD_StatusName(status),     \
              PD_GetLastError(), (needle));                                            \
    }                                                                                  \
  } while (0)

#define CHECK_OK(call) CHECK((call) == PD_OK)

static float* ReadFloats(const char* path, size_t count) {
  FILE* f = fopen(path, "rb");
  float* v = (float*)malloc(count * sizeof(float));
  size_t got = 0;
  if (f) {
    got = fread(v, sizeof(float), count, f);
    fclose(f);
  }
  if (got != count) {
    fprintf(stderr, "cannot read %zu floats from '%s'\n", count, path);
    exit(2);
  }
  return v;
}

static char g_model_dir[1024];
static char g_tmp_dir[1024];
static float* g_input;     /* 1x3x224x224 */
static float* g_expected;  /* 1x1000 */

static PD_Predictor* CreateShuffleNet(void) {
  PD_Config* config = NULL;
  PD_Predictor* predictor = NULL;
  CHECK_OK(PD_ConfigCreate(&config));
  CHECK_OK(PD_ConfigSetModelDir(config, g_model_dir));
  CHECK_OK(PD_ConfigSetThreads(config, 1));
  CHECK_OK(PD_PredictorCreate(config, &predictor));
  CHECK_OK(PD_ConfigDestroy(config));
  return predictor;
}

/* Feeds the reference input, runs, compares with the reference output. */
static void RunAndCompare(PD_Predictor* predictor) {
  static const int64_t shape[4] = {1, 3, 224, 224};
  PD_Tensor* input = NULL;
  PD_Tensor* output = NULL;
  float out[1000];
  size_t rank = 0, numel = 0, i;
  int64_t dims[4] = {0, 0, 0, 0};
  float max_diff = 0;
  PD_DataType type = PD_DATA_UNK;
  CHECK_OK(PD_PredictorGetInput(predictor, 0, &input));
  CHECK_OK(PD_TensorReshape(input, shape, 4));
  CHECK_OK(PD_TensorCopyFromCpu(input, PD_DATA_FLOAT32, g_input, 3 * 224 * 224));
  CHECK_OK(PD_PredictorRun(predictor));
  CHECK_OK(PD_PredictorGetOutput(predictor, 0, &output));
  CHECK_OK(PD_TensorGetShape(output, dims, 4, &rank));
  CHECK(rank == 2 && dims[0] == 1 && dims[1] == 1000);
  CHECK_OK(PD_TensorGetNumel(output, &numel));
  CHECK(numel == 1000);
  CHECK_OK(PD_TensorGetDataType(output, &type));
  CHECK(type == PD_DATA_FLOAT32);
  CHECK_OK(PD_TensorCopyToCpu(output, PD_DATA_FLOAT32, out, 1000));
  for (i = 0; i < 1000; ++i) {
    float d = fabsf(out[i] - g_expected[i]);
    if (d > max_diff) max_diff = d;
  }
  CHECK(max_diff < 1e-4f);
  CHECK(out[285] > 0.4f); /* Egyptian cat */
  PD_TensorDestroy(input);
  PD_TensorDestroy(output);
}

static void TestVersionAndStatus(void) {
  const char* v = NULL;
  CHECK_OK(PD_GetVersion(&v));
  CHECK(v != NULL && strstr(v, "paddle-lite-nna") != NULL);
  CHECK_FAILS(PD_GetVersion(NULL), PD_INVALID_ARGUMENT, "'version' is NULL");
  CHECK(strcmp(PD_StatusName(PD_MODEL_ERROR), "PD_MODEL_ERROR") == 0);
  CHECK(PD_DataTypeSize(PD_DATA_INT64) == 8 && PD_DataTypeSize(PD_DATA_UNK) == 0);
}

static void TestConfigBadArguments(void) {
  PD_Config* c = NULL;
  const char* names[2] = {"builtin_device", NULL};
  const char* empty_name[1] = {""};
  int flag = -1;
  int32_t threads = 0;
  char byte = 0;
  CHECK_FAILS(PD_ConfigCreate(NULL), PD_INVALID_ARGUMENT, "'config' is NULL");
  CHECK_OK(PD_ConfigCreate(&c));
  CHECK_OK(PD_ConfigDestroy(NULL));
  CHECK_FAILS(PD_ConfigSetModelDir(NULL, "x"), PD_INVALID_ARGUMENT, "'config' is NULL");
  CHECK_FAILS(PD_ConfigSetModelDir(c, NULL), PD_INVALID_ARGUMENT, "'model_dir' is NULL");
  CHECK_FAILS(PD_ConfigSetModelDir(c, ""), PD_INVALID_ARGUMENT, "'model_dir' is an empty");
  CHECK_FAILS(PD_ConfigSetModelFile(c, "m", NULL), PD_INVALID_ARGUMENT, "'param_file' is NULL");
  CHECK_FAILS(PD_ConfigSetModelFile(c, NULL, "p"), PD_INVALID_ARGUMENT, "'model_file' is NULL");
  CHECK_FAILS(PD_ConfigSetModelBuffer(c, &byte, 0, &byte, 1), PD_INVALID_ARGUMENT,
              "model_size is 0");
  CHECK_FAILS(PD_ConfigSetModelBuffer(c, &byte, 1, NULL, 1), PD_INVALID_ARGUMENT,
              "'param_buffer' is NULL");
  CHECK_FAILS(PD_ConfigSetOptimizedModelFile(c, NULL), PD_INVALID_ARGUMENT, "'nb_file'");
  CHECK_FAILS(PD_ConfigSetOptimizedModelBuffer(c, &byte, 0), PD_INVALID_ARGUMENT, "size is 0");
  CHECK_FAILS(PD_ConfigIsOptimizedModel(c, NULL), PD_INVALID_ARGUMENT, "'is_optimized'");
  CHECK_FAILS(PD_ConfigSetThreads(c, 0), PD_INVALID_ARGUMENT, "threads is 0");
  CHECK_FAILS(PD_ConfigSetThreads(NULL, 1), PD_INVALID_ARGUMENT, "'config' is NULL");
  CHECK_OK(PD_ConfigSetThreads(c, 2));
  CHECK_OK(PD_ConfigGetThreads(c, &threads));
  CHECK(threads == 2);
  CHECK_FAILS(PD_ConfigGetThreads(c, NULL), PD_INVALID_ARGUMENT, "'threads' is NULL");
  CHECK_FAILS(PD_ConfigAddValidPlace(c, (PD_Target)99, PD_PRECISION_FLOAT, PD_LAYOUT_NCHW),
              PD_INVALID_ARGUMENT, "target 99");
  CHECK_FAILS(PD_ConfigAddValidPlace(c, PD_TARGET_X86, (PD_Precision)42, PD_LAYOUT_NCHW),
              PD_INVALID_ARGUMENT, "precision 42");
  CHECK_FAILS(PD_ConfigAddValidPlace(c, PD_TARGET_X86, PD_PRECISION_FLOAT, (PD_Layout)7),
              PD_INVALID_ARGUMENT, "layout 7");
  CHECK_FAILS(PD_ConfigSetNNAdapterDeviceNames(c, names, 0), PD_INVALID_ARGUMENT, "count is 0");
  CHECK_FAILS(PD_ConfigSetNNAdapterDeviceNames(c, names, 2), PD_INVALID_ARGUMENT,
              "'device_names[1]' is NULL");
  CHECK_FAILS(PD_ConfigSetNNAdapterDeviceNames(c, empty_name, 1), PD_INVALID_ARGUMENT,
              "'device_names[0]' is an empty");
  CHECK_FAILS(PD_ConfigSetNNAdapterDeviceNames(c, NULL, 1), PD_INVALID_ARGUMENT,
              "'device_names' is NULL");
  CHECK_FAILS(PD_ConfigSetNNAdapterContextProperties(c, NULL), PD_INVALID_ARGUMENT,
              "'properties'");
  CHECK_FAILS(PD_ConfigSetNNAdapterModelCacheDir(c, ""), PD_INVALID_ARGUMENT, "'dir'");
  CHECK_FAILS(PD_ConfigSetNNAdapterModelCacheBuffer(c, "t", &byte, 0), PD_INVALID_ARGUMENT,
              "size is 0");
  CHECK_FAILS(PD_ConfigSetNNAdapterModelCacheBuffer(c, NULL, &byte, 1), PD_INVALID_ARGUMENT,
              "'token'");
  CHECK_FAILS(PD_ConfigSetNNAdapterSubgraphPartitionConfigPath(c, NULL), PD_INVALID_ARGUMENT,
              "'path'");
  CHECK_FAILS(PD_ConfigSetNNAdapterSubgraphPartitionConfigBuffer(NULL, ""), PD_INVALID_ARGUMENT,
              "'config'");
  CHECK_FAILS(PD_CheckNNAdapterDeviceName(NULL, &flag), PD_INVALID_ARGUMENT, "'device_name'");
  CHECK_FAILS(PD_CheckNNAdapterDeviceName("builtin_device", NULL), PD_INVALID_ARGUMENT,
              "'available'");
  CHECK_OK(PD_CheckNNAdapterDeviceName("builtin_device", &flag));
  CHECK(flag == 1);
  CHECK_OK(PD_CheckNNAdapterDeviceName("no_such_device", &flag));
  CHECK(flag == 0);
  CHECK_OK(PD_ConfigDestroy(c));
}

static void TestModelErrors(void) {
  PD_Config* c = NULL;
  PD_Predictor* p = NULL;
  const char* unknown[1] = {"no_such_device"};
  char path[1200];
  CHECK_OK(PD_ConfigCreate(&c));
  CHECK_FAILS(PD_PredictorCreate(NULL, &p), PD_INVALID_ARGUMENT, "'config' is NULL");
  CHECK_FAILS(PD_PredictorCreate(c, NULL), PD_INVALID_ARGUMENT, "'predictor' is NULL");
  CHECK_OK(PD_ConfigSetModelDir(c, "/nonexistent/model_dir"));
  CHECK_FAILS(PD_PredictorCreate(c, &p), PD_MODEL_ERROR, "/nonexistent/model_dir");
  CHECK(p == NULL);
  snprintf(path, sizeof path, "%s/missing.nb", g_tmp_dir);
  CHECK_OK(PD_ConfigSetOptimizedModelFile(c, path));
  CHECK_FAILS(PD_PredictorCreate(c, &p), PD_MODEL_ERROR, "missing.nb");
  CHECK_OK(PD_ConfigSetModelDir(c, g_model_dir));
  CHECK_OK(PD_ConfigSetNNAdapterDeviceNames(c, unknown, 1));
  CHECK_FAILS(PD_PredictorCreate(c, &p), PD_MODEL_ERROR, "no_such_device");
  CHECK(p == NULL);
  PD_ConfigDestroy(c);
}

static void TestPredictorBadArguments(PD_Predictor* p) {
  PD_Tensor* t = NULL;
  PD_Tensor* out = NULL;
  const char* name = NULL;
  size_t n = 0, rank = 0;
  int64_t shape[4] = {1, 3, 224, 224};
  int64_t bad_shape[2] = {1, -3};
  int64_t small[1];
  float buf[16];
  int32_t ibuf[1000];
  const void* data = NULL;
  PD_DataType type = PD_DATA_UNK;
  uint64_t lod[3] = {0, 2, 5};
  size_t level_sizes[1] = {3};
  CHECK_FAILS(PD_PredictorGetInputNum(NULL, &n), PD_INVALID_ARGUMENT, "'predictor' is NULL");
  CHECK_FAILS(PD_PredictorGetInputNum(p, NULL), PD_INVALID_ARGUMENT, "'count' is NULL");
  CHECK_OK(PD_PredictorGetInputNum(p, &n));
  CHECK(n == 1);
  CHECK_OK(PD_PredictorGetOutputNum(p, &n));
  CHECK(n == 1);
  CHECK_FAILS(PD_PredictorGetInputName(p, 1, &name), PD_INVALID_ARGUMENT, "index 1 is out of range");
  CHECK_FAILS(PD_PredictorGetOutputName(p, 7, &name), PD_INVALID_ARGUMENT, "index 7");
  CHECK_FAILS(PD_PredictorGetInputName(p, 0, NULL), PD_INVALID_ARGUMENT, "'name' is NULL");
  CHECK_OK(PD_PredictorGetInputName(p, 0, &name));
  CHECK(name != NULL && strcmp(name, "image") == 0);
  CHECK_FAILS(PD_PredictorGetInput(p, 3, &t), PD_INVALID_ARGUMENT, "index 3");
  CHECK_FAILS(PD_PredictorGetInput(p, 0, NULL), PD_INVALID_ARGUMENT, "'tensor' is NULL");
  CHECK_FAILS(PD_PredictorGetOutput(p, 1, &t), PD_INVALID_ARGUMENT, "the model has 1 outputs");
  CHECK_FAILS(PD_PredictorGetInputByName(p, "nope", &t), PD_INVALID_ARGUMENT,
              "'nope' is not an input");
  CHECK_FAILS(PD_PredictorGetOutputByName(p, NULL, &t), PD_INVALID_ARGUMENT, "'name' is NULL");
  CHECK_FAILS(PD_PredictorRun(NULL), PD_INVALID_ARGUMENT, "'predictor'");
  CHECK_FAILS(PD_PredictorClone(p, NULL), PD_INVALID_ARGUMENT, "'clone'");
  CHECK_FAILS(PD_PredictorSaveOptimizedModel(p, ""), PD_INVALID_ARGUMENT, "'path'");
  CHECK(t == NULL);

  CHECK_OK(PD_PredictorGetInputByName(p, "image", &t));
  CHECK_OK(PD_TensorGetName(t, &name));
  CHECK(strcmp(name, "image") == 0);
  CHECK_FAILS(PD_TensorReshape(t, NULL, 4), PD_INVALID_ARGUMENT, "'shape' is NULL");
  CHECK_FAILS(PD_TensorReshape(t, shape, 0), PD_INVALID_ARGUMENT, "rank is 0");
  CHECK_FAILS(PD_TensorReshape(t, bad_shape, 2), PD_INVALID_ARGUMENT, "shape[1] of 'image' is -3");
  CHECK_FAILS(PD_TensorReshape(NULL, shape, 4), PD_INVALID_ARGUMENT, "'tensor' is NULL");
  CHECK_OK(PD_TensorReshape(t, shape, 4));
  CHECK_FAILS(PD_TensorCopyFromCpu(t, PD_DATA_FLOAT32, buf, 16), PD_INVALID_ARGUMENT,
              "count is 16 but input 'image' has 150528 elements");
  CHECK_FAILS(PD_TensorCopyFromCpu(t, PD_DATA_FLOAT32, NULL, 150528), PD_INVALID_ARGUMENT,
              "'data' is NULL");
  CHECK_FAILS(PD_TensorCopyFromCpu(t, PD_DATA_UNK, buf, 150528), PD_INVALID_ARGUMENT,
              "is not a PD_DataType");
  CHECK_FAILS(PD_TensorCopyFromCpu(t, (PD_DataType)77, buf, 150528), PD_INVALID_ARGUMENT,
              "type 77");
  CHECK_FAILS(PD_TensorGetShape(t, small, 1, &rank), PD_INVALID_ARGUMENT,
              "capacity 1 is smaller than the rank 4");
  CHECK_FAILS(PD_TensorGetShape(t, NULL, 4, &rank), PD_INVALID_ARGUMENT, "'shape' is NULL");
  CHECK_OK(PD_TensorGetShape(t, NULL, 0, &rank));
  CHECK(rank == 4);
  CHECK_FAILS(PD_TensorSetLoD(t, NULL, level_sizes, 1), PD_INVALID_ARGUMENT, "'offsets'");
  CHECK_OK(PD_TensorSetLoD(t, lod, level_sizes, 1));
  CHECK_OK(PD_TensorGetLoDLevels(t, &n));
  CHECK(n == 1);
  {
    uint64_t back[3] = {9, 9, 9};
    size_t count = 0;
    CHECK_OK(PD_TensorGetLoD(t, 0, back, 3, &count));
    CHECK(count == 3 && back[0] == 0 && back[1] == 2 && back[2] == 5);
    CHECK_FAILS(PD_TensorGetLoD(t, 1, back, 3, &count), PD_INVALID_ARGUMENT, "level 1");
    CHECK_FAILS(PD_TensorGetLoD(t, 0, back, 2, &count), PD_INVALID_ARGUMENT, "capacity 2");
  }
  CHECK_OK(PD_TensorSetLoD(t, NULL, NULL, 0));
  CHECK_OK(PD_TensorDestroy(t));
  CHECK_OK(PD_TensorDestroy(NULL));

  /* Outputs: read-only, type- and size-checked. */
  RunAndCompare(p);
  CHECK_OK(PD_PredictorGetOutputByName(p, "save_infer_model/scale_0", &out));
  CHECK_FAILS(PD_TensorReshape(out, shape, 4), PD_INVALID_ARGUMENT, "is an output");
  CHECK_FAILS(PD_TensorCopyFromCpu(out, PD_DATA_FLOAT32, buf, 16), PD_INVALID_ARGUMENT,
              "is an output");
  CHECK_FAILS(PD_TensorCopyToCpu(out, PD_DATA_FLOAT32, buf, 16), PD_INVALID_ARGUMENT,
              "count is 16 but tensor 'save_infer_model/scale_0' has 1000 elements");
  CHECK_FAILS(PD_TensorCopyToCpu(out, PD_DATA_INT32, ibuf, 1000), PD_INVALID_ARGUMENT,
              "holds PD_DATA_FLOAT32, not PD_DATA_INT32");
  CHECK_FAILS(PD_TensorGetData(out, PD_DATA_INT64, &data), PD_INVALID_ARGUMENT,
              "not PD_DATA_INT64");
  CHECK_OK(PD_TensorGetData(out, PD_DATA_FLOAT32, &data));
  CHECK(data != NULL && fabsf(((const float*)data)[285] - g_expected[285]) < 1e-4f);
  CHECK_FAILS(PD_TensorGetDataType(out, NULL), PD_INVALID_ARGUMENT, "'type'");
  CHECK_OK(PD_TensorGetDataType(out, &type));
  CHECK(type == PD_DATA_FLOAT32);
  PD_TensorDestroy(out);
}

static void TestCloneAndLight(PD_Predictor* p) {
  PD_Predictor* clone = NULL;
  PD_Predictor* light = NULL;
  PD_Config* c = NULL;
  char path[1200], nb[1300];
  int optimized = -1;
  CHECK_OK(PD_PredictorClone(p, &clone));
  RunAndCompare(clone);
  /* The clone outlives its original. */
  CHECK_OK(PD_PredictorDestroy(p));
  RunAndCompare(clone);

  snprintf(path, sizeof path, "%s/c_api_shufflenet", g_tmp_dir);
  snprintf(nb, sizeof nb, "%s.nb", path);
  CHECK_OK(PD_PredictorSaveOptimizedModel(clone, path));
  CHECK_OK(PD_ConfigCreate(&c));
  CHECK_OK(PD_ConfigSetOptimizedModelFile(c, nb));
  CHECK_OK(PD_ConfigIsOptimizedModel(c, &optimized));
  CHECK(optimized == 1);
  CHECK_OK(PD_PredictorCreate(c, &light));
  CHECK_FAILS(PD_PredictorSaveOptimizedModel(light, path), PD_RUNTIME_ERROR, "cannot save");
  RunAndCompare(light);
  PD_ConfigDestroy(c);
  PD_PredictorDestroy(light);
  PD_PredictorDestroy(clone);
  CHECK_OK(PD_PredictorDestroy(NULL));
}

/* PD_ConfigSetOptimizedModelBuffer: the bytes of a .nb make a light
 * predictor with the reference outputs. */
static void TestOptimizedModelBuffer(void) {
  PD_Predictor* full = CreateShuffleNet();
  PD_Predictor* light = NULL;
  PD_Config* c = NULL;
  char path[1200], nb[1300];
  int optimized = -1;
  long size = 0;
  char* bytes = NULL;
  FILE* f = NULL;
  snprintf(path, sizeof path, "%s/c_api_buffer", g_tmp_dir);
  snprintf(nb, sizeof nb, "%s.nb", path);
  CHECK_OK(PD_PredictorSaveOptimizedModel(full, path));
  PD_PredictorDestroy(full);
  f = fopen(nb, "rb");
  CHECK(f != NULL);
  if (f == NULL) return;
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  bytes = (char*)malloc((size_t)size);
  CHECK(bytes != NULL && fread(bytes, 1, (size_t)size, f) == (size_t)size);
  fclose(f);
  remove(nb);
  CHECK_OK(PD_ConfigCreate(&c));
  CHECK_OK(PD_ConfigSetOptimizedModelBuffer(c, bytes, (size_t)size));
  free(bytes); /* copied */
  CHECK_OK(PD_ConfigIsOptimizedModel(c, &optimized));
  CHECK(optimized == 1);
  CHECK_OK(PD_PredictorCreate(c, &light));
  RunAndCompare(light);
  PD_ConfigDestroy(c);
  PD_PredictorDestroy(light);
}

/* PD_ConfigAddValidPlace: the places are used. x86 float runs the model;
 * an NNAdapter place without a device is refused, naming what is missing. */
static void TestValidPlacesAndNNAdapterSetters(void) {
  PD_Config* c = NULL;
  PD_Predictor* p = NULL;
  CHECK_OK(PD_ConfigCreate(&c));
  CHECK_OK(PD_ConfigSetModelDir(c, g_model_dir));
  CHECK_OK(PD_ConfigAddValidPlace(c, PD_TARGET_X86, PD_PRECISION_FLOAT, PD_LAYOUT_NCHW));
  CHECK_OK(PD_PredictorCreate(c, &p));
  RunAndCompare(p);
  PD_PredictorDestroy(p);
  p = NULL;
  CHECK_OK(PD_ConfigAddValidPlace(c, PD_TARGET_NNADAPTER, PD_PRECISION_FLOAT, PD_LAYOUT_NCHW));
  CHECK_FAILS(PD_PredictorCreate(c, &p), PD_MODEL_ERROR,
              "a kNNAdapter valid place was given but no device");
  CHECK(p == NULL);
  PD_ConfigDestroy(c);
}

/* EfficientGCN-B0: 11 while loops of 3 iterations each. A loop limit of 2
 * stops the first loop with an error naming the limit (that the loops run
 * to the end without a limit is checked by the model's C++ tests); the
 * limit reads back, 0 is the default and a negative one is refused. */
static void TestLoopLimit(const char* models_dir) {
  static const int64_t shape[6] = {16, 3, 6, 288, 25, 2};
  const size_t numel = 16 * 3 * 6 * 288 * 25 * 2;
  char model[1300], params[1300];
  PD_Config* config = NULL;
  PD_Predictor* predictor = NULL;
  PD_Tensor* input = NULL;
  int64_t limit = -1;
  float* x = (float*)calloc(numel, sizeof(float));
  snprintf(model, sizeof model, "%s/effgcn_b0_tipc/model.pdmodel", models_dir);
  snprintf(params, sizeof params, "%s/effgcn_b0_tipc/model.pdiparams", models_dir);
  CHECK_OK(PD_ConfigCreate(&config));
  CHECK_OK(PD_ConfigGetMaxLoopIterations(config, &limit));
  CHECK(limit == 0);
  CHECK_FAILS(PD_ConfigSetMaxLoopIterations(config, -1), PD_INVALID_ARGUMENT,
              "max_iterations is -1");
  CHECK_FAILS(PD_ConfigSetMaxLoopIterations(NULL, 2), PD_INVALID_ARGUMENT, "'config' is NULL");
  CHECK_FAILS(PD_ConfigGetMaxLoopIterations(config, NULL), PD_INVALID_ARGUMENT,
              "'max_iterations' is NULL");
  CHECK_OK(PD_ConfigSetModelFile(config, model, params));
  CHECK_OK(PD_ConfigSetMaxLoopIterations(config, 2));
  CHECK_OK(PD_ConfigGetMaxLoopIterations(config, &limit));
  CHECK(limit == 2);
  CHECK_OK(PD_PredictorCreate(config, &predictor));
  CHECK_OK(PD_PredictorGetInput(predictor, 0, &input));
  CHECK_OK(PD_TensorReshape(input, shape, 6));
  CHECK_OK(PD_TensorCopyFromCpu(input, PD_DATA_FLOAT32, x, numel));
  CHECK_FAILS(PD_PredictorRun(predictor), PD_RUNTIME_ERROR, "after 2 iterations");
  PD_TensorDestroy(input);
  PD_PredictorDestroy(predictor);
  PD_ConfigDestroy(config);
  free(x);
}

static void TestRunWithoutInput(void) {
  PD_Predictor* p = CreateShuffleNet();
  CHECK_FAILS(PD_PredictorRun(p), PD_RUNTIME_ERROR, "input 'image' has no data");
  PD_PredictorDestroy(p);
}

/* A .nb written by Paddle Lite's own opt (v2.14-rc, ARM) through the light
 * predictor: the direction classifier against its ONNX Runtime reference. */
static void TestPaddleLiteNb(const char* models_dir) {
  static const int64_t shape[4] = {1, 3, 48, 192};
  char path[1300];
  PD_Config* c = NULL;
  PD_Predictor* p = NULL;
  PD_Tensor* input = NULL;
  PD_Tensor* output = NULL;
  float out[2] = {0, 0};
  float* x;
  float* ref;
  snprintf(path, sizeof path, "%s/ppocr_mobile_v2_cls_dyn/reference/cls_input_title_rot180.bin",
           models_dir);
  x = ReadFloats(path, 3 * 48 * 192);
  snprintf(path, sizeof path, "%s/ppocr_mobile_v2_cls_dyn/reference/cls_onnx_out_title_rot180.bin",
           models_dir);
  ref = ReadFloats(path, 2);
  snprintf(path, sizeof path,
           "%s/paddle_lite_nb/ocr_cls_fp32_v214rc_arm/cn_ppocr_mobile_v2.0_cls_opt.nb", models_dir);
  CHECK_OK(PD_ConfigCreate(&c));
  CHECK_OK(PD_ConfigSetOptimizedModelFile(c, path));
  CHECK_OK(PD_PredictorCreate(c, &p));
  if (p != NULL) {
    CHECK_OK(PD_PredictorGetInput(p, 0, &input));
    CHECK_OK(PD_TensorReshape(input, shape, 4));
    CHECK_OK(PD_TensorCopyFromCpu(input, PD_DATA_FLOAT32, x, 3 * 48 * 192));
    CHECK_OK(PD_PredictorRun(p));
    CHECK_OK(PD_PredictorGetOutput(p, 0, &output));
    CHECK_OK(PD_TensorCopyToCpu(output, PD_DATA_FLOAT32, out, 2));
    CHECK(fabsf(out[0] - ref[0]) < 1e-4f && fabsf(out[1] - ref[1]) < 1e-4f);
    CHECK(out[1] > 0.9f); /* upside down */
    PD_TensorDestroy(input);
    PD_TensorDestroy(output);
    PD_PredictorDestroy(p);
  }
  PD_ConfigDestroy(c);
  free(x);
  free(ref);
}

/* A Paddle 3 PIR export (inference.json + inference.pdiparams) by its
 * folder: the 8-crop reference batch of pir_lcnet_textline_ori gives the
 * numpy reference's probabilities. */
static void TestPirModel(const char* models_dir) {
  static const int64_t shape[4] = {8, 3, 80, 160};
  char folder[1100], path[1300];
  PD_Config* config = NULL;
  PD_Predictor* p = NULL;
  PD_Tensor* input = NULL;
  PD_Tensor* output = NULL;
  float out[16], max_diff = 0;
  float* x;
  float* ref;
  size_t i;
  snprintf(folder, sizeof folder, "%s/pir_lcnet_textline_ori", models_dir);
  snprintf(path, sizeof path, "%s/reference/input_lines8_80x160.bin", folder);
  x = ReadFloats(path, 8 * 3 * 80 * 160);
  snprintf(path, sizeof path, "%s/reference/numpy_output_lines8.bin", folder);
  ref = ReadFloats(path, 16);
  CHECK_OK(PD_ConfigCreate(&config));
  CHECK_OK(PD_ConfigSetModelDir(config, folder));
  CHECK_OK(PD_PredictorCreate(config, &p));
  CHECK_OK(PD_ConfigDestroy(config));
  CHECK_OK(PD_PredictorGetInput(p, 0, &input));
  CHECK_OK(PD_TensorReshape(input, shape, 4));
  CHECK_OK(PD_TensorCopyFromCpu(input, PD_DATA_FLOAT32, x, 8 * 3 * 80 * 160));
  CHECK_OK(PD_PredictorRun(p));
  CHECK_OK(PD_PredictorGetOutput(p, 0, &output));
  CHECK_OK(PD_TensorCopyToCpu(output, PD_DATA_FLOAT32, out, 16));
  for (i = 0; i < 16; ++i) {
    float d = fabsf(out[i] - ref[i]);
    if (d > max_diff) max_diff = d;
  }
  CHECK(max_diff < 1e-5f);
  PD_TensorDestroy(input);
  PD_TensorDestroy(output);
  PD_PredictorDestroy(p);
  free(x);
  free(ref);
}

int main(int argc, char** argv) {
  char path[1300];
  if (argc != 3) {
    fprintf(stderr, "usage: c_api_test <models_dir> <tmp_dir>\n");
    return 2;
  }
  snprintf(g_model_dir, sizeof g_model_dir, "%s/shufflenet_v2_imagenet", argv[1]);
  snprintf(g_tmp_dir, sizeof g_tmp_dir, "%s", argv[2]);
  snprintf(path, sizeof path, "%s/reference_input_egypt_cat_224.bin", g_model_dir);
  g_input = ReadFloats(path, 3 * 224 * 224);
  snprintf(path, sizeof path,
           "%s/reference_numpy_output_egypt_cat.save_infer_model_scale_0.bin", g_model_dir);
  g_expected = ReadFloats(path, 1000);

  TestVersionAndStatus();
  TestConfigBadArguments();
  TestModelErrors();
  TestRunWithoutInput();
  TestOptimizedModelBuffer();
  TestValidPlacesAndNNAdapterSetters();
  TestPaddleLiteNb(argv[1]);
  TestPirModel(argv[1]);
  TestLoopLimit(argv[1]);
  {
    PD_Predictor* p = CreateShuffleNet();
    TestPredictorBadArguments(p);
    TestCloneAndLight(p); /* destroys p */
  }
  free(g_input);
  free(g_expected);
  printf("c_api_test: %d checks passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
