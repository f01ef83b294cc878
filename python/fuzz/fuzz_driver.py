"""Decodes fuzz bytes into calls of paddlelite.lite's public API (the driver of
python/fuzz/fuzz_python.cc).

A pool holds configs, places, predictors and tensor handles; each step picks an
object of the pool (or the module), one of its public methods and arguments
drawn from ODD_VALUES, the pool and the good values (model paths, arrays of the
input's shape). The contract checked: every call returns or raises an
Exception whose message is not empty; a crash or sanitizer report ends the
process. Not called: every save_* method (they write where their argument
says, and the good value of a `model_dir` argument is the real model's
folder: save_optimized_pb_model overwrote the shared mnist model's __model__
and made /nonexistent before it was skipped) and Opt / paddle_lite_opt (they
start the opt program).
"""
import collections
import math
import os
import re

import numpy as np

import paddlelite.lite as lite

DTYPES = [np.float32, np.float64, np.int8, np.uint8, np.int16, np.int32, np.int64, np.bool_,
          np.float16, np.complex64, np.uint64, object]
SKIPPED = {"Opt", "paddle_lite_opt"}  # and every name starting with "save"
MODELS = {}
# FUZZ_DRIVER_STATS=FILE: after each input, FILE gets how often each call
# returned and raised so far (to see that a corpus reaches loading and running).
STATS = collections.Counter()
STATS_FILE = os.environ.get("FUZZ_DRIVER_STATS")
# FUZZ_DRIVER_TRACE=1: prints each call before it is made (to triage a finding).
TRACE = bool(os.environ.get("FUZZ_DRIVER_TRACE"))


def setup(models_dir):
    MODELS["dir"] = os.path.join(models_dir, "mnist_mlp_handwriting")
    simple = os.path.join(models_dir, "paddlelite_simple_model")
    MODELS["model_file"] = os.path.join(simple, "model.pdmodel")
    MODELS["param_file"] = os.path.join(simple, "model.pdiparams")
    with open(MODELS["model_file"], "rb") as f:
        MODELS["model_bytes"] = f.read()
    with open(MODELS["param_file"], "rb") as f:
        MODELS["param_bytes"] = f.read()


class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def empty(self):
        return self.pos >= len(self.data)

    def u8(self):
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    def pick(self, seq):
        return seq[self.u8() % len(seq)]


def odd_values(r):
    big = [0, -1, 1, 2, 3, 784, -2**31, 2**31 - 1, 2**31, 2**63 - 1, 2**63, -2**63, 2**64, 10**30]
    return [
        None, True, r.pick(big), float("nan"), float("inf"), -0.0, 1e308,
        "", "a\0b", "x" * 5000, "\udcff", "builtin_device", "/dev/zero", "/nonexistent",
        b"", b"\x00" * 16, MODELS["model_bytes"][: r.u8() * 64],
        [], [1, "a", None], [[1, 2], [3]], [r.pick(big)] * (r.u8() % 5), (1, 2), {"a": 1},
        {"x": [[1, 2]]}, {"x": []}, object(), lite.TargetType.X86, lite.PrecisionType.INT8,
        lite.DataLayoutType.NHWC, lite.PowerMode.LITE_POWER_HIGH,
    ]


def array(r):
    """An array of any dtype: empty, the model's input shape, high rank, non-contiguous."""
    dtype = r.pick(DTYPES)
    shape = r.pick([(1, 784), (0,), (1, 3, 224, 224), (), (2, 0, 3), (1,) * 9, (4, 784), (7,)])
    a = np.zeros(shape, dtype=dtype) if dtype is not object else np.empty(shape, dtype=object)
    if a.size and a.dtype.kind == "f":
        a.flat[0] = r.pick([math.nan, math.inf, 1.0])
    kind = r.u8() % 4
    if kind == 1 and a.ndim >= 1 and a.shape[-1] > 1:
        a = a[..., ::2]  # strided view
    elif kind == 2 and a.ndim >= 2:
        a = a.T  # Fortran order
    elif kind == 3:
        a = np.broadcast_to(np.zeros(1, dtype=a.dtype), (1, 784))  # zero strides
    return a


