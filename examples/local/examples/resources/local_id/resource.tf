# With Terraform 1.16 and later, `terraform plan` shows the id and created_at.
resource "local_id" "build" {
  prefix  = "build-"
  keepers = { version = "1" }
}
