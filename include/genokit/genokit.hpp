// Every public header of genokit: `#include <genokit/genokit.hpp>` and link genokit::genokit
// (CMake) or `pkg-config --cflags --libs genokit`. Each header also works on its own; a test
// (umbrella_header_complete) fails when a public header is missing here.
#pragma once

#include "genokit/version.hpp"

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/diagnostics_json.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/core/text.hpp"

#include "genokit/frams/document.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genokit/frams/json.hpp"
#include "genokit/frams/operator_params.hpp"
#include "genokit/frams/property.hpp"
#include "genokit/frams/schema.hpp"
#include "genokit/frams/sdk_random.hpp"

#include "genokit/f0/batch.hpp"
#include "genokit/f0/docs.hpp"
#include "genokit/f0/genetic_operator.hpp"
#include "genokit/f0/json.hpp"
#include "genokit/f0/lint.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/neuron_mutation.hpp"
#include "genokit/f0/operator_table.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/properties.hpp"
#include "genokit/f0/render.hpp"
#include "genokit/f0/table.hpp"
#include "genokit/f0/writer.hpp"

#include "genokit/f1/convert.hpp"
#include "genokit/f1/operator_table.hpp"

#include "genokit/fB/convert.hpp"
#include "genokit/fB/operators.hpp"
#include "genokit/fH/convert.hpp"
#include "genokit/fH/handles.hpp"
#include "genokit/fH/operators.hpp"
#include "genokit/fL/convert.hpp"
#include "genokit/fL/operators.hpp"

#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/json.hpp"
#include "genokit/genotype/operator_settings.hpp"
#include "genokit/genotype/operators.hpp"
#include "genokit/genotype/read.hpp"
#include "genokit/genotype/rewrite.hpp"

#include "genokit/genome/genome.hpp"
#include "genokit/genome/layouts.hpp"
#include "genokit/genome/notes_export.hpp"
#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"

#include "genokit/neuro/body.hpp"
#include "genokit/neuro/classes.hpp"
#include "genokit/neuro/describe.hpp"
#include "genokit/neuro/network.hpp"
#include "genokit/neuro/plot.hpp"
#include "genokit/neuro/population.hpp"
#include "genokit/neuro/trace.hpp"

#include "genokit/xode/document.hpp"
#include "genokit/xode/load.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"

#include "genokit/physics/world.hpp"

#include "genokit/sim/model.hpp"
#include "genokit/sim/run.hpp"
#include "genokit/sim/settings.hpp"
