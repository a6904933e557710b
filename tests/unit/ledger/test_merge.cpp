#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "gpuclusters/ledger/merge.hpp"

using namespace gpuclusters;

namespace {

// A record written out by hand: sources by id, claims with the sources they cite and a quote.
struct Built {
    explicit Built(std::string id) { record.id = std::move(id); }

    Built& source(long long id, const std::string& url, const std::string& title = "", const std::string& accessed = "") {
        model::Source source{id, url, {}, 0};
        source.meta.kind = "operator";
        source.meta.title = title;
        source.meta.accessed = accessed;
        record.sources[id] = source;
        return *this;
    }
    Built& claim(const std::string& field, const std::string& value, model::Rank rank,
                 const std::vector<std::pair<long long, std::string>>& citations = {}) {
        model::Claim claim;
        claim.id = static_cast<long long>(record.claims.size()) + 1;
        claim.field = field;
        claim.value.value = value;
        claim.rank = rank;
        for (const auto& [source, quote] : citations) claim.citations.push_back({0, source, "", quote, 0});
        record.claims.push_back(claim);
        return *this;
    }
    Built& key(long long source, const std::string& key) {
        record.keys.push_back({source, key, 0});
        return *this;
    }

    model::Record record;
};

constexpr auto preferred = model::Rank::preferred;
constexpr auto normal = model::Rank::normal;

// Each claim of a field as "value:rank:url|quote,url|quote".
std::vector<std::string> claims_of(const model::Record& record, const std::string& field) {
    std::vector<std::string> found;
    for (const auto& claim : record.claims) {
        if (claim.field != field) continue;
        std::string text = claim.value.value + ":" + std::string(model::to_string(claim.rank)) + ":";
        for (const auto& citation : claim.citations) {
            text += record.sources.at(citation.source_id).url + "|" + citation.quote + ",";
        }
        found.push_back(text);
    }
    return found;
}

std::vector<std::string> urls_of(const model::Record& record) {
    std::vector<std::string> urls;
    for (const auto& [id, source] : record.sources) urls.push_back(source.url);
    return urls;
}

const std::string operator_page = "https://example.org/machine";
const std::string press = "https://news.example.com/story";
const std::string paper = "https://arxiv.org/abs/2401.00001";

Built base_record() {
    return std::move(Built("acme-one")
                         .source(1, operator_page)
                         .claim("owner", "Acme", preferred, {{1, "Acme runs it"}})
                         .claim("city", "Paris", preferred, {{1, "in Paris"}}));
}

// The base record with its city changed to Lyon, on the operator's word.
Built in_lyon() {
    return std::move(Built("acme-one")
                         .source(1, operator_page)
                         .claim("owner", "Acme", preferred, {{1, "Acme runs it"}})
                         .claim("city", "Lyon", preferred, {{1, "in Lyon"}}));
}

}  // namespace

TEST_CASE("different fields changed on each side, each citing a new source, merge with no conflict") {
    const auto base = base_record().record;
    auto ours = base_record().source(2, press).claim("interconnect", "InfiniBand", preferred, {{2, "InfiniBand fabric"}});
    auto theirs = base_record().source(7, paper).claim("status", "operational", preferred, {{7, "in production"}});
    const auto merged = ledger::merge_records(base, ours.record, theirs.record);
    CHECK(merged.conflicts.empty());
    CHECK(merged.notes.empty());
    CHECK(claims_of(merged.record, "interconnect") ==
          std::vector<std::string>{"InfiniBand:preferred:" + press + "|InfiniBand fabric,"});
    CHECK(claims_of(merged.record, "status") == std::vector<std::string>{"operational:preferred:" + paper + "|in production,"});
    CHECK(claims_of(merged.record, "owner") == std::vector<std::string>{"Acme:preferred:" + operator_page + "|Acme runs it,"});
    // Sources by URL, numbered from 1 in that order, whatever each side numbered them.
    CHECK(urls_of(merged.record) == std::vector<std::string>{paper, operator_page, press});
    CHECK(merged.record.sources.begin()->first == 1);
    // Fields in the catalogue's order: owner before city before interconnect and status.
    std::vector<std::string> fields;
    for (const auto& claim : merged.record.claims) fields.push_back(claim.field);
    CHECK(fields == std::vector<std::string>{"owner", "city", "status", "interconnect"});
}

