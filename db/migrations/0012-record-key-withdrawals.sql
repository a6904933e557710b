-- Schema version 12: a record's key can be withdrawn, so that a revert undoes the keys a
-- changeset wrote as it undoes its claims and citations.
--
-- record_key stays append-only and a key names one record for good (an import finds that record
-- by it again, withdrawn or not); record_key_withdrawal says, changeset by changeset, whether the
-- key is shown with the record (its newest row; none: shown). Restricting it to
-- changeset_id <= N gives the keys as of changeset N.
CREATE TABLE record_key_withdrawal (
    source_id    INTEGER NOT NULL,
    key          TEXT NOT NULL,
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    withdrawn    INTEGER NOT NULL CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (source_id, key, changeset_id),
    FOREIGN KEY (source_id, key) REFERENCES record_key(source_id, key)
) WITHOUT ROWID;
CREATE INDEX record_key_withdrawal_by_changeset ON record_key_withdrawal(changeset_id);
CREATE TRIGGER record_key_withdrawal_append_only_u BEFORE UPDATE ON record_key_withdrawal BEGIN SELECT RAISE(ABORT, 'record_key_withdrawal rows are append-only'); END;
CREATE TRIGGER record_key_withdrawal_append_only_d BEFORE DELETE ON record_key_withdrawal BEGIN SELECT RAISE(ABORT, 'record_key_withdrawal rows are append-only'); END;
-- What a changeset did to keys is looked up by changeset (log, revert).
CREATE INDEX record_key_by_changeset ON record_key(changeset_id);
