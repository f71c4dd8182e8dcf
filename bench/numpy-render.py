#!/usr/bin/env python3
# The numpy pipeline a user would write instead of mapsmith-cli render:
# memory-map the HGTS payload, block-mean it down to OUT², Horn-style
# hillshade from np.gradient, a hypsometric ramp, PIL PNG.
#   numpy-render.py MAP.dat HGTS_OFFSET SIZE OUT_SIZE OUT.png
import sys

import numpy as np
from PIL import Image

path, offset, size, out_size, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
k = size // out_size
# X outer, Y inner: rows of this array are map columns.
h = np.memmap(path, dtype='<f4', mode='r', offset=offset, shape=(size, size))
small = h.reshape(out_size, k, out_size, k).mean(axis=(1, 3), dtype=np.float32)

gx, gy = np.gradient(small * 251.0 / k)
slope = np.arctan(np.hypot(gx, gy))
aspect = np.arctan2(-gx, gy)
az, alt = np.radians(315.0), np.radians(45.0)
shade = np.clip(np.sin(alt) * np.cos(slope) + np.cos(alt) * np.sin(slope) * np.cos(az - aspect), 0, 1)

stops = np.array([0.0, 0.15, 0.2, 0.4, 0.6, 0.8, 1.0])
colours = np.array([[20, 60, 120], [40, 110, 170], [120, 170, 90], [200, 190, 110],
                    [170, 120, 70], [140, 135, 130], [245, 245, 250]], dtype=np.float32)
rgb = np.stack([np.interp(small, stops, colours[:, c]) for c in range(3)], axis=-1)
rgb *= (0.35 + 0.65 * shade)[..., None]
Image.fromarray(rgb.transpose(1, 0, 2).astype(np.uint8), 'RGB').save(out, compress_level=1)
