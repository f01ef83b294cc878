"""The README's main job in Python: ShuffleNetV2 top-5 on egypt_cat.jpg and
the PP-OCRv3 detector's text boxes on ppocr_doc_11.jpg. Prints the lines the
C++ demo prints. Usage: python3 classify_and_detect.py [samples_dir]"""
import os
import sys

import vision
from paddlelite.lite import CxxConfig, create_paddle_predictor

samples = sys.argv[1] if len(sys.argv) > 1 else "samples"


def predict(config, chw):
    config.set_threads(1)
    predictor = create_paddle_predictor(config)
    predictor.get_input(0).from_numpy(chw)
    predictor.run()
    return predictor.get_output(0).numpy()


# 1. Classification.
cls_dir = os.path.join(samples, "shufflenet_v2_imagenet")
image = vision.load_rgb(os.path.join(cls_dir, "egypt_cat.jpg"))
config = CxxConfig()
config.set_model_dir(cls_dir)
probs = predict(config, vision.normalize_chw(vision.resize_antialias(image, 224, 224)))[0]
labels = open(os.path.join(cls_dir, "synset_words.txt")).read().splitlines()
print(f"== ShuffleNetV2 on egypt_cat.jpg ({image.shape[1]}x{image.shape[0]})")
for cls, p in vision.top_k(probs, 5):
    print(f"  class {cls:4d}  p={p:.4f}  {labels[cls]}")

# 2. Text detection.
det_dir = os.path.join(samples, "ppocrv3_det")
image = vision.load_rgb(os.path.join(det_dir, "ppocr_doc_11.jpg"))
config = CxxConfig()
config.set_model_file(os.path.join(det_dir, "inference.pdmodel"))
config.set_param_file(os.path.join(det_dir, "inference.pdiparams"))
score_map = predict(config, vision.normalize_chw(vision.resize_bilinear(image, 640, 640),
                                                 bgr=True))[0, 0]
map_h, map_w = score_map.shape
boxes = vision.connected_regions(score_map, 0.3, 50)
print(f"== PP-OCRv3 detector on ppocr_doc_11.jpg ({image.shape[1]}x{image.shape[0]}): "
      f"{len(boxes)} text regions")
for i, box in enumerate(boxes):
    x0, y0, x1, y1, score = vision.to_image_coords(vision.unclip(box, 1.5, map_w, map_h),
                                                   image.shape[1], image.shape[0], map_w, map_h)
    print(f"  box {i:2d}  x=[{x0:4d}, {x1:4d}]  y=[{y0:4d}, {y1:4d}]  score={score:.3f}")
