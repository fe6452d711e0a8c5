# Terraform 1.15+ with `terraform init -enable-pluggable-state-storage-experiment`
terraform {
  required_providers {
    local = {
      source = "tfpp/local"
    }
  }
  state_store "local_state_directory" {
    provider "local" {}
    path = "/srv/terraform/states/site"
  }
}
