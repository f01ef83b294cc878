"""Do Python threads running their own clones overlap? (run() releases the
GIL.) The PP-OCRv3 detector at 1 CPU thread per predictor: 2*N runs one
after another on one predictor, then two Python threads each doing N runs on
its own clone. Prints both times and their ratio (1.0: no overlap, 0.5:
perfect overlap on 2 cores), the process CPU time per wall second of each
phase (about 2 in the threaded phase when both threads really run at once,
at most 1 if the GIL serialized them, whatever else loads the machine) and
the load average; nothing is asserted.
Usage: python3 thread_overlap.py [samples_dir] [N]"""
import os
import sys
import threading
import time

import numpy as np
from paddlelite.lite import CxxConfig, create_paddle_predictor

samples = sys.argv[1] if len(sys.argv) > 1 else "samples"
n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
det = os.path.join(samples, "ppocrv3_det")
config = CxxConfig()
config.set_model_file(os.path.join(det, "inference.pdmodel"))
config.set_param_file(os.path.join(det, "inference.pdiparams"))
config.set_threads(1)
predictor = create_paddle_predictor(config)
x = np.random.default_rng(0).standard_normal((1, 3, 640, 640), dtype=np.float32)
clones = [predictor.clone(), predictor.clone()]


def runs(p, count):
    for _ in range(count):
        p.get_input(0).from_numpy(x)
        p.run()


runs(predictor, 1)  # warm-up
t0, c0 = time.perf_counter(), time.process_time()
runs(predictor, 2 * n)
sequential = time.perf_counter() - t0
sequential_cpu = time.process_time() - c0

# Each clone warms up in the thread that then times it. (Warming a clone up
# in the main thread and then running two of them in two threads crashes
# inside oneDNN on this detector: see docs/python.md, "Known issue".)
start = threading.Barrier(3)


def worker(p):
    runs(p, 1)
    start.wait()
    runs(p, n)


threads = [threading.Thread(target=worker, args=(c,)) for c in clones]
for t in threads:
    t.start()
start.wait()
t0, c0 = time.perf_counter(), time.process_time()
for t in threads:
    t.join()
parallel = time.perf_counter() - t0
parallel_cpu = time.process_time() - c0

print(f"thread_overlap: PP-OCRv3 det 640x640, 1 CPU thread per predictor, {2 * n} runs")
print(f"thread_overlap: sequential (1 Python thread)      {sequential * 1000:8.1f} ms "
      f"({sequential * 1000 / (2 * n):.1f} ms/run), CPU/wall {sequential_cpu / sequential:.2f}")
print(f"thread_overlap: 2 Python threads, 1 clone each    {parallel * 1000:8.1f} ms, "
      f"CPU/wall {parallel_cpu / parallel:.2f}")
print(f"thread_overlap: ratio parallel/sequential = {parallel / sequential:.2f} "
      f"(target <= 0.65 on 2 cores; load average {os.getloadavg()[0]:.1f} "
      f"on {os.cpu_count()} cores)")
