// The derived tables: cluster_values (each present cluster's preferred values, a row each) and the
// full-text index, rewritten for what a transaction changed; and reading every record from them.
// derived_check.cpp compares them with the history.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>

#include "store/derived_rows.hpp"
#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

// cluster_values holds, per catalogue field, these columns (db/migrations/0005-current-values.sql).
constexpr std::array<std::string_view, 3> value_column_suffixes{"", "_claim", "_qualifiers"};
// Joins the qualifiers of cluster_values (no field value holds a control character).
constexpr char qualifier_separator = '\x1f';

std::optional<std::string> packed_qualifiers(const model::Qualifiers& qualifiers) {
    if (qualifiers == model::Qualifiers{}) return std::nullopt;
    return qualifiers.derivation + qualifier_separator + qualifiers.basis + qualifier_separator + qualifiers.estimator +
           qualifier_separator + qualifiers.bound;
}

// Four parts since schema 7 (the bound); three before, read alike. Written over `qualifiers`, whose
// strings keep their room from one record to the next.
void unpack_qualifiers(std::string_view packed, model::Qualifiers& qualifiers) {
    std::string* parts[] = {&qualifiers.derivation, &qualifiers.basis, &qualifiers.estimator, &qualifiers.bound};
    for (auto* part : parts) {
        if (packed.empty()) {  // most values have no qualifiers
            part->clear();
            continue;
        }
        const auto end = std::min(packed.find(qualifier_separator), packed.size());
        part->assign(packed.substr(0, end));
        packed.remove_prefix(std::min(end + 1, packed.size()));
    }
}

// A field's position in the catalogue, which is cluster_values' column order.
std::optional<std::size_t> catalogue_index(std::string_view field) {
    const auto* spec = model::find_field(field);
    if (spec == nullptr) return std::nullopt;
    return static_cast<std::size_t>(spec - model::field_catalogue().data());
}

// The value columns of one field at `at` (value, claim id, packed qualifiers) into `claim`; false
// when the field has no preferred claim.
template <typename Columns>
bool read_value_columns(const Columns& columns, int at, std::string_view field, model::Claim& claim) {
    if (columns.null(at + 1)) return false;
    // Every member is set: `claim` may hold another field's claim.
    claim.field.assign(field);
    claim.id = columns.integer(at + 1);
    const auto value = columns.view_or_null(at);
    claim.state = value ? model::ClaimState::set : model::ClaimState::not_published;
    claim.value.value.assign(value.value_or(""));
    const auto qualifiers = columns.view_or_null(at + 2);
    unpack_qualifiers(qualifiers.value_or(""), claim.value.qualifiers);
    claim.rank = model::Rank::preferred;
    claim.changeset_id = 0;
    claim.ranked_in = 0;
    claim.citations.clear();
    claim.rank_reason.clear();
    return true;
}

// The column of the first value column of the `index`th field read, after cluster_id.
int value_column(std::size_t index) { return 1 + static_cast<int>(index * value_column_suffixes.size()); }

// Binds a row to values_upsert_sql and writes it.
void write_values_row(SQLite::Statement& query, const ValuesRow& row) {
    query.bind(1, row.cluster_id);
    for (std::size_t i = 0; i < row.fields.size(); ++i) {
        const int at = 1 + value_column(i);
        const auto& claim = row.fields[i];
        if (!claim) {
            for (int column = 0; column < static_cast<int>(value_column_suffixes.size()); ++column) query.bind(at + column);
            continue;
        }
        if (claim->state == model::ClaimState::set) {
            query.bind(at, claim->value.value);
        } else {
            query.bind(at);
        }
        query.bind(at + 1, static_cast<std::int64_t>(claim->id));
        if (const auto qualifiers = packed_qualifiers(claim->value.qualifiers)) {
            query.bind(at + 2, *qualifiers);
        } else {
            query.bind(at + 2);
        }
    }
    query.exec();
}

// INSERT OR REPLACE of a whole row.
const char* values_upsert_sql() {
    static const std::string sql = [] {
        const auto count = 1 + model::field_catalogue().size() * value_column_suffixes.size();
        std::string marks = "?";
        for (std::size_t i = 1; i < count; ++i) marks += ", ?";
        return fmt::format("INSERT OR REPLACE INTO cluster_values ({}) VALUES ({})", value_columns(), marks);
    }();
    return sql.c_str();
}

