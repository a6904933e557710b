-- Schema version 5: the current values, a row per present cluster.
--
-- Derived data, not history (like cluster_search): the tool rewrites a cluster's row whenever a
-- changeset changes its values or presence, from that changeset's claim_rank and cluster_presence
-- rows, and fills it from the history when a database is migrated. For each field of the
-- catalogue it holds the preferred claim: <field> its value (NULL when unknown or not published),
-- <field>_claim its claim id (NULL when unknown; set with a NULL value: not published) and
-- <field>_qualifiers its derivation, basis and estimator joined by U+001F, NULL when all are empty
-- (values are one line of text, so the separator cannot occur in them). Values-only exports of the
-- current state read this table, a row per cluster, instead of ranking every claim of the history;
-- the views current_field and current_cluster stay the documented way to read the current state.
CREATE TABLE cluster_values (
    cluster_id TEXT PRIMARY KEY REFERENCES cluster(id),
    name TEXT,
    name_claim INTEGER,
    name_qualifiers TEXT,
    summary TEXT,
    summary_claim INTEGER,
    summary_qualifiers TEXT,
    owner TEXT,
    owner_claim INTEGER,
    owner_qualifiers TEXT,
    segment TEXT,
    segment_claim INTEGER,
    segment_qualifiers TEXT,
    gpu_maker TEXT,
    gpu_maker_claim INTEGER,
    gpu_maker_qualifiers TEXT,
    gpu_model TEXT,
    gpu_model_claim INTEGER,
    gpu_model_qualifiers TEXT,
    gpus_installed TEXT,
    gpus_installed_claim INTEGER,
    gpus_installed_qualifiers TEXT,
    gpu_count_notes TEXT,
    gpu_count_notes_claim INTEGER,
    gpu_count_notes_qualifiers TEXT,
    city TEXT,
    city_claim INTEGER,
    city_qualifiers TEXT,
    region TEXT,
    region_claim INTEGER,
    region_qualifiers TEXT,
    country TEXT,
    country_claim INTEGER,
    country_qualifiers TEXT,
    power_mw TEXT,
    power_mw_claim INTEGER,
    power_mw_qualifiers TEXT,
    status TEXT,
    status_claim INTEGER,
    status_qualifiers TEXT,
    status_notes TEXT,
    status_notes_claim INTEGER,
    status_notes_qualifiers TEXT,
    interconnect TEXT,
    interconnect_claim INTEGER,
    interconnect_qualifiers TEXT,
    partners TEXT,
    partners_claim INTEGER,
    partners_qualifiers TEXT,
    first_operational TEXT,
    first_operational_claim INTEGER,
    first_operational_qualifiers TEXT,
    related TEXT,
    related_claim INTEGER,
    related_qualifiers TEXT
) WITHOUT ROWID;
