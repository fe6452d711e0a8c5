ephemeral "random_bytes" "session_key" {
  length = 32
}
