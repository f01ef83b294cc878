// Ahead-of-time compilation of the NNAdapter subgraphs of an optimized
// program, so that a .nb carries the compiled programs (opt with
// --nnadapter_model_cache_dir, SaveOptimizedModel with
// set_nnadapter_model_cache_dir) and MobileConfig loads without compiling.
#pragma once
#include <string>

#include "lite/api/cxx_predictor.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {

// When `optimized` has NNAdapter devices and a model cache dir: runs the
// program on zeros for each input shape set (the shapes of
// set_nnadapter_dynamic_shape_info, k-th shape of every listed input in run
// k; else the inputs' declared dims, a leading -1 taken as 1) in a fresh
// cache folder, copies the .nnc files to the cache dir and stores them in
// `model`. Returns one line saying what it did (or why nothing was
// compiled: an input with other free dims and no listed shapes); empty when
// there is nothing to do.
std::string EmbedNNAdapterPrograms(const PredictorShared& optimized, nb::NbModel* model);

}  // namespace lite
}  // namespace paddle
