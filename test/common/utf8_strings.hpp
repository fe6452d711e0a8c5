// Whether every string field of a protobuf message is valid UTF-8, checked
// the way Go's protobuf decoder (Terraform's and OpenTofu's) checks it.
#pragma once

#include <tfpp/core/utf8.hpp>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include <string>
#include <vector>

namespace test_common {

// The full names of the string fields that are not UTF-8, with their values
// escaped; empty when the message would decode in Go.
inline void invalid_strings(const google::protobuf::Message& m, std::vector<std::string>& out) {
    namespace pb = google::protobuf;
    const pb::Reflection* r = m.GetReflection();
    std::vector<const pb::FieldDescriptor*> fields;
    r->ListFields(m, &fields);
    for (const pb::FieldDescriptor* f : fields) {
        const int n = f->is_repeated() ? r->FieldSize(m, f) : 1;
        for (int i = 0; i < n; ++i) {
            if (f->type() == pb::FieldDescriptor::TYPE_STRING) {
                std::string scratch;
                const std::string& s = f->is_repeated() ? r->GetRepeatedStringReference(m, f, i, &scratch)
                                                        : r->GetStringReference(m, f, &scratch);
                if (!tfpp::valid_utf8(s)) out.push_back(f->full_name() + " = " + s);
            } else if (f->type() == pb::FieldDescriptor::TYPE_MESSAGE) {
                invalid_strings(f->is_repeated() ? r->GetRepeatedMessage(m, f, i) : r->GetMessage(m, f), out);
            }
        }
    }
}

inline std::vector<std::string> invalid_strings(const google::protobuf::Message& m) {
    std::vector<std::string> out;
    invalid_strings(m, out);
    return out;
}

}  // namespace test_common
