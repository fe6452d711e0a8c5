// proto_fingerprint: prints the wire contract of one .proto file as sorted
// lines, one fact per line, so that two definitions of the same protocol can
// be compared with a plain diff.
//
//   protoc --include_imports --descriptor_set_out=set.pb -I DIR file.proto
//   proto_fingerprint [--rename OLD=NEW]... set.pb
//
// The input is a binary FileDescriptorSet; only its last file is described
// (with --include_imports protoc puts the named file after its imports).
// Described: package, syntax, every message (recursively nested), field,
// oneof, enum, enum value, reserved range and name, extension range,
// extension, service and method, with every option set on any of them
// (deprecated, map_entry, packed, ...). Not described: comments, source
// info, json_name, file options (go_package and the like), imports and the
// order of declarations. Names are fully qualified without the leading dot.
//
// --rename OLD=NEW replaces every name component OLD by NEW wherever a
// message or enum name appears (declarations and type references), so a
// message renamed on our side can be compared with the official one.

#include <google/protobuf/descriptor.pb.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace pb = google::protobuf;

struct Fingerprint {
    std::map<std::string, std::string> renames;
    std::vector<std::string> facts;

    // Rewrites the components of a dotted name ("a.B.C" or ".a.B.C").
    std::string rename(const std::string& name) const {
        if (renames.empty()) return name;
        std::string out;
        std::size_t start = 0;
        while (true) {
            std::size_t dot = name.find('.', start);
            std::string part = name.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
            auto it = renames.find(part);
            out += it == renames.end() ? part : it->second;
            if (dot == std::string::npos) break;
            out += '.';
            start = dot + 1;
        }
        return out;
    }

    // Fully qualified type reference, without the leading dot protoc writes.
    std::string type_ref(const std::string& name) const {
        std::string n = rename(name);
        if (!n.empty() && n.front() == '.') n.erase(0, 1);
        return n;
    }

    static std::string join(const std::string& scope, const std::string& name) {
        return scope.empty() ? name : scope + "." + name;
    }

    // Options as one line of text format; every option set is a fact.
    template <class Options>
    void options(const std::string& what, const Options& opts) {
        if (opts.ByteSizeLong() == 0) return;
        facts.push_back(what + " options {" + opts.ShortDebugString() + "}");
    }

    void field(const std::string& kind, const std::string& scope, const pb::FieldDescriptorProto& f,
               const pb::DescriptorProto* owner) {
        std::ostringstream s;
        s << kind << ' ' << join(scope, f.name()) << " number=" << f.number()
          << " type=" << pb::FieldDescriptorProto::Type_Name(f.type())
          << " label=" << pb::FieldDescriptorProto::Label_Name(f.label());
        if (f.has_type_name()) s << " type_name=" << type_ref(f.type_name());
        if (f.has_extendee()) s << " extendee=" << type_ref(f.extendee());
        if (f.has_oneof_index()) {
            s << " oneof=";
            if (owner != nullptr && f.oneof_index() >= 0 && f.oneof_index() < owner->oneof_decl_size())
                s << owner->oneof_decl(f.oneof_index()).name();
            else s << "#" << f.oneof_index();
        }
        if (f.proto3_optional()) s << " proto3_optional";
        if (f.has_default_value()) s << " default=" << f.default_value();
        facts.push_back(s.str());
        const std::string what = kind + " " + join(scope, f.name());
        if (f.options().deprecated()) facts.push_back(what + " deprecated");
        options(what, f.options());
    }

    void enumeration(const std::string& scope, const pb::EnumDescriptorProto& e) {
        const std::string name = join(scope, rename(e.name()));
        facts.push_back("enum " + name);
        options("enum " + name, e.options());
        for (const auto& v : e.value()) {
            const std::string what = "enum_value " + name + "." + v.name();
            facts.push_back(what + " = " + std::to_string(v.number()));
            if (v.options().deprecated()) facts.push_back(what + " deprecated");
            options(what, v.options());
        }
        for (const auto& r : e.reserved_range())  // end is inclusive for enums
            facts.push_back("enum " + name + " reserved " + std::to_string(r.start()) + " to " +
                            std::to_string(r.end()) + " (inclusive)");
        for (const auto& n : e.reserved_name()) facts.push_back("enum " + name + " reserved_name " + n);
    }

