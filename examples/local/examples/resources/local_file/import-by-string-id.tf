import {
  to = local_file.motd
  id = "/srv/motd.txt"
}
