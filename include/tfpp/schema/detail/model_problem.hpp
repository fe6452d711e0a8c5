// What the compile-time checks can find wrong with a model, a block's
// struct or an attribute's validators: one value each, and one static_assert
// per value (schema.hpp) that says how to fix it.
#pragma once

namespace tfpp::detail {

enum class model_problem {
    none,
    not_reflectable,
    not_an_attribute,
    unsupported_type,
    bad_name,
    reserved_name,
    duplicate_name,
    mixed_struct,
    misplaced_nested_attributes,
    blocks_in_nested_attributes,
    dynamic_in_repeated_nesting,
    write_only_in_set,
    bad_block_bounds,
    bad_docs,
    docs_unknown_name,
    documented_twice,
    identity_role,
    identity_type,
    role_in_value,
    bad_default,
    bad_replace_if,
    bad_match_by,
    bad_semantic_equal,
    // validators and rules (tfpp/schema/validators.hpp)
    length_not_string,
    regex_not_string,
    range_not_number,
    one_of_mismatch,
    size_not_collection,
    unique_not_comparable,
    each_not_collection,
    each_not_validators,
    check_not_callable,
    bad_rules,
    bad_rule_name,
    role_in_role,  // stated by the attribute's own static_assert; stops the schema here
};

}  // namespace tfpp::detail
