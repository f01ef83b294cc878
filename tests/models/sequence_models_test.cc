// The LoD sequence models of ../shared/models (LAC, Text-CNN, rumor LSTM)
// and the LSTNet forecaster (fused rnn op) against their references, with
// sentences batched in one LoD tensor and one by one.
#include <fstream>
#include <map>

#include "tests/models/sequence_model_util.h"
#include "tools/common/lac.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
std::shared_ptr<lite_api::PaddlePredictor> LoadDir(const std::string& dir,
                                                   bool keep_intermediates = false) {
  lite_api::CxxConfig config;
  config.set_model_dir(dir);
  // Intermediate tensors are compared too: keep their names.
  if (keep_intermediates) config.set_disabled_passes({"memory_optimize_pass"});
  return lite_api::CreatePaddlePredictor(config);
}

}  // namespace

TEST(LacSeg, ReadmeSentencesSegmentExactlyBatchedAndOneByOne) {
  const std::string dir = ModelsDir() + "/lac_seg";
  const std::vector<std::string> sentences = {"LAC是个优秀的分词工具", "百度是一家高科技公司"};
  const std::vector<std::vector<std::string>> expected = {
      {"LAC", "是", "个", "优秀", "的", "分词", "工具"}, {"百度", "是", "一家", "高科技", "公司"}};
  // The reference segmentations are those of MODEL.json.
  const std::string model_json = ReadFile(dir + "/MODEL.json");
  for (const auto& words : expected) {
    std::string quoted;
    for (const auto& w : words) quoted += "\"" + w + "\"";
    std::string compact;
    for (char c : model_json) {
      if (c != ' ' && c != '\n' && c != ',') compact += c;
    }
    EXPECT_NE(compact.find(quoted), std::string::npos) << quoted;
  }
  vision::LacVocab vocab(dir + "/conf");
  auto predictor = LoadDir(dir + "/model");
  // Batched: both sentences in one LoD tensor.
  std::vector<int64_t> ids;
  std::vector<uint64_t> offsets = {0};
  for (const auto& s : sentences) {
    auto v = vocab.Ids(s);
    ids.insert(ids.end(), v.begin(), v.end());
    offsets.push_back(ids.size());
  }
  FeedIds(predictor.get(), ids, offsets);
  predictor->Run();
  auto out = predictor->GetOutput(0);
  EXPECT_EQ(out->lod(), (lite_api::lod_t{offsets}));
  auto tags = OutputValues<int64_t>(*out);
  ASSERT_EQ(tags.size(), ids.size());
  for (size_t i = 0; i < sentences.size(); ++i) {
    auto words = vision::LacWords(sentences[i], tags.data() + offsets[i]);
    std::string line;
    for (const auto& w : words) line += w + " ";
    std::printf("batched: %s\n", line.c_str());
    EXPECT_EQ(words, expected[i]);
  }
  // One by one, on the same predictor (the LoD changes between runs).
  for (size_t i = 0; i < sentences.size(); ++i) {
    auto v = vocab.Ids(sentences[i]);
    FeedIds(predictor.get(), v, {0, v.size()});
    predictor->Run();
    auto one = OutputValues<int64_t>(*predictor->GetOutput(0));
    EXPECT_EQ(vision::LacWords(sentences[i], one.data()), expected[i]);
  }
}

TEST(LacSeg, TagsAndEmissionsMatchReference) {
  const std::string ref = ModelsDir() + "/lac_seg/reference/";
  auto predictor = LoadDir(ModelsDir() + "/lac_seg/model", true);
  for (const char* c : {"case0", "case1", "case2"}) {
    const std::string stem = ref + c;
    auto offsets = JsonLoD(stem + "_input_words.json");
    ASSERT_GE(offsets.size(), 2u) << c;
    const size_t t = offsets.back();
    auto ids = ReadInt64s(stem + "_input_words.bin", t);
    FeedIds(predictor.get(), ids, offsets);
    predictor->Run();
    EXPECT_EQ(OutputValues<int64_t>(*predictor->GetOutput(0)),
              ReadInt64s(stem + "_output_crf_decoding.bin", t))
        << c;
    auto emission = predictor->GetTensor("fc_4.tmp_1");
    EXPECT_EQ(emission->lod(), (lite_api::lod_t{offsets}));
    ExpectClose(vision::ReadFloats(stem + "_intermediate_emission_fc_4.tmp_1.bin", t * 4),
                OutputValues<float>(*emission), 1e-4, 1e-4, std::string("lac ") + c + " emission");
  }
}

