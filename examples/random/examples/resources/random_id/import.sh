# b64_url, with the prefix before a comma when there is one.
terraform import random_id.bucket "logs-,p2RnCir4UCc"
