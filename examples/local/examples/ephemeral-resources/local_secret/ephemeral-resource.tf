ephemeral "local_secret" "password" {
  filename = "password.txt"
}

# Ephemeral values go where nothing is stored: write-only attributes,
# provider configurations, other ephemeral resources.
resource "local_sensitive_file" "password_copy" {
  filename           = "password-copy.txt"
  content_wo         = ephemeral.local_secret.password.content
  content_wo_version = 1
}
