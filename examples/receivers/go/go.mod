module example.com/receiver

go 1.19
