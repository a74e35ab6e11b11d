module parcelportal

go 1.26
