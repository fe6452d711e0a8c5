// The part of Go's text/template that documentation templates use, so the
// templates/ of a provider written for tfplugindocs render unchanged: text
// and {{ actions }} with {{- and -}} trimming, {{/* comments */}}, pipelines
// (`.Description | plainmarkdown | trimspace`), if / else if / else / end,
// range / else / end over lists, string and boolean literals, parentheses,
// and functions (tfplugindocs' own and Go's and, or, not, eq, ne, len,
// print, printf). Variables ($x) and with-blocks are refused with the
// template's name and line.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace tfpp::detail {

// A value inside a template: nothing, a flag, a text or a list of texts.
using doc_value = std::variant<std::monostate, bool, std::string, std::vector<std::string>>;
using doc_fields = std::map<std::string, doc_value, std::less<>>;
using doc_function = std::function<doc_value(const std::vector<doc_value>& args)>;
using doc_functions = std::map<std::string, doc_function, std::less<>>;

inline bool doc_truthy(const doc_value& v) {
    if (const bool* b = std::get_if<bool>(&v)) return *b;
    if (const std::string* s = std::get_if<std::string>(&v)) return !s->empty();
    if (const auto* l = std::get_if<std::vector<std::string>>(&v)) return !l->empty();
    return false;
}

inline std::string doc_text(const doc_value& v) {
    if (const bool* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (const std::string* s = std::get_if<std::string>(&v)) return *s;
    if (const auto* l = std::get_if<std::vector<std::string>>(&v)) {
        std::string out = "[";
        for (std::size_t i = 0; i < l->size(); ++i) out += (i ? " " : "") + (*l)[i];
        return out + "]";
    }
    return "<no value>";
}

// Go's %q of a string.
inline std::string go_quote(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default: out += c;
        }
    }
    return out + "\"";
}

class doc_template {
public:
    // Parses text; throws std::runtime_error naming `name` and the line.
    doc_template(std::string_view text, std::string name) : name_(std::move(name)) {
        parser p{*this, text};
        std::string_view stop;
        root_ = p.parse_list(stop);
        if (!stop.empty()) p.fail("unexpected {{" + std::string(stop) + "}}");
    }

    [[nodiscard]] std::string execute(const doc_fields& fields, const doc_functions& functions) const {
        std::string out;
        const scope s{&fields, {}, &functions};
        run(root_, s, out);
        return out;
    }

private:
    struct pipeline;
    // One operand of a command: a field (.Name), the dot, a literal, a
    // function's name or a parenthesized pipeline.
    struct operand {
        enum class kind { field, dot, literal, function, nested } what = kind::literal;
        std::string text;  // field or function name
        doc_value literal;
        std::shared_ptr<pipeline> nested;
    };
    using command = std::vector<operand>;
    struct pipeline {
        std::vector<command> commands;
        std::size_t line = 1;
    };
    struct node {
        enum class kind { text, action, if_, range } what = kind::text;
        std::string text;
        pipeline condition;  // action, if, range
        std::vector<node> body, otherwise;
    };
    struct scope {
        const doc_fields* fields;
        doc_value dot;  // inside range: the element; else the fields
        const doc_functions* functions;
    };

    struct parser {
        doc_template& self;
        std::string_view text;
        std::size_t pos = 0;
        std::size_t line = 1;
        bool trim_next = false;

        [[noreturn]] void fail(const std::string& why) const {
            throw std::runtime_error("tfpp: template " + self.name_ + ", line " + std::to_string(line) + ": " + why);
        }

