// Compiled as part of the subproject consumer: the light header alone.
#include "consumer_provider.hpp"

const tfpp::block_schema& consumer_note_schema() { return tfpp::schema_of<consumer::note_model>(); }
