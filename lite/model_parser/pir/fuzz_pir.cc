// Structure-aware libFuzzer target for the PIR JSON reader. Inputs are PIR
// programs (JSON text); the custom mutator parses one with nlohmann-json,
// applies 1-4 mutations to random nodes of the tree (edge numbers, other op
// and type names, dialect ids, deleted/duplicated/swapped elements and
// keys, type changes, subtrees grafted elsewhere) and writes it back; an
// input that does not parse is replaced by a built-in seed (a conv/pool/
// reshape program, an if and a while program), so the fuzzer needs no
// corpus; tools/scripts/run_nb_fuzzer.sh also seeds it with the real PIR
// programs. The target imports the program with parameters generated for
// its `p` ops (or a mutated params file now and then): every outcome must
// be success or a lite_api::Error, and a success must give a program whose
// control flow validates and whose every op input names a declared
// variable. (It drives pir_import::Importer as ImportPirProgram does, so the
// JSON is parsed once per input.)
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lite/api/paddle_error.h"
#include "lite/core/scope.h"
#include "lite/model_parser/pir/pir_importer_impl.h"
#include "lite/model_parser/tensor_record.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace {

using Json = nlohmann::json;
using paddle::lite::cpp::ProgramDesc;
using paddle::lite::Scope;

// ---- seeds ---------------------------------------------------------------
Json T(const char* type, std::vector<int64_t> dims) {
  return {{"#", "0.t_dtensor"}, {"D", Json::array({{{"#", type}}, dims, "NCHW", Json::array(), 0})}};
}
Json A(const char* name, const char* type, Json d) { return {{"N", name}, {"AT", {{"#", type}, {"D", d}}}}; }
Json O(int64_t id, Json tt) { return {{"%", id}, {"TT", tt}}; }
Json I(int64_t id) { return {{"%", id}}; }
Json Op(const char* name, Json attrs, Json in, Json out) {
  return {{"#", name}, {"A", attrs}, {"I", in}, {"O", out}};
}
Json Doc(Json ops) {
  return {{"base_code", {{"magic", "pir"}, {"trainable", false}, {"version", 1}}},
          {"program",
           {{"regions", {{{"#", "region_0"}, {"blocks", {{{"#", "block_0"}, {"args", Json::array()}, {"ops", ops}}}}}}}}}};
}
Json Data(const char* name, int64_t id, const char* type, std::vector<int64_t> dims) {
  return Op("1.data", {A("name", "0.a_str", name), A("shape", "1.a_intarray", dims), A("dtype", "1.a_dtype", "float32")},
            Json::array(), {O(id, T(type, dims))});
}
Json Fetch(int64_t id, int64_t out, int col) {
  return Op("1.fetch", {A("name", "0.a_str", "out" + std::to_string(col)), A("col", "0.a_i32", col)}, {I(id)},
            {O(out, T("0.t_f32", {-1}))});
}
Json Full(int64_t id, double v, const char* dtype, const char* type, std::vector<int64_t> shape) {
  return Op("1.full", {A("shape", "1.a_intarray", shape), A("value", "0.a_f64", v), A("dtype", "1.a_dtype", dtype)},
            Json::array(), {O(id, T(type, shape))});
}
Json Ints(const char* name, std::vector<int64_t> v) {
  Json arr = Json::array();
  for (int64_t x : v) arr.push_back({{"#", "0.a_i32"}, {"D", x}});
  return {{"N", name}, {"AT", {{"#", "0.a_array"}, {"D", arr}}}};
}

