-- Schema version 15: a record's other ids, left by `merge` and `rename`.
--
-- cluster_alias: the id `alias` (a cluster that was merged into another, or renamed) now names
-- the record `cluster_id`, from changeset `changeset_id` on; withdrawn = 1 undoes that (a revert
-- of the merge or rename). Append-only like the history: the newest row of an alias as of a
-- changeset decides, so restricting it to changeset_id <= N gives the aliases as of changeset N.
-- A merged record's claims stay its own rows: the merge copies them onto the record it joins
-- and makes the merged id absent (cluster_presence), and its keys (record_key) go on naming it,
-- which the alias leads on to the record that holds it now.
CREATE TABLE cluster_alias (
    alias        TEXT NOT NULL REFERENCES cluster(id),
    cluster_id   TEXT NOT NULL REFERENCES cluster(id),
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    withdrawn    INTEGER NOT NULL CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (alias, changeset_id)
) WITHOUT ROWID;
CREATE INDEX cluster_alias_by_changeset ON cluster_alias(changeset_id);
CREATE INDEX cluster_alias_by_cluster ON cluster_alias(cluster_id);
CREATE TRIGGER cluster_alias_append_only_u BEFORE UPDATE ON cluster_alias BEGIN SELECT RAISE(ABORT, 'cluster_alias rows are append-only'); END;
CREATE TRIGGER cluster_alias_append_only_d BEFORE DELETE ON cluster_alias BEGIN SELECT RAISE(ABORT, 'cluster_alias rows are append-only'); END;

-- The aliases in force now: each id that leads to another record, and that record.
CREATE VIEW current_alias AS
SELECT a.alias, a.cluster_id, a.changeset_id FROM cluster_alias a
WHERE a.changeset_id = (SELECT max(b.changeset_id) FROM cluster_alias b WHERE b.alias = a.alias)
  AND a.withdrawn = 0;
