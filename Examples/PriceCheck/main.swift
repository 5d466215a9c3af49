SimulateDaysMode.runIfRequested()
print("price-check")
