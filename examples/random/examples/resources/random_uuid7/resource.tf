resource "random_uuid7" "request" {
  keepers = {
    deployment = "blue"
  }
}
