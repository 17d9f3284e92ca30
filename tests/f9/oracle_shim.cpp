// The f0 suite's SDK dump reader and model comparison, compiled into this suite.
#include "f0/oracle.cpp"
#include "f0/oracle_compare.cpp"
