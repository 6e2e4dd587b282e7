"""A fourth game system that exists only for the tests: the coin-flip duel. It plugs in
through the catalogue alone (``catalogue.install(PLUGIN)``), with no change to any cog,
and is the example of ``docs/COGS.md``."""
