// Allocation-heavy workload: short-lived strings, vectors and maps from tokenizing and counting generated text.
#include "workload.h"
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using workload::Rng;



// Our own string hash: std::hash values are not guaranteed to be the same everywhere.
uint64_t fnv1a(const std::string& s) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

// Words of 1-7 syllables: many fit the small-string buffer, many do not and go to the heap.
std::vector<std::string> make_vocabulary(Rng& rng, size_t size) {
    static const char* const syllables[] = {"ka", "lo", "mi", "tren", "shal", "quor", "ven", "dri", "pa", "stu", "ex", "bor"};
    std::vector<std::string> vocab;
    for (size_t i = 0; i < size; ++i) {
        std::string w;
        size_t n = 1 + rng.below(7);
        for (size_t k = 0; k < n; ++k) w += syllables[rng.below(12)];
        vocab.push_back(w);
    }
    return vocab;
}

// Skewed choice (the smaller of two draws) so that some words are frequent, as in real text.
std::string generate_text(Rng& rng, const std::vector<std::string>& vocab, size_t words) {
    std::string text;
    for (size_t i = 0; i < words; ++i) {
        size_t a = rng.below(vocab.size()), b = rng.below(vocab.size());
        text += vocab[a < b ? a : b];
        size_t r = rng.below(16);
        text += r == 0 ? ". " : r == 1 ? ", " : " ";
    }
    return text;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::string current;
    for (char c : text) {
        if (c == sep) {
            parts.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) parts.push_back(current);
    return parts;
}

std::vector<std::string> tokenize(const std::string& sentence) {
    std::vector<std::string> tokens;
    std::string word;
    for (char c : sentence) {
        if (c >= 'a' && c <= 'z') {
            word += c;
        } else if (!word.empty()) {
            tokens.push_back(word);
            word.clear();
        }
    }
    if (!word.empty()) tokens.push_back(word);
    return tokens;
}

std::string title_case(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) {
        std::string t = w;
        t[0] = static_cast<char>(t[0] - 'a' + 'A');
        if (!out.empty()) out += ' ';
        out += t;
    }
    return out;
}

uint64_t process(Rng& rng, const std::vector<std::string>& vocab) {
    std::string text = generate_text(rng, vocab, 6000);
    std::map<std::string, int> counts;
    std::unordered_map<std::string, int> bigrams;
    std::vector<std::string> titles;

    for (const std::string& sentence : split(text, '.')) {
        std::vector<std::string> tokens = tokenize(sentence);
        for (size_t i = 0; i < tokens.size(); ++i) {
            ++counts[tokens[i]];
            if (i > 0) ++bigrams[tokens[i - 1] + " " + tokens[i]];
        }
        titles.push_back(title_case(tokens));
    }

    uint64_t h = 0;
    for (const auto& [word, n] : counts) h = (h ^ fnv1a(word)) * 0x100000001b3ULL + static_cast<uint64_t>(n);
    uint64_t unordered = 0;  // order-independent, since hash-table iteration order is unspecified
    for (const auto& [pair, n] : bigrams) unordered += fnv1a(pair) * static_cast<uint64_t>(n);
    for (const std::string& t : titles) h = (h ^ fnv1a(t)) * 0x100000001b3ULL;
    return h ^ unordered;
}

}  // namespace

int main(int argc, char** argv) {
    const int scale = workload::parse_scale(argc, argv, "allocations");
    Rng rng{31337};
    const std::vector<std::string> vocab = make_vocabulary(rng, 3000);

    uint64_t h = 0;
    const int reps = 17 * scale;
    for (int rep = 0; rep < reps; ++rep) h = (h ^ process(rng, vocab)) * 0x9e3779b97f4a7c15ULL;
    std::printf("checksum %llu\n", static_cast<unsigned long long>(h));
    return 0;
}
