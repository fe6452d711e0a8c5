// terraform-provider-noop: the no-op floor of the end-to-end benchmark,
// served as provider "bench" with bench_thing_0000 only (internal/noop).
package main

import (
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/tfpp/tfpp/bench/anchor-go/internal/noop"
)

func main() {
	debug := flag.Bool("debug", false, "serve in debug mode: print TF_REATTACH_PROVIDERS and run until interrupted")
	flag.Parse()
	var opts []tf6server.ServeOpt
	if *debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	err := tf6server.Serve("registry.opentofu.org/tfpp/bench",
		func() tfprotov6.ProviderServer { return noop.New() }, opts...)
	if err != nil {
		log.Fatal(err)
	}
}
