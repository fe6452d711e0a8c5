// A function that encodes and decodes a model.
struct my_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::vector<std::string>> tags;
};

[[maybe_unused]] void codecs(my_model model) {
    tfpp::diagnostics diags;
// @snippet
}
