// A command line's long options, parsed by the C library's getopt_long (glibc,
// macOS and the BSDs have it; Windows does not).
#pragma once

#include <getopt.h>

#include <span>
#include <vector>

namespace tfpp::detail {

struct long_option {
    const char* name;
    bool optional_value;  // --name or --name=value; otherwise no value
    int id;
};

// getopt_long's parse of argv (options and operands in any order, an
// unambiguous prefix for a name, -h for "help"): `on_option(id, value, next)`
// for each option, with id '?' for an unknown one and `next` the index of the
// argument after it. Returns the index of the first operand.
template <class OnOption>
int parse_long_options(int argc, char** argv, const char* short_options, std::span<const long_option> longs,
                       OnOption&& on_option) {
    std::vector<option> table;
    for (const long_option& o : longs)
        table.push_back({o.name, o.optional_value ? optional_argument : no_argument, nullptr, o.id});
    table.push_back({nullptr, 0, nullptr, 0});
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, short_options, table.data(), nullptr)) != -1) on_option(c, optarg, optind);
    return optind;
}

}  // namespace tfpp::detail
