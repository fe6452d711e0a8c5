output "config_path" {
  value = provider::local::join_path("etc", "app", "config.yaml") # "etc/app/config.yaml"
}