        // Reads text and actions up to an {{else}} or {{end}}, returned in `stop`.
        std::vector<node> parse_list(std::string_view& stop) {
            std::vector<node> out;
            while (pos < text.size()) {
                std::size_t open = text.find("{{", pos);
                std::string_view chunk =
                    text.substr(pos, open == std::string_view::npos ? std::string_view::npos : open - pos);
                if (trim_next) {
                    while (!chunk.empty() && is_space(chunk.front())) chunk.remove_prefix(1);
                    trim_next = false;
                }
                if (open == std::string_view::npos) {
                    add_text(out, chunk);
                    count_lines(text.substr(pos));
                    pos = text.size();
                    break;
                }
                // Go trims only for "{{- " (a space after the dash).
                const std::string_view after = text.substr(open + 2, 2);
                const bool trim_before = after == "- " || after == "-\n" || after == "-\t";
                if (trim_before)
                    while (!chunk.empty() && is_space(chunk.back())) chunk.remove_suffix(1);
                add_text(out, chunk);
                count_lines(text.substr(pos, open - pos));
                std::size_t body_start = open + 2 + (trim_before ? 1 : 0);
                std::size_t close = find_close(body_start);
                if (close == std::string_view::npos) fail("an action {{ has no closing }}");
                std::string_view body = text.substr(body_start, close - body_start);
                bool trim_after = false;
                if (body.size() >= 2 && body.back() == '-' && is_space(body[body.size() - 2])) {
                    trim_after = true;
                    body.remove_suffix(1);
                } else if (body == "-") {
                    trim_after = true;
                    body = {};
                }
                const std::size_t action_line = line;
                count_lines(text.substr(open, close + 2 - open));
                pos = close + 2;
                trim_next = trim_after;
                body = trim(body);
                if (body.starts_with("/*")) {
                    if (!body.ends_with("*/")) fail("a comment must end with */ right before }}");
                    continue;
                }
                const std::string_view keyword = body.substr(0, body.find_first_of(" \t\n"));
                const std::string_view rest = trim(body.substr(keyword.size()));
                if (keyword == "end" || keyword == "else") {
                    stop = body;
                    return out;
                }
                if (keyword == "if" || keyword == "range") {
                    node n;
                    n.what = keyword == "if" ? node::kind::if_ : node::kind::range;
                    n.condition = parse_pipeline(rest, action_line);
                    parse_branches(n, keyword);
                    out.push_back(std::move(n));
                    continue;
                }
                if (keyword == "with" || keyword == "define" || keyword == "template" || keyword == "block" ||
                    body.starts_with("$"))
                    fail("{{" + std::string(keyword) + "}} is not supported by tfpp's documentation templates");
                node n;
                n.what = node::kind::action;
                n.condition = parse_pipeline(body, action_line);
                out.push_back(std::move(n));
            }
            return out;
        }

        // After {{if}} or {{range}}: the body, then {{else}} / {{else if}} / {{end}}.
        void parse_branches(node& n, std::string_view keyword) {
            std::string_view stop;
            n.body = parse_list(stop);
            if (stop.empty()) fail("{{" + std::string(keyword) + "}} has no {{end}}");
            if (stop == "end") return;
            const std::string_view rest = trim(stop.substr(4));
            if (rest.starts_with("if ") && keyword == "if") {  // else if: a nested if that shares the end
                node inner;
                inner.what = node::kind::if_;
                inner.condition = parse_pipeline(trim(rest.substr(3)), line);
                parse_branches(inner, "if");
                n.otherwise.push_back(std::move(inner));
                return;
            }
            if (!rest.empty()) fail("unexpected {{" + std::string(stop) + "}}");
            std::string_view end;
            n.otherwise = parse_list(end);
            if (end != "end") fail("{{" + std::string(keyword) + "}} ... {{else}} has no {{end}}");
        }

        std::size_t find_close(std::size_t from) const {
            bool in_string = false;
            char quote = 0;
            for (std::size_t i = from; i + 1 < text.size(); ++i) {
                const char c = text[i];
                if (in_string) {
                    if (c == '\\' && quote == '"') ++i;
                    else if (c == quote) in_string = false;
                } else if (c == '"' || c == '`') {
                    in_string = true;
                    quote = c;
                } else if (c == '}' && text[i + 1] == '}') {
                    return i;
                }
            }
            return std::string_view::npos;
        }

