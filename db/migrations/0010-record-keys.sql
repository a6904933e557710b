-- Schema version 10: the keys that name a record in a source.
--
-- A list names its rows by a key of its own (TOP500's System ID, a name): record_key keeps it,
-- per source, with the record it names and the changeset that first met it. The key is the
-- columns and cells of the row that make it, as citations locate the row ("System ID 180307").
-- An import through a mapping finds the record by its key before it looks at the id the mapping
-- makes, so a list re-sorted, extended or read through a changed id template updates the records
-- it made. Append-only: a key names one record for good.
CREATE TABLE record_key (
    source_id    INTEGER NOT NULL REFERENCES source(id),
    key          TEXT NOT NULL,
    cluster_id   TEXT NOT NULL REFERENCES cluster(id),
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    PRIMARY KEY (source_id, key)
) WITHOUT ROWID;
CREATE INDEX record_key_by_cluster ON record_key(cluster_id, source_id, key);
CREATE TRIGGER record_key_append_only_u BEFORE UPDATE ON record_key BEGIN SELECT RAISE(ABORT, 'record_key rows are append-only'); END;
CREATE TRIGGER record_key_append_only_d BEFORE DELETE ON record_key BEGIN SELECT RAISE(ABORT, 'record_key rows are append-only'); END;
