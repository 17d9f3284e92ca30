// The parser fills default-constructed elements: their initialisers must be the property tables'
// defaults (the parser would patch any difference per element, at a cost), and every table
// property's slot must have the property's type.
#include <gtest/gtest.h>

#include "f0/field_slots.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0 {
namespace {

template <class E>
void expect_defaults(const ClassTable& t) {
  const E e;
  for (const PropDef& p : t.props) {
    const FieldSlot s = field_slot(field_of(p));
    SCOPED_TRACE(std::string(t.class_id) + ":" + std::string(p.id));
    if (p.readonly() || is_legacy(p)) {  // never stored
      EXPECT_EQ(s.type, SlotType::none);
      continue;
    }
    switch (p.type) {
      case 'f':
        ASSERT_EQ(s.type, SlotType::real);
        EXPECT_EQ(real_at(&e, s), p.def);
        break;
      case 'd':
        ASSERT_EQ(s.type, SlotType::integer);
        EXPECT_EQ(int_at(&e, s), static_cast<int>(p.def));
        // stored as int: the range must keep values there
        EXPECT_TRUE(p.ranged);
        EXPECT_GE(p.min, -2147483648.0);
        EXPECT_LE(p.max, 2147483647.0);
        break;
      case 's':
        ASSERT_EQ(s.type, SlotType::text);
        EXPECT_EQ(text_at(&e, s), p.def_text);
        break;
      default:
        ADD_FAILURE() << "type " << p.type;
    }
  }
}

TEST(F0FieldSlots, ElementInitialisersAreTheTableDefaults) {
  for (PropertyOrder order : {PropertyOrder::sdk, PropertyOrder::spec}) {
    expect_defaults<Model>(*find_table("m", order));
    expect_defaults<Part>(*find_table("p", order));
    expect_defaults<Joint>(*find_table("j", order));
    expect_defaults<Neuron>(*find_table("n", order));
    expect_defaults<Connection>(*find_table("c", order));
  }
}

TEST(F0FieldSlots, SlotsPointAtTheirMembers) {
  Part p;
  real_at(&p, field_slot(Field::p_sy)) = 7.5;
  EXPECT_EQ(p.scale.y, 7.5);
  Joint j;
  int_at(&j, field_slot(Field::j_p2)) = 3;
  text_at(&j, field_slot(Field::j_vstyle)) = "v";
  EXPECT_EQ(j.p2, 3);
  EXPECT_EQ(j.vstyle, "v");
  Neuron n;
  text_at(&n, field_slot(Field::n_d)) = "T";
  EXPECT_EQ(n.details, "T");
  Connection c;
  real_at(&c, field_slot(Field::c_w)) = -2;
  EXPECT_EQ(c.weight, -2);
}

}  // namespace
}  // namespace genokit::f0