        pipeline parse_pipeline(std::string_view s, std::size_t at) {
            pipeline p;
            p.line = at;
            std::size_t i = 0;
            p.commands.emplace_back();
            while (true) {
                while (i < s.size() && is_space(s[i])) ++i;
                if (i >= s.size()) break;
                const char c = s[i];
                if (c == '|') {
                    if (p.commands.back().empty()) fail("a pipe | with nothing before it");
                    p.commands.emplace_back();
                    ++i;
                } else if (c == '(') {
                    std::size_t depth = 0, j = i;
                    for (; j < s.size(); ++j) {
                        if (s[j] == '(') ++depth;
                        else if (s[j] == ')' && --depth == 0) break;
                    }
                    if (j >= s.size()) fail("a ( has no closing )");
                    operand o;
                    o.what = operand::kind::nested;
                    o.nested = std::make_shared<pipeline>(parse_pipeline(s.substr(i + 1, j - i - 1), at));
                    p.commands.back().push_back(std::move(o));
                    i = j + 1;
                } else if (c == '"' || c == '`') {
                    std::string value;
                    std::size_t j = i + 1;
                    for (; j < s.size() && s[j] != c; ++j) {
                        if (c == '"' && s[j] == '\\' && j + 1 < s.size()) {
                            const char e = s[++j];
                            value += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                        } else {
                            value += s[j];
                        }
                    }
                    if (j >= s.size()) fail("a string has no closing quote");
                    operand o;
                    o.literal = std::move(value);
                    p.commands.back().push_back(std::move(o));
                    i = j + 1;
                } else if (c == ')') {
                    fail("a ) without its (");
                } else {
                    std::size_t j = i;
                    while (j < s.size() && !is_space(s[j]) && s[j] != '|' && s[j] != '(' && s[j] != ')') ++j;
                    const std::string_view word = s.substr(i, j - i);
                    operand o;
                    if (word == ".") {
                        o.what = operand::kind::dot;
                    } else if (word.starts_with(".")) {
                        o.what = operand::kind::field;
                        o.text = word.substr(1);
                        if (o.text.find('.') != std::string::npos)
                            fail("field chains like " + std::string(word) + " are not supported");
                    } else if (word == "true" || word == "false") {
                        o.literal = word == "true";
                    } else if (word == "nil") {
                    } else if (word.starts_with("$")) {
                        fail("variables like " + std::string(word) + " are not supported");
                    } else {
                        o.what = operand::kind::function;
                        o.text = word;
                    }
                    p.commands.back().push_back(std::move(o));
                    i = j;
                }
            }
            if (p.commands.back().empty()) fail("an empty pipeline");
            return p;
        }

        void add_text(std::vector<node>& out, std::string_view chunk) {
            if (chunk.empty()) return;
            node n;
            n.text = chunk;
            out.push_back(std::move(n));
        }
        void count_lines(std::string_view s) {
            for (const char c : s) line += c == '\n';
        }
        static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
        static std::string_view trim(std::string_view s) {
            while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
            while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
            return s;
        }
    };

    [[noreturn]] void fail(std::size_t line, const std::string& why) const {
        throw std::runtime_error("tfpp: template " + name_ + ", line " + std::to_string(line) + ": " + why);
    }

    void run(const std::vector<node>& nodes, const scope& s, std::string& out) const {
        for (const node& n : nodes) {
            switch (n.what) {
            case node::kind::text: out += n.text; break;
            case node::kind::action: out += doc_text(evaluate(n.condition, s)); break;
            case node::kind::if_: run(doc_truthy(evaluate(n.condition, s)) ? n.body : n.otherwise, s, out); break;
            case node::kind::range: {
                const doc_value list = evaluate(n.condition, s);
                const auto* items = std::get_if<std::vector<std::string>>(&list);
                if (items == nullptr && doc_truthy(list))
                    fail(n.condition.line, "range over a value that is not a list");
                if (items == nullptr || items->empty()) {
                    run(n.otherwise, s, out);
                    break;
                }
                for (const std::string& item : *items) run(n.body, scope{s.fields, item, s.functions}, out);
                break;
            }
            }
        }
    }

