// How the text and HTML views spell C++ names. Demangled names of templates run
// to hundreds of characters (`std::_Hashtable<std::__cxx11::basic_string<char,
// std::char_traits<char>, std::allocator<char>>, std::pair<...`); perf and Tracy
// shorten them, and so do we. JSON keeps the full name beside the short one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hotline::text {

// Names longer than this are elided (readable_name).
inline constexpr size_t kReadableNameWidth = 100;

// The demangled name, shorter and the same for the reader:
// - the standard library's inline namespaces go (`std::__cxx11::`, `std::__1::`);
// - template arguments that are the declaration's defaults go: an argument after
//   the first that is `std::allocator<...>`, `std::char_traits<...>`,
//   `std::less<...>`, `std::hash<...>`, `std::equal_to<...>` or
//   `std::default_delete<...>`;
// - `std::basic_string<char>` is `std::string` (and `wstring`, `u8string`,
//   `u16string`, `u32string`, the `string_view`s and the `char` streams likewise);
// - while it is longer than `width`, the deepest template argument lists become
//   `<…>`, deepest first, then the parameter list becomes `(…)`.
// Text that is not a well-formed name (unbalanced brackets) comes back as it was.
std::string readable_name(std::string_view demangled, size_t width = kReadableNameWidth);

// readable_name, or "" when that is the name itself: JSON gives a short name
// beside the full one only when it is shorter.
std::string shorter_name(std::string_view demangled);

// A function's or kernel's name as the text views print it: readable_name, and
// printable (text_format.h).
std::string display_name(std::string_view demangled);

// A loop's optimizer facts ("...; calls f(), g()") as the text views print them:
// the functions its "calls" clause names made readable, and printable.
std::string display_facts(std::string_view facts);

} // namespace hotline::text
