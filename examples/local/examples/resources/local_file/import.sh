# The ID is the file's path.
terraform import local_file.motd /srv/motd.txt
