-- gpuclusters database schema, version 1: the append-only history. Later versions are the files of
-- db/migrations/, applied in order (NNNN-name.sql brings a file to version NNNN).
--
-- History is append-only: rows of changeset, cluster, source, source_revision, claim, claim_rank
-- and citation are only ever inserted (triggers below refuse UPDATE and DELETE). The current state
-- is derived: a claim's rank is its newest claim_rank row, a source's metadata its newest
-- source_revision row. Restricting every table to changeset_id <= N rebuilds the state as of
-- changeset N. The views at the end give that current state to sqlite3 or Datasette users.
--
-- PRAGMA application_id and user_version are set by the tool (0x47505543, 'GPUC'; schema version).

-- One per command that wrote: who, when, why, and the command line.
CREATE TABLE changeset (
    id         INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,           -- UTC, YYYY-MM-DDTHH:MM:SSZ
    author     TEXT NOT NULL,
    message    TEXT NOT NULL DEFAULT '',
    command    TEXT NOT NULL DEFAULT ''
);

CREATE TABLE cluster (
    number       INTEGER PRIMARY KEY,   -- internal; also the rowid of its cluster_search row
    id           TEXT NOT NULL UNIQUE,  -- slug: bytedance-megascale-ampere
    changeset_id INTEGER NOT NULL REFERENCES changeset(id)
);

-- One row per normalised URL; its metadata lives in source_revision.
CREATE TABLE source (
    id           INTEGER PRIMARY KEY,
    url          TEXT NOT NULL UNIQUE,
    changeset_id INTEGER NOT NULL REFERENCES changeset(id)
);

CREATE TABLE source_revision (
    source_id    INTEGER NOT NULL REFERENCES source(id),
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    kind         TEXT NOT NULL CHECK (kind IN ('operator', 'paper', 'filing', 'list', 'press', 'estimate', 'other')),
    title        TEXT NOT NULL DEFAULT '',
    publisher    TEXT NOT NULL DEFAULT '',
    published    TEXT NOT NULL DEFAULT '',  -- YYYY, YYYY-MM or YYYY-MM-DD, or ''
    accessed     TEXT NOT NULL DEFAULT '',  -- YYYY-MM-DD, or ''
    archive_url  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (source_id, changeset_id)
) WITHOUT ROWID;

-- One value (or a researched "not published") of one field of one cluster.
CREATE TABLE claim (
    id           INTEGER PRIMARY KEY,
    cluster_id   TEXT NOT NULL REFERENCES cluster(id),
    field        TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('set', 'not_published')),
    value        TEXT,                      -- canonical form; NULL when not published
    derivation   TEXT NOT NULL DEFAULT '',  -- e.g. '1536 x 8' for a count
    basis        TEXT NOT NULL DEFAULT '',  -- 'reported' or 'estimate' (power_mw)
    estimator    TEXT NOT NULL DEFAULT '',
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    CHECK ((state = 'set') = (value IS NOT NULL))
);
CREATE INDEX claim_by_cluster ON claim(cluster_id, changeset_id);

-- Rank history of a claim. 'retired' means replaced or withdrawn: kept for history, not current.
CREATE TABLE claim_rank (
    claim_id     INTEGER NOT NULL REFERENCES claim(id),
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    rank         TEXT NOT NULL CHECK (rank IN ('preferred', 'normal', 'deprecated', 'retired')),
    reason       TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (claim_id, changeset_id)
) WITHOUT ROWID;

-- The evidence for a claim: a source, where in it, and the verbatim words relied on.
CREATE TABLE citation (
    id           INTEGER PRIMARY KEY,
    claim_id     INTEGER NOT NULL REFERENCES claim(id),
    source_id    INTEGER NOT NULL REFERENCES source(id),
    locator      TEXT NOT NULL DEFAULT '',
    quote        TEXT NOT NULL DEFAULT '',
    changeset_id INTEGER NOT NULL REFERENCES changeset(id),
    UNIQUE (claim_id, source_id, locator, quote)
);
CREATE INDEX citation_by_source ON citation(source_id);

-- Append-only, enforced.
CREATE TRIGGER changeset_append_only_u BEFORE UPDATE ON changeset BEGIN SELECT RAISE(ABORT, 'changeset rows are append-only'); END;
CREATE TRIGGER changeset_append_only_d BEFORE DELETE ON changeset BEGIN SELECT RAISE(ABORT, 'changeset rows are append-only'); END;
CREATE TRIGGER cluster_append_only_u BEFORE UPDATE ON cluster BEGIN SELECT RAISE(ABORT, 'cluster rows are append-only'); END;
CREATE TRIGGER cluster_append_only_d BEFORE DELETE ON cluster BEGIN SELECT RAISE(ABORT, 'cluster rows are append-only'); END;
CREATE TRIGGER source_append_only_u BEFORE UPDATE ON source BEGIN SELECT RAISE(ABORT, 'source rows are append-only'); END;
CREATE TRIGGER source_append_only_d BEFORE DELETE ON source BEGIN SELECT RAISE(ABORT, 'source rows are append-only'); END;
CREATE TRIGGER source_revision_append_only_u BEFORE UPDATE ON source_revision BEGIN SELECT RAISE(ABORT, 'source_revision rows are append-only'); END;
CREATE TRIGGER source_revision_append_only_d BEFORE DELETE ON source_revision BEGIN SELECT RAISE(ABORT, 'source_revision rows are append-only'); END;
CREATE TRIGGER claim_append_only_u BEFORE UPDATE ON claim BEGIN SELECT RAISE(ABORT, 'claim rows are append-only'); END;
CREATE TRIGGER claim_append_only_d BEFORE DELETE ON claim BEGIN SELECT RAISE(ABORT, 'claim rows are append-only'); END;
CREATE TRIGGER claim_rank_append_only_u BEFORE UPDATE ON claim_rank BEGIN SELECT RAISE(ABORT, 'claim_rank rows are append-only'); END;
CREATE TRIGGER claim_rank_append_only_d BEFORE DELETE ON claim_rank BEGIN SELECT RAISE(ABORT, 'claim_rank rows are append-only'); END;
CREATE TRIGGER citation_append_only_u BEFORE UPDATE ON citation BEGIN SELECT RAISE(ABORT, 'citation rows are append-only'); END;
CREATE TRIGGER citation_append_only_d BEFORE DELETE ON citation BEGIN SELECT RAISE(ABORT, 'citation rows are append-only'); END;
