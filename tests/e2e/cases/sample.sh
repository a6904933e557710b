note "init --sample creates the database and loads the bundled records in one changeset"
setup init --sample
sql "SELECT count(*) FROM changeset"
sql "SELECT id FROM cluster ORDER BY id"
note "the seed record page, field by field"
gc show bytedance-megascale-ampere
gc show bytedance-megascale-ampere --quotes
gc list
note "loading the sample again changes nothing"
gc init --sample
sql "SELECT count(*) FROM changeset"
note "every set value of the sample carries a citation with a quote"
sql "SELECT count(*) FROM current_field f WHERE f.state = 'set' AND NOT EXISTS (SELECT 1 FROM citation t WHERE t.claim_id = f.claim_id AND t.quote <> '')"
note "the views answer without the tool"
sql "SELECT id, gpu_maker, gpu_model, gpus_installed, status, country FROM current_cluster ORDER BY id"
sql "SELECT field, state, value FROM current_field WHERE cluster_id = 'bytedance-megascale-ampere' ORDER BY field"
note "blame names, for every field of the sample record, the changeset and the source that set it"
gc blame bytedance-megascale-ampere
