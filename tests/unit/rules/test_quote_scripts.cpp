// The quote reader on text in Chinese, Japanese and Korean: figures set apart by spaces or run
// into their noun, sentences that end with their verb, and full stops without a space.
#include <doctest/doctest.h>

#include "formats/rules_config.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "rules/quote_tokens.hpp"

using namespace gpuclusters;

namespace {

std::vector<rules::Quantity> read_cjk(std::string_view quote) {
    static const auto config = formats::default_rules_config();
    return config.quote_reader().quantities(quote, 2025);
}

}  // namespace

TEST_CASE("a counter set apart from its figure by spaces is dropped as a glued one is") {
    for (const std::string_view quote : {"该中心部署了 2000 块 GPU", "该中心部署了2000块GPU"}) {
        CAPTURE(quote);
        const auto found = read_cjk(quote);
        REQUIRE(found.size() == 1);
        CHECK(found[0].value == model::Decimal::whole(2000));
        CHECK(found[0].unit == rules::Unit::gpu);
    }
}

TEST_CASE("a figure run into GPU or CPU in CJK text is a figure of its own; a model number is not") {
    const auto found = read_cjk("GPU10万基を導入した");
    REQUIRE(found.size() == 1);
    CHECK(found[0].value == model::Decimal::whole(100000));
    // "H100" stays a model's name, and English keeps "GPU100" whole.
    CHECK(read_cjk("H100搭載のサーバー").empty());
    CHECK(read_cjk("the GPU100 board").empty());
}

TEST_CASE("a plan at the end of a Japanese or Korean sentence governs the figures before it") {
    const auto japanese = read_cjk("新しいスパコンは 4,000基の GPU を搭載する予定だ。");
    REQUIRE(japanese.size() == 1);
    CHECK(japanese[0].modality == rules::Modality::planned);
    const auto korean = read_cjk("이 시스템은 향후 GPU 2,000개를 탑재할 예정이다.");
    REQUIRE(korean.size() == 1);
    CHECK(korean[0].modality == rules::Modality::planned);
    // A verb's bare stem before a comma goes on into the clause whose end is its own too.
    const auto stem = read_cjk("同社はデータセンターに1万基のGPUを搭載し、処理能力を高める方針だ。");
    REQUIRE(stem.size() == 1);
    CHECK(stem[0].modality == rules::Modality::planned);
    CHECK(read_cjk("GPU 2500基を搭載し、稼働している。").at(0).modality == rules::Modality::in_service);
    // The plan of the next sentence is not this one's: "。" ends a sentence without a space.
    const auto two = read_cjk("このスパコンは GPU 4,000基を搭載している。来年には拡張する予定だ。");
    REQUIRE(two.size() == 1);
    CHECK(two[0].modality == rules::Modality::in_service);
}

TEST_CASE("in Chinese a plan after a comma is the next clause's, not the figure's") {
    const auto found = read_cjk("该中心已部署 2000 块 GPU，计划明年扩展");
    REQUIRE(found.size() == 1);
    CHECK(found[0].modality == rules::Modality::in_service);
    const auto planned = read_cjk("该项目将建设 4万张加速卡集群");
    REQUIRE(planned.size() == 1);
    CHECK(planned[0].modality == rules::Modality::planned);
}

TEST_CASE("traditional Chinese is read with the lexicon's simplified words") {
    const auto planned = read_cjk("該項目將建設 4萬張加速卡集群");
    REQUIRE(planned.size() == 1);
    CHECK(planned[0].value == model::Decimal::whole(40000));
    CHECK(planned[0].modality == rules::Modality::planned);
    static const auto config = formats::default_rules_config();
    const auto events = config.quote_reader().status_events("算力中心於12日正式啟用", 2025);
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == rules::StatusEvent::Kind::live);
    CHECK(events[0].happened);
    CHECK(events[0].words == "啟用");
    CHECK(rules::quote_tokens::simplified_han("計劃") == "计划");
}

