output "mode" {
  value = provider::local::file_mode("0640") # 416
}
