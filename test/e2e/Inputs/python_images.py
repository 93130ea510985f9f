# python-pybind11-images.test: a data loader in Python over a pybind11 extension built with
# hotline: images written, then loaded (decoded, resized, normalized into NumPy arrays) in a
# loop inside regions, then again in two forked multiprocessing workers; then lzma.
import multiprocessing
import os
import sys

import hotline
import hotline_images as images

directory = sys.argv[1]
paths = [os.path.join(directory, f"image{i}.png") for i in range(8)]
with hotline.region("data_loading/write"):
    for i, path in enumerate(paths):
        images.write_png(path, 64 + 8 * i, 48, i)

total = 0.0
for path in paths:
    with hotline.region("preprocessing"):
        array = images.load(path, 32)
        hotline.count("images", 1)
    total += float(array.sum())
print("array", array.shape, array.dtype, "sum", round(total, 2))


def load_sum(path):
    return float(images.load(path, 32).sum())


if __name__ == "__main__":
    with multiprocessing.get_context("fork").Pool(2) as pool:
        sums = pool.map(load_sum, paths)
    print("workers agree", round(sum(sums), 2) == round(total, 2))
    # A library the interpreter opens after the extension's import, with no hotline module of
    # its own (the standard library's _lzma, and liblzma): its allocations are tracked too.
    import lzma
    data = bytes(range(256)) * 4000
    print("lzma round trip", lzma.decompress(lzma.compress(data)) == data)
