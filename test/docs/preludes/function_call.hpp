// Inside a function's call(): its parameters (file_mode's and join_path's of
// docs/functions.md together), the context and the index of a variadic one.
struct parameters {
    std::string mode;
    tfpp::variadic<std::string> more;
};

[[maybe_unused]] void call(const parameters& args, tfpp::context& ctx, std::size_t i) {
    (void)args;
// @snippet
}
