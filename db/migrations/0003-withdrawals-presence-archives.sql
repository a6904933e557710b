-- Schema version 3: what a revert needs, and archive captures of sources.
--
-- A citation is withdrawn (or, reverting that, restored) by a row in citation_withdrawal; a cluster
-- leaves (a reverted creation) or comes back through cluster_presence. In both the newest row as of
-- a changeset decides. Both are append-only like the rest of the history.

CREATE TABLE citation_withdrawal (
    citation_id  INTEGER NOT NULL REFERENCES citation(id),
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    withdrawn    INTEGER NOT NULL CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (citation_id, changeset_id)
) WITHOUT ROWID;
CREATE INDEX citation_withdrawal_by_changeset ON citation_withdrawal(changeset_id);

CREATE TABLE cluster_presence (
    cluster_id   TEXT NOT NULL REFERENCES cluster(id),
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    present      INTEGER NOT NULL CHECK (present IN (0, 1)),
    PRIMARY KEY (cluster_id, changeset_id)
) WITHOUT ROWID;
CREATE INDEX cluster_presence_by_changeset ON cluster_presence(changeset_id);

-- The capture date of the archive URL (web.archive.org and archive.ph links carry one).
ALTER TABLE source_revision ADD COLUMN archived TEXT NOT NULL DEFAULT '';

-- History by changeset (log, revert) and by field (log ID FIELD).
CREATE INDEX claim_by_changeset ON claim(changeset_id);
CREATE INDEX claim_by_field ON claim(cluster_id, field, changeset_id);
CREATE INDEX claim_rank_by_changeset ON claim_rank(changeset_id);
CREATE INDEX citation_by_changeset ON citation(changeset_id);
CREATE INDEX source_revision_by_changeset ON source_revision(changeset_id);
CREATE INDEX cluster_by_changeset ON cluster(changeset_id);

CREATE TRIGGER citation_withdrawal_append_only_u BEFORE UPDATE ON citation_withdrawal BEGIN SELECT RAISE(ABORT, 'citation_withdrawal rows are append-only'); END;
CREATE TRIGGER citation_withdrawal_append_only_d BEFORE DELETE ON citation_withdrawal BEGIN SELECT RAISE(ABORT, 'citation_withdrawal rows are append-only'); END;
CREATE TRIGGER cluster_presence_append_only_u BEFORE UPDATE ON cluster_presence BEGIN SELECT RAISE(ABORT, 'cluster_presence rows are append-only'); END;
CREATE TRIGGER cluster_presence_append_only_d BEFORE DELETE ON cluster_presence BEGIN SELECT RAISE(ABORT, 'cluster_presence rows are append-only'); END;

-- The views, again, now leaving out withdrawn citations and removed clusters.
DROP VIEW current_cluster;
DROP VIEW current_field;
DROP VIEW current_source;

CREATE VIEW current_source AS
SELECT s.id, s.url, v.kind, v.title, v.publisher, v.published, v.accessed, v.archive_url, v.archived
FROM source s
JOIN source_revision v ON v.source_id = s.id
 AND v.changeset_id = (SELECT max(changeset_id) FROM source_revision WHERE source_id = s.id);

-- Clusters present now (a reverted creation is not).
CREATE VIEW current_cluster_id AS
SELECT k.id, k.number FROM cluster k
WHERE coalesce((SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id
                ORDER BY p.changeset_id DESC LIMIT 1), 1) = 1;

CREATE VIEW current_citation AS
SELECT t.* FROM citation t
WHERE coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id
                ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0;

CREATE VIEW current_field AS
SELECT c.cluster_id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.id AS claim_id,
       c.changeset_id,
       (SELECT group_concat(s.url, ' ') FROM current_citation t JOIN source s ON s.id = t.source_id
         WHERE t.claim_id = c.id) AS source_urls
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
