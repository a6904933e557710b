-- Schema version 2: full-text search and the documented views of the current state.
-- A new database runs db/schema.sql (version 1) and then every migration in order, so this file is
-- the one place these objects are defined.

-- Full-text index of the current names, owners, summaries and notes, for `list --search`.
-- Derived data, not history: the tool rewrites a cluster's row whenever it writes that cluster.
CREATE VIRTUAL TABLE cluster_search USING fts5(cluster_id UNINDEXED, name, owner, summary, notes,
                                               tokenize = 'unicode61 remove_diacritics 2');

-- ---------------------------------------------------------------------------------------------
-- Views of the current state.

-- Every claim with its current rank (the newest claim_rank row).
CREATE VIEW claim_with_rank AS
SELECT c.*, r.rank, r.reason AS rank_reason
FROM claim c
JOIN claim_rank r ON r.claim_id = c.id
 AND r.changeset_id = (SELECT max(changeset_id) FROM claim_rank WHERE claim_id = c.id);

-- Each source with its current metadata (the newest source_revision row).
CREATE VIEW current_source AS
SELECT s.id, s.url, v.kind, v.title, v.publisher, v.published, v.accessed, v.archive_url
FROM source s
JOIN source_revision v ON v.source_id = s.id
 AND v.changeset_id = (SELECT max(changeset_id) FROM source_revision WHERE source_id = s.id);

-- One row per cluster and field: the preferred claim, its state and the URLs that back it.
CREATE VIEW current_field AS
SELECT c.cluster_id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.id AS claim_id,
       c.changeset_id,
       (SELECT group_concat(s.url, ' ') FROM citation t JOIN source s ON s.id = t.source_id
         WHERE t.claim_id = c.id) AS source_urls
FROM claim_with_rank c
WHERE c.rank = 'preferred';

-- One wide row per cluster; NULL where a field is unknown or not published (see current_field.state).
CREATE VIEW current_cluster AS
SELECT k.id,
       max(CASE WHEN f.field = 'name' THEN f.value END) AS name,
       max(CASE WHEN f.field = 'summary' THEN f.value END) AS summary,
       max(CASE WHEN f.field = 'owner' THEN f.value END) AS owner,
       max(CASE WHEN f.field = 'segment' THEN f.value END) AS segment,
       max(CASE WHEN f.field = 'gpu_maker' THEN f.value END) AS gpu_maker,
       max(CASE WHEN f.field = 'gpu_model' THEN f.value END) AS gpu_model,
       max(CASE WHEN f.field = 'gpus_installed' THEN CAST(f.value AS INTEGER) END) AS gpus_installed,
       max(CASE WHEN f.field = 'gpu_count_notes' THEN f.value END) AS gpu_count_notes,
       max(CASE WHEN f.field = 'city' THEN f.value END) AS city,
       max(CASE WHEN f.field = 'region' THEN f.value END) AS region,
       max(CASE WHEN f.field = 'country' THEN f.value END) AS country,
       max(CASE WHEN f.field = 'power_mw' THEN CAST(f.value AS REAL) END) AS power_mw,
       max(CASE WHEN f.field = 'power_mw' THEN f.basis END) AS power_basis,
       max(CASE WHEN f.field = 'status' THEN f.value END) AS status,
       max(CASE WHEN f.field = 'status_notes' THEN f.value END) AS status_notes,
       max(CASE WHEN f.field = 'interconnect' THEN f.value END) AS interconnect,
       max(CASE WHEN f.field = 'partners' THEN f.value END) AS partners,
       max(CASE WHEN f.field = 'first_operational' THEN f.value END) AS first_operational,
       max(CASE WHEN f.field = 'related' THEN f.value END) AS related
FROM cluster k
LEFT JOIN current_field f ON f.cluster_id = k.id
GROUP BY k.id;
