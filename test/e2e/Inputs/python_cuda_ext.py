# Calls the CUDA extension of cuda-gpu-python-extension.cu 12 times (fill(1000, 0.5): the sum
# of i / 2 for i below 1000, 249750) and prints what it got, or the CUDA error where there is
# no GPU (scripts/gpu-check.sh runs it there too).
import hotline_cuda_ext

try:
    sums = [hotline_cuda_ext.fill(1000, 0.5) for _ in range(12)]
    print("calls", len(sums), "sum", int(sums[0]) if len(set(sums)) == 1 else sums)
except RuntimeError as error:
    print("CUDA error:", error)
