// What the resources share: quoting, grantees and error reports.
#pragma once

#include "connection.hpp"

#include <tfpp/tfpp.hpp>

#include <string>
#include <string_view>

namespace postgresql {

// A string literal that means the same whatever standard_conforming_strings says.
inline std::string literal(std::string_view s) {
    std::string out = "E'";
    for (char ch : s) {
        if (ch == '\'' || ch == '\\') out += ch;
        out += ch;
    }
    return out + "'";
}

// The role a privilege is granted to: `public` is the keyword PUBLIC.
inline std::string grantee(const std::string& role) { return role == "public" ? "PUBLIC" : quote_identifier(role); }

// An error with the server's message and SQLSTATE, at the attribute that caused it.
inline void report(tfpp::context& ctx, std::string summary, const server_error& e, tfpp::attribute_path path = {}) {
    ctx.error(std::move(summary), e.describe(), std::move(path));
}

// A timestamp as the queries return it (UTC, microseconds), in the shortest
// RFC 3339 form: "2031-01-01T00:00:00Z", so that an imported role plans no
// change against a configuration that wrote it that way.
inline std::string shortest_timestamp(std::string ts) {
    const std::size_t dot = ts.rfind('.');
    if (dot == std::string::npos || !ts.ends_with('Z')) return ts;
    std::size_t end = ts.size() - 1;  // the fraction's trailing zeros go, then a bare dot
    while (end > dot + 1 && ts[end - 1] == '0') --end;
    if (end == dot + 1) end = dot;
    return ts.substr(0, end) + "Z";
}

// Whether a failure says the object is gone: its database, schema, role or
// relation does not exist.
inline bool gone(const server_error& e) {
    return e.is("3D000") || e.is("3F000") || e.is("42704") || e.is("42P01") || e.is("42883");
}

}  // namespace postgresql
