resource "local_directory" "site" {
  path = "site"

  files = {
    "index.html" = { content = "<h1>Hello</h1>\n" }
    "secret.txt" = { content = "42\n", permission = "0600" }
  }

  symlink {
    name   = "home.html"
    target = "index.html"
  }

  timeouts {
    create = "2m"
  }
}
