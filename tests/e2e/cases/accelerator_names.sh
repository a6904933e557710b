gc init
note "a name of two models: no canonical model or maker, a warning as it is written, and verify's finding"
gc add mixed-one --name "Mixed One" --set gpu_model="NVIDIA A100 / V100" --set gpus_installed=512 \
   --source https://example.org/mixed --kind operator --quote "512 NVIDIA A100 / V100 GPUs"
sql "SELECT field, value FROM current_field WHERE cluster_id = 'mixed-one' AND field LIKE 'gpu_m%' ORDER BY field"
gc verify mixed-one --rule ambiguous-model --rule unknown-model --rule maker-mismatch
gc verify --explain ambiguous-model
note "one model in a spelling no alias lists (brand, board, memory suffix): its canonical model"
gc add spelled-one --name "Spelled One" --set gpu_model="NVIDIA DGX A100 80G" \
   --source https://example.org/spelled --kind operator --quote "NVIDIA DGX A100 80G"
note "a generation name stays the family"
gc add family-one --name "Family One" --set gpu_model="NVIDIA Volta" \
   --source https://example.org/family --kind operator --quote "NVIDIA Volta"
sql "SELECT id, gpu_model, gpu_model_canonical, gpu_maker FROM current_cluster ORDER BY id"
note "an import of a two-model name gets the same finding"
printf 'id,name,gpu_model\nimported-one,Imported One,A100/H100\n' > two.csv
gc import two.csv --source https://example.org/list --kind press
sql "SELECT gpu_model, gpu_model_canonical, gpu_maker FROM current_cluster WHERE id = 'imported-one'"
gc verify imported-one --rule ambiguous-model
