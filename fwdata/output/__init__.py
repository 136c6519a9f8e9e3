"""Output stage: render the planned outputs and write them, with catalog and previews, to the build folder at once."""
