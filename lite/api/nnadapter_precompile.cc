#include "lite/api/nnadapter_precompile.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "file_access/file_access.h"

namespace paddle {
namespace lite {
namespace {

namespace fs = std::filesystem;

// The input shapes of each pre-compilation run, or an explanation in *why.
std::vector<std::vector<DDim>> ShapeSets(const PredictorShared& s,
                                         const std::vector<std::string>& names,
                                         std::string* why) {
  const auto& info = s.nnadapter.dynamic_shape_info;
  size_t runs = 1;
  for (const auto& name : names) {
    auto it = info.find(name);
    if (it != info.end()) runs = std::max(runs, it->second.size());
  }
  std::vector<std::vector<DDim>> sets(runs);
  for (const auto& name : names) {
    auto it = info.find(name);
    if (it != info.end() && !it->second.empty()) {
      for (size_t k = 0; k < runs; ++k) sets[k].push_back(it->second[std::min(k, it->second.size() - 1)]);
      continue;
    }
    const cpp::VarDesc* v = s.program.blocks.at(0).FindVar(name);
    DDim dims = v ? v->dims : DDim{};
    if (!dims.empty() && dims[0] == -1) dims[0] = 1;
    if (dims.empty() || std::any_of(dims.begin(), dims.end(), [](int64_t d) { return d < 0; })) {
      *why = StrCat("input '", name, "' has dims ", DimsToString(v ? v->dims : DDim{}),
                    " (only a leading -1 is taken as 1; list its shapes with "
                    "set_nnadapter_dynamic_shape_info)");
      return {};
    }
    for (auto& set : sets) set.push_back(dims);
  }
  return sets;
}

void FeedZeros(lite_api::PaddlePredictor* p, const PredictorShared& s,
               const std::vector<std::string>& names, const std::vector<DDim>& shapes) {
  for (size_t i = 0; i < names.size(); ++i) {
    const cpp::VarDesc* v = s.program.blocks.at(0).FindVar(names[i]);
    auto t = p->GetInput(static_cast<int>(i));
    t->Resize(shapes[i]);
    const size_t n = static_cast<size_t>(Numel(shapes[i]));
    const DataType type = v ? v->dtype : DataType::kFloat32;
    if (type == DataType::kInt64) {
      t->CopyFromCpu(std::vector<int64_t>(n, 0).data());
    } else if (type == DataType::kInt32) {
      t->CopyFromCpu(std::vector<int32_t>(n, 0).data());
    } else {
      t->CopyFromCpu(std::vector<float>(n, 0.f).data());
    }
  }
}

// A .nnc the runtime just wrote into our private folder: read under the
// file-access policy (a regular file, not through a symlink, under the
// runtime's default per-file cache cap of 1 GiB).
std::vector<char> ReadBytes(const fs::path& path) {
  file_access::ReadOptions options;
  options.no_follow = true;
  options.max_bytes = uint64_t{1} << 30;
  std::string data, error;
  LITE_ENFORCE(file_access::ReadFile(path.string(), "compiled NNAdapter program", options, &data,
                                     &error),
               error);
  return std::vector<char>(data.begin(), data.end());
}

}  // namespace

std::string EmbedNNAdapterPrograms(const PredictorShared& optimized, nb::NbModel* model) {
  const std::string& cache_dir = optimized.nnadapter.model_cache_dir;
  if (!optimized.nnadapter.enabled() || cache_dir.empty()) return "";
  auto shared = std::make_shared<PredictorShared>(optimized);
  // A fresh private folder (mkdtemp: mode 0700, never a planted name).
  std::string templ = (fs::temp_directory_path() / "nnadapter_precompile_XXXXXX").string();
  LITE_ENFORCE(::mkdtemp(templ.data()) != nullptr, "NNAdapter programs: cannot create a "
               "temporary folder '", templ, "': ", std::strerror(errno));
  fs::path tmp = templ;
  shared->nnadapter.model_cache_dir = tmp.string();
  std::map<std::string, std::vector<char>> programs;
  std::string shapes_text;
  try {
    CxxPredictor predictor(shared, 1);
    const auto names = predictor.GetInputNames();
    std::string why;
    const auto sets = ShapeSets(*shared, names, &why);
    if (sets.empty()) {
      fs::remove_all(tmp);
      return "NNAdapter programs: not pre-compiled: " + why +
             "; the subgraphs compile at the first run of each input shape";
    }
    for (const auto& set : sets) {
      std::string text;
      for (const auto& d : set) text += (text.empty() ? "" : " ") + DimsToString(d);
      shapes_text += (shapes_text.empty() ? "" : ", ") + text;
      FeedZeros(&predictor, *shared, names, set);
      predictor.Run();
    }
    fs::create_directories(cache_dir);
    for (const auto& e : fs::directory_iterator(tmp)) {
      if (e.path().extension() != ".nnc") continue;
      programs[e.path().stem().string()] = ReadBytes(e.path());
      fs::path dest = fs::path(cache_dir) / e.path().filename();
      if (!fs::exists(dest)) fs::copy_file(e.path(), dest);
    }
  } catch (...) {
    fs::remove_all(tmp);
    throw;
  }
  fs::remove_all(tmp);
  size_t bytes = 0;
  for (const auto& kv : programs) bytes += kv.second.size();
  model->nnadapter_model_cache_buffers = programs;
  return StrCat("NNAdapter programs: ", programs.size(), " compiled for inputs ", shapes_text,
                " (", bytes, " bytes), embedded in the .nb and written to ", cache_dir);
}

}  // namespace lite
}  // namespace paddle