TEST_CASE("a Korean or Japanese verb form that puts building to come reports no building yet") {
    static const auto config = formats::default_rules_config();
    const auto to_build = config.quote_reader().status_events("データセンターを建設する計画を進めている。", 2025);
    REQUIRE(to_build.size() == 1);
    CHECK(to_build[0].kind == rules::StatusEvent::Kind::construction);
    CHECK_FALSE(to_build[0].happened);
    CHECK(to_build[0].words == "建設する計画");
    const auto to_finish = config.quote_reader().status_events("슈퍼컴퓨터는 내년 상반기에 구축을 완료할 계획이다.", 2025);
    REQUIRE(to_finish.size() == 1);
    CHECK(to_finish[0].kind == rules::StatusEvent::Kind::live);
    CHECK_FALSE(to_finish[0].happened);
    // The same building in the past tense has happened.
    const auto built = config.quote_reader().status_events("데이터센터는 지난해 건설 중이었다.", 2025);
    REQUIRE(built.size() == 1);
    CHECK(built[0].happened);
}

TEST_CASE("a scale word after a CJK figure makes it approximate; a tender is an order") {
    const auto scale = read_cjk("H200を800基規模で導入した");
    REQUIRE(scale.size() == 1);
    CHECK(scale[0].bound == rules::Bound::approximate);
    const auto tender = read_cjk("研究所は8個のH200チップを搭載したサーバーの入札を行った");
    REQUIRE(!tender.empty());
    CHECK(tender[0].modality == rules::Modality::procured);
}

TEST_CASE("a number in Han numerals is read as its digits would be") {
    using rules::quote_tokens::han_numeral;
    CHECK(han_numeral("十万") == 100000U);
    CHECK(han_numeral("两千") == 2000U);
    CHECK(han_numeral("三百六十") == 360U);
    CHECK(han_numeral("一万八千") == 18000U);
    CHECK(han_numeral("一百零五") == 105U);
    CHECK(han_numeral("十二") == 12U);
    CHECK(han_numeral("百万") == 1000000U);
    CHECK(han_numeral("三十亿") == 3000000000U);
    // No number: a digit alone, a power alone, two digits in a row, a power without its digit
    // after a myriad, powers out of order, other characters.
    for (const std::string_view text : {"一", "万", "十一五", "百万千", "百千", "万亿", "一二", "十分", "二十年"}) {
        CAPTURE(text);
        CHECK_FALSE(han_numeral(text));
    }
    const auto found = read_cjk("该中心部署了十万块GPU，另有三百六十台服务器。");
    REQUIRE(found.size() == 2);
    CHECK(found[0].value == model::Decimal::whole(100000));
    CHECK(found[0].unit == rules::Unit::gpu);
    CHECK(found[1].value == model::Decimal::whole(360));
    CHECK(found[1].unit == rules::Unit::node);
    // After a figure in digits, a myriad is its scale, as before; a name's numeral stays a word.
    CHECK(read_cjk("部署了1万块GPU。").at(0).value == model::Decimal::whole(10000));
    CHECK(read_cjk("百度的集群").empty());
    // "百万千瓦": a million kilowatts, not 1,001,000.
    const auto power = read_cjk("百万千瓦的电力");
    REQUIRE(power.size() == 1);
    CHECK(power[0].value == model::Decimal::whole(1000000));
    CHECK(power[0].unit == rules::Unit::kilowatt);
}

TEST_CASE("several and a power of ten in Chinese or Japanese is a span, as thousands of is") {
    for (const std::string_view quote : {"部署了数千块GPU。", "已部署幾千張GPU", "導入された数千台のGPU"}) {
        CAPTURE(quote);
        const auto found = read_cjk(quote);
        REQUIRE(found.size() == 1);
        CHECK(found[0].value == model::Decimal::whole(2000));
        REQUIRE(found[0].upper);
        CHECK(*found[0].upper == model::Decimal::whole(9999));
        CHECK(found[0].bound == rules::Bound::approximate);
        CHECK(found[0].unit == rules::Unit::gpu);
    }
    const auto tens = read_cjk("数十万卡集群");
    REQUIRE(tens.size() == 1);
    CHECK(*tens[0].upper == model::Decimal::whole(999999));
    // Words that begin with the same character are no span: 数据 is data.
    CHECK(read_cjk("数据中心部署了GPU。").empty());
}

