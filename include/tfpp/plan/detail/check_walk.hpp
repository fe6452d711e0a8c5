// What the plan and apply checks share: the walk's position (attribute
// path, enclosing attribute, sensitivity, set membership) and the
// diagnostics it writes, capped, with values shown as the renderer shows
// them and sensitive ones hidden.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/plan/consistency_mode.hpp>
#include <tfpp/plan/detail/conformance.hpp>
#include <tfpp/plan/detail/equality.hpp>
#include <tfpp/plan/detail/render.hpp>
#include <tfpp/schema/schema.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail::consistency {

enum class check_kind { plan, apply };

class check_walk {
public:
    check_walk(check_kind kind, const consistency_options& o, diagnostics& d) : kind_(kind), options_(o), diags_(d) {}

    [[nodiscard]] std::size_t violations() const noexcept { return violations_; }

    // The diagnostic that counts what the cap left out.
    void finish() {
        if (violations_ <= options_.max_diagnostics) return;
        const std::size_t more = violations_ - options_.max_diagnostics;
        diags_.add({options_.level,
                    std::string(summary()),
                    "tfpp found " + std::to_string(more) + " more " + (more == 1 ? "problem" : "problems") +
                        " of the same kind in " + resource() + " that are not listed one by one.",
                    {}});
    }

protected:
    struct shown {
        const char* label;
        std::string text;
    };

    [[nodiscard]] const char* summary() const {
        return kind_ == check_kind::plan ? "Provider produced an invalid plan"
                                         : "Provider produced an inconsistent result";
    }
    [[nodiscard]] std::string resource() const {
        return options_.resource_type.empty() ? std::string("the resource") : std::string(options_.resource_type);
    }
    [[nodiscard]] sv operation_or(sv fallback) const {
        return options_.operation.empty() ? fallback : options_.operation;
    }
    [[nodiscard]] std::string name() const { return path_.empty() ? std::string("the object") : path_.to_string(); }

    // A violation: true when its diagnostic is to be written (not in a quiet
    // trial, not beyond the cap).
    bool begin() {
        if (quiet_) {
            failed_ = true;
            return false;
        }
        return ++violations_ <= options_.max_diagnostics;
    }

    void add(const std::string& problem, const std::string& fix, std::initializer_list<shown> values) {
        std::string d;
        if (kind_ == check_kind::plan)
            d = "tfpp checked the plan for " + resource() +
                " before answering, and Terraform would reject it (\"Provider produced invalid plan\"): ";
        else
            d = "tfpp checked what " + resource() + " " + std::string(operation_or("apply")) +
                " returned against the plan, and Terraform would reject it (\"Provider produced inconsistent "
                "result after apply\"): ";
        d += problem;
        d += ".\n\nAttribute: ";
        d += path_.empty() ? std::string("(the whole object)") : path_.to_string();
        if (in_set_) d += " (an element of this set)";
        for (const shown& v : values) {
            d += "\n";
            d += v.label;
            d += ": ";
            d += v.text;
        }
        d += "\n\nLikely fix: ";
        d += fix;
        d += ".";
        diags_.add({options_.level, summary(), std::move(d), path_});
    }

    std::string show(const type& t, sv b, const shape& s = {}) {
        if (sensitive_ > 0 && state_of(b) != encoded_state::null) return "(sensitive value)";
        return render_(t, b, s);
    }

    bool conforms(const type& t, sv b, const char* which) {
        conformance c;
        if (c.check(t, b)) return true;
        if (begin()) {
            const attribute_path saved = path_;
            path_ = c.where();
            add(std::string("the ") + which + " value does not have the schema's type: " + c.problem(),
                kind_ == check_kind::plan ? "give every attribute a value of its declared type in modify_plan"
                                          : "return values of the schema's types",
                {});
            path_ = saved;
        }
        return false;
    }

    // A path step that is only kept when a diagnostic may need it (not in
    // quiet trials, where building it would cost an allocation per element).
    struct at_attribute {
        sv name;
    };
    struct at_key {
        sv key;
    };
    struct at_index {
        std::size_t index;
    };
    class step_guard {
    public:
        step_guard(check_walk& c, at_attribute s) : c_(c), active_(!c.quiet_) {
            if (active_) c_.path_.push(attribute_path::attribute(s.name));
        }
        step_guard(check_walk& c, at_key s) : c_(c), active_(!c.quiet_) {
            if (active_) c_.path_.push(attribute_path::key(s.key));
        }
        step_guard(check_walk& c, at_index s) : c_(c), active_(!c.quiet_) {
            if (active_) c_.path_.push(attribute_path::index(static_cast<std::int64_t>(s.index)));
        }
        ~step_guard() {
            if (active_) c_.path_.pop();
        }
        step_guard(const step_guard&) = delete;
        step_guard& operator=(const step_guard&) = delete;

    private:
        check_walk& c_;
        bool active_;
    };

    // The attribute in whose value the walk is, for the fix it suggests.
    class attribute_guard {
    public:
        attribute_guard(check_walk& c, const attribute_schema& a) : c_(c), saved_(c.attr_) {
            c_.attr_ = &a;
            if (hidden_value(a)) ++c_.sensitive_;
        }
        ~attribute_guard() {
            if (hidden_value(*c_.attr_)) --c_.sensitive_;
            c_.attr_ = saved_;
        }
        attribute_guard(const attribute_guard&) = delete;
        attribute_guard& operator=(const attribute_guard&) = delete;

    private:
        check_walk& c_;
        const attribute_schema* saved_;
    };

    [[nodiscard]] bool computed() const { return attr_ && attr_->is_computed(); }

    static shape whole(const block_schema& b) { return {&b.attributes, &b.blocks, nesting::single}; }

    void malformed() {
        if (begin()) add("the value is not valid MessagePack of the schema's type", "report this to tfpp", {});
    }

    check_kind kind_;
    consistency_options options_;
    diagnostics& diags_;
    attribute_path path_;
    renderer render_;
    const attribute_schema* attr_ = nullptr;
    int sensitive_ = 0;
    bool in_set_ = false;
    bool quiet_ = false;
    bool failed_ = false;
    std::size_t violations_ = 0;
};

}  // namespace tfpp::detail::consistency
