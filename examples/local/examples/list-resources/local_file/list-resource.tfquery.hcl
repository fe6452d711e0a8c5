# terraform query lists the .txt files of "notes";
# terraform query -generate-config-out=notes.tf writes their configuration.
list "local_file" "notes" {
  provider         = local
  include_resource = true

  config {
    directory = "notes"
    suffix    = ".txt"
  }
}
