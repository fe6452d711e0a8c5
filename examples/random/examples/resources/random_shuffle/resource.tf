resource "random_shuffle" "zones" {
  input        = ["us-east-1a", "us-east-1b", "us-east-1c", "us-east-1d"]
  result_count = 2
}
