#pragma once
// The change engine: a prepared change written against the records as the store holds them, in
// the session's changeset, with a report of every field touched. Its parts: the sources, record
// and keys a change names (change_records.cpp), and what each field's input does to the record's
// claims (change_fields.cpp); the inputs are checked before (change_input.cpp).
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gpuclusters/ledger/change.hpp"
#include "ledger/editions.hpp"
#include "ledger/working_record.hpp"

namespace gpuclusters::ledger {

namespace detail {
/// The refusal of one value given two ranks ("12,288 of gpus_installed is given two ranks, ..."):
/// by the input checks, or by the engine for a claim the input names twice.
std::string two_ranks(const model::FieldSpec& field, const std::string& value, model::Rank first, model::Rank second);
}  // namespace detail

class ChangeSession::Engine {
public:
    Engine(store::Store& store, model::Changeset changeset, std::string today, Reporting reporting)
        : store_(store), changeset_(std::move(changeset)), today_(std::move(today)), reporting_(reporting) {}

    /// Writes the changeset row (once, outside any record's savepoint: a failed record must not
    /// take it with it).
    void begin();
    /// Writes `change` into the open transaction, reporting into `report`.
    void run(const PreparedChange& change, model::ChangeReport& report);
    long long changeset_id() const { return changeset_id_; }

private:
    // The sources, the record and its keys (change_records.cpp).
    long long resolve_source(const SourceInput& input);
    void note_listed(long long source_id, const std::string& origin);
    void report_source(model::SourceReport source);
    void note_domain(long long source_id, const std::string& url);
    model::SourceTag tag(long long source_id);
    std::string record_named(const ParsedRecord& input);
    std::optional<std::string> cluster_of_key(long long source_id, const std::string& key);
    std::string followed(const std::string& id) const;
    bool merged_key(long long source_id, const std::string& key, const std::string& cluster_id) const;
    void refuse_merged(const std::string& cluster_id) const;
    void record_keys(const model::Record& record, const ParsedRecord& input);
    void open_record(const ParsedRecord& input);
    std::optional<std::string> near_cluster_id(const std::string& id) const;
    void refuse_value_demoted();
    void apply_acceptances(const ParsedRecord& input);
    void apply_badge(const ParsedRecord& input);
    void remove_record(const std::string& cluster_id);
    void clear_derived();

    // What each field's input does (change_fields.cpp).
    void apply_fields(const ParsedRecord& input);
    void retire_unlisted(const ParsedRecord& input);
    void apply_set(const ParsedRecord& input, const ParsedField& field, bool& kept_as_older);
    void clear_with_derived(const ParsedField& field);
    void require_source(const ParsedField& field, std::size_t left_out);
    Editions::Standing edition_standing(const ParsedField& field, const std::vector<CitationInput>& citations);
    void keep_as_older(const ParsedField& field, const std::vector<CitationInput>& citations, const Editions::Standing& edition);
    std::vector<CitationInput> new_evidence(const ParsedField& field) const;
    void derive_from_model(const ParsedField& model_field, const std::vector<CitationInput>& citations, bool keep_previous);
    void derive(const model::FieldSpec& spec, const std::string& value, const model::Qualifiers& from_model,
                const std::vector<CitationInput>& citations, bool keep_previous);
    const model::Claim* named_claim(const ParsedField& field) const;
    void cite_field(const ParsedField& field);
    long long add_competing(const ParsedField& field, model::FieldReport& report);
    void rank_field(const ParsedField& field);
    void clear_field(const model::FieldSpec& spec);
    void add_citations(long long target, const std::vector<CitationInput>& citations, model::FieldReport& report);
    void apply_field(const model::FieldSpec& spec, model::ClaimState state, const model::FieldValue& value,
                     const std::vector<CitationInput>& citations, bool keep_previous, std::size_t citations_left_out = 0,
                     const std::string& kept_reason = "");
    void set_rank(long long claim_id, model::Rank rank, const std::string& reason);
    long long insert_claim(const std::string& field, model::ClaimState state, const model::FieldValue& value);
    void report_field(model::FieldReport field) {
        if (!brief_) report_->fields.push_back(std::move(field));
    }
    void mark_changed() { report_->changed = true; }

    store::Store& store_;
    model::Changeset changeset_;
    std::string today_;
    Reporting reporting_;
    long long changeset_id_ = 0;
    model::ChangeReport* report_ = nullptr;     ///< of the current call
    std::vector<long long> source_ids_;         ///< of the current call's sources, by index
    std::map<long long, std::string> domains_;  ///< source id -> domain, for the current call's report
    /// Where the sources this changeset gave metadata were listed, for the error when another
    /// listing disagrees.
    std::unordered_map<long long, std::string> listed_at_;
    Editions editions_{store_};  ///< what this session read of lists' editions

    // The record being written.
    std::string cluster_id_;
    bool brief_ = false;      ///< it is new, and its fields are not reported
    bool unsourced_ = false;  ///< it may add values without a source
    /// The record is the whole record (sync): its rank reasons are taken as they are, none too.
    bool whole_record_ = false;
    detail::WorkingRecord working_;
    /// The fields whose value a competing or deprecated figure demoted, with the error to give if
    /// the record ends without setting another.
    std::map<std::string, std::string> value_demoted_;
};

}  // namespace gpuclusters::ledger
