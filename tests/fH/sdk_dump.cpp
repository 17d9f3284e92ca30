// The SDK r909 dump reader and comparison of the f1 tests, compiled into this test program too (one
// reader for every encoding's oracle tests; see tests/fH/oracle_cases.hpp).
#include "f1/oracle_compare.cpp"
#include "f1/oracle_reader.cpp"