def good(r, name):
    """The good value of an argument called `name` (paths, buffers, arrays)."""
    if name == "config":
        config = lite.CxxConfig()
        config.set_model_dir(MODELS["dir"])
        return config
    if name == "threads":
        return 1 + r.u8() % 4
    if name == "index":
        return r.u8() % 3
    if name == "places":
        return [lite.Place(lite.TargetType.X86, lite.PrecisionType.FP32)]
    table = {
        "model_dir": MODELS["dir"], "model_file": MODELS["model_file"],
        "param_file": MODELS["param_file"], "model_buffer": MODELS["model_bytes"],
        "param_buffer": MODELS["param_bytes"], "nb_file": "/nonexistent.nb",
        "device_names": ["builtin_device"], "array": np.full((1, 784), 0.5, np.float32),
        "data": [0.5] * 784,
    }
    return table[name] if name in table else array(r)


def argument(r, pool, name):
    kind = r.u8() % 4
    if kind == 0:
        return good(r, name)
    if kind == 1:
        return r.pick(odd_values(r))
    if kind == 2 and pool:
        return r.pick(pool)
    return array(r)


def public_methods(obj):
    names = []
    for n in dir(obj):
        if n.startswith("_") or n.startswith("save") or n in SKIPPED:
            continue
        try:
            attr = getattr(obj, n)
        except Exception as e:  # noqa: BLE001 (a property may refuse)
            check(e, n)
            continue
        if callable(attr) and not isinstance(attr, type(lite.TargetType.X86)):
            names.append(n)
    return sorted(names)


def argument_names(fn):
    """Parameter names from pybind11's signature line (of the first overload)."""
    for line in (getattr(fn, "__doc__", "") or "").splitlines():
        m = re.match(r"\s*(?:\d+\.\s*)?\w+\((.*)\)", line)
        if not m or m.group(1).startswith("*args"):
            continue
        names = []
        for part in m.group(1).split(","):
            part = part.strip()
            if part and not part.startswith("self"):
                names.append(part.split(":")[0].strip())
        return names
    return []


def check(e, call):
    if isinstance(e, SystemError) or not str(e).strip():
        raise AssertionError(f"{call}: {type(e).__name__} with message {str(e)!r}") from e


CONSTRUCTORS = [lambda r: lite.CxxConfig(), lambda r: lite.MobileConfig(),
                lambda r: lite.Place(lite.TargetType.X86, lite.PrecisionType.FP32)]


def one(data):
    r = Reader(data)
    pool = [lite.CxxConfig()]
    for _ in range(48):
        if r.empty():
            break
        op = r.u8()
        if op % 8 == 7:
            pool.append(r.pick(CONSTRUCTORS)(r))
            continue
        # 6: the module; 5: the newest object (what the last call returned).
        target = lite if op % 8 == 6 else pool[-1] if op % 8 == 5 else r.pick(pool)
        methods = public_methods(target)
        if target is lite:
            methods = ["create_paddle_predictor", "Place", "CxxConfig", "MobileConfig"]
        if not methods:
            continue
        name = r.pick(methods)
        fn = getattr(target, name)
        names = argument_names(fn)
        nargs = len(names) if r.u8() % 4 else r.u8() % 4
        args = [argument(r, pool, names[i] if i < len(names) else "") for i in range(nargs)]
        if TRACE:
            print(f"{type(target).__name__}.{name}{tuple(args)!r:.300}", flush=True)
        try:
            result = fn(*args)
        except Exception as e:  # noqa: BLE001 (every exception is checked)
            check(e, name)
            STATS[name + " raised"] += 1
            continue
        STATS[name + " returned"] += 1
        if isinstance(result, (lite.ConfigBase, lite.PaddlePredictor, lite.Tensor, lite.Place)):
            pool.append(result)
        if len(pool) > 12:
            del pool[1]
    if STATS_FILE:
        with open(STATS_FILE, "w") as f:
            f.writelines(f"{k}: {v}\n" for k, v in sorted(STATS.items()))
