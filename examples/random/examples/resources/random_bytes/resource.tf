resource "random_bytes" "hmac_key" {
  length = 32
  keepers = {
    rotation = "2026-q1"
  }
}
