#!/bin/sh
# A new city, its old citation left as it was: that evidence backs the old value, not this one.
sed -i 's/^value = "Zurich"$/value = "Geneva"/' "$1"
