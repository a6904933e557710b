# Values cited without a quote (verify's unquoted-value), and a mapping's quote columns: one
# shared by every field of a row (told once an import) or one a field.
setup init
cat > list.csv <<'CSV'
Name,Owner,GPUs,Model,Power (MW),Source,Quote,GPU quote,Power quote
Alpha,Acme,512,H100,1.2,https://example.org/alpha,"Acme's Alpha runs 512 H100 GPUs on 1.2 MW","Alpha runs 512 H100 GPUs","Alpha draws 1.2 MW"
Beta,Acme,64,H100,0.3,https://example.org/beta,Acme's Beta cluster,,Beta draws 0.3 MW
Gamma,Acme,128,H100,0.5,https://example.org/gamma,Acme's Gamma cluster,Gamma has 128 H100 GPUs,Gamma draws 0.5 MW
CSV
cat > shared.toml <<'TOML'
format = 1
[id]
column = "Name"
[sources]
columns = ["Source"]
quote_column = "Quote"
kind = "operator"
accessed = "2026-11-01"
[fields.owner]
column = "Owner"
[fields.gpus_installed]
column = "GPUs"
[fields.gpu_model]
column = "Model"
[fields.power_mw]
column = "Power (MW)"
TOML
note "one quote column for four fields: told once, not once a row or a value"
gc import --mapping shared.toml list.csv --dry-run
note "--json: the same notice, in the result"
"$GPUCLUSTERS_BIN" --json import --mapping shared.toml list.csv --dry-run 2>&1 | jq -c '{read, notices}'
note "a quote column a field: gpus_installed and power_mw quote their own; owner alone quotes Quote, so nothing is told"
cat > own.toml <<'TOML'
format = 1
[id]
column = "Name"
[sources]
columns = ["Source"]
quote_column = "Quote"
kind = "operator"
accessed = "2026-11-01"
[fields.owner]
column = "Owner"
[fields.gpus_installed]
column = "GPUs"
quote_column = "GPU quote"
[fields.power_mw]
column = "Power (MW)"
quote_column = "Power quote"
TOML
gc import --mapping own.toml list.csv
sql "SELECT cl.cluster_id, cl.field, ci.quote FROM claim cl JOIN citation ci ON ci.claim_id = cl.id WHERE cl.field IN ('owner', 'gpus_installed', 'power_mw') ORDER BY cl.cluster_id, cl.field"
note "verify: Beta's GPU count cites its source with no quote (its cell is empty)"
gc verify --rule unquoted-value --rule uncited-value
note "a value cited with a quote, or with no citation at all (uncited-value's), is not unquoted-value's"
gc add delta --set owner=Acme --source https://example.org/delta --kind operator --quote "Acme's Delta" --quiet
gc add epsilon --set owner=Acme --unsourced --quiet
gc add zeta --set owner=Acme --source https://example.org/zeta --kind operator --quiet
gc verify delta epsilon zeta --rule unquoted-value --rule uncited-value
note "cited again with a quote, the value is checkable"
gc cite zeta owner --source https://example.org/zeta --quote "Zeta, run by Acme" --quiet
gc verify zeta --rule unquoted-value
note "cleared (a record file that says so), a value is no longer reported"
printf 'format = 3\nid = "beta"\n[field.gpus_installed]\ncleared = true\n' > beta.toml
gc import beta.toml
gc verify beta --rule unquoted-value
note "a quote column the table has not is refused at the table's header, naming the mapping's key"
sed 's/^quote_column = "GPU quote"$/quote_column = "GPU quotes"/' own.toml > typo.toml
gc import --mapping typo.toml list.csv
note "a field's quote column needs a source to quote"
grep -v '^columns = ' own.toml > sourceless.toml
gc import --mapping sourceless.toml list.csv
