// A pybind11 extension module for python-pybind11-images.test: writes PNG test images and loads
// them as the data loaders of our users do: decode (stb_image), resize, normalize into a NumPy
// array of floats. Built with the plugin and hotline's shared runtime.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

// A width x height RGB image whose pixels depend on `seed`, as a PNG file.
__attribute__((noinline)) void write_png(const std::string &path, int width, int height, int seed) {
  std::vector<unsigned char> pixels(size_t(width) * height * 3);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      for (int c = 0; c < 3; ++c)
        pixels[(size_t(y) * width + x) * 3 + c] = (unsigned char)((x * 3 + y * 5 + c * 7 + seed * 11) & 0xff);
  if (!stbi_write_png(path.c_str(), width, height, 3, pixels.data(), width * 3))
    throw std::runtime_error("cannot write " + path);
}

// Nearest-neighbour resize of an RGB image to size x size.
__attribute__((noinline)) std::vector<unsigned char> resize(const unsigned char *pixels, int width,
                                                            int height, int size) {
  std::vector<unsigned char> out(size_t(size) * size * 3);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x)
      for (int c = 0; c < 3; ++c)
        out[(size_t(y) * size + x) * 3 + c] =
            pixels[(size_t(y * height / size) * width + x * width / size) * 3 + c];
  return out;
}

// Bytes to floats in [0, 1].
__attribute__((noinline)) void normalize(const std::vector<unsigned char> &bytes, float *out) {
  for (size_t i = 0; i < bytes.size(); ++i)
    out[i] = bytes[i] / 255.0f;
}

py::array_t<float> load(const std::string &path, int size) {
  int width = 0, height = 0, channels = 0;
  unsigned char *pixels = stbi_load(path.c_str(), &width, &height, &channels, 3);
  if (!pixels)
    throw std::runtime_error("cannot decode " + path);
  std::vector<unsigned char> resized = resize(pixels, width, height, size);
  stbi_image_free(pixels);
  py::array_t<float> array({size, size, 3});
  normalize(resized, array.mutable_data());
  return array;
}

PYBIND11_MODULE(hotline_images, m) {
  m.def("write_png", &write_png);
  m.def("load", &load);
}
