print("Demo")
