ephemeral "local_secret" "token" {
  filename = "token.txt"
}

resource "local_sensitive_file" "token_copy" {
  filename           = "token-copy.txt"
  content_wo         = ephemeral.local_secret.token.content
  content_wo_version = 1
}
