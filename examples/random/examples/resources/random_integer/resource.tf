resource "random_integer" "priority" {
  min  = 1
  max  = 50000
  seed = "listener-1" # the same seed and range give the same result, as with the Go provider
}
