#!/bin/sh
# A derivation added under the count it makes.
sed -i 's/^value = 1000$/value = 1000\nderivation = "125 x 8"/' "$1"
