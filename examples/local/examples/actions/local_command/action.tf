# Run with: terraform apply -invoke=action.local_command.backup
action "local_command" "backup" {
  config {
    command     = ["tar", "-czf", "site.tar.gz", "site"]
    working_dir = "."
  }
}

# Or after each change of a resource
resource "local_file" "index" {
  filename = "site/index.html"
  content  = "<h1>Hello</h1>"
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.local_command.backup]
    }
  }
}
