-- Schema version 8: current_cluster shows who estimated a power figure, or what was measured
-- (power_estimator beside power_basis); until now a reader of the view saw the basis alone.
DROP VIEW current_cluster;

CREATE VIEW current_cluster AS
SELECT k.id,
       max(CASE WHEN f.field = 'name' THEN f.value END) AS name,
       max(CASE WHEN f.field = 'summary' THEN f.value END) AS summary,
       max(CASE WHEN f.field = 'owner' THEN f.value END) AS owner,
       max(CASE WHEN f.field = 'segment' THEN f.value END) AS segment,
       max(CASE WHEN f.field = 'gpu_maker' THEN f.value END) AS gpu_maker,
       max(CASE WHEN f.field = 'gpu_model' THEN f.value END) AS gpu_model,
       max(CASE WHEN f.field = 'gpus_installed' THEN CAST(f.value AS INTEGER) END) AS gpus_installed,
       max(CASE WHEN f.field = 'gpus_installed' THEN f.bound END) AS gpus_installed_bound,
       max(CASE WHEN f.field = 'gpu_count_notes' THEN f.value END) AS gpu_count_notes,
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
