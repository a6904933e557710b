#!/bin/sh
# Leaves a FIFO where the file was: edit must refuse it, not wait on it.
rm -f "$1"
mkfifo "$1"
