// Recording a run and printing it: the reference table format of
// corpus/framsticks/oracle-sdk-r909/neuro/README.md, CSV and JSON.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "genokit/neuro/network.hpp"

namespace genokit::neuro {

// Every neuron's committed output per step (row 0 = the state before the first step) plus, for
// neurons that had more than one channel, columns n<i>.ch<k> (k = 1 .. channels-1; at steps where
// the neuron had fewer channels the column repeats its last channel, what a reader receives).
struct Trace {
  std::vector<std::string> columns;       // "n0" ... "n<N-1>", then "n<i>.ch<k>"
  std::vector<int> column_neuron;         // neuron of each column
  std::vector<std::vector<double>> rows;  // rows[step][column]
};

// Records the current state, then runs `steps` steps recording after each.
Trace record(Network& net, std::size_t steps);

struct TableInfo {
  std::string genotype;  // file name printed in "# genotype:"
  bool valid = true;     // the f0 verdict
};

// The reference table text (header lines, per-neuron facts, build messages, rows with %.17g).
std::string format_table(const Network& net, const Trace& t, const TableInfo& info);
// "step,n0,n1,..." then one line per step (shortest round-trip numbers).
std::string format_csv(const Trace& t);
// {"settings", "neurons":[{index,class,details,part,joint,inputs,status,group,channels}],
//  "messages":[...], "columns":[...], "rows":[[step, v...], ...]} (non-finite values as strings).
std::string trace_json(const Network& net, const Trace& t, const TableInfo& info);

}  // namespace genokit::neuro
