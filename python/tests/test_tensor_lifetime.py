"""Hostile tensor use (issue 27 #6, #7). Each case runs in a subprocess: before
the fixes they crashed the interpreter (SIGSEGV), which must fail the test,
not the whole pytest run."""
import subprocess
import sys
import textwrap


def run_script(script, *args):
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *args],
                          capture_output=True, text=True, timeout=600)
    return proc.returncode, proc.stdout + proc.stderr


# numpy(copy=False) used to point into the tensor's buffer with nothing owning
# it: a run() with a larger input reallocated the output and the view read
# freed memory (wrong values; SIGSEGV with an 80 MB output). The view now owns
# a reference to the memory it shows: it keeps the values of its run, also
# after later runs and after the predictor is gone.
VIEW_SCRIPT = """
    import gc, sys
    import numpy as np
    from paddlelite.lite import CxxConfig, create_paddle_predictor
    config = CxxConfig()
    config.set_model_dir(sys.argv[1])
    config.set_threads(1)
    predictor = create_paddle_predictor(config)
    rng = np.random.default_rng(0)

    def run(batch):
        x = rng.uniform(-1, 1, (batch, 3, 224, 224)).astype(np.float32)
        predictor.get_input(0).from_numpy(x)
        predictor.run()
        return predictor.get_output(0).numpy()

    first = run(2)
    view = predictor.get_output(0).numpy(copy=False)
    assert not view.flags.writeable
    np.testing.assert_array_equal(view, first)
    for batch in (16, 2, 16):
        out = run(batch)
        new_view = predictor.get_output(0).numpy(copy=False)
        assert new_view.shape == (batch, 1000), new_view.shape
        np.testing.assert_array_equal(new_view, out)
        assert not np.shares_memory(view, new_view)
        np.testing.assert_array_equal(view, first)
    del predictor, new_view
    gc.collect()
    np.testing.assert_array_equal(view, first)
    print("view kept", view.shape, "max", float(abs(view).max()))
"""


def test_numpy_view_keeps_its_values_after_a_larger_run_and_the_predictor(shufflenet_dir):
    code, out = run_script(VIEW_SCRIPT, shufflenet_dir)
    assert code == 0, out
    assert "view kept (2, 1000)" in out, out


# from_numpy of np.broadcast_to(scalar, 10^12 elements) made numpy allocate a
# 4 TB contiguous copy; its failure was dropped and the bindings dereferenced
# a null array (SIGSEGV). The size is now checked before any copy.
HUGE_SCRIPT = """
    import sys
    import numpy as np
    from paddlelite.lite import CxxConfig, create_paddle_predictor
    config = CxxConfig()
    config.set_model_dir(sys.argv[1])
    predictor = create_paddle_predictor(config)
    tensor = predictor.get_input(0)
    huge = np.broadcast_to(np.float32(.5), (10**6, 1, 1000, 1000))
    try:
        tensor.from_numpy(huge)
        print("accepted")
    except ValueError as e:
        print("ValueError:", e)
    # The tensor is still usable.
    tensor.from_numpy(np.zeros((1, 3, 224, 224), np.float32))
    predictor.run()
    print("then ran", predictor.get_output(0).numpy().shape)
"""


def test_from_numpy_of_a_huge_broadcast_array_is_an_error_naming_the_sizes(shufflenet_dir):
    code, out = run_script(HUGE_SCRIPT, shufflenet_dir)
    assert code == 0, out
    assert ("ValueError: from_numpy: tensor 'image': the array of shape "
            "(1000000, 1, 1000, 1000) has 1000000000000 elements of float32 "
            "(4000000000000 bytes), more than a tensor may take (2147483648 elements, "
            "4294967296 bytes)") in out, out
    assert "then ran (1, 1000)" in out, out
