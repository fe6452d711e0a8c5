terraform import random_uuid4.request "d0c2d5d9-13f7-43fa-b745-98a008c0c019"