// Search rows wait in a temporary table and reach the FTS5 index in two statements (FTS5 writes
// one segment per statement that touches it).
constexpr const char* search_stage_sql = R"(
    CREATE TEMP TABLE IF NOT EXISTS search_refresh (
        cluster_id TEXT PRIMARY KEY, present INTEGER NOT NULL,
        name TEXT, owner TEXT, summary TEXT, notes TEXT) WITHOUT ROWID;
    DELETE FROM search_refresh;)";
constexpr const char* search_stage_row_sql = R"(
    INSERT OR REPLACE INTO search_refresh (cluster_id, present, name, owner, summary, notes) VALUES (?, ?, ?, ?, ?, ?))";
constexpr const char* search_unstage_sql = R"(
    DELETE FROM cluster_search
    WHERE rowid IN (SELECT k.number FROM search_refresh s JOIN cluster k ON k.id = s.cluster_id);
    INSERT INTO cluster_search (rowid, cluster_id, name, owner, summary, notes)
    SELECT k.number, s.cluster_id, s.name, s.owner, s.summary, s.notes
    FROM search_refresh s JOIN cluster k ON k.id = s.cluster_id WHERE s.present = 1;
    DELETE FROM search_refresh;)";

// Binds a row to search_stage_row_sql and writes it.
void write_search_row(SQLite::Statement& stage, const ValuesRow& row, bool present) {
    bind_all(stage, row.cluster_id, present);
    int at = 3;
    for (const auto& text : search_texts(row)) {
        if (text) {
            stage.bind(at++, *text);
        } else {
            stage.bind(at++);
        }
    }
    stage.exec();
}

// The clusters present now, in id order, with their numbers (the rowids of their search rows).
constexpr const char* present_clusters_sql = R"(
    SELECT k.id, k.number FROM cluster k
    WHERE coalesce((SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id
                    ORDER BY p.changeset_id DESC LIMIT 1), 1) = 1
    ORDER BY k.id)";

}  // namespace

namespace detail {

std::string value_columns() {
    std::string columns = "cluster_id";
    for (const auto& spec : model::field_catalogue()) {
        for (const auto suffix : value_column_suffixes) columns += fmt::format(", {}{}", spec.name, suffix);
    }
    return columns;
}

template <typename Columns>
ValuesRow read_values_row(const Columns& columns) {
    ValuesRow row{columns.text(0)};
    const auto catalogue = model::field_catalogue();
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        model::Claim claim;
        if (read_value_columns(columns, value_column(i), catalogue[i].name, claim)) row.fields[i] = std::move(claim);
    }
    return row;
}

template ValuesRow read_values_row(const RawColumns& columns);
template ValuesRow read_values_row(const CachedColumns& columns);

SearchTexts search_texts(const ValuesRow& row) {
    std::array<std::string, 4> texts;
    const auto catalogue = model::field_catalogue();
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        if (!catalogue[i].searchable) continue;
        const auto& claim = row.fields[i];
        if (!claim || claim->state != model::ClaimState::set || claim->value.value.empty()) continue;
        const auto own = std::find(search_columns.begin(), search_columns.end() - 1, catalogue[i].name);
        std::string& text = texts[static_cast<std::size_t>(own - search_columns.begin())];
        text += (text.empty() ? "" : " ") + claim->value.value;
    }
    SearchTexts row_texts;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (!texts[i].empty()) row_texts[i] = std::move(texts[i]);
    }
    return row_texts;
}

const std::string& ranked_claims_sql() {
    static const std::string sql = fmt::format(R"(
        SELECT c.cluster_id, {}, r.rank, r.changeset_id AS ranked_in
        FROM claim c JOIN claim_rank r ON r.claim_id = c.id
         AND r.changeset_id = (SELECT max(changeset_id) FROM claim_rank WHERE claim_id = c.id))",
                                               claim_columns);
    return sql;
}

void each_expected_values_row(SQLite::Database& db, const std::string& path,
                              const std::function<void(const ValuesRow&, long long)>& visit) {
    RawQuery clusters(db, present_clusters_sql);
    RawQuery preferred(db, fmt::format("SELECT * FROM ({}) WHERE rank = 'preferred' ORDER BY cluster_id, ranked_in DESC, id DESC",
                                       ranked_claims_sql()));
    const RawColumns cluster = clusters.columns();
    const RawColumns claim_row = preferred.columns();
    bool claims_left = preferred.step();
    while (clusters.step()) {
        ValuesRow row{cluster.text(0)};
        while (claims_left && claim_row.view(0) < row.cluster_id) claims_left = preferred.step();
        while (claims_left && claim_row.view(0) == row.cluster_id) {
            if (const auto index = catalogue_index(claim_row.view(2)); index && !row.fields[*index]) {
                model::Claim claim;
                read_claim(claim_row, 1, claim);
                check_stored_claim(path, row.cluster_id, claim, StoredIn::claim);
                claim.ranked_in = claim_row.integer(2 + claim_column_count);
                row.fields[*index] = std::move(claim);
            }
            claims_left = preferred.step();
        }
        visit(row, cluster.integer(1));
    }
}

}  // namespace detail

