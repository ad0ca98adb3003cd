"""Paper: the module face's geometry, its SVG and PDF painter, printable sheets and the manual."""
