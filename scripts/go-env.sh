# The Go environment every script and test builds with, whatever the
# caller's says: modules come from the public proxy only, each checked
# against the checksum database; a module's own go.sum is never rewritten
# (-mod=readonly is Go's default once GOFLAGS names no -mod). Sourced.
export GOPROXY=https://proxy.golang.org
export GOSUMDB=sum.golang.org
export GONOSUMDB= GONOSUMCHECK= GONOSUMIGNORE= GOINSECURE= GOPRIVATE= GONOPROXY=
export GOFLAGS=-buildvcs=false
export GOTOOLCHAIN=local
