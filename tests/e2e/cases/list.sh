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
note "every spelling of a catalogued model is that model: --where gpu_model=H100 finds them all, and only them"
setup --db models.db init
for spelling in "H100" "NVIDIA H100 SXM5 80GB" "nvidia h100" "H100 PCIe" "NVIDIA H100 SXM5 94 GB" "NVIDIA H100 64GB"; do
    setup --db models.db add "h-$(echo "$spelling" | tr 'A-Z ' 'a-z-')" --set gpu_model="$spelling" --unsourced
done
setup --db models.db add not-h --set gpu_model="NVIDIA H200" --unsourced
setup --db models.db add a-ten --set gpu_model="A10" --unsourced
gc --db models.db list --where gpu_model=H100
gc --db models.db list --where gpu_model=A10
note "two spellings of one model are one model to the look-alike check"
setup --db models.db add mi-one --name "Site One" --set owner=Lab --set gpu_model=MI250X --set gpus_installed=1000 --unsourced
setup --db models.db add mi-two --name "Site Two" --set owner=Lab --set gpu_model="AMD Radeon Instinct MI250X" --set gpus_installed=1000 --unsourced
gc --db models.db verify mi-one --rule possible-duplicate
