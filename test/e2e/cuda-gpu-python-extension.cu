// A CUDA extension module (the C API's stable ABI, so that one build imports into any Python 3
// from 3.8) built with the plugin and the shared runtime, imported into an uninstrumented
// python3: its kernel launches and transfers are traced (CUPTI) from the runtime that the
// import loaded, by the line that made them, and its host buffers are tracked on their line
// without LD_PRELOAD (docs/python.md). 12 calls of fill(): one launch, one device-to-host copy
// of 4,000 bytes into pageable memory, each. scripts/gpu-check.sh builds and runs it as well
// (where the GPU machine has no clang).
// REQUIRES: cuda-gpu, python3-dev
// RUN: rm -rf %t && mkdir -p %t/ext %t/out
// RUN: %clangxx_plain -O2 -g -std=c++17 -shared -fPIC %hotline_cflags -I%python_include %cuda_flags %s -o %t/ext/hotline_cuda_ext.abi3.so -x none %hotline_rt_shared %cudart
// RUN: env PYTHONPATH=%t/ext HOTLINE_DIR=%t/out %system_python %S/Inputs/python_cuda_ext.py | FileCheck %s --check-prefix=OUT
// RUN: %hotline gpu --top 0 --format json %t/out/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_summary.py %t.json %s | FileCheck %s

// OUT: calls 12 sum 249750

// CHECK:      status: CUDA: traced on {{.+}}
// CHECK-NEXT: kernel fill(float*, float, int): 12 launches, 1 launch sites, most GPU time at @launch
// CHECK-NEXT: launch site @launch in fill_and_sum(int, float): 12 launches of 1 kernels
// CHECK-NEXT: transfer device to host: 12 transfers, 48000 bytes, 12 pageable, 48000 pageable bytes

#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x03080000
#include <Python.h>
#include <cuda_runtime.h>
#include <stdlib.h>

__global__ void fill(float *x, float value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = value * float(i);
}

// The sum of value * i for i below n, computed on the GPU; -1 when CUDA failed.
static double fill_and_sum(int n, float value) {
  float *device = nullptr;
  if (cudaMalloc(&device, sizeof(float) * n) != cudaSuccess)
    return -1;
  fill<<<(n + 255) / 256, 256>>>(device, value, n); // LINE: launch
  float *host = static_cast<float *>(malloc(sizeof(float) * n)); // LINE: buffer
  cudaError_t copied = cudaMemcpy(host, device, sizeof(float) * n, cudaMemcpyDeviceToHost);
  cudaFree(device);
  double sum = 0;
  for (int i = 0; copied == cudaSuccess && i < n; ++i)
    sum += host[i];
  free(host);
  return copied == cudaSuccess ? sum : -1;
}

static PyObject *py_fill(PyObject *, PyObject *args) {
  int n;
  float value;
  if (!PyArg_ParseTuple(args, "if", &n, &value))
    return nullptr;
  double sum = fill_and_sum(n, value);
  if (sum < 0) {
    PyErr_SetString(PyExc_RuntimeError, cudaGetErrorString(cudaGetLastError()));
    return nullptr;
  }
  return PyFloat_FromDouble(sum);
}

static PyMethodDef methods[] = {{"fill", py_fill, METH_VARARGS, "fill(n, value): sum of value * i"},
                                {nullptr, nullptr, 0, nullptr}};
static PyModuleDef module = {PyModuleDef_HEAD_INIT, "hotline_cuda_ext", nullptr, -1, methods};

PyMODINIT_FUNC PyInit_hotline_cuda_ext(void) { return PyModule_Create(&module); }
