resource "random_password" "database" {
  length           = 24
  override_special = "!#%-_=+"
  min_special      = 2
  min_numeric      = 2
  keepers = {
    rotate = "2026-01" # change it for a new password
  }
}
