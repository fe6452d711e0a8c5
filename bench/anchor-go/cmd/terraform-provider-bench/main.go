// terraform-provider-bench: the benchmark provider on
// terraform-plugin-framework, with thingCount bench_thing types (set at link
// time: -ldflags "-X main.thingCount=N") and the two items resources.
package main

import (
	"context"
	"flag"
	"log"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/tfpp/tfpp/bench/anchor-go/internal/bench"
)

var thingCount = "1"

func main() {
	debug := flag.Bool("debug", false, "serve in debug mode: print TF_REATTACH_PROVIDERS and run until interrupted")
	flag.Parse()
	n, err := strconv.Atoi(thingCount)
	if err != nil || n < 0 {
		log.Fatalf("thingCount %q is not a count of resource types", thingCount)
	}
	err = providerserver.Serve(context.Background(), bench.New(n, true), providerserver.ServeOpts{
		Address: "registry.opentofu.org/tfpp/bench",
		Debug:   *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