Json ConvSeed() {
  Json ops = Json::array();
  ops.push_back({{"#", "p"}, {"A", {0, 1, 1, "w"}}, {"O", O(1, T("0.t_f32", {4, 3, 3, 3}))}});
  ops.push_back({{"#", "p"}, {"A", {0, 1, 1, "b"}}, {"O", O(2, T("0.t_f32", {4}))}});
  ops.push_back(Data("x", 3, "0.t_f32", {-1, 3, 8, 8}));
  ops.push_back(Op("1.conv2d",
                   {Ints("strides", {1, 1}), Ints("paddings", {1, 1}), A("padding_algorithm", "0.a_str", "EXPLICIT"),
                    Ints("dilations", {1, 1}), A("groups", "0.a_i32", 1), A("data_format", "0.a_str", "NCHW")},
                   {I(3), I(1)}, {O(4, T("0.t_f32", {-1, 4, 8, 8}))}));
  ops.push_back(Op("1.full_int_array", {A("value", "1.a_intarray", {1, 4, 1, 1}), A("dtype", "1.a_dtype", "int64")},
                   Json::array(), {O(5, T("0.t_i64", {4}))}));
  ops.push_back(Op("1.reshape", Json::array(), {I(2), I(5)}, {O(6, T("0.t_f32", {1, 4, 1, 1}))}));
  ops.push_back(Op("1.add", Json::array(), {I(4), I(6)}, {O(7, T("0.t_f32", {-1, 4, 8, 8}))}));
  ops.push_back(Op("1.full_int_array", {A("value", "1.a_intarray", {2, 2}), A("dtype", "1.a_dtype", "int64")},
                   Json::array(), {O(8, T("0.t_i64", {2}))}));
  ops.push_back(Op("1.pool2d",
                   {Ints("strides", {2, 2}), Ints("paddings", {0, 0}), A("pooling_type", "0.a_str", "max"),
                    A("adaptive", "0.a_bool", false)},
                   {I(7), I(8)}, {O(9, T("0.t_f32", {-1, 4, 4, 4}))}));
  ops.push_back(Op("1.flatten", {A("start_axis", "0.a_i32", 1), A("stop_axis", "0.a_i32", 3)}, {I(9)},
                   {O(10, T("0.t_f32", {-1, 64}))}));
  ops.push_back(Full(11, 0.5, "float32", "0.t_f32", {1}));
  ops.push_back(Op("1.scale", {A("bias", "0.a_f32", 0.0), A("bias_after_scale", "0.a_bool", true)}, {I(10), I(11)},
                   {O(12, T("0.t_f32", {-1, 64}))}));
  ops.push_back(Op("0.combine", Json::array(), {I(12), I(10)}, {O(13, {{"#", "0.t_vec"}, {"D", {T("0.t_f32", {-1, 64}), T("0.t_f32", {-1, 64})}}})}));
  ops.push_back(Full(14, 1, "int32", "0.t_i32", {1}));
  ops.push_back(Op("1.concat", Json::array(), {I(13), I(14)}, {O(15, T("0.t_f32", {-1, 128}))}));
  ops.push_back(Op("1.softmax", {A("axis", "0.a_i32", -1)}, {I(15)}, {O(16, T("0.t_f32", {-1, 128}))}));
  ops.push_back(Fetch(16, 17, 0));
  return Doc(ops);
}

Json IfSeed() {
  Json branch[2];
  for (int r = 0; r < 2; ++r) {
    branch[r] = Json::array();
    branch[r].push_back(Full(20 + r * 10, r ? 3.0 : 2.0, "float32", "0.t_f32", {1}));
    branch[r].push_back(Op("1.scale", {A("bias", "0.a_f32", 0.0)}, {I(1), I(20 + r * 10)}, {O(21 + r * 10, T("0.t_f32", {3}))}));
    branch[r].push_back(Op("2.yield", Json::array(), {I(21 + r * 10)}, Json::array()));
  }
  Json ops = Json::array();
  ops.push_back(Data("x", 1, "0.t_f32", {3}));
  ops.push_back(Data("n", 2, "0.t_i64", {}));
  ops.push_back(Full(3, 1, "int64", "0.t_i64", {}));
  ops.push_back(Op("1.equal", Json::array(), {I(2), I(3)}, {O(4, T("0.t_bool", {}))}));
  Json cond = Op("1.if", Json::array(), {I(4)}, {O(5, T("0.t_f32", {3}))});
  cond["regions"] = {{{"#", "region_1"}, {"blocks", {{{"#", "block_1"}, {"args", Json::array()}, {"ops", branch[0]}}}}},
                     {{"#", "region_2"}, {"blocks", {{{"#", "block_2"}, {"args", Json::array()}, {"ops", branch[1]}}}}}};
  ops.push_back(cond);
  ops.push_back(Fetch(5, 6, 0));
  return Doc(ops);
}

