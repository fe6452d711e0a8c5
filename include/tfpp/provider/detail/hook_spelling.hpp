// Misspelled and misplaced members: a member one typo away from a member
// tfpp looks for in its kind (near_misses.hpp, generated from kinds.hpp), or
// one only another kind has, each stated in one tfpp: line that names it.
#pragma once

#include <tfpp/provider/detail/kinds.hpp>
#include <tfpp/provider/detail/near_misses.hpp>

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace tfpp::detail {

// One error for a member one typo away from a member tfpp knows: the
// compiler's "In instantiation of 'misspelled<member_name<19>{"import_id_atribute"},
// member_name<20>{"import_id_attribute"}>'" line names both.
template <member_name Has, member_name Meant>
struct misspelled {
    static_assert(Has.empty(),
                  "tfpp: a member is one typo away from a member tfpp looks for, which is then missing; the "
                  "misspelled<member_name{...}, member_name{...}> line above names the member and what tfpp expects. "
                  "Rename it, or rename it further if it is not meant as that member.");
    static constexpr bool ok = Has.empty();
};

// One error for a member that only another kind of object has (a data
// source's create): the type is likely listed as the wrong kind.
template <kind K, member_name Has, member_name Owner>
struct member_of_another_kind {
    static_assert(Has.empty(),
                  "tfpp: a member is one that only another kind of provider object has, and tfpp never calls it "
                  "here; the member_of_another_kind<kind, member_name{...}, member_name{...}> line above names the "
                  "kind, the member and the kind that has it. List the type as that kind (a data source only reads: "
                  "a type with create, update and destroy is a resource), or rename the member.");
    static constexpr bool ok = Has.empty();
};

struct spelled_fine {};

// Whether T, listed as kind K, has no member one typo away from one of K's
// (while that one is missing) and none that only another kind has. Checked
// first: the member meant would otherwise be reported as missing. The
// message's class is instantiated by this class's body, never by the
// initializer of a value others read: clang makes such a value no constant
// expression, and each reader would add an error of its own.
template <kind K, class T>
struct spelling {
    static constexpr near_miss_found typo = near_miss<K, T>();
    static constexpr near_miss_found other = typo.member.empty() ? other_kind_member<K, T>() : near_miss_found{};
    using report = std::conditional_t<
        !typo.member.empty(), misspelled<shown_name<typo.member>(), shown_name<typo.meant>()>,
        std::conditional_t<!other.member.empty(), member_of_another_kind<K, shown_name<other.member>(), shown_name<other.meant>()>, spelled_fine>>;
    static_assert(sizeof(report) > 0);
    static constexpr bool ok = typo.member.empty() && other.member.empty();
};
template <kind K, class T>
inline constexpr bool spelled_well = spelling<K, T>::ok;

// near_misses.hpp written from the kinds.hpp the compiler reads.
template <kind K>
consteval bool near_misses_current() {
    constexpr auto& names = declared_members<K>::names;
    constexpr auto& required = kind_traits<K>::required;
    constexpr auto& optional = kind_traits<K>::optional;
    if (std::size(names) != std::size(required) + std::size(optional)) return false;
    for (std::size_t i = 0; i < std::size(names); ++i)
        if (names[i] != (i < std::size(required) ? required[i] : optional[i - std::size(required)])) return false;
    return true;
}
static_assert(near_misses_current<kind::resource>() && near_misses_current<kind::data_source>() &&
                  near_misses_current<kind::ephemeral_resource>() && near_misses_current<kind::list_resource>() &&
                  near_misses_current<kind::action>() && near_misses_current<kind::state_store>() &&
                  near_misses_current<kind::function>() && near_misses_current<kind::provider>(),
              "tfpp: provider/detail/near_misses.hpp was written from another kinds.hpp; run "
              "scripts/gen-near-misses.py.");

}  // namespace tfpp::detail
