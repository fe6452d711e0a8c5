# Never stored: hand it to a write-only attribute or a provider's configuration.
ephemeral "random_password" "admin" {
  length      = 20
  min_numeric = 2
}
