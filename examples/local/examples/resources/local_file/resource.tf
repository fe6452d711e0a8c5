resource "local_file" "motd" {
  filename        = "motd.txt"
  content         = "Welcome!\n"
  file_permission = "0640"
}
