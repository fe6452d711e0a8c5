// tfpp/fwd.hpp: declarations of the vocabulary a model or handler header
// names, so that such a header can stay cheap to include.
#pragma once

#include <cstddef>

namespace tfpp {

// Null / unknown / known wrapper for any Terraform value.
template <class T> class value;

// Attribute roles. Each is a value<T> that also states how Terraform treats
// the attribute; Options are tags such as tfpp::sensitive.
template <class T, class... Options> struct required;
template <class T, class... Options> struct optional;
template <class T, class... Options> struct computed;
template <class T, class... Options> struct optional_computed;

// Option tags for attributes.
struct sensitive;
struct requires_replace;
struct use_state_for_unknown;

// Lists the resource or data source types of a provider.
template <class... Types> struct types {};

class context;
class diagnostics;

}  // namespace tfpp
