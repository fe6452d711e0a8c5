// terraform-provider-local: examples/local on terraform-plugin-framework.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/tfpp/tfpp/bench/anchor-go/internal/local"
)

func main() {
	debug := flag.Bool("debug", false, "serve in debug mode: print TF_REATTACH_PROVIDERS and run until interrupted")
	flag.Parse()
	err := providerserver.Serve(context.Background(), local.New, providerserver.ServeOpts{
		Address: "registry.opentofu.org/tfpp/local",
		Debug:   *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
