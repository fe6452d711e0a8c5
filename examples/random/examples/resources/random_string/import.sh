# The string itself.
terraform import random_string.suffix "a1b2c3d4"
