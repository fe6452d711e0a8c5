// The large-collection resources of the benchmark provider (cases B4 and
// B4s): one resource holds its disks as a list of nested objects, the other
// as a set of the same objects, so that a plan of each at equal size shows
// what the set costs over the list. bench/anchor-go has the same two
// resources on terraform-plugin-framework.
#pragma once

#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct disk {
    tfpp::required<std::string> label;
    tfpp::optional<std::int64_t> size;
    tfpp::optional<std::string> kind;
    tfpp::computed<std::string> device;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> uuid;
};

template <class Disks>
struct items_model {
    tfpp::required<std::string> name;
    tfpp::optional<Disks> disks;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

// create: id "items/<name>", each disk's device "/dev/<label>" and uuid
// "uuid-<label>"; update: the same for what the plan left unknown.
template <class Model>
struct items_operations {
    std::optional<Model> create(Model plan, tfpp::context& ctx);
    std::optional<Model> read(Model state, tfpp::context& ctx);
    std::optional<Model> update(Model plan, const Model& prior, tfpp::context& ctx);
    void destroy(const Model& state, tfpp::context& ctx);
};

struct items_list_resource : items_operations<items_model<std::vector<disk>>> {
    using model = items_model<std::vector<disk>>;
    static constexpr std::string_view type_name = "bench_items_list";
    static constexpr bool compiled_separately = true;  // in items.cpp
};

struct items_set_resource : items_operations<items_model<tfpp::set<disk>>> {
    using model = items_model<tfpp::set<disk>>;
    static constexpr std::string_view type_name = "bench_items_set";
    static constexpr bool compiled_separately = true;  // in items.cpp
};

}  // namespace bench