    void message(const std::string& scope, const pb::DescriptorProto& m) {
        const std::string name = join(scope, rename(m.name()));
        facts.push_back(std::string("message ") + name + (m.options().map_entry() ? " map_entry" : ""));
        if (m.options().deprecated()) facts.push_back("message " + name + " deprecated");
        options("message " + name, m.options());
        for (const auto& f : m.field()) field("field", name, f, &m);
        for (int i = 0; i < m.oneof_decl_size(); ++i) {
            const auto& o = m.oneof_decl(i);
            // A oneof is synthetic (proto3 `optional`) when its only members
            // are proto3_optional fields; say so, the wire treats them alike.
            bool synthetic = true;
            int members = 0;
            for (const auto& f : m.field())
                if (f.has_oneof_index() && f.oneof_index() == i) {
                    ++members;
                    synthetic = synthetic && f.proto3_optional();
                }
            facts.push_back("oneof " + join(name, o.name()) + " members=" + std::to_string(members) +
                            (synthetic && members > 0 ? " synthetic" : ""));
            options("oneof " + join(name, o.name()), o.options());
        }
        for (const auto& r : m.reserved_range())  // end is exclusive for messages
            facts.push_back("message " + name + " reserved " + std::to_string(r.start()) + " to " +
                            std::to_string(r.end() - 1) + " (inclusive)");
        for (const auto& n : m.reserved_name()) facts.push_back("message " + name + " reserved_name " + n);
        for (const auto& r : m.extension_range()) {
            const std::string what = "message " + name + " extensions " + std::to_string(r.start()) + " to " +
                                     std::to_string(r.end() - 1) + " (inclusive)";
            facts.push_back(what);
            options(what, r.options());
        }
        for (const auto& x : m.extension()) field("extension", name, x, nullptr);
        for (const auto& n : m.nested_type()) message(name, n);
        for (const auto& e : m.enum_type()) enumeration(name, e);
    }

    void file(const pb::FileDescriptorProto& f) {
        const std::string pkg = f.package();
        facts.push_back("package " + pkg);
        facts.push_back("syntax " + (f.syntax().empty() ? std::string("proto2") : f.syntax()));
        for (const auto& m : f.message_type()) message(pkg, m);
        for (const auto& e : f.enum_type()) enumeration(pkg, e);
        for (const auto& x : f.extension()) field("extension", pkg, x, nullptr);
        for (const auto& s : f.service()) {
            const std::string name = join(pkg, s.name());
            facts.push_back("service " + name);
            if (s.options().deprecated()) facts.push_back("service " + name + " deprecated");
            options("service " + name, s.options());
            for (const auto& r : s.method()) {
                const std::string what = "rpc " + name + "." + r.name();
                facts.push_back(what + " input=" + type_ref(r.input_type()) + " output=" + type_ref(r.output_type()) +
                                " client_streaming=" + (r.client_streaming() ? "true" : "false") +
                                " server_streaming=" + (r.server_streaming() ? "true" : "false"));
                if (r.options().deprecated()) facts.push_back(what + " deprecated");
                options(what, r.options());
            }
        }
    }
};

int usage() {
    std::cerr << "usage: proto_fingerprint [--rename OLD=NEW]... DESCRIPTOR_SET\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    GOOGLE_PROTOBUF_VERIFY_VERSION;
    Fingerprint fp;
    std::string path;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--rename" && i + 1 < argc) {
            std::string spec = argv[++i];
            auto eq = spec.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) return usage();
            fp.renames[spec.substr(0, eq)] = spec.substr(eq + 1);
        } else if (!arg.empty() && arg[0] == '-') {
            return usage();
        } else if (path.empty()) {
            path = arg;
        } else {
            return usage();
        }
    }
    if (path.empty()) return usage();

    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "proto_fingerprint: cannot open " << path << "\n";
        return 1;
    }
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    pb::FileDescriptorSet set;
    if (!set.ParseFromString(data)) {
        std::cerr << "proto_fingerprint: " << path << " is not a binary FileDescriptorSet\n";
        return 1;
    }
    if (set.file_size() == 0) {
        std::cerr << "proto_fingerprint: " << path << " holds no files\n";
        return 1;
    }

    fp.file(set.file(set.file_size() - 1));
    std::sort(fp.facts.begin(), fp.facts.end());
    for (const auto& f : fp.facts) std::cout << f << '\n';
    std::cout.flush();
    return std::cout ? 0 : 1;
}
