// tfpp/fwd.hpp: the customization points and vocabulary names only, so that a
// header declaring models can name them without pulling in the framework.
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

// Specialize to describe how a C++ type appears to Terraform when tfpp cannot
// derive it (see tfpp/schema/types.hpp for the built-in mappings).
template <class T, class Enable = void> struct type_traits;

class context;
class diagnostics;

}  // namespace tfpp
