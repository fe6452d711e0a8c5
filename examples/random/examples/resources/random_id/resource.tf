resource "random_id" "bucket" {
  byte_length = 8
  prefix      = "logs-"
}

output "bucket_name" {
  value = random_id.bucket.hex # "logs-" and 16 hexadecimal digits
}
