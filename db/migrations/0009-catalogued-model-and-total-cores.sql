-- Schema version 9: two fields, gpu_model_canonical and total_cores.
--
-- gpu_model_canonical is the catalogue's name for the GPU model as disclosed ("H100 SXM5" for
-- "NVIDIA H100 SXM5 80GB"), taken from gpu_model through db/gpu_models.tsv at every write, with
-- gpu_model's evidence, like gpu_maker; the disclosed value stays as it was. total_cores is the
-- number of cores a list gives (CPU and accelerator cores together, e.g. TOP500's Total Cores):
-- verify checks GPUs installed against it. A record written before this version has no
-- gpu_model_canonical until its gpu_model is written again (re-importing its export does it).
ALTER TABLE cluster_values ADD COLUMN gpu_model_canonical TEXT;
ALTER TABLE cluster_values ADD COLUMN gpu_model_canonical_claim INTEGER;
ALTER TABLE cluster_values ADD COLUMN gpu_model_canonical_qualifiers TEXT;
ALTER TABLE cluster_values ADD COLUMN total_cores TEXT;
ALTER TABLE cluster_values ADD COLUMN total_cores_claim INTEGER;
ALTER TABLE cluster_values ADD COLUMN total_cores_qualifiers TEXT;

DROP VIEW current_cluster;

CREATE VIEW current_cluster AS
SELECT k.id,
       max(CASE WHEN f.field = 'name' THEN f.value END) AS name,
       max(CASE WHEN f.field = 'summary' THEN f.value END) AS summary,
       max(CASE WHEN f.field = 'owner' THEN f.value END) AS owner,
       max(CASE WHEN f.field = 'segment' THEN f.value END) AS segment,
       max(CASE WHEN f.field = 'gpu_maker' THEN f.value END) AS gpu_maker,
       max(CASE WHEN f.field = 'gpu_model' THEN f.value END) AS gpu_model,
       max(CASE WHEN f.field = 'gpu_model_canonical' THEN f.value END) AS gpu_model_canonical,
       max(CASE WHEN f.field = 'gpus_installed' THEN CAST(f.value AS INTEGER) END) AS gpus_installed,
       max(CASE WHEN f.field = 'gpus_installed' THEN f.bound END) AS gpus_installed_bound,
       max(CASE WHEN f.field = 'gpu_count_notes' THEN f.value END) AS gpu_count_notes,
       max(CASE WHEN f.field = 'total_cores' THEN CAST(f.value AS INTEGER) END) AS total_cores,
       max(CASE WHEN f.field = 'city' THEN f.value END) AS city,
       max(CASE WHEN f.field = 'region' THEN f.value END) AS region,
       max(CASE WHEN f.field = 'country' THEN f.value END) AS country,
       max(CASE WHEN f.field = 'power_mw' THEN CAST(f.value AS REAL) END) AS power_mw,
       max(CASE WHEN f.field = 'power_mw' THEN f.basis END) AS power_basis,
       max(CASE WHEN f.field = 'power_mw' THEN f.estimator END) AS power_estimator,
       max(CASE WHEN f.field = 'status' THEN f.value END) AS status,
       max(CASE WHEN f.field = 'status_notes' THEN f.value END) AS status_notes,
       max(CASE WHEN f.field = 'interconnect' THEN f.value END) AS interconnect,
       max(CASE WHEN f.field = 'partners' THEN f.value END) AS partners,
       max(CASE WHEN f.field = 'first_operational' THEN f.value END) AS first_operational,
       max(CASE WHEN f.field = 'related' THEN f.value END) AS related
FROM current_cluster_id k
LEFT JOIN current_field f ON f.cluster_id = k.id
GROUP BY k.id;
