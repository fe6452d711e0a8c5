// The consumer's unit test, with tfpp/testing.hpp and no test framework:
// create, an empty plan, an in-place update, each checked by tfpp's engine.
#include "consumer_provider.hpp"

#include <tfpp/testing.hpp>

#include <cstdio>

int main() {
    tfpp::testing::provider_under_test<consumer::provider> p;
    consumer::note_model config;
    config.text = "first";
    auto created = p.create<consumer::note>(config);
    if (!created.failure.empty()) {
        std::printf("create: %s\n", created.failure.c_str());
        return 1;
    }
    if (!created.state || !(created.state->id == "first")) {
        std::printf("create: the id is not the text\n");
        return 1;
    }
    config.text = "second";
    auto updated = p.update<consumer::note>(created, config);
    if (!updated.failure.empty()) {
        std::printf("update: %s\n", updated.failure.c_str());
        return 1;
    }
    if (!updated.state || !(updated.state->id == "second")) {
        std::printf("update: the id does not follow the text\n");
        return 1;
    }
    std::printf("consumer_note: create and update pass\n");
    return 0;
}
