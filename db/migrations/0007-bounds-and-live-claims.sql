-- Schema version 7: the bound of a count, and the live claims of each cluster.
--
-- A count may be what its source says it is: approximate (~10,000) or a lower bound (10,000+);
-- claim.bound says so ('' when exact). It is a qualifier of the value like derivation and basis,
-- and cluster_values packs it as the fourth part of <field>_qualifiers.
--
-- live_claim is derived data, not history (like cluster_values): a row per claim whose current
-- rank is not retired, with that rank, rewritten by every write from its changeset's claim_rank
-- rows and filled from the history when a database is migrated; ranked_in is the changeset of that
-- rank. Reading the current state of
-- every record (verify, exports with provenance) walks it in cluster order instead of ranking
-- every claim of the history.
ALTER TABLE claim ADD COLUMN bound TEXT NOT NULL DEFAULT '' CHECK (bound IN ('', 'approximate', 'at least'));

CREATE TABLE live_claim (
    cluster_id TEXT NOT NULL,
    claim_id   INTEGER NOT NULL,
    rank       TEXT NOT NULL CHECK (rank IN ('preferred', 'normal', 'deprecated')),
    ranked_in  INTEGER NOT NULL,
    PRIMARY KEY (cluster_id, claim_id)
) WITHOUT ROWID;
INSERT INTO live_claim (cluster_id, claim_id, rank, ranked_in)
SELECT c.cluster_id, c.id, r.rank, r.changeset_id FROM claim c
JOIN claim_rank r ON r.claim_id = c.id
 AND r.changeset_id = (SELECT max(changeset_id) FROM claim_rank WHERE claim_id = c.id)
WHERE r.rank <> 'retired';

-- The views that show qualifiers show the bound too.
DROP VIEW current_cluster;
DROP VIEW current_field;

CREATE VIEW current_field AS
SELECT c.cluster_id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound, c.id AS claim_id,
       c.changeset_id,
       (SELECT group_concat(url, ' ') FROM (SELECT s.url FROM current_citation t JOIN source s ON s.id = t.source_id
         WHERE t.claim_id = c.id ORDER BY t.id)) AS source_urls
FROM claim_with_rank c
WHERE c.rank = 'preferred';

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
       max(CASE WHEN f.field = 'status' THEN f.value END) AS status,
       max(CASE WHEN f.field = 'status_notes' THEN f.value END) AS status_notes,
       max(CASE WHEN f.field = 'interconnect' THEN f.value END) AS interconnect,
       max(CASE WHEN f.field = 'partners' THEN f.value END) AS partners,
       max(CASE WHEN f.field = 'first_operational' THEN f.value END) AS first_operational,
       max(CASE WHEN f.field = 'related' THEN f.value END) AS related
FROM current_cluster_id k
LEFT JOIN current_field f ON f.cluster_id = k.id
GROUP BY k.id;