Json WhileSeed() {
  Json body = Json::array();
  body.push_back(Full(20, 1.0, "float32", "0.t_f32", {1}));
  body.push_back(Op("1.scale", {A("bias", "0.a_f32", 1.0)}, {I(10), I(20)}, {O(21, T("0.t_i64", {}))}));
  body.push_back(Op("1.add", Json::array(), {I(11), I(1)}, {O(22, T("0.t_f32", {3}))}));
  body.push_back(Op("1.less_than", Json::array(), {I(21), I(2)}, {O(23, T("0.t_bool", {}))}));
  body.push_back(Op("2.yield", Json::array(), {I(23), I(21), I(22)}, Json::array()));
  Json loop = Op("1.while", Json::array(), {I(5), I(4), I(1)}, {O(30, T("0.t_i64", {})), O(31, T("0.t_f32", {3}))});
  loop["regions"] = {{{"#", "region_1"},
                      {"blocks", {{{"#", "block_1"}, {"args", {O(10, T("0.t_i64", {})), O(11, T("0.t_f32", {3}))}}, {"ops", body}}}}}};
  Json ops = Json::array();
  ops.push_back(Data("x", 1, "0.t_f32", {3}));
  ops.push_back(Data("n", 2, "0.t_i64", {}));
  ops.push_back(Full(4, 0, "int64", "0.t_i64", {}));
  ops.push_back(Op("1.less_than", Json::array(), {I(4), I(2)}, {O(5, T("0.t_bool", {}))}));
  ops.push_back(loop);
  ops.push_back(Fetch(31, 40, 0));
  return Doc(ops);
}

Json Seed(unsigned which) {
  switch (which % 3) {
    case 0: return ConvSeed();
    case 1: return IfSeed();
    default: return WhileSeed();
  }
}

// ---- mutations -------------------------------------------------------------
const char* const kNames[] = {
    "1.conv2d", "1.pool2d", "1.reshape", "1.if", "1.while", "2.yield", "0.combine", "0.split", "0.slice", "p",
    "1.full", "1.full_int_array", "1.data", "1.fetch", "1.concat", "1.slice", "1.batch_norm_", "1.matmul",
    "1.scale", "0.parameter", "0.shadow_output", "3.custom", "9.x", "nodot", "", "0.t_dtensor", "0.t_vec",
    "0.t_f32", "0.t_i64", "0.t_bool", "0.t_c64", "NULL", "0.a_i32", "0.a_i64", "0.a_f32", "0.a_f64",
    "0.a_str", "0.a_array", "0.a_bool", "1.a_intarray", "1.a_dtype", "1.a_scalar", "1.a_place", "int64",
    "float32", "bogus", "%", "#", "A", "I", "O", "TT", "D", "N", "AT", "regions", "blocks", "ops", "args",
    "NAN", "INF", "-INF", "VD"};
const int64_t kEdges[] = {0, -1, 1, 2, 3, -2, 64, 65, 1 << 24, (int64_t{1} << 24) + 1, INT32_MAX, INT32_MIN,
                          (int64_t{1} << 32) + 13, -(int64_t{1} << 40), INT64_MAX, INT64_MIN};

void Collect(Json* node, std::vector<Json*>* all) {
  all->push_back(node);
  if (node->is_object() || node->is_array()) {
    for (auto& child : *node) Collect(&child, all);
  }
}

