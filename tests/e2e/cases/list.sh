setup init --sample
gc list
gc list --where status=Operational --where country=US
gc list --where country=Switzerland
gc list --where owner=cineca
gc list --search "experiment scale"
gc list --search "tomahawk"
gc list --search "berkeley lab"
gc list --search 'quote" OR "x'
gc list --search nothing-matches-this
gc list --sort gpus_installed --reverse
gc list --sort gpus_instaled
gc --json list --where gpu_maker=NVIDIA --sort gpus_installed
gc list --sort power_mw
gc list --sort city
