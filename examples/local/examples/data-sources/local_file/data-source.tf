data "local_file" "motd" {
  filename = "motd.txt"
}

output "motd" {
  value = data.local_file.motd.content
}
