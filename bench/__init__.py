"""`make bench`: the product's speed, economy and footprint, measured side by side.

Nothing here is imported by the product. `bench.settings` mounts the floor view on
top of the real settings; `python -m bench.run` drives everything and writes
bench/results/latest.md and latest.json.
"""
