"""The Python demo prints the C++ demo's top-5 and 16 text boxes."""
import os
import subprocess
import sys

from conftest import REPO


def test_demo_top5_and_boxes(samples_dir):
    demo = os.path.join(REPO, "python", "demo", "classify_and_detect.py")
    out = subprocess.run([sys.executable, demo, samples_dir], check=True, capture_output=True,
                         text=True).stdout
    classes = [int(line.split()[1]) for line in out.splitlines()
               if line.startswith("  class ")]
    assert classes == [285, 281, 282, 287, 722]
    assert "  class  285  p=0.4625  n02124075 Egyptian cat" in out
    boxes = [line for line in out.splitlines() if line.startswith("  box ")]
    assert len(boxes) == 16
    assert boxes[0] == "  box  0  x=[  28,  301]  y=[  39,   70]  score=0.990"
    assert boxes[15] == "  box 15  x=[  27,  135]  y=[ 459,  477]  score=0.987"