namespace {
struct TextCnnLine {
  std::vector<int64_t> ids;
  int label{0};
};
std::vector<TextCnnLine> ReadTestList(const std::string& path) {
  std::vector<TextCnnLine> lines;
  for (const auto& line : vision::ReadLines(path)) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    TextCnnLine l;
    std::stringstream ss(line.substr(0, tab));
    std::string item;
    while (std::getline(ss, item, ',')) l.ids.push_back(std::stoll(item));
    l.label = std::stoi(line.substr(tab + 1));
    lines.push_back(std::move(l));
  }
  return lines;
}
}  // namespace

TEST(TextCnn, OutputsMatchReferenceBatchedAndSingle) {
  const std::string dir = ModelsDir() + "/textcnn_news";
  auto predictor = LoadDir(dir + "/model");
  for (const char* c : {"first20", "line1", "line2", "line3"}) {
    const std::string stem = dir + "/reference/" + c;
    auto offsets = JsonLoD(stem + "_input_words.json");
    ASSERT_GE(offsets.size(), 2u) << c;
    FeedIds(predictor.get(), ReadInt64s(stem + "_input_words.bin", offsets.back()), offsets);
    predictor->Run();
    ExpectClose(vision::ReadFloats(stem + "_output_probs.bin", (offsets.size() - 1) * 10),
                OutputValues<float>(*predictor->GetOutput(0)), 1e-5, 1e-4,
                std::string("textcnn ") + c);
  }
}

TEST(TextCnn, AccuracyOverTheWholeTestListEqualsReference) {
  const std::string dir = ModelsDir() + "/textcnn_news";
  auto lines = ReadTestList(dir + "/test_list.txt");
  ASSERT_EQ(lines.size(), 5683u);
  auto predictor = LoadDir(dir + "/model");
  int correct = 0;
  const size_t kBatch = 64;
  for (size_t b = 0; b < lines.size(); b += kBatch) {
    std::vector<int64_t> ids;
    std::vector<uint64_t> offsets = {0};
    const size_t e = std::min(lines.size(), b + kBatch);
    for (size_t i = b; i < e; ++i) {
      ids.insert(ids.end(), lines[i].ids.begin(), lines[i].ids.end());
      offsets.push_back(ids.size());
    }
    FeedIds(predictor.get(), ids, offsets);
    predictor->Run();
    auto probs = OutputValues<float>(*predictor->GetOutput(0));
    ASSERT_EQ(probs.size(), (e - b) * 10);
    for (size_t i = b; i < e; ++i) {
      const float* p = probs.data() + (i - b) * 10;
      if (std::max_element(p, p + 10) - p == lines[i].label) ++correct;
    }
  }
  const double acc = static_cast<double>(correct) / lines.size();
  std::printf("textcnn accuracy over %zu lines: %.5f (%d correct; reference 0.76386 = 4341)\n",
              lines.size(), acc, correct);
  EXPECT_NEAR(acc, 0.76386, 0.001);
}

TEST(RumorLstm, OutputAndHiddenMatchReferenceAloneAndBatched) {
  const std::string dir = ModelsDir() + "/rumor_lstm";
  auto predictor = LoadDir(dir + "/model", true);
  for (const char* c : {"readme", "batch2"}) {
    const std::string stem = dir + "/reference/" + c;
    auto offsets = JsonLoD(stem + "_input_words.json");
    ASSERT_GE(offsets.size(), 2u) << c;
    const size_t t = offsets.back(), n = offsets.size() - 1;
    FeedIds(predictor.get(), ReadInt64s(stem + "_input_words.bin", t), offsets);
    predictor->Run();
    auto out = OutputValues<float>(*predictor->GetOutput(0));
    ExpectClose(vision::ReadFloats(stem + "_output_probs.bin", n * 2), out, 1e-5, 1e-4,
                std::string("rumor ") + c + " probs");
    std::printf("rumor %s: p(rumor) of sentence 1 = %.5f\n", c, out[0]);
    auto hidden = predictor->GetTensor("lstm_0.tmp_0");
    EXPECT_EQ(hidden->lod(), (lite_api::lod_t{offsets}));
    ExpectClose(vision::ReadFloats(stem + "_intermediate_lstm_hidden.bin", t * 32),
                OutputValues<float>(*hidden), 1e-5, 1e-4, std::string("rumor ") + c + " hidden");
  }
}

