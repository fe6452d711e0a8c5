// Handlers of bench_items_list and bench_items_set (items.hpp), and their
// framework code (compiled_resource).
#include "items.hpp"
#include "provider.hpp"

#include <tfpp/compile.hpp>

#include <utility>

namespace bench {
namespace {

void fill(disk& d) {
    d.device = "/dev/" + *d.label;
    if (!d.uuid.is_known()) d.uuid = "uuid-" + *d.label;
}

void fill_all(std::vector<disk>& disks) {
    for (disk& d : disks) fill(d);
}

void fill_all(tfpp::set<disk>& disks) {
    std::vector<disk> elements = disks.elements();  // set elements are not changed in place
    for (disk& d : elements) fill(d);
    disks.assign(std::move(elements));
}

}  // namespace

template <class Model>
std::optional<Model> items_operations<Model>::create(Model plan, tfpp::context&) {
    plan.id = "items/" + *plan.name;
    if (plan.disks.is_known()) fill_all(*plan.disks);
    return plan;
}

template <class Model>
std::optional<Model> items_operations<Model>::read(Model state, tfpp::context&) {
    return state;
}

template <class Model>
std::optional<Model> items_operations<Model>::update(Model plan, const Model& prior, tfpp::context&) {
    plan.id = prior.id;
    if (plan.disks.is_known()) fill_all(*plan.disks);
    return plan;
}

template <class Model>
void items_operations<Model>::destroy(const Model&, tfpp::context&) {}

template struct items_operations<items_list_resource::model>;
template struct items_operations<items_set_resource::model>;

}  // namespace bench

template struct tfpp::compiled_resource<bench::provider, bench::items_list_resource>;
template struct tfpp::compiled_resource<bench::provider, bench::items_set_resource>;
