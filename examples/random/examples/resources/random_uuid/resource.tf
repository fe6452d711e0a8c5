resource "random_uuid" "request" {
  keepers = {
    deployment = "blue"
  }
}
