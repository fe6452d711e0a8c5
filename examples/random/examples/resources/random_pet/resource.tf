resource "random_pet" "server" {
  length    = 3
  prefix    = "web"
  separator = "-"
}
