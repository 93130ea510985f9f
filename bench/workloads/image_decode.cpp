// Branchy real code: stb_image (Debian's libstb-dev) decoding JPEG and PNG images, Huffman
// and inflate bit by bit; the images are made and encoded in memory by stb_image_write first.
#include "workload.h"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr int kSide = 256;
constexpr int kImages = 6;

// A photo-like picture: smooth gradients, a few discs, and some noise.
std::vector<unsigned char> make_picture(workload::Rng& rng) {
    std::vector<unsigned char> pixels(kSide * kSide * 3);
    int cx = int(rng.below(kSide)), cy = int(rng.below(kSide)), r = 20 + int(rng.below(60));
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            bool disc = (x - cx) * (x - cx) + (y - cy) * (y - cy) < r * r;
            int noise = int(rng.below(24));
            unsigned char* p = &pixels[(y * kSide + x) * 3];
            p[0] = static_cast<unsigned char>(disc ? 220 - noise : (x + noise) & 255);
            p[1] = static_cast<unsigned char>(disc ? 40 + noise : (y + noise) & 255);
            p[2] = static_cast<unsigned char>(((x ^ y) + noise) & 255);
        }
    return pixels;
}

void append(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<unsigned char>*>(context);
    auto* bytes = static_cast<unsigned char*>(data);
    out->insert(out->end(), bytes, bytes + size);
}

uint64_t decode(const std::vector<unsigned char>& file) {
    int w = 0, h = 0, channels = 0;
    unsigned char* pixels = stbi_load_from_memory(file.data(), int(file.size()), &w, &h, &channels, 3);
    if (!pixels) {
        std::fprintf(stderr, "image_decode: %s\n", stbi_failure_reason());
        std::exit(1);
    }
    uint64_t sum = 0;
    for (int i = 0; i < w * h * 3; ++i) sum = sum * 31 + pixels[i];
    stbi_image_free(pixels);
    return sum;
}

} // namespace

int main(int argc, char** argv) {
    int scale = workload::parse_scale(argc, argv, "image_decode");
    workload::Rng rng{7};
    std::vector<std::vector<unsigned char>> files;
    for (int i = 0; i < kImages; ++i) {
        std::vector<unsigned char> pixels = make_picture(rng);
        files.emplace_back();
        stbi_write_jpg_to_func(append, &files.back(), kSide, kSide, 3, pixels.data(), 90);
        files.emplace_back();
        stbi_write_png_to_func(append, &files.back(), kSide, kSide, 3, pixels.data(), kSide * 3);
    }
    uint64_t checksum = 0;
    for (int round = 0; round < scale * 10; ++round)
        for (const auto& file : files) checksum += decode(file);
    std::printf("image_decode: %d images decoded %d times, checksum %llu\n", int(files.size()), scale * 10,
                static_cast<unsigned long long>(checksum));
    return 0;
}
