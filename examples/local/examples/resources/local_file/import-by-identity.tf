import {
  to = local_file.motd
  identity = {
    path = "/srv/motd.txt"
  }
}