void MutateOnce(Json* doc, std::mt19937& rng) {
  std::vector<Json*> all;
  Collect(doc, &all);
  Json* n = all[rng() % all.size()];
  Json* other = all[rng() % all.size()];
  switch (rng() % 10) {
    case 0:
      *n = kEdges[rng() % (sizeof(kEdges) / sizeof(kEdges[0]))];
      break;
    case 1:
      *n = kNames[rng() % (sizeof(kNames) / sizeof(kNames[0]))];
      break;
    case 2:  // delete an element or a key
      if (n->is_array() && !n->empty()) {
        n->erase(rng() % n->size());
      } else if (n->is_object() && !n->empty()) {
        auto it = n->begin();
        std::advance(it, rng() % n->size());
        n->erase(it);
      }
      break;
    case 3:  // duplicate an array element
      if (n->is_array() && !n->empty() && n->size() < 4096) {
        Json copy = (*n)[rng() % n->size()];
        n->insert(n->begin() + static_cast<long>(rng() % (n->size() + 1)), copy);
      }
      break;
    case 4:  // swap two array elements
      if (n->is_array() && n->size() > 1) std::swap((*n)[rng() % n->size()], (*n)[rng() % n->size()]);
      break;
    case 5: {  // change the type
      const unsigned k = rng() % 6;
      *n = k == 0 ? Json() : k == 1 ? Json(true) : k == 2 ? Json(2.5) : k == 3 ? Json::array() : k == 4 ? Json::object() : Json("x");
      break;
    }
    case 6:  // graft a copy of another subtree (not an ancestor: copy first)
      if (n->is_array() && n->size() < 4096) {
        Json copy = *other;
        n->push_back(copy);
      } else {
        Json copy = *other;
        *n = copy;
      }
      break;
    case 7:  // numbers: nudge
      if (n->is_number_integer()) {  // wraps: edge values stay edge values
        *n = static_cast<int64_t>(static_cast<uint64_t>(n->get<int64_t>()) + static_cast<uint64_t>(rng() % 5) - 2);
      }
      if (n->is_number_float()) *n = n->get<double>() * -1.5;
      break;
    case 8:  // value ids: point an operand elsewhere
      if (n->is_object() && n->contains("%")) (*n)["%"] = static_cast<int64_t>(rng() % 40);
      break;
    default: {  // the version
      auto base = doc->is_object() ? doc->find("base_code") : doc->end();
      if (base != doc->end() && base->is_object()) (*base)["version"] = static_cast<int64_t>(rng() % 8) - 1;
      break;
    }
  }
}

std::string GeneratedParams(const std::vector<paddle::lite::cpp::VarDesc>& vars) {
  std::string bytes;
  size_t total = 0;
  for (const auto& v : vars) {
    paddle::lite::Tensor t;
    t.Resize(paddle::lite::DDim(v.dims));
    if (t.numel() < 0 || t.numel() > (1 << 20) || (total += static_cast<size_t>(t.numel())) > (1 << 22)) return "";
    t.set_dtype(v.dtype);
    std::memset(t.mutable_data(v.dtype), 0, static_cast<size_t>(t.numel()) * paddle::lite::SizeOf(v.dtype));
    paddle::lite::WriteLoDTensorRecord(t, &bytes);
  }
  return bytes;
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  std::mt19937 rng(seed);
  Json doc = Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || rng() % 64 == 0) doc = Seed(rng());
  // Now and then a byte-level mutation, for the JSON parser itself.
  if (rng() % 16 == 0 && size > 0) return LLVMFuzzerMutate(data, size, max_size);
  for (unsigned i = 0, k = 1 + rng() % 4; i < k; ++i) MutateOnce(&doc, rng);
  const std::string out = doc.dump();
  if (out.size() > max_size) return size == 0 ? 0 : LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // What ImportPirProgram does, with the program parsed once: walk, then
  // parameters generated for its `p` ops (a params file cut short now and
  // then: the size's low bits pick it), then the records read back.
  ProgramDesc program;
  try {
    paddle::lite::pir_import::Importer importer("fuzz.json");
    importer.Run(text);
    std::string params = GeneratedParams(importer.SortedParams());
    if (!params.empty() && size % 7 == 3) params.resize(params.size() - 1 - size % params.size());
    Scope weights;
    importer.LoadParams(params.data(), params.size(), "fuzz.pdiparams", &weights);
    program = importer.TakeProgram();
    paddle::lite::cpp::ValidateControlFlow(program);
  } catch (const paddle::lite_api::Error&) {
    return 0;  // refused with a message: fine
  }
  // Every op input names a variable some block declares (or the feed list).
  std::set<std::string> declared;
  for (const auto& b : program.blocks) {
    for (const auto& v : b.vars) declared.insert(v.name);
  }
  for (const auto& b : program.blocks) {
    for (const auto& op : b.ops) {
      for (const auto& [slot, names] : op.inputs()) {
        for (const auto& name : names) {
          if (!declared.count(name)) {
            std::fprintf(stderr, "fuzz_pir: op %s input %s names undeclared '%s'\n", op.Type().c_str(),
                         slot.c_str(), name.c_str());
            std::abort();
          }
        }
      }
    }
  }
  return 0;
}
