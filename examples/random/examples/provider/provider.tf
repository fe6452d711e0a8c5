terraform {
  required_providers {
    random = {
      source = "hashicorp/random"
    }
  }
}

# No configuration: each value is drawn when its resource is created.
provider "random" {}
