// ONNX Runtime side of the OCR page row of tools/bench_vs_ort.sh: replays
// the predictor runs of one page that ocr_page_bench --dump_dir recorded
// (manifest.json: stage det / cls / rec, input shape and raw float32 file
// per run) on the same three models, --warmup pages then --runs timed
// pages. Prints one JSON line: the median / min / max over the pages of the
// summed session.run time ("median_ms"), each stage's median ("det_ms",
// "cls_ms", "rec_ms") and the shapes.
//
// usage: NODE_PATH=$(tools/scripts/setup_onnxruntime.sh) node ort_page_bench.js DUMP_DIR
//          --det=det.onnx --cls=cls.onnx --rec=rec.onnx [--threads=1] [--warmup=2] [--runs=20]
'use strict';
const path = require('path');
const fs = require('fs');
const { ort, option, readFloats, cpuSession, msSince, summary, engine } = require('./ort_util');

async function main() {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) throw new Error('usage: ort_page_bench.js DUMP_DIR --det=... --cls=... --rec=...');
  const threads = Number(option('threads', '1'));
  const warmup = Number(option('warmup', '2'));
  const runs = Number(option('runs', '20'));
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const sessions = {};
  for (const stage of ['det', 'cls', 'rec']) {
    const model = option(stage);
    if (!model) throw new Error(`--${stage}=MODEL.onnx is needed`);
    sessions[stage] = await cpuSession(model, threads);
  }
  const calls = manifest.runs.map((r) => {
    const s = sessions[r.stage];
    if (!s) throw new Error(`${dir}/manifest.json: unknown stage '${r.stage}'`);
    const x = new ort.Tensor('float32', readFloats(path.join(dir, r.file), r.shape), r.shape);
    return { stage: r.stage, session: s, feed: { [s.inputNames[0]]: x }, shape: r.shape };
  });
  const times = { page: [], det: [], cls: [], rec: [] };
  for (let i = 0; i < warmup + runs; i++) {
    const page = { det: 0, cls: 0, rec: 0 };
    for (const c of calls) {
      const start = process.hrtime.bigint();
      await c.session.run(c.feed);
      page[c.stage] += msSince(start);
    }
    if (i < warmup) continue;
    for (const stage of ['det', 'cls', 'rec']) times[stage].push(page[stage]);
    times.page.push(page.det + page.cls + page.rec);
  }
  console.log(JSON.stringify({
    engine: engine(), threads, ...summary(times.page), det_ms: summary(times.det).median_ms,
    cls_ms: summary(times.cls).median_ms, rec_ms: summary(times.rec).median_ms,
    shapes: calls.map((c) => ({ stage: c.stage, shape: c.shape })) }));
}

main().catch((e) => { console.error(`ort_page_bench: ${e.message}`); process.exit(1); });