TEST_CASE("a Han scale alone before a noun is one of it; a counter ends the figure before it") {
    const auto lone = read_cjk("百度宣布成功点亮了昆仑芯三代万卡集群");
    REQUIRE(lone.size() == 1);
    CHECK(lone[0].value == model::Decimal::whole(10000));
    CHECK(lone[0].unit == rules::Unit::gpu);
    // Three sets of ten-thousand-card clusters: 3 sets, and about 10,000 cards; not 30,000.
    const auto sets = read_cjk("由中科曙光研发的3套万卡级超算集群系统正式投入试运行");
    REQUIRE(sets.size() == 2);
    CHECK(sets[0].value == model::Decimal::whole(3));
    CHECK(sets[0].unit != rules::Unit::gpu);
    CHECK(sets[1].value == model::Decimal::whole(10000));
    CHECK(sets[1].bound == rules::Bound::approximate);
    // A scale right after digits stays theirs.
    const auto digits = read_cjk("部署了1万张GPU");
    REQUIRE(digits.size() == 1);
    CHECK(digits[0].value == model::Decimal::whole(10000));
    CHECK(digits[0].bound == rules::Bound::exact);
}

TEST_CASE("upwards of a power of ten in Chinese or Japanese is at least that power") {
    for (const auto& row : std::vector<std::pair<std::string_view, std::int64_t>>{
             {"该中心部署了上千块GPU。", 1000}, {"购买量达到上万块GPU", 10000}, {"已部署上萬張GPU", 10000}}) {
        CAPTURE(row.first);
        const auto found = read_cjk(row.first);
        REQUIRE(found.size() == 1);
        CHECK(found[0].value == model::Decimal::whole(row.second));
        CHECK_FALSE(found[0].upper);
        CHECK(found[0].bound == rules::Bound::at_least);
        CHECK(found[0].unit == rules::Unit::gpu);
    }
    // Words that begin with the same character are no figure: 上海 is Shanghai.
    CHECK(read_cjk("上海超算中心部署了GPU。").empty());
}

TEST_CASE("what is left under a myriad is read with it, spaced in Korean or with a scale of its own") {
    for (const auto& row : std::vector<std::pair<std::string_view, std::int64_t>>{{"GPU 1만 5000장을 확보했다.", 15000},
                                                                                  {"GPU 1만5000장을 확보했다.", 15000},
                                                                                  {"GPU 1만 5천 장", 15000},
                                                                                  {"480万1344", 4801344},
                                                                                  {"4万3,008", 43008},
                                                                                  {"2億5000万円", 250000000}}) {
        CAPTURE(row.first);
        const auto found = read_cjk(row.first);
        REQUIRE(found.size() == 1);
        CHECK(found[0].value == model::Decimal::whole(row.second));
    }
    // A space sets off no rest in Chinese or Japanese, where none is written.
    CHECK(read_cjk("部署了1万 5000块GPU").size() == 2);
}

TEST_CASE("full-width digits grouped by a full-width comma are one figure; a clause's comma between figures is not") {
    const auto found = read_cjk("クラスターには１，０２４基のGPUがある。");
    REQUIRE(found.size() == 1);
    CHECK(found[0].value == model::Decimal::whole(1024));
    CHECK(found[0].unit == rules::Unit::gpu);
    // Four digits before the comma are no group of three.
    CHECK(read_cjk("数量为１０２４，２５６个节点").size() == 2);
    CHECK(read_cjk("该系统由2000个节点组成，每个节点配备8块GPU。").size() == 2);
}
