// ColorTags: what the colour tags of PNG, JPEG, HEIF/AVIF and ICC files say, and whether they hold together.
