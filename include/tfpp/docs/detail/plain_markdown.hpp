// Markdown to plain text, for the front matter's description, as
// tfplugindocs' `plainmarkdown` renders it: paragraphs and line breaks
// become single newlines; code spans, emphasis and headings keep only their
// text; a link keeps its text and, when absolute, its address; fenced code
// keeps its lines. Tables stay as written.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

inline std::string_view trim_left(std::string_view s, std::string_view chars = " \t") {
    const std::size_t i = s.find_first_not_of(chars);
    return i == std::string_view::npos ? std::string_view() : s.substr(i);
}

inline bool is_relative_link(std::string_view link) {
    return link.empty() || link[0] == '#' || (link[0] == '/' && (link.size() == 1 || link[1] != '/'));
}

// How many times s[i] repeats from i on.
inline std::size_t run_of(std::string_view s, std::size_t i) {
    const std::size_t end = s.find_first_not_of(s[i], i);
    return (end == std::string_view::npos ? s.size() : end) - i;
}

// The inline parts of one line of a paragraph.
inline std::string plain_inline(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (c == '\\' && i + 1 < s.size() &&
            std::string_view("\\`*_{}[]()#+-.!<>").find(s[i + 1]) != std::string_view::npos) {
            out += s[i + 1];
            i += 2;
        } else if (c == '`') {
            const std::size_t ticks = run_of(s, i);
            const std::string fence(ticks, '`');
            const std::size_t close = s.find(fence, i + ticks);
            if (close == std::string_view::npos) {
                out.append(fence);
                i += ticks;
                continue;
            }
            std::string_view code = s.substr(i + ticks, close - i - ticks);
            if (code.size() >= 2 && code.front() == ' ' && code.back() == ' ' &&
                code.find_first_not_of(' ') != std::string_view::npos)
                code = code.substr(1, code.size() - 2);
            out += code;
            i = close + ticks;
        } else if (c == '*' || c == '_') {
            const std::size_t run = run_of(s, i);
            const std::string marks(run, c);
            const std::size_t close = s.find(marks, i + run);
            const bool opens = i + run < s.size() && s[i + run] != ' ';
            if (opens && close != std::string_view::npos && s[close - 1] != ' ' &&
                (c == '*' || i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])))) {
                out += plain_inline(s.substr(i + run, close - i - run));
                i = close + run;
            } else {
                out.append(marks);
                i += run;
            }
        } else if (c == '!' && i + 1 < s.size() && s[i + 1] == '[') {  // images are left out
            const std::size_t close = s.find("](", i);
            const std::size_t end = close == std::string_view::npos ? close : s.find(')', close);
            if (end == std::string_view::npos) {
                out += c;
                ++i;
            } else {
                i = end + 1;
            }
        } else if (c == '[') {
            const std::size_t close = s.find("](", i);
            const std::size_t end = close == std::string_view::npos ? close : s.find(')', close);
            if (end == std::string_view::npos) {
                out += c;
                ++i;
                continue;
            }
            out += plain_inline(s.substr(i + 1, close - i - 1));
            const std::string_view target = s.substr(close + 2, end - close - 2);
            const std::string_view address = target.substr(0, target.find(' '));
            if (!is_relative_link(address)) out += " " + std::string(address);
            i = end + 1;
        } else if (c == '<' && (s.substr(i + 1).starts_with("http://") || s.substr(i + 1).starts_with("https://")) &&
                   s.find('>', i) != std::string_view::npos) {
            const std::size_t end = s.find('>', i);
            out += s.substr(i + 1, end - i - 1);
            i = end + 1;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

inline std::string plain_markdown(std::string_view markdown) {
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start <= markdown.size();) {
        const std::size_t end = markdown.find('\n', start);
        lines.push_back(markdown.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    std::string out;
    const auto separate = [&] {
        if (!out.empty()) out += '\n';
    };
    const auto blank = [](std::string_view l) { return l.find_first_not_of(" \t\r") == std::string_view::npos; };
    for (std::size_t i = 0; i < lines.size();) {
        std::string_view line = lines[i];
        if (blank(line)) {
            ++i;
            continue;
        }
        const std::string_view stripped = trim_left(line);
        if (stripped.starts_with("```") || stripped.starts_with("~~~")) {  // fenced code: its lines as they are
            separate();
            separate();
            const std::string_view fence = stripped.substr(0, 3);
            for (++i; i < lines.size() && !trim_left(lines[i]).starts_with(fence); ++i)
                out.append(lines[i]).append("\n");
            ++i;
            continue;
        }
        if (stripped.starts_with("#")) {  // a heading: its text
            separate();
            out += plain_inline(trim_left(trim_left(stripped, "#")));
            ++i;
            continue;
        }
        if (stripped.starts_with("|")) {  // a table, as written
            separate();
            for (; i < lines.size() && !blank(lines[i]); ++i) out.append(lines[i]);
            continue;
        }
        // A paragraph: its lines joined by newlines (soft line breaks).
        separate();
        bool first = true;
        for (; i < lines.size() && !blank(lines[i]); ++i) {
            std::string_view l = trim_left(lines[i]);
            while (!l.empty() && (l.back() == ' ' || l.back() == '\t' || l.back() == '\r')) l.remove_suffix(1);
            if (!first) separate();
            out += plain_inline(l);
            first = false;
        }
    }
    return out;
}

}  // namespace tfpp::detail
