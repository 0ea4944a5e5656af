"""One screen per module; the app imports each when it is first opened."""
