// tfpp/fwd.hpp: declarations of the vocabulary a model or handler header
// names, so that such a header can stay cheap to include.
#pragma once

#include <cstddef>

namespace tfpp {

// Null / unknown / known wrapper for any Terraform value.
template <class T>
class value;

// Value types with no standard C++ counterpart.
class number;  // exact Terraform number
template <class T>
class set;      // set(T) in canonical order
class dynamic;  // a value of any type, carrying its type
class type;     // a Terraform type at run time

// Attribute roles. Each is a value<T> that also states how Terraform treats
// the attribute; Options are tags such as tfpp::sensitive.
template <class T, class... Options>
struct required;
template <class T, class... Options>
struct optional;
template <class T, class... Options>
struct computed;
template <class T, class... Options>
struct optional_computed;

// Blocks: S is a struct of attributes and blocks.
template <class S, class... Options>
struct block;
template <class S, class... Options>
struct block_list;
template <class S, class... Options>
struct block_set;
template <class S, class... Options>
struct block_map;
template <class S, class... Options>
struct block_group;

// Option tags for attributes and blocks.
struct sensitive;
struct requires_replace;
struct use_state_for_unknown;
struct write_only;

// Validators and rules (tfpp/schema/validators.hpp), among them:
struct unique;  // no duplicate elements
template <class... Validators>
struct each;  // validators of each element
template <class... Rules>
struct rules;  // `using rules = tfpp::rules<...>;` in a struct

// Documentation of a field in a model's `struct docs`, or of a whole resource.
struct doc;

// Lists the resource or data source types of a provider (tfpp/core/type_list.hpp).
template <class... Types>
struct type_list;

class context;
class diagnostics;

// Where a list resource's list() sends what it finds (tfpp/provider/list.hpp).
template <class R>
class list_results;
// Where an action's invoke() reports progress (tfpp/provider/action.hpp).
class action_progress;
// Where a state store's read() puts a state and write() takes it from
// (tfpp/provider/state_store.hpp).
class state_sink;
class state_source;

}  // namespace tfpp
