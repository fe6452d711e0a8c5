terraform {
  required_providers {
    local = {
      source = "tfpp/local"
    }
  }
}

provider "local" {
  base_directory = "${path.root}/out"
}
