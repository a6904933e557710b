note "issue 32: each class the reader judges, a record of its own, all cited to operator sources (so no press rule can hide a miss)"
setup init
record() {  # ID FIELD VALUE QUOTE [more --set ...]
    local id=$1 field=$2 value=$3 quote=$4
    shift 4
    setup add "$id" --set "$field=$value" "$@" --source "https://operator.example/$id" --kind operator \
        --quote "$quote" || echo "add $id failed"
}
# Each finding of `verify --json`, a line: cluster, field, rule, kind, severity.
findings() {
    echo "\$ gpuclusters verify $* --json (cluster field rule kind severity)"
    "$GPUCLUSTERS_BIN" verify "$@" --json > findings.json || true
    python3 -c '
import json, sys
for f in json.load(open("findings.json"))["findings"]:
    print(f["cluster"], f["field"], f["rule"], f.get("kind", "-"), f["severity"])'
}
reading_rules=(--rule planned-wording --rule count-bound --rule count-capacity --rule count-unit --rule h100-equivalents
               --rule count-other-model --rule power-unit --rule power-capacity --rule status-contradiction)

note "a modal that governs another predicate leaves the figure in service"
record subject-doing gpus_installed 8,192 "The machine's 8,192 GPUs will give climate scientists a tenfold speed-up."
record possessed gpus_installed 6,144 "Universities will be able to book time on its 6,144 GPUs until 2031."
record total-after gpus_installed 3,600 "It has 900 nodes, each with four accelerators, 3,600 in all."
gc verify subject-doing possessed total-after "${reading_rules[@]}"
note "... while a modal that governs the figure still makes it planned"
record will-install gpus_installed 8,192 "The centre will install 8,192 GPUs next spring."
record doubling gpus_installed 16,000 "The operator plans to double the cluster to 16,000 GPUs."
record approval gpus_installed 2,000 "The board approved the procurement of 2,000 GPUs for the new hall."
record more-arriving gpus_installed 3,000 "A further 3,000 GPUs are arriving in the third quarter."
record decommissioned gpus_installed 5,000 "The old system was decommissioned in 2023 after housing 5,000 GPUs."
findings will-install doubling approval more-arriving decommissioned "${reading_rules[@]}"

note "units: GCDs and servers counted as GPUs, in English and in other languages"
record gcds gpus_installed 12,000 "Each of its nodes exposes eight GCDs, 12,000 GCDs in total." --set gpu_model=MI250X
record servers gpus_installed 1,250 "The cluster is made of 1,250 servers."
record servern gpus_installed 1,250 "Das System besteht aus 1.250 Servern."
record noeuds gpus_installed 2,400 "Le calculateur compte 2 400 nœuds de calcul."
findings gcds servers servern noeuds "${reading_rules[@]}"

note "numbers in other notations back their values: a decimal comma, thousands words, other digits"
record decimal-comma power_mw 21.1 "Der Rechner nimmt im Betrieb 21,1 MW auf."
record thousand-words gpus_installed 5,000 "Система включает 5 тыс. графических ускорителей."
record mil gpus_installed 10,000 "El centro opera 10 mil GPUs."
record arabic-digits gpus_installed 1,200 "تضم المنظومة ١٢٠٠ GPU"
record chinese gpus_installed 16,000 "该集群部署了16000块H100显卡" --set gpu_model=H100
gc verify decimal-comma thousand-words mil arabic-digits chinese "${reading_rules[@]}"
gc quote "Der Rechner nimmt im Betrieb 21,1 MW auf; 4,8 GPUs; 5 тыс. серверов; ١٢٠٠ GPU"

note "power in service told apart from supply, peak, difference and energy"
record supply power_mw 30 "The site is fed by a 30 MW power supply."
record peak power_mw 25 "Its peak consumption is 25 MW."
record difference power_mw 2 "The new machine uses 2 MW less than its predecessor."
record energy power_mw 180 "Last year the system used 180 MWh."
record in-service power_mw 18.5 "The system draws 18.5 MW in production."
findings supply peak difference energy in-service "${reading_rules[@]}"
gc quote "Its peak consumption is 25 MW. The new machine uses 2 MW less. Last year it used 180 MWh."

note "a figure of another model than the record's"
record other-model gpus_installed 20,000 "The company has an order for 20,000 H100 GPUs." --set gpu_model=B200
record own-and-other gpus_installed 2,500 "Our peak compute is approximately 2.5K H100s and 2.5K A100s." --set gpu_model=H100
findings other-model own-and-other "${reading_rules[@]}"

note "status from the evidence: the notes and the quotes cited for status"
record production-started status operational "Production started in March 2024." --set status_notes="Production started in March 2024."
record being-deployed status operational "The system is being deployed in the new hall."
record month status operational "It will be fully operational in a month." --set status_notes="It will be fully operational in a month."
record partial status operational "The cluster is partially operational." --set status_notes="Running."
record through status operational "Users can expect it to be in operation through 2027."
record retired-note status operational "Shut down in 2022." --set status_notes="Shut down in 2022."
gc verify production-started being-deployed month partial through retired-note "${reading_rules[@]}"
findings being-deployed partial --rule status-contradiction
gc quote --status "The cluster is partially operational; the rest is being commissioned."
