// Precompiled once for serve_tests (Meson's cpp_pch): the harness's gRPC,
// protobuf and OpenSSL headers take about half of each file's compile time.
#include "../harness.hpp"
#include <tfplugin5.grpc.pb.h>
