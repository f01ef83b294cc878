// ONNX Runtime (CPU execution provider) side of tools/bench_vs_ort.sh: loads
// an ONNX model, runs it on one float32 input and prints one JSON line with
// the latency (median, min and max of --runs timed runs after --warmup runs), the
// first output's dims and sum, and the package version.
//
// usage: NODE_PATH=$(tools/scripts/setup_onnxruntime.sh) node ort_bench.js MODEL.onnx
//          --shape=1,3,640,640 [--input=raw_f32.bin] [--threads=1] [--warmup=3]
//          [--runs=20] [--out=out_f32.bin]
// Without --input the input is x[i] = ((i * 7919) % 2000) / 1000 - 1, the same
// pattern as the benchmark tool's generated input.
'use strict';
const fs = require('fs');
const { ort, option, readFloats, cpuSession, msSince, summary, engine } = require('./ort_util');

function readInput(shape) {
  const count = shape.reduce((a, b) => a * b, 1);
  const path = option('input');
  if (!path) return Float32Array.from({ length: count }, (_, i) => ((i * 7919) % 2000) / 1000 - 1);
  return readFloats(path, shape);
}

async function main() {
  const model = process.argv[2];
  if (!model || model.startsWith('--')) throw new Error('usage: ort_bench.js MODEL.onnx --shape=...');
  const shape = option('shape', '1,3,224,224').split(',').map(Number);
  const threads = Number(option('threads', '1'));
  const warmup = Number(option('warmup', '3'));
  const runs = Number(option('runs', '20'));
  const session = await cpuSession(model, threads);
  const feed = { [session.inputNames[0]]: new ort.Tensor('float32', readInput(shape), shape) };
  for (let i = 0; i < warmup; i++) await session.run(feed);
  const times = [];
  let output;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    output = (await session.run(feed))[session.outputNames[0]];
    times.push(msSince(start));
  }
  const out = option('out');
  if (out) fs.writeFileSync(out, Buffer.from(output.data.buffer, output.data.byteOffset, output.data.byteLength));
  let sum = 0;
  for (const v of output.data) sum += v;
  console.log(JSON.stringify({
    engine: engine(), model, shape, threads, ...summary(times),
    output: session.outputNames[0], output_dims: output.dims, output_sum: sum }));
}

main().catch((e) => { console.error(`ort_bench: ${e.message}`); process.exit(1); });
