-- Schema version 16: the same CHECK constraints, written so that SQLite checks them by comparison.
--
-- SQLite checks `x IN ('a', 'b', 'c')` (a list of more than two constants) against a temporary
-- index that it builds again for every row written: an import of 5,000 benchmark records spent a
-- fifth of its instructions making and clearing those tables (valgrind --tool=callgrind). Written
-- as `x = 'a' OR x = 'b' OR x = 'c'`, the rule is the same and is checked by comparisons.
--
-- A CHECK constraint is not part of the rows, so no row is rewritten: the tables' SQL text is
-- changed in place, the way SQLite's documentation of ALTER TABLE describes for changes that
-- leave the file's content as it is (https://www.sqlite.org/lang_altertable.html, "Making Other
-- Kinds Of Table Schema Changes"). Every row written so far satisfies the new text, since it
-- says the same thing. Where a table's text is not the one gpuclusters wrote, replace() finds
-- nothing and leaves it as it was.
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (bound IN ('''', ''approximate'', ''at least''))',
    'CHECK (bound = '''' OR bound = ''approximate'' OR bound = ''at least'')')
WHERE type = 'table' AND name = 'claim';
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (rank IN (''preferred'', ''normal'', ''deprecated'', ''retired''))',
    'CHECK (rank = ''preferred'' OR rank = ''normal'' OR rank = ''deprecated'' OR rank = ''retired'')')
WHERE type = 'table' AND name = 'claim_rank';
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (rank IN (''preferred'', ''normal'', ''deprecated''))',
    'CHECK (rank = ''preferred'' OR rank = ''normal'' OR rank = ''deprecated'')')
WHERE type = 'table' AND name = 'live_claim';
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (kind IN (''operator'', ''paper'', ''filing'', ''list'', ''press'', ''estimate'', ''other''))',
    'CHECK (kind = ''operator'' OR kind = ''paper'' OR kind = ''filing'' OR kind = ''list'' OR kind = ''press'' OR '
    || 'kind = ''estimate'' OR kind = ''other'')')
WHERE type = 'table' AND name = 'source_revision';
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (kind IN (''gpu'', ''family'', ''accelerator''))',
    'CHECK (kind = ''gpu'' OR kind = ''family'' OR kind = ''accelerator'')')
WHERE type = 'table' AND name = 'gpu_catalogue';
PRAGMA writable_schema = OFF;
