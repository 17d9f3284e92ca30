// Internal: f4 development (notes encodings.md §2.4): cells executing the code tree step by step,
// then the angles and freedoms of the finished sticks. The stick properties and modifier letters
// are the f1 ones (the SDK's shared GeneProps: f1/gene_props.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "f1/gene_props.hpp"
#include "f4/tree.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f4::detail {

using f1::detail::GeneProps;

inline constexpr int kMaxCells = 99;        // the SDK's MAX4CELLS - 1
inline constexpr int kMaxInputs = 99;       // per neuron cell (MAXINPUTS - 1)
inline constexpr int kRepeatDepth = 4;      // nested repetitions per cell
inline constexpr double kRolling = 0.7853;  // R / r

// genokit's own limit: codes executed in one development (the SDK has none, and nested
// repetitions with counts up to 2^31 would run for hours).
inline constexpr std::uint64_t kDefaultBudget = 20'000'000;

enum class CellType : std::uint8_t { undiff, stick, neuron };

struct Link {
  int from = kNone;         // source cell, or kNone for a new sensor neuron
  std::string_view sensor;  // its class (from == kNone)
  double weight = 0;
  int node = kNone;  // the '[' node
};

struct Repeat {
  int node;  // the '#' node
  std::int64_t count;
};

struct Cell {
  CellType type = CellType::undiff;
  int code = kNone;  // next node to execute (kNone: finished)
  int dad = kNone;
  GeneProps P;
  double rolling = 0;
  int commas = 0, angle = 0, children = 0;
  double mz = 1, xrot = 0, zrot = 0;
  const f0::NeuronClass* cls = nullptr;  // neurons
  int ctrl = 0;                          // 1 '@', 2 '|'
  int ctrl_node = kNone;
  double inertia = 0.8, force = 0.04, sigmoid = 2;
  std::vector<Link> links;
  std::array<Repeat, kRepeatDepth> stack{};
  int depth = 0;
  bool active = true;
  int made_by = kNone;  // the node that differentiated it (X, N, a class name)
  int born_at = kNone;  // the '<' node that created it (kNone for the first cell)
  // Text ranges of every code it executed (with mapping), from its mother's at division.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
  // Set while building the model.
  bool built = false;
  int p2 = -1, joint = -1, neuron = -1;
};

// Why development stopped (§2.4): every error is fatal for the converter; `repair` tells what
// the SDK's repair would do.
struct DevError {
  enum class Kind : std::uint8_t {
    none,
    stick_divides,     // '<' on a stick
    undifferentiated,  // '>' with nothing left to repeat, cell still undifferentiated
    repetition_depth,  // a fifth nested '#'
    neuron_code,       // a stick code (modifier, R, r) on a neuron
    differentiated,    // X / N / class on a cell that is no longer undifferentiated
    no_parent,         // N / class on the first cell
    second_control,    // '@'/'|' on a neuron that already controls a muscle
    control_on_stick,  // '@'/'|' on a stick
    not_a_neuron,      // '[' or ':' on a cell that is not a neuron
    unknown_code,      // a code that is no neuron class
    wrong_sensor,      // [Class:w] with no such input class
    link_failed,       // input not accepted (source without output, input limit)
    budget,            // genokit's execution budget
  } kind = Kind::none;
  enum class Repair : std::uint8_t { none, remove, insert_x } repair = Repair::none;
  int node = kNone;
  int cell = kNone;
  std::string sdk_message;  // the SDK's log line, if it writes one
  explicit operator bool() const { return kind != Kind::none; }
};

class Development {
 public:
  Development(const Tree& t, bool mapping, std::uint64_t budget = kDefaultBudget)
      : t_(t), mapping_(mapping), budget_(budget) {}

  // Develops the tree from its top node; false on an error (see error()).
  bool run();

  std::vector<Cell>& cells() { return cells_; }
  const std::vector<Cell>& cells_view() const { return cells_; }
  std::uint64_t executed() const { return executed_; }
  const DevError& error() const { return error_; }
  bool cell_limit_reached() const { return cell_limit_; }
  const std::vector<int>& dropped_links() const { return dropped_; }  // '[' nodes

 private:
  bool step(int i);  // one cell's step; false on an error
  void fail(DevError::Kind k, int cell, int node, DevError::Repair r, std::string sdk = {});
  void divide(int i, const Node& n);
  bool add_link(int i, int from, std::string_view sensor, double w, int node);
  enum class LinkResult : std::uint8_t { added, wait, failed };
  LinkResult relative_link(int i, const Node& n);
  void finish();

  const Tree& t_;
  bool mapping_;
  std::uint64_t budget_;
  std::uint64_t executed_ = 0;
  std::vector<Cell> cells_;
  DevError error_;
  bool cell_limit_ = false;
  std::vector<int> dropped_;
};

}  // namespace genokit::f4::detail