TEST(LstnetGru, OutputAndGruStatesMatchReference) {
  const std::string dir = ModelsDir() + "/lstnet_gru";
  lite_api::CxxConfig config = PdModelConfig(dir, "model");
  config.set_disabled_passes({"memory_optimize_pass"});
  auto predictor = lite_api::CreatePaddlePredictor(config);
  auto x = vision::ReadFloats(dir + "/reference/input_past_target.bin", 1204 * 2);
  std::vector<int64_t> shape;
  auto out = RunFloat(predictor.get(), {1, 1204, 2}, x, 0, &shape);
  EXPECT_EQ(shape, (std::vector<int64_t>{1, 172, 2}));
  ExpectClose(vision::ReadFloats(dir + "/reference/output_tmp_0.bin", 172 * 2), out, 1e-4, 0,
              "lstnet output");
  for (const auto& kv : std::vector<std::pair<std::string, size_t>>{
           {"conv2d_0.tmp_0", 1202}, {"gru_0.tmp_1", 10}, {"gru_1.tmp_1", 10},
           {"linear_2.tmp_1", 2}}) {
    ExpectClose(vision::ReadFloats(dir + "/reference/intermediate_" + kv.first + ".bin", kv.second),
                OutputValues<float>(*predictor->GetTensor(kv.first)), 1e-4, 0,
                "lstnet " + kv.first);
  }
}

TEST(SequenceRuntime, InvalidInputLoDIsAnErrorNamingTheInput) {
  auto predictor = LoadDir(ModelsDir() + "/textcnn_news/model");
  const std::vector<int64_t> ids = {1, 2, 3, 4, 5};
  for (const auto& bad : std::vector<std::pair<std::vector<uint64_t>, std::string>>{
           {{0, 3, 2, 5}, "decreases"}, {{0, 2, 4}, "ends at 4"}, {{1, 5}, "start at 0"}}) {
    FeedIds(predictor.get(), ids, bad.first);
    ExpectErrorMentioning([&] { predictor->Run(); }, "input 'words'");
    ExpectErrorMentioning([&] { predictor->Run(); }, bad.second);
  }
}

// The LoD flows through memory reuse and clones: a predictor with the
// memory_optimize_pass, one without, and a clone give the same outputs for
// batches whose LoD changes from run to run.
TEST(SequenceRuntime, MemoryReuseAndCloneKeepLoD) {
  const std::string dir = ModelsDir() + "/rumor_lstm/model";
  auto reuse = LoadDir(dir);
  auto plain = LoadDir(dir, true);
  auto clone = reuse->Clone();
  const std::vector<std::vector<uint64_t>> lods = {{0, 7}, {0, 2, 9, 10}, {0, 10}, {0, 1, 2, 10}};
  std::vector<int64_t> ids(10);
  for (int i = 0; i < 10; ++i) ids[i] = 100 + 37 * i;
  for (const auto& lod : lods) {
    std::vector<int64_t> v(ids.begin(), ids.begin() + lod.back());
    std::vector<std::vector<float>> outs;
    for (auto* p : {reuse.get(), plain.get(), clone.get()}) {
      FeedIds(p, v, lod);
      p->Run();
      auto out = p->GetOutput(0);
      EXPECT_EQ(out->shape(), (std::vector<int64_t>{static_cast<int64_t>(lod.size() - 1), 2}));
      outs.push_back(OutputValues<float>(*out));
    }
    EXPECT_EQ(outs[0], outs[1]);
    EXPECT_EQ(outs[0], outs[2]);
  }
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
