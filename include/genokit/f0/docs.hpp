// Markdown tables generated from the property tables and the neuron class library, embedded in
// docs/f0.md (a test keeps the document in sync with the data).
#pragma once

#include <string>

namespace genokit::f0 {

std::string property_tables_markdown();
std::string neuron_classes_markdown();

}  // namespace genokit::f0
