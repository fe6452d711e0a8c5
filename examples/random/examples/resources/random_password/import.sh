# The password itself.
terraform import random_password.database "s3cret-from-elsewhere"
