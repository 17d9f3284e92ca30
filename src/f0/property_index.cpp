// The compiled property tables of the f0 parser (property_index.hpp).
#include "f0/property_index.hpp"

#include <algorithm>
#include <climits>
#include <limits>
#include <stdexcept>

namespace genokit::f0::detail {
namespace {

template <class E>
void collect_overrides(TableData& td) {
  const E e;
  for (const PropDef& p : td.table->props) {
    const FieldSlot fs = field_slot(field_of(p));
    if (fs.type == SlotType::real && real_at(&e, fs) != p.def)
      td.overrides.push_back({fs, p.def, {}});
    else if (fs.type == SlotType::integer && int_at(&e, fs) != static_cast<int>(p.def))
      td.overrides.push_back({fs, p.def, {}});
    else if (fs.type == SlotType::text && text_at(&e, fs) != p.def_text)
      td.overrides.push_back({fs, 0, p.def_text});
  }
}

void compile(TableData& td, const ClassTable& t) {
  td.table = &t;
  td.positional = t.positional;
  for (auto& h : td.head) h = -1;
  for (auto& n : td.next) n = -1;
  // The compiled arrays hold 64 properties (the largest table has 27).
  if (t.props.size() > std::size(td.props)) throw std::logic_error("f0 property table too large");
  constexpr double inf = std::numeric_limits<double>::infinity();
  for (std::size_t k = t.props.size(); k-- > 0;) {  // backwards, so chains run in table order
    const PropDef& p = t.props[k];
    FastProp& fp = td.props[k];
    fp.type = p.readonly() || is_legacy(p) ? 0 : p.type;
    fp.slot = field_slot(field_of(p));
    fp.can_omit = p.can_omit_name();
    for (Field f : kTrackedFields)
      if (field_of(p) == f) fp.given_bit = field_bit(f);
    fp.min = p.ranged ? p.min : -inf;
    fp.max = p.ranged ? p.max : inf;
    // Integers are stored as int: the range keeps them there (every integer property is ranged).
    fp.imin = static_cast<std::int64_t>(std::max<double>(p.ranged ? p.min : INT_MIN, INT_MIN));
    fp.imax = static_cast<std::int64_t>(std::min<double>(p.ranged ? p.max : INT_MAX, INT_MAX));
    auto& h = td.head[static_cast<unsigned char>(p.id[0])];
    td.next[k] = h, h = static_cast<std::int16_t>(k);
  }
}

OrderData make_order_data(PropertyOrder order, Joints joints) {
  OrderData d;
  const char* ids[5] = {"m", "p", "j", "n", "c"};
  for (int i = 0; i < 5; ++i) compile(d.t[i], *find_table(ids[i], order, joints));
  collect_overrides<Model>(d.t[0]);
  collect_overrides<Part>(d.t[1]);
  collect_overrides<Joint>(d.t[2]);
  collect_overrides<Neuron>(d.t[3]);
  collect_overrides<Connection>(d.t[4]);
  return d;
}

}  // namespace

const OrderData& order_data(PropertyOrder order, Joints joints) {
  static const OrderData all[2][2] = {
      {make_order_data(PropertyOrder::sdk, Joints::r909),
       make_order_data(PropertyOrder::sdk, Joints::hinges)},
      {make_order_data(PropertyOrder::spec, Joints::r909),
       make_order_data(PropertyOrder::spec, Joints::hinges)},
  };
  return all[order == PropertyOrder::spec][joints == Joints::hinges];
}

void apply_overrides(const TableData& td, void* base) {
  for (const auto& o : td.overrides) {
    if (o.slot.type == SlotType::real)
      real_at(base, o.slot) = o.real;
    else if (o.slot.type == SlotType::integer)
      int_at(base, o.slot) = static_cast<int>(o.real);
    else
      text_at(base, o.slot).assign(o.text.data(), o.text.size());
  }
}

}  // namespace genokit::f0::detail
