// What the ONNX Runtime runners of tools/bench_vs_ort.sh share
// (ort_bench.js, ort_page_bench.js): command-line options, raw float32
// files, a CPU session with a thread count, and latency summaries.
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-node');

// The value of --name=value, or `fallback`.
function option(name, fallback) {
  const prefix = `--${name}=`;
  const found = process.argv.find((a) => a.startsWith(prefix));
  return found === undefined ? fallback : found.slice(prefix.length);
}

// A raw little-endian float32 file holding exactly the elements of `shape`.
function readFloats(path, shape) {
  const count = shape.reduce((a, b) => a * b, 1);
  const bytes = fs.readFileSync(path);
  if (bytes.length !== count * 4) {
    throw new Error(`${path}: ${bytes.length} bytes, shape [${shape}] needs ${count * 4}`);
  }
  // Copy so the float view is aligned whatever the Buffer's offset.
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

// The CPU execution provider, intra-op threads = `threads`, sequential.
function cpuSession(model, threads) {
  return ort.InferenceSession.create(model, {
    executionProviders: ['cpu'], intraOpNumThreads: threads, interOpNumThreads: 1,
    executionMode: 'sequential' });
}

function msSince(start) { return Number(process.hrtime.bigint() - start) / 1e6; }

// { median_ms, min_ms, max_ms } of a list of times.
function summary(times) {
  const t = [...times].sort((a, b) => a - b);
  return { median_ms: +t[t.length >> 1].toFixed(3), min_ms: +t[0].toFixed(3),
           max_ms: +t[t.length - 1].toFixed(3) };
}

const engine = () => `onnxruntime-node ${require('onnxruntime-node/package.json').version}`;

module.exports = { ort, option, readFloats, cpuSession, msSince, summary, engine };
