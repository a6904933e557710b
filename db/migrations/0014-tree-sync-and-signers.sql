-- Schema version 14: what `sync` needs to bring a database and a git tree of record files together.
--
-- tree_sync: after each sync, the newest changeset the database then held and the commit the tree
-- then stood at; the newest row decides. Changesets after it are the database's own, not yet in git;
-- commits after it (reachable from HEAD, not from it) are git's, not yet in the database.
-- verification.signer and signed_on: a badge that came from the tree keeps the signer and date its
-- record file names, which are not those of the changeset that imported it; empty on a badge signed
-- here, whose changeset says both.
CREATE TABLE tree_sync (
    changeset_id INTEGER REFERENCES changeset(id),  -- NULL: the database had no changeset yet
    commit_id    TEXT NOT NULL CHECK (length(commit_id) IN (0, 40))
);
CREATE TRIGGER tree_sync_append_only_u BEFORE UPDATE ON tree_sync BEGIN SELECT RAISE(ABORT, 'tree_sync rows are append-only'); END;
CREATE TRIGGER tree_sync_append_only_d BEFORE DELETE ON tree_sync BEGIN SELECT RAISE(ABORT, 'tree_sync rows are append-only'); END;

ALTER TABLE verification ADD COLUMN signer TEXT NOT NULL DEFAULT '';
ALTER TABLE verification ADD COLUMN signed_on TEXT NOT NULL DEFAULT '';
