"""Pre/post-processing of the demo, in numpy, step for step as the C++ demo's
(tools/common/vision.cc) so that the printed results are the same: images are
decoded with stb_image (Debian libstb0, the C++ demo's decoder; PIL's libjpeg
gives pixels up to 3 levels apart), resized, normalized to CHW float32; text
regions are the connected components of the detector's map."""
import ctypes
import ctypes.util

import numpy as np

_stb = ctypes.CDLL(ctypes.util.find_library("stb") or "libstb.so.0")
_stb.stbi_load.restype = ctypes.POINTER(ctypes.c_ubyte)
_stb.stbi_load.argtypes = [ctypes.c_char_p] + [ctypes.POINTER(ctypes.c_int)] * 3 + [ctypes.c_int]
_stb.stbi_failure_reason.restype = ctypes.c_char_p
_stb.stbi_image_free.argtypes = [ctypes.c_void_p]

MEAN = np.array([0.485, 0.456, 0.406], np.float32)
STD = np.array([0.229, 0.224, 0.225], np.float32)


def load_rgb(path):
    """HxWx3 uint8 RGB."""
    w, h, c = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    data = _stb.stbi_load(path.encode(), ctypes.byref(w), ctypes.byref(h), ctypes.byref(c), 3)
    if not data:
        raise ValueError(f"cannot decode image '{path}': {_stb.stbi_failure_reason().decode()}")
    try:
        return np.ctypeslib.as_array(data, (h.value, w.value, 3)).copy()
    finally:
        _stb.stbi_image_free(data)


def _round(x):
    """C's lround for values >= 0 (floor(x + 0.5) is wrong just below .5)."""
    x = np.asarray(x, np.float64)
    down = np.floor(x)
    return np.where(x - down >= 0.5, down + 1, down)


def _resample_axis(img, out_len, axis):
    """PIL-style bilinear resampling with antialiasing along one axis."""
    n_in = img.shape[axis]
    scale = n_in / out_len
    support = max(scale, 1.0)
    weights = np.zeros((out_len, n_in))
    for o in range(out_len):
        center = (o + 0.5) * scale
        lo = max(0, int(np.floor(center - support + 0.5)))
        hi = min(n_in, int(np.floor(center + support + 0.5)))
        i = np.arange(lo, hi)
        w = np.maximum(0.0, 1.0 - np.abs((i - center + 0.5) / support))
        total = w.sum()
        weights[o, lo:hi] = w / total if total > 0 else 0
    moved = np.moveaxis(img.astype(np.float64), axis, 0)
    out = np.zeros((out_len,) + moved.shape[1:])
    for o in range(out_len):  # summed in index order, as the C++ loop does
        nz = np.nonzero(weights[o])[0]
        for i in range(nz[0], nz[-1] + 1) if len(nz) else []:
            out[o] += weights[o, i] * moved[i]
    return np.moveaxis(_round(np.clip(out, 0, 255)).astype(np.uint8), 0, axis)


def resize_antialias(img, width, height):
    """PIL's Image.resize(BILINEAR) (the ImageNet references were made so)."""
    return _resample_axis(_resample_axis(img, width, 1), height, 0)


def resize_bilinear(img, width, height):
    """cv2.resize INTER_LINEAR (pixel centers aligned), in float32."""
    f = np.float32
    src_h, src_w = img.shape[:2]
    sx, sy = f(src_w) / f(width), f(src_h) / f(height)

    def axis(n_out, scale, n_src):
        pos = np.maximum(f(0), (np.arange(n_out, dtype=f) + f(0.5)) * scale - f(0.5))
        i0 = np.minimum(pos.astype(np.int64), n_src - 1)
        i1 = np.minimum(i0 + 1, n_src - 1)
        return i0, i1, (pos - i0.astype(f)).astype(f)

    y0, y1, wy = axis(height, sy, src_h)
    x0, x1, wx = axis(width, sx, src_w)
    a = img.astype(f)
    wy, wx = wy[:, None, None], wx[None, :, None]
    one = f(1)
    top = (one - wx) * a[y0][:, x0] + wx * a[y0][:, x1]
    bottom = (one - wx) * a[y1][:, x0] + wx * a[y1][:, x1]
    v = (one - wy) * top + wy * bottom
    return _round(np.clip(v, f(0), f(255))).astype(np.uint8)


def normalize_chw(img, bgr=False):
    """1x3xHxW float32: (pixel / 255 - mean) / std, channels RGB or BGR."""
    x = img[:, :, ::-1] if bgr else img
    x = (x.astype(np.float32) / np.float32(255) - MEAN) / STD
    return np.ascontiguousarray(x.transpose(2, 0, 1)[None])


def top_k(probs, k=5):
    order = sorted(range(len(probs)), key=lambda i: -probs[i])
    return [(i, float(probs[i])) for i in order[:k]]


def connected_regions(score_map, threshold=0.3, min_pixels=50):
    """Boxes [x0, y0, x1, y1, mean score] of the 8-connected regions of
    map > threshold with at least min_pixels pixels, in scan order."""
    h, w = score_map.shape
    flat = score_map.ravel()
    above = flat > threshold
    label = np.zeros(h * w, bool)
    boxes = []
    for start in np.flatnonzero(above):
        if label[start]:
            continue
        label[start] = True
        stack, x0, y0, x1, y1, count, total = [int(start)], w, h, -1, -1, 0, 0.0
        while stack:
            p = stack.pop()
            py, px = divmod(p, w)
            x0, x1, y0, y1 = min(x0, px), max(x1, px), min(y0, py), max(y1, py)
            count += 1
            total += float(flat[p])
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ny, nx = py + dy, px + dx
                    if (dy or dx) and 0 <= ny < h and 0 <= nx < w:
                        q = ny * w + nx
                        if above[q] and not label[q]:
                            label[q] = True
                            stack.append(q)
        if count >= min_pixels:
            boxes.append([x0, y0, x1, y1, np.float32(total / count)])
    return boxes


def unclip(box, ratio, width, height):
    """DB post-processing: grow each side by area * ratio / perimeter."""
    f = np.float32
    bw, bh = f(box[2] - box[0] + 1), f(box[3] - box[1] + 1)
    d = int(_round(bw * bh * f(ratio) / (f(2) * (bw + bh))))
    return [max(0, box[0] - d), max(0, box[1] - d), min(width - 1, box[2] + d),
            min(height - 1, box[3] + d), box[4]]


def to_image_coords(box, image_w, image_h, map_w, map_h):
    """Map-pixel bounds to image-pixel bounds (inclusive), as the C++ demo."""
    f = np.float32
    sx, sy = f(image_w) / f(map_w), f(image_h) / f(map_h)
    return [int(f(box[0]) * sx), int(f(box[1]) * sy),
            int(f(box[2] + 1) * sx) - 1, int(f(box[3] + 1) * sy) - 1, box[4]]
