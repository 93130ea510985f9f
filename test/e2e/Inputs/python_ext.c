// A C extension module for python-extension.test, built with the plugin and the shared runtime:
// work(n) calls work_one n times.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void work_one(unsigned long i) {
  for (int k = 0; k < 10; ++k)
    sink = sink + i * k;
}

static PyObject *work(PyObject *self, PyObject *args) {
  (void)self;
  long n = 0;
  if (!PyArg_ParseTuple(args, "l", &n))
    return NULL;
  for (long i = 0; i < n; ++i)
    work_one((unsigned long)i);
  Py_RETURN_NONE;
}

static PyMethodDef methods[] = {{"work", work, METH_VARARGS, "work(n): n calls of work_one"},
                                {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "hotline_ext", NULL, -1, methods};

PyMODINIT_FUNC PyInit_hotline_ext(void) { return PyModule_Create(&module); }