TEST_CASE("a Verified badge stays only on the very record its signer saw") {
    const model::Verification badge{3, "2026-11-20", "Ada", false};
    const auto base = base_record().record;
    auto signed_ours = base_record().record;
    signed_ours.verification = badge;
    // Theirs unchanged: the merge is ours, badge and all.
    CHECK(ledger::merge_records(base, signed_ours, base).record.verification.has_value());
    // Theirs changed a field: the merge is a record nobody signed.
    auto theirs = base_record().source(7, paper).claim("status", "operational", preferred, {{7, "in production"}});
    CHECK_FALSE(ledger::merge_records(base, signed_ours, theirs.record).record.verification.has_value());
    // Both signed the same record alike: kept; signed differently: neither is taken.
    auto signed_theirs = signed_ours;
    CHECK(ledger::merge_records(base, signed_ours, signed_theirs).record.verification->author == "Ada");
    signed_theirs.verification->author = "Grace";
    CHECK_FALSE(ledger::merge_records(base, signed_ours, signed_theirs).record.verification.has_value());
}

TEST_CASE("one field set to one value on both sides is taken once") {
    const auto base = base_record().record;
    auto ours = in_lyon();
    const auto merged = ledger::merge_records(base, ours.record, ours.record);
    CHECK(merged.conflicts.empty());
    CHECK(claims_of(merged.record, "city") == std::vector<std::string>{"Lyon:preferred:" + operator_page + "|in Lyon,"});
}

TEST_CASE("one field set to different values: both kept as competing figures with their sources, a conflict") {
    const auto base = base_record().record;
    auto ours = in_lyon();
    Built theirs("acme-one");
    theirs.source(1, operator_page)
        .source(2, press)
        .claim("owner", "Acme", preferred, {{1, "Acme runs it"}})
        .claim("city", "Nice", preferred, {{2, "near Nice"}});
    const auto merged = ledger::merge_records(base, ours.record, theirs.record);
    CHECK(merged.conflicts == std::vector<std::string>{"city"});
    CHECK(claims_of(merged.record, "city") ==
          std::vector<std::string>{"Lyon:normal:" + operator_page + "|in Lyon,", "Nice:normal:" + press + "|near Nice,"});
    CHECK(merged.record.preferred("city") == nullptr);
    CHECK(merged.record.in_merge_conflict("city"));
    CHECK(merged.record.shown("city") == "merge conflict: 2 competing figures");
    for (const auto& claim : merged.record.claims) {
        CHECK(claim.rank_reason == (claim.field == "city" ? model::merge_conflict_reason : ""));
    }
}

TEST_CASE("in a conflicted field only the values a side preferred are marked; rank reasons follow the side that changed them") {
    auto base = base_record().source(2, press).claim("city", "Marseille", normal, {{2, "Marseille, says the press"}});
    base.record.claims.back().rank_reason = "cited";
    auto ours = in_lyon().source(2, press).claim("city", "Marseille", normal, {{2, "Marseille, says the press"}});
    ours.record.claims.back().rank_reason = "cited";
    auto theirs =
        base_record().source(2, press).claim("city", "Marseille", model::Rank::deprecated, {{2, "Marseille, says the press"}});
    theirs.record.claims.back().rank_reason = "a press guess";
    theirs.record.claims[1].value.value = "Nice";
    const auto merged = ledger::merge_records(base.record, ours.record, theirs.record);
    CHECK(merged.conflicts == std::vector<std::string>{"city"});
    std::map<std::string, std::string> reasons;
    for (const auto& claim : merged.record.claims) {
        if (claim.field == "city")
            reasons[claim.value.value + ":" + std::string(model::to_string(claim.rank))] = claim.rank_reason;
    }
    CHECK(reasons == std::map<std::string, std::string>{{"Lyon:normal", std::string(model::merge_conflict_reason)},
                                                        {"Marseille:deprecated", "a press guess"},
                                                        {"Nice:normal", std::string(model::merge_conflict_reason)}});
    CHECK(merged.record.shown("city") == "merge conflict: 2 competing figures");
}

TEST_CASE("a field cleared on one side is cleared; cleared against changed is a conflict") {
    const auto base = base_record().record;
    Built cleared("acme-one");
    cleared.source(1, operator_page).claim("owner", "Acme", preferred, {{1, "Acme runs it"}});
    const auto merged = ledger::merge_records(base, cleared.record, base);
    CHECK(merged.conflicts.empty());
    CHECK(claims_of(merged.record, "city").empty());

    auto changed = in_lyon();
    const auto against = ledger::merge_records(base, cleared.record, changed.record);
    CHECK(against.conflicts == std::vector<std::string>{"city"});
    CHECK(claims_of(against.record, "city") == std::vector<std::string>{"Lyon:normal:" + operator_page + "|in Lyon,"});
}

