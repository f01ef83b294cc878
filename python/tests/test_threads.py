"""Clones in Python threads: run() releases the GIL; each thread's results
are its own. (The overlap is measured by benchmarks/thread_overlap.py.)"""
import threading

import numpy as np


def test_threads_running_clones_get_their_own_results(shufflenet, cat_input, cat_expected):
    inputs = [cat_input, np.zeros_like(cat_input)]
    expected = []
    for x in inputs:
        shufflenet.get_input(0).from_numpy(x)
        shufflenet.run()
        expected.append(shufflenet.get_output(0).numpy())
    np.testing.assert_allclose(expected[0], cat_expected, atol=1e-4)
    clones = [shufflenet.clone() for _ in inputs]
    errors = []

    def work(k):
        try:
            for _ in range(5):
                clones[k].get_input(0).from_numpy(inputs[k])
                clones[k].run()
                np.testing.assert_allclose(clones[k].get_output(0).numpy(), expected[k],
                                           atol=1e-5)
        except Exception as e:  # reported to the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(inputs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_other_python_threads_progress_during_run(shufflenet, cat_input):
    """While run() holds no GIL, a counting thread keeps running."""
    shufflenet.get_input(0).from_numpy(cat_input)
    stop = threading.Event()
    ticks = []

    def count():
        while not stop.is_set():
            ticks.append(1)

    t = threading.Thread(target=count)
    t.start()
    try:
        before = len(ticks)
        shufflenet.run()
        during = len(ticks) - before
    finally:
        stop.set()
        t.join()
    assert during > 100, during