// One changeset's refresh of the derived tables. The search rows wait in a temporary table (on
// disk, like any number of clusters) and reach the FTS5 index in two statements: FTS5 writes one
// segment per statement that touches it. The table is made with the first row: most changesets
// (a badge, an acceptance) stage none.
class Store::DerivedRefresh {
public:
    DerivedRefresh(Store& store, long long changeset_id) : store_(store), changeset_id_(changeset_id) {}

    // The changeset's ranks in claim order, so a record's claims come together: each cluster's row
    // is read and written once per run of its claims (a second run only reads it back).
    // A bulk import's changeset ranks millions of claims: they are read through the C API.
    void ranked_values() {
        RawQuery ranks(store_.connection(), fmt::format(R"(
            SELECT c.cluster_id, {}, r.rank
            FROM claim_rank r JOIN claim c ON c.id = r.claim_id WHERE r.changeset_id = ?)",
                                                        claim_columns));
        ranks.bind(1, changeset_id_);
        std::optional<ValuesRow> row;
        const RawColumns rank_columns = ranks.columns();
        while (ranks.step()) {
            // Millions of rows: their text is looked at in place, and copied only into a kept claim.
            const std::string_view cluster_id = rank_columns.view(0);
            if (!row || row->cluster_id != cluster_id) {
                if (row) save(*row);
                row = load(std::string(cluster_id));
            }
            const auto index = catalogue_index(rank_columns.view(2));
            if (!index) continue;
            auto& slot = row->fields[*index];
            const long long claim_id = rank_columns.integer(1);
            if (rank_columns.view(1 + claim_column_count) == model::to_string(model::Rank::preferred)) {
                model::Claim claim;
                read_claim(rank_columns, 1, claim);
                slot = std::move(claim);
            } else if (slot && slot->id == claim_id) {
                slot.reset();
            }
        }
        if (row) save(*row);
    }

    // New clusters have a row even without values; a removed one has none, a returning one its own.
    void presence() {
        bind_all(
            store_.prepare("INSERT OR IGNORE INTO cluster_values (cluster_id) SELECT id FROM cluster WHERE changeset_id = ?"),
            changeset_id_)
            .exec();
        auto& presence =
            bind_all(store_.prepare("SELECT cluster_id, present FROM cluster_presence WHERE changeset_id = ?"), changeset_id_);
        while (presence.executeStep()) {
            const std::string cluster_id = column_text(presence, 0);
            const bool present = presence.getColumn(1).getInt() == 1;
            if (present) {
                // Its values are those of its live claims: a merge or rename leaves the claims of the
                // id it makes absent live, and a revert brings the id back without ranking them again.
                const ValuesRow row = live_values(cluster_id);
                write_values_row(store_.prepare(values_upsert_sql()), row);
                stage_search_row(row, true);
                continue;
            }
            bind_all(store_.prepare("DELETE FROM cluster_values WHERE cluster_id = ?"), cluster_id).exec();
            stage_search_row(load(cluster_id), false);
        }
    }

    void finish() {
        if (staged_) store_.connection().exec(search_unstage_sql);
    }

