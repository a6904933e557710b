setup init --sample
note "the sample passes (warnings only): exit 0"
gc verify
gc verify --list-rules
gc verify --explain h100-equivalents
note "configuration: gpuclusters.toml beside the database, or --config"
cat > gpuclusters.toml <<'TOML'
[severity]
stale-sources = "error"
[thresholds]
stale_source_days = 500
TOML
gc verify bytedance-megascale-ampere
printf '[severity]\nstale-sources = "off"\n' > quiet.toml
gc verify --config quiet.toml bytedance-megascale-ampere
rm gpuclusters.toml
note "an error-level finding makes verify exit 1"
setup add acme-one --name "Acme One" --set owner=Acme --set gpu_model=H100 --set status=operational \
   --set status_notes="Running since March 2026." --set gpus_installed=1,000 --unsourced
gc verify acme-one
note "signing: refused with errors, granted once they are fixed"
gc verify --sign acme-one
setup cite acme-one gpus_installed --source https://example.org/acme --kind operator --quote "1,000 H100 GPUs"
for field in name owner gpu_model status status_notes; do
    setup cite acme-one $field --source https://example.org/acme --quote "Acme runs Acme One, 1,000 H100 GPUs, operational since March 2026"
done
gc verify acme-one
gc verify --sign acme-one -m "checked against the operator page"
gc show acme-one
gc list --verified yes
note "a later change makes the badge stale"
gc add acme-one --set city=Zurich --source https://example.org/acme --quote "Acme One in Zurich"
gc show acme-one --json
gc list --verified stale
gc list --verified no
gc show acme-one --as-of 9
note "accepting a finding with a reason; an acceptance that no longer fires is reported"
gc verify bytedance-megascale-ampere --accept stale-sources --reason "the paper is the only description of this cluster"
gc verify bytedance-megascale-ampere
gc verify bytedance-megascale-ampere --accept stale-sources --reason "again"
gc verify acme-one --accept unknown-model --reason "a test of stale acceptances"
gc verify acme-one
gc verify acme-one --unaccept unknown-model --reason "not needed"
note "bad input"
printf '[severity]\nno-such-rule = "error"\n' > bad.toml
gc verify --config bad.toml
printf '[severity]\nstale-sources = "loud"\n' > bad.toml
gc verify --config bad.toml
printf '[h100-equivalents]\npatterns = ["(unclosed"]\n' > bad.toml
gc verify --config bad.toml
printf '[planned-wording]\npatterns = ["pencilled in"]\n' > bad.toml
gc verify --config bad.toml
printf '[quote-reader]\nextra_planed = ["pencilled in"]\n' > bad.toml
gc verify --config bad.toml
printf 'not toml = = 1\n' > bad.toml
gc verify --config bad.toml
gc verify --config missing.toml
gc verify --explain no-such-rule
gc verify --rule no-such-rule
gc verify no-such-cluster
gc verify --accept stale-sources acme-one
gc verify --accept stale-sources --reason x
gc verify --sign
gc verify --severity loud
sql "SELECT count(*) FROM changeset"
note "describing the rules needs no database; modes exclude each other"
gc --db nowhere.db verify --explain derivation-mismatch
gc verify --list-rules --explain x
note "the log shows badges and acceptances; a revert withdraws them"
gc log -n 3
gc --json verify --sign alcf-aurora
gc list --verified yes
gc revert 14
gc list --verified yes
gc show alcf-aurora --json --as-of 14
gc revert 13
note "the same id twice in --sign is signed once"
gc verify --sign cscs-alps cscs-alps
note "look-alikes, across the whole database: scored on name and owner; acme-three shares the name alone, below the threshold"
setup add acme-two --name "ACME one!" --set owner=Acme --source https://example.org/acme --quote "Acme One"
setup add acme-three --name "Acme  One" --source https://example.org/acme --quote "Acme One"
gc verify --rule possible-duplicate
gc verify acme-two --rule possible-duplicate --json
gc verify acme-two --rule possible-duplicate --severity error --json
note "with --json, a check refused on its arguments prints nothing on standard output"
gc --json verify no-such-cluster
gc --json verify --as-of 999
