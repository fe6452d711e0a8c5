// Compiled once into libtfpp.a (the default mode); the code is in the header below.
#include <tfpp/provider/detail/requests-inl.hpp>

namespace tfpp::detail {

// The one validate shell, for each kind whose Validate RPC has a configuration.
template answer validate_config<kind::resource>(provider_engine&, const validate_config_request&);
template answer validate_config<kind::data_source>(provider_engine&, const validate_config_request&);
template answer validate_config<kind::ephemeral_resource>(provider_engine&, const validate_config_request&);
template answer validate_config<kind::list_resource>(provider_engine&, const validate_config_request&);
template answer validate_config<kind::action>(provider_engine&, const validate_config_request&);
template answer validate_config<kind::state_store>(provider_engine&, const validate_config_request&);

}  // namespace tfpp::detail