private:
    void stage_search_row(const ValuesRow& row, bool present) {
        if (!staged_) {
            store_.connection().exec(search_stage_sql);
            staged_ = true;
        }
        write_search_row(store_.prepare(search_stage_row_sql), row, present);
    }

    // A cluster's row as its preferred live claims make it (the newest ranked first, as
    // each_expected_values_row reads them).
    ValuesRow live_values(const std::string& cluster_id) {
        static const std::string live_sql = fmt::format(R"(
            SELECT c.cluster_id, {} FROM live_claim l JOIN claim c ON c.id = l.claim_id
            WHERE l.cluster_id = ? AND l.rank = 'preferred' ORDER BY l.ranked_in DESC, c.id DESC)",
                                                        claim_columns);
        auto& live = bind_all(store_.prepare(live_sql.c_str()), cluster_id);
        ValuesRow row{cluster_id};
        while (live.executeStep()) {
            const CachedColumns columns{live};
            const auto index = catalogue_index(columns.view(2));
            if (!index || row.fields[*index]) continue;
            model::Claim claim;
            read_claim(columns, 1, claim);
            row.fields[*index] = std::move(claim);
        }
        return row;
    }

    ValuesRow load(const std::string& cluster_id) {
        static const std::string select_sql = fmt::format("SELECT {} FROM cluster_values WHERE cluster_id = ?", value_columns());
        auto& existing = bind_all(store_.prepare(select_sql.c_str()), cluster_id);
        return existing.executeStep() ? read_values_row(CachedColumns{existing}) : ValuesRow{cluster_id};
    }

    void save(const ValuesRow& row) {
        // A removed cluster keeps no row, even when a later changeset ranks its claims (revert --force).
        if (!store_.cluster_present(row.cluster_id, no_limit)) {
            bind_all(store_.prepare("DELETE FROM cluster_values WHERE cluster_id = ?"), row.cluster_id).exec();
            stage_search_row(row, false);
            return;
        }
        write_values_row(store_.prepare(values_upsert_sql()), row);
        stage_search_row(row, true);
    }

    Store& store_;
    const long long changeset_id_;
    bool staged_ = false;
};

void Store::refresh_derived_tables(long long changeset_id) {
    DerivedRefresh refresh(*this, changeset_id);
    refresh.ranked_values();
    refresh.presence();
    refresh.finish();
}

void Store::rebuild_derived_tables() {
    guarded(path_, [&] {
        auto& db = connection();
        db.exec(fmt::format(R"(
            DELETE FROM live_claim;
            INSERT INTO live_claim (cluster_id, claim_id, rank, ranked_in)
            SELECT cluster_id, id, rank, ranked_in FROM ({}) WHERE rank <> 'retired';
            DELETE FROM cluster_values;
            DELETE FROM cluster_search;)",
                            ranked_claims_sql()));
        db.exec(search_stage_sql);
        each_expected_values_row(db, path_, [&](const ValuesRow& row, long long) {
            write_values_row(prepare(values_upsert_sql()), row);
            write_search_row(prepare(search_stage_row_sql), row, true);
        });
        db.exec(search_unstage_sql);
    });
}

void Store::rebuild_current_values() {
    connection().exec("DELETE FROM cluster_values");
    for_each_record(
        std::nullopt,
        [&](model::Record& record) {
            ValuesRow row{record.id};
            for (std::size_t i = 0; i < row.fields.size(); ++i) {
                if (const auto* claim = record.preferred(model::field_catalogue()[i].name)) row.fields[i] = *claim;
            }
            write_values_row(prepare(values_upsert_sql()), row);
        },
        RecordParts::values);
}

void Store::for_each_current_record(const std::function<void(model::Record&)>& visit,
                                    const std::vector<std::string_view>& fields) const {
    guarded(path_, [&] {
        // Only the columns asked for (every field's when none is): a pass over every record that
        // needs four values of each.
        std::vector<std::string_view> read = fields;
        if (read.empty()) std::ranges::transform(model::field_catalogue(), std::back_inserter(read), &model::FieldSpec::name);
        std::string columns = "cluster_id";
        std::vector<const model::FieldSpec*> specs;
        for (const auto field : read) {
            const auto index = catalogue_index(field);
            if (!index) throw std::logic_error(fmt::format("no field {}", field));
            specs.push_back(&model::field_catalogue()[*index]);
            for (const auto suffix : value_column_suffixes) columns += fmt::format(", {}{}", field, suffix);
        }
        RawQuery query(connection(), fmt::format("SELECT {} FROM cluster_values ORDER BY cluster_id", columns));
        model::Record record;
        while (query.step()) {
            const RawColumns row = query.columns();
            record.id.assign(row.view(0));
            check_stored_cluster_id(path_, record.id);
            // The claims of the record before are written over, not made anew: their strings keep
            // the room they had (made anew, they cost an export 5% of its instructions).
            std::size_t claims = 0;
            for (std::size_t i = 0; i < read.size(); ++i) {
                if (claims == record.claims.size()) record.claims.emplace_back();
                model::Claim& claim = record.claims[claims];
                if (!read_value_columns(row, value_column(i), read[i], claim)) continue;
                check_stored_claim(path_, record.id, claim, StoredIn::values, specs[i]);
                ++claims;
            }
            record.claims.resize(claims);
            visit(record);
        }
    });
}

}  // namespace gpuclusters::store