TEST_CASE("a field one side made unknown is cleared in the merge, unless the other set it again") {
    const auto base = base_record().record;
    Built cleared("acme-one");
    cleared.source(1, operator_page).claim("owner", "Acme", preferred, {{1, "Acme runs it"}});
    cleared.record.cleared = {"city"};
    const auto merged = ledger::merge_records(base, base, cleared.record);
    CHECK(merged.record.cleared == std::vector<std::string>{"city"});
    CHECK(claims_of(merged.record, "city").empty());

    const auto later = ledger::merge_records(cleared.record, cleared.record, in_lyon().record);
    CHECK(later.conflicts.empty());
    CHECK(later.record.cleared.empty());
    CHECK(claims_of(later.record, "city") == std::vector<std::string>{"Lyon:preferred:" + operator_page + "|in Lyon,"});
}

TEST_CASE("accepted findings: one side's new, withdrawn or re-reasoned acceptance is taken; two new reasons keep ours") {
    auto base = base_record();
    base.record.accepted = {{"stale-sources", "rarely updated"}, {"possible-duplicate", "two phases"}};
    auto ours = base_record();
    ours.record.accepted = {
        {"stale-sources", "rarely updated"}, {"possible-duplicate", "two phases"}, {"count-implausible", "checked"}};
    auto theirs = base_record();
    theirs.record.accepted = {{"stale-sources", "the operator says so"}};
    const auto merged = ledger::merge_records(base.record, ours.record, theirs.record);
    CHECK(merged.record.accepted ==
          std::vector<model::AcceptedFinding>{{"count-implausible", "checked"}, {"stale-sources", "the operator says so"}});
    CHECK(merged.notes.empty());
    ours.record.accepted = {{"stale-sources", "ours"}};
    const auto both = ledger::merge_records(base.record, ours.record, theirs.record);
    CHECK(both.record.accepted == std::vector<model::AcceptedFinding>{{"stale-sources", "ours"}});
    CHECK(both.notes.size() == 1);
}

TEST_CASE("a removed record stays removed against an unchanged side, and is kept against a changed one") {
    const auto base = base_record().record;
    model::Record removed;
    removed.id = "acme-one";
    removed.removed = true;
    const auto gone = ledger::merge_records(base, removed, base);
    CHECK(gone.record.removed);
    CHECK(gone.record.claims.empty());
    const auto kept = ledger::merge_records(base, in_lyon().record, removed);
    CHECK_FALSE(kept.record.removed);
    CHECK(claims_of(kept.record, "city") == std::vector<std::string>{"Lyon:preferred:" + operator_page + "|in Lyon,"});
    CHECK(kept.notes.size() == 1);
    // Brought back after its removal on one side: merged as a new record.
    const auto back = ledger::merge_records(removed, removed, in_lyon().record);
    CHECK_FALSE(back.record.removed);
    CHECK(back.record.claims.size() == 2);
}

TEST_CASE("two new ranks of a competing figure leave the field's value alone") {
    const auto base = base_record().source(2, press).claim("city", "Zurich", normal, {{2, "in Zurich"}}).record;
    auto ours = base_record().source(2, press).claim("city", "Zurich", model::Rank::deprecated, {{2, "in Zurich"}});
    const auto theirs = base_record().record;  // the figure withdrawn
    const auto merged = ledger::merge_records(base, ours.record, theirs);
    CHECK(merged.conflicts.empty());
    CHECK(claims_of(merged.record, "city") == std::vector<std::string>{"Paris:preferred:" + operator_page + "|in Paris,",
                                                                       "Zurich:deprecated:" + press + "|in Zurich,"});
    REQUIRE(merged.notes.size() == 1);
    CHECK(merged.notes[0] == "city: Zurich: both sides changed its rank differently; ours (deprecated) is kept");
}

TEST_CASE("citations of one claim: one side's new one and the other's removal both hold") {
    const auto base = base_record().record;
    auto ours = base_record().source(2, press);
    ours.record.claims[0].citations.push_back({0, 2, "", "Acme, the owner", 0});
    Built theirs("acme-one");
    theirs.source(1, operator_page).claim("owner", "Acme", preferred).claim("city", "Paris", preferred, {{1, "in Paris"}});
    const auto merged = ledger::merge_records(base, ours.record, theirs.record);
    CHECK(merged.conflicts.empty());
    CHECK(claims_of(merged.record, "owner") == std::vector<std::string>{"Acme:preferred:" + press + "|Acme, the owner,"});
}

