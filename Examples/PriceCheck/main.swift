print("price-check")