    doc_value evaluate(const pipeline& p, const scope& s) const {
        doc_value piped;
        bool has_piped = false;
        for (const command& c : p.commands) {
            piped = call(c, s, p.line, has_piped ? &piped : nullptr);
            has_piped = true;
        }
        return piped;
    }

    doc_value operand_value(const operand& o, const scope& s, std::size_t line) const {
        switch (o.what) {
        case operand::kind::literal: return o.literal;
        case operand::kind::dot:
            if (std::holds_alternative<std::monostate>(s.dot)) fail(line, "{{.}} outside a range has no value here");
            return s.dot;
        case operand::kind::nested: return evaluate(*o.nested, s);
        case operand::kind::field: {
            if (!std::holds_alternative<std::monostate>(s.dot))
                fail(line, "." + o.text + " inside a range: the dot is the element there");
            const auto it = s.fields->find(o.text);
            if (it == s.fields->end()) fail(line, "this template has no field ." + o.text);
            return it->second;
        }
        case operand::kind::function: return call({o}, s, line, nullptr);
        }
        return {};
    }

    doc_value call(const command& c, const scope& s, std::size_t line, const doc_value* piped) const {
        if (c.front().what != operand::kind::function) {
            if (c.size() > 1 || piped) fail(line, "only a function can take arguments or a piped value");
            return operand_value(c.front(), s, line);
        }
        const std::string& name = c.front().text;
        std::vector<doc_value> args;
        // and / or evaluate lazily in Go; their operands here have no side effects.
        for (std::size_t i = 1; i < c.size(); ++i) args.push_back(operand_value(c[i], s, line));
        if (piped) args.push_back(*piped);
        if (name == "and" || name == "or") {
            if (args.empty()) fail(line, name + " needs arguments");
            for (const doc_value& a : args)
                if (doc_truthy(a) == (name == "or")) return a;
            return args.back();
        }
        if (name == "not") {
            if (args.size() != 1) fail(line, "not takes one argument");
            return !doc_truthy(args[0]);
        }
        if (name == "eq" || name == "ne") {
            if (args.size() < 2) fail(line, name + " takes two arguments");
            bool equal = false;
            for (std::size_t i = 1; i < args.size(); ++i) equal = equal || args[0] == args[i];
            return name == "eq" ? equal : !equal;
        }
        if (name == "len") {
            if (args.size() != 1) fail(line, "len takes one argument");
            if (const auto* l = std::get_if<std::vector<std::string>>(&args[0])) return std::to_string(l->size());
            return std::to_string(doc_text(args[0]).size());
        }
        if (name == "print") {
            std::string out;
            for (const doc_value& a : args) out += doc_text(a);
            return out;
        }
        if (name == "printf") return printf(args, line);
        const auto it = s.functions->find(name);
        if (it == s.functions->end()) fail(line, "function \"" + name + "\" not defined");
        try {
            return it->second(args);
        } catch (const std::exception& e) {
            fail(line, "error calling " + name + ": " + e.what());
        }
    }

    doc_value printf(const std::vector<doc_value>& args, std::size_t line) const {
        if (args.empty()) fail(line, "printf needs a format");
        const std::string format = doc_text(args[0]);
        std::string out;
        std::size_t next = 1;
        for (std::size_t i = 0; i < format.size(); ++i) {
            if (format[i] != '%' || i + 1 >= format.size()) {
                out += format[i];
                continue;
            }
            const char verb = format[++i];
            if (verb == '%') {
                out += '%';
                continue;
            }
            if (next >= args.size()) fail(line, "printf has fewer arguments than verbs");
            const std::string arg = doc_text(args[next++]);
            if (verb == 'q') out += go_quote(arg);
            else if (verb == 's' || verb == 'v' || verb == 'd') out += arg;
            else fail(line, std::string("printf verb %") + verb + " is not supported");
        }
        return out;
    }

    std::string name_;
    std::vector<node> root_;
};

}  // namespace tfpp::detail
