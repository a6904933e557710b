-- Schema version 13: a source can be an edition of a list (TOP500 of June, of November). The
-- list is named by its normalised URL in edition_of; with the source's published date it orders
-- the editions, so that a value from an older edition never replaces one from a newer edition.
-- Like every piece of a source's metadata it is revised, never updated: a source_revision column.
ALTER TABLE source_revision ADD COLUMN edition_of TEXT NOT NULL DEFAULT '';

DROP VIEW current_source;
CREATE VIEW current_source AS
SELECT s.id, s.url, v.kind, v.title, v.publisher, v.published, v.accessed, v.archive_url, v.archived, v.edition_of
FROM source s
JOIN source_revision v ON v.source_id = s.id
 AND v.changeset_id = (SELECT max(changeset_id) FROM source_revision WHERE source_id = s.id);