TEST_CASE("a competing figure added on one side and a new preferred value on the other merge") {
    const auto base = base_record().record;
    auto ours = base_record().source(2, press).claim("city", "Lyon", normal, {{2, "Lyon, says the press"}});
    Built theirs("acme-one");
    theirs.source(1, operator_page)
        .claim("owner", "Acme Corp", preferred, {{1, "Acme Corp runs it"}})
        .claim("city", "Paris", preferred, {{1, "in Paris"}});
    const auto merged = ledger::merge_records(base, ours.record, theirs.record);
    CHECK(merged.conflicts.empty());
    CHECK(claims_of(merged.record, "owner") ==
          std::vector<std::string>{"Acme Corp:preferred:" + operator_page + "|Acme Corp runs it,"});
    CHECK(claims_of(merged.record, "city") == std::vector<std::string>{"Paris:preferred:" + operator_page + "|in Paris,",
                                                                       "Lyon:normal:" + press + "|Lyon, says the press,"});
}

TEST_CASE("keys: what each side adds stays, what one side removes goes") {
    auto base = base_record().key(1, "System 1");
    auto ours = base_record().key(1, "System 1").source(2, press).key(2, "Story 9");
    auto theirs = base_record();
    const auto merged = ledger::merge_records(base.record, ours.record, theirs.record);
    REQUIRE(merged.record.keys.size() == 1);
    CHECK(merged.record.keys[0].key == "Story 9");
    CHECK(merged.record.sources.at(merged.record.keys[0].source_id).url == press);
}

TEST_CASE("a source's metadata changed on both sides: ours kept and said, the later accessed date taken") {
    auto base =
        Built("acme-one").source(1, operator_page, "Machine", "2026-01-01").claim("owner", "Acme", preferred, {{1, "Acme"}});
    auto ours =
        Built("acme-one").source(1, operator_page, "The machine", "2026-02-01").claim("owner", "Acme", preferred, {{1, "Acme"}});
    auto theirs =
        Built("acme-one").source(4, operator_page, "Our machine", "2026-03-01").claim("owner", "Acme", preferred, {{4, "Acme"}});
    const auto merged = ledger::merge_records(base.record, ours.record, theirs.record);
    const auto& meta = merged.record.sources.at(1).meta;
    CHECK(meta.title == "The machine");
    CHECK(meta.accessed == "2026-03-01");
    REQUIRE(merged.notes.size() == 1);
    CHECK(merged.notes[0] ==
          "source " + operator_page + ": title is 'The machine' in ours and 'Our machine' in theirs; ours is kept");
    // One side alone changing it is no conflict.
    const auto one_side = ledger::merge_records(base.record, ours.record, base.record);
    CHECK(one_side.notes.empty());
    CHECK(one_side.record.sources.at(1).meta.title == "The machine");
}

TEST_CASE("a record new on both sides merges against an empty base") {
    const model::Record nothing;
    const auto same = ledger::merge_records(nothing, base_record().record, base_record().record);
    CHECK(same.conflicts.empty());
    CHECK(claims_of(same.record, "city") == std::vector<std::string>{"Paris:preferred:" + operator_page + "|in Paris,"});
    auto other = in_lyon();
    const auto differing = ledger::merge_records(nothing, base_record().record, other.record);
    CHECK(differing.conflicts == std::vector<std::string>{"city"});
    CHECK(differing.record.id == "acme-one");
}

TEST_CASE("a value replaced on one side and newly cited on the other stays, as a competing figure") {
    const auto base = base_record().record;
    auto cited = base_record().source(2, press);
    cited.record.claims[1].citations.push_back({0, 2, "", "Paris, says the press", 0});
    auto replaced = in_lyon();
    const auto merged = ledger::merge_records(base, replaced.record, cited.record);
    CHECK(merged.conflicts.empty());
    CHECK(claims_of(merged.record, "city") ==
          std::vector<std::string>{"Lyon:preferred:" + operator_page + "|in Lyon,",
                                   "Paris:normal:" + operator_page + "|in Paris," + press + "|Paris, says the press,"});
    REQUIRE(merged.notes.size() == 1);
    CHECK(merged.notes[0].starts_with("city: Paris was replaced on one side"));
}
