-- Schema version 4: what verify records.
--
-- finding_acceptance: an editor accepted (or withdrew the acceptance of) a rule's finding for one
-- cluster, with a reason; the newest row per (cluster, rule) decides. verification: a record passed
-- verify with no error-level finding at that changeset (the Verified badge; verified = 0 is a revert
-- of that); a later change to the record makes the badge stale. Both append-only.

CREATE TABLE finding_acceptance (
    cluster_id   TEXT NOT NULL REFERENCES cluster(id),
    rule         TEXT NOT NULL,
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    accepted     INTEGER NOT NULL CHECK (accepted IN (0, 1)),
    reason       TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (cluster_id, rule, changeset_id)
) WITHOUT ROWID;

CREATE TABLE verification (
    cluster_id   TEXT NOT NULL REFERENCES cluster(id),
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    verified     INTEGER NOT NULL DEFAULT 1 CHECK (verified IN (0, 1)),
    PRIMARY KEY (cluster_id, changeset_id)
) WITHOUT ROWID;
CREATE INDEX verification_by_changeset ON verification(changeset_id);
CREATE INDEX finding_acceptance_by_changeset ON finding_acceptance(changeset_id);

CREATE TRIGGER finding_acceptance_append_only_u BEFORE UPDATE ON finding_acceptance BEGIN SELECT RAISE(ABORT, 'finding_acceptance rows are append-only'); END;
CREATE TRIGGER finding_acceptance_append_only_d BEFORE DELETE ON finding_acceptance BEGIN SELECT RAISE(ABORT, 'finding_acceptance rows are append-only'); END;
CREATE TRIGGER verification_append_only_u BEFORE UPDATE ON verification BEGIN SELECT RAISE(ABORT, 'verification rows are append-only'); END;
CREATE TRIGGER verification_append_only_d BEFORE DELETE ON verification BEGIN SELECT RAISE(ABORT, 'verification rows are append-only'); END;

-- Accepted findings in force.
CREATE VIEW current_acceptance AS
SELECT a.cluster_id, a.rule, a.reason, a.changeset_id
FROM finding_acceptance a
WHERE a.accepted = 1
  AND a.changeset_id = (SELECT max(changeset_id) FROM finding_acceptance
                        WHERE cluster_id = a.cluster_id AND rule = a.rule);
