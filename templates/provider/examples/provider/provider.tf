terraform {
  required_providers {
    scaffold = {
      source = "example/scaffold"
    }
  }
}

provider "scaffold" {
  directory = "${path.root}/notes"
}
