resource "random_uuid4" "request" {
  keepers = {
    deployment = "blue"
  }
}
