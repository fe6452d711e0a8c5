// The C++ side of the codec benchmark (bench/codec/run.py drives it and the Go
// side on the same files). For each case it decodes and re-encodes the state
// with tfpp's typed models, with tfpp::dynamic, and with a bare msgpack-cxx
// parse of the same bytes (the floor), alternating the implementations round
// by round so that load changes on a shared machine hit all of them.
//
//   tfpp_codec_bench run DIR [-seconds S] [-cases small-list,...]
//
// One JSON line per case and implementation, in the Go side's format.
#include "../timing.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>

#include <msgpack.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace bench {

// The Go generator's state type (bench/codec/go/gen.go), as a model.
struct address {
    std::string host;
    std::string zone;
};
struct item {
    std::string name;
    std::int64_t port;
    bool enabled;
    double weight;
    std::map<std::string, std::string> tags;
    bench::address address;
};
struct state_list {
    tfpp::value<std::string> id;
    tfpp::value<std::string> name;
    tfpp::value<std::vector<item>> items;
};
struct state_set {
    tfpp::value<std::string> id;
    tfpp::value<std::string> name;
    tfpp::value<tfpp::set<item>> items;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// One implementation: decode the input into its own representation, encode
// that representation back. Both run many times; each keeps its last result.
struct implementation {
    std::string name;
    std::function<bool()> decode;
    std::function<std::string()> encode;  // returns the bytes (for the identity check)
    std::vector<double> decode_ns, encode_ns;
    int decode_batch = 1, encode_batch = 1;
    bool identical = false;
    std::string error;
};

// Enough repetitions that one sample lasts at least 2 ms.
template <class F>
int calibrate(F&& f) {
    int batch = 1;
    while (batch < 100000 && time_batch(f, batch) * batch < 2e6) batch *= 2;
    return batch;
}

template <class Model>
implementation typed(const std::string& bytes, Model& model) {
    implementation im;
    im.name = "tfpp";
    im.decode = [&bytes, &model] {
        tfpp::diagnostics d;
        return tfpp::decode_msgpack(bytes, model, d);
    };
    im.encode = [&model] { return tfpp::to_msgpack(model); };
    return im;
}

void run_case(const std::string& dir, const std::string& name, double seconds) {
    const std::string bytes = read_file(dir + "/" + name + ".msgpack");
    const std::string type_text = read_file(dir + "/" + name + ".type.json");
    tfpp::diagnostics d;
    const auto t = tfpp::parse_type_json(type_text, d);
    if (!t) throw std::runtime_error(name + ": bad type JSON");

    state_list as_list;
    state_set as_set;
    tfpp::dynamic generic;
    msgpack::object_handle tree;

    std::vector<implementation> impls;
    if (name.ends_with("-set")) impls.push_back(typed(bytes, as_set));
    else impls.push_back(typed(bytes, as_list));
    {
        implementation im;
        im.name = "tfpp-dynamic";
        im.decode = [&] {
            tfpp::diagnostics dd;
            return tfpp::decode_msgpack(bytes, *t, generic, dd);
        };
        im.encode = [&] { return tfpp::to_msgpack(generic, *t); };
        impls.push_back(std::move(im));
    }
    {
        implementation im;
        im.name = "msgpack-cxx";
        im.decode = [&] {
            tree = msgpack::unpack(bytes.data(), bytes.size());
            return true;
        };
        im.encode = [&] {
            msgpack::sbuffer buf;
            msgpack::pack(buf, tree.get());
            return std::string(buf.data(), buf.size());
        };
        impls.push_back(std::move(im));
    }

    // Check, calibrate and warm up each implementation once.
    for (auto& im : impls) {
        if (!im.decode()) {
            im.error = "decode failed";
            continue;
        }
        im.identical = im.encode() == bytes;
        im.decode_batch = calibrate([&] { im.decode(); });
        im.encode_batch = calibrate([&] { (void)im.encode(); });
    }
    // Measure in alternating rounds until the time is spent (at least 5 rounds).
    const auto budget = std::chrono::duration<double>(seconds * static_cast<double>(impls.size()));
    const auto start = clock::now();
    for (int round = 0; round < 5 || clock::now() - start < budget; ++round) {
        if (round > 100000) break;
        for (auto& im : impls) {
            if (!im.error.empty()) continue;
            im.decode_ns.push_back(time_batch([&] { im.decode(); }, im.decode_batch));
            im.encode_ns.push_back(time_batch([&] { (void)im.encode(); }, im.encode_batch));
        }
    }
    for (const auto& im : impls) {
        std::printf(
            "{\"impl\":\"%s\",\"case\":\"%s\",\"bytes\":%zu,\"decode_ns_median\":%.1f,\"decode_ns_p90\":%.1f,"
            "\"encode_ns_median\":%.1f,\"encode_ns_p90\":%.1f,\"runs\":%zu,\"identical\":%s%s%s%s}\n",
            im.name.c_str(), name.c_str(), bytes.size(), quantile(im.decode_ns, 0.5), quantile(im.decode_ns, 0.9),
            quantile(im.encode_ns, 0.5), quantile(im.encode_ns, 0.9), im.decode_ns.size(),
            im.identical ? "true" : "false", im.error.empty() ? "" : ",\"error\":\"", im.error.c_str(),
            im.error.empty() ? "" : "\"");
        std::fflush(stdout);
    }
}

}  // namespace bench

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() < 2 || args[0] != "run") {
        std::fprintf(stderr, "usage: %s run DIR [-seconds S] [-cases a,b]\n", argv[0]);
        return 2;
    }
    const std::string dir = args[1];
    double seconds = 3;
    std::vector<std::string> cases = {"small-list", "small-set",  "medium-list",
                                      "medium-set", "large-list", "large-set"};
    for (std::size_t i = 2; i + 1 < args.size(); i += 2) {
        if (args[i] == "-seconds") {
            seconds = std::stod(args[i + 1]);
        } else if (args[i] == "-cases") {
            cases.clear();
            std::stringstream s(args[i + 1]);
            for (std::string c; std::getline(s, c, ',');) cases.push_back(c);
        } else {
            std::fprintf(stderr, "unknown option %s\n", args[i].c_str());
            return 2;
        }
    }
    try {
        for (const auto& c : cases) bench::run_case(dir, c, seconds);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tfpp_codec_bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
