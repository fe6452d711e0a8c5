// Command codecbench is the Go anchor of tfpp's msgpack codec benchmark.
//
// It generates the Terraform-state-shaped msgpack inputs shared with the C++
// benchmark ("gen") and measures how fast go-cty and terraform-plugin-go's
// tftypes decode and re-encode them ("run"). See bench/codec/run.py for the
// driver that runs both sides and prints the comparison.
package main

import (
	"fmt"
	"os"
)

func usage() {
	fmt.Fprintf(os.Stderr, `usage:
  codecbench gen DIR
      write DIR/{small,medium,large}-{list,set}.msgpack and .type.json
  codecbench run DIR [-seconds S] [-cases small-list,...] [-impl go-cty,tftypes]
      time decode and encode of each case; one JSON line per case and impl
  codecbench versions
      print the Go, go-cty and terraform-plugin-go versions as JSON
`)
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = cmdGen(os.Args[2:])
	case "run":
		err = cmdRun(os.Args[2:])
	case "versions":
		err = cmdVersions()
	case "-h", "-help", "--help", "help":
		usage()
		return
	default:
		usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "codecbench %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}
