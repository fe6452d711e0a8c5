// The kinds hold a `provider& p;`: the provider is declared first and defined
// by the snippet after them; then it is checked as serve<P>() checks it.
struct provider;
// @snippet
static_assert(tfpp::valid_provider<provider>);
