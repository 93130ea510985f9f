// C, in a static library: counted like the C++ that calls it.
int square(int x) { return x * x; }
