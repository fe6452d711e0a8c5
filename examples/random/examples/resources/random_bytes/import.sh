# The bytes in standard base64.
terraform import random_bytes.hmac_key "TiPQlUo2oqclPRaZTw4Meg=="
