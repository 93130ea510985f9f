/* profile_format.h is a C header: it compiles as C11, its section list included. Compiling
 * this file is the test. */
#include <hotline/profile_format.h>

#define HOTLINE_SECTION_NUMBER_CHECK(NAME, number, record, name)                                   \
  _Static_assert(HOTLINE_SECTION_##NAME == number, "HOTLINE_SECTION_" #NAME);
HOTLINE_SECTIONS(HOTLINE_SECTION_NUMBER_CHECK)
#undef HOTLINE_SECTION_NUMBER_CHECK
