# result,min,max or result,min,max,seed
terraform import random_integer.priority 15390,1,50000
