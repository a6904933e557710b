// The quote reader's lexicon as data: a configuration's list changes what the reader reads, and a
// malformed list is refused at its place.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "formats/rules_config.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/rules/rules.hpp"

using namespace gpuclusters;

namespace {

rules::Quantity only_quantity(const rules::Config& config, std::string_view quote) {
    const auto found = config.quote_reader().quantities(quote, 2025);
    REQUIRE(found.size() == 1);
    return found.front();
}

}  // namespace

TEST_CASE("a configuration's noun and number lists change what the reader reads") {
    const auto defaults = formats::default_rules_config();
    auto config = formats::default_rules_config();
    formats::apply_rules_config(config,
                                "[quote-reader]\nextra_gpu_nouns = ['widgets']\nextra_spelled_numbers = { zwoelf = 12 }\n"
                                "node_nouns = ['hosts']\n",
                                "c.toml");
    CHECK(only_quantity(defaults, "a hall of 640 widgets").unit == rules::Unit::none);
    CHECK(only_quantity(config, "a hall of 640 widgets").unit == rules::Unit::gpu);
    CHECK(defaults.quote_reader().quantities("zwoelf GPUs", 2025).empty());
    CHECK(only_quantity(config, "zwoelf GPUs").value == model::Decimal::whole(12));
    // A list replaced: servers are no nodes any more, hosts are.
    CHECK(only_quantity(defaults, "96 servers").unit == rules::Unit::node);
    CHECK(only_quantity(config, "96 servers").unit == rules::Unit::none);
    CHECK(only_quantity(config, "96 hosts").unit == rules::Unit::node);
}

TEST_CASE("a malformed list of words or numbers is refused with its file, line and key") {
    auto config = formats::default_rules_config();
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[quote-reader]\nspelled_numbers = ['one']\n", "c.toml"),
                         "c.toml:2:19: spelled_numbers must be a table of words, each with a whole number from 0 to 999",
                         InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[quote-reader]\nextra_scale_words = { lakh = 99 }\n", "c.toml"),
                         "c.toml:2:30: extra_scale_words: lakh must be a whole number from 0 to 12", InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[quote-reader]\nextra_gpu_nouns = [7]\n", "c.toml"),
                         "c.toml:2:20: extra_gpu_nouns must hold strings", InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[quote-reader]\nextra_gpu_nouns = ['graphics card']\n", "c.toml"),
                         "c.toml:2:20: extra_gpu_nouns: 'graphics card' is not one word", InputError);
}

TEST_CASE("a compound that ends with a noun of a unit counts what the noun counts") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "darunter 4.096 Computerknoten").unit == rules::Unit::node);
    CHECK(only_quantity(config, "mit 512 Grafikbeschleunigern").unit == rules::Unit::gpu);
    // The tail alone is the noun itself, and a word barely longer is no compound.
    CHECK(only_quantity(config, "512 Knoten").unit == rules::Unit::node);
    // A tail that no noun list holds gives a compound no unit.
    auto replaced = formats::default_rules_config();
    formats::apply_rules_config(replaced, "[quote-reader]\ncompound_tails = ['halle']\n", "c.toml");
    CHECK(only_quantity(replaced, "640 Rechenhalle").unit == rules::Unit::none);
    CHECK(only_quantity(replaced, "darunter 4.096 Computerknoten").unit == rules::Unit::none);
}

TEST_CASE("a CPU's product name counts CPUs, whatever maker or number stands beside it") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "is being built using 1,344 Intel Xeons").unit == rules::Unit::cpu);
    CHECK(only_quantity(config, "システム全体では1080個のXeon").unit == rules::Unit::cpu);
    CHECK(only_quantity(config, "a machine of 512 Opterons").unit == rules::Unit::cpu);
    // The GPUs beside them keep their own noun.
    CHECK(only_quantity(config, "2,048 NVIDIA A100 GPUs").unit == rules::Unit::gpu);
    // A model number, then a few words in brackets, then the noun: "(Rome)", a link's "(opens in new tab)".
    CHECK(only_quantity(config, "using 1,344 AMD Epyc 7742 (Rome) processors").unit == rules::Unit::cpu);
    CHECK(only_quantity(config, "using 1,344 AMD Epyc 7742 (opens in new tab) processors").unit == rules::Unit::cpu);
}

TEST_CASE("a noun in German or French quotation marks is the figure's noun") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "noch die 48 \u201EAcceleration Nodes\u201C").unit == rules::Unit::node);
    CHECK(only_quantity(config, "les 64 \u00ABn\u0153uds\u00BB du calculateur").unit == rules::Unit::node);
}

TEST_CASE("a word that a declined noun's stem begins counts what the noun counts") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "zbudowany z 1024 procesorów").unit == rules::Unit::cpu);
    CHECK(only_quantity(config, "koostuu 40 laskentasolmusta").unit == rules::Unit::node);
    CHECK(only_quantity(config, "dodano 96 akceleratorów").unit == rules::Unit::gpu);
    // A word a noun list holds keeps its own unit, whatever stem begins it.
    CHECK(only_quantity(config, "512 servers").unit == rules::Unit::node);
    CHECK(only_quantity(config, "512 rdzeni").unit == rules::Unit::core);
    // A stem needs three letters, and a stem of words is refused with its place.
    auto replaced = formats::default_rules_config();
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(replaced, "[quote-reader]\nextra_cpu_nouns = ['pr*']\n", "c.toml"),
                         "c.toml:2:20: extra_cpu_nouns: 'pr*' is a stem of fewer than three letters", InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(replaced, "[quote-reader]\nextra_cpu_nouns = ['two words*']\n", "c.toml"),
                         "c.toml:2:20: extra_cpu_nouns: 'two words*' is no stem of one word", InputError);
    // Only a list of nouns takes stems.
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(replaced, "[quote-reader]\nextra_totals = ['gesamt*']\n", "c.toml"),
                         "c.toml:2:17: extra_totals: 'gesamt*' is not one word", InputError);
}

TEST_CASE("every list of the reader has its words in db/rules.toml and its name in gpuclusters-verify(1)") {
    const auto defaults = formats::default_rules_config();
    std::ifstream page(GPUCLUSTERS_SOURCE_DIR "/man/gpuclusters-verify.1");
    std::stringstream text;
    text << page.rdbuf();
    for (const auto& list : rules::lexicon_lists()) {
        CAPTURE(std::string(list.name));
        const bool given = defaults.lexicon.lists.contains(list.name) || defaults.lexicon.numbers.contains(list.name);
        CHECK(given);
        const std::string name(list.name);
        CHECK((text.str().find(".B " + name + "\n") != std::string::npos ||
               text.str().find(".BR " + name + " ") != std::string::npos));
    }
}

TEST_CASE("the words that decide a noun's unit or a spelled number are a configuration's") {
    const auto defaults = formats::default_rules_config();
    CHECK(only_quantity(defaults, "1,024 accelerated processing units").unit == rules::Unit::apu);
    CHECK(only_quantity(defaults, "half a million GPUs").value == model::Decimal::whole(500000));
    auto config = formats::default_rules_config();
    formats::apply_rules_config(config, "[quote-reader]\naccelerated = ['fused']\nextra_half = ['halb']\n", "c.toml");
    CHECK(only_quantity(config, "1,024 accelerated processing units").unit == rules::Unit::gpu);
    CHECK(only_quantity(config, "1,024 fused processing units").unit == rules::Unit::apu);
    CHECK(only_quantity(config, "halb a million GPUs").value == model::Decimal::whole(500000));
}

TEST_CASE("a use of up to N shows at least N, whatever the case of its words") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "The model was trained on up to 800 GPUs.").bound == rules::Bound::at_least);
    CHECK(only_quantity(config, "Trained on up to 800 GPUs.").bound == rules::Bound::at_least);
    CHECK(only_quantity(config, "The model was trained on Up To 800 GPUs.").bound == rules::Bound::at_least);
    // A plan of up to N stays a ceiling.
    CHECK(only_quantity(config, "Up to 800 GPUs will be installed.").bound == rules::Bound::at_most);
}

TEST_CASE("a fraction of a thousand or a million is a rounded figure; a whole one is not") {
    const auto config = formats::default_rules_config();
    const auto glued = only_quantity(config, "Inside the Titan Supercomputer: 18.6K NVIDIA GPUs");
    CHECK(glued.value == model::Decimal::whole(18600));
    CHECK(glued.bound == rules::Bound::approximate);
    CHECK(glued.bound_words == "18.6K");
    const auto word = only_quantity(config, "a cluster of 1.2 million GPUs");
    CHECK(word.value == model::Decimal::whole(1200000));
    CHECK(word.bound == rules::Bound::approximate);
    CHECK(word.bound_words == "1.2 million");
    CHECK(only_quantity(config, "a cluster of 12 million GPUs").bound == rules::Bound::exact);
    CHECK(only_quantity(config, "a cluster of 18K GPUs").bound == rules::Bound::exact);
    CHECK(only_quantity(config, "a cluster of 18,600 GPUs").bound == rules::Bound::exact);
}

TEST_CASE("a unit of power before hours is energy, in words or glued by a hyphen") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "it used 20 megawatt-hours last year").unit == rules::Unit::energy);
    CHECK(only_quantity(config, "es verbrauchte 3 Kilowatt Stunden").unit == rules::Unit::energy);
    CHECK(only_quantity(config, "it draws 20 megawatts").unit == rules::Unit::megawatt);
    // A noun of something else after the figure's own is no longer its noun.
    CHECK(only_quantity(config, "they installed 20 GPUs last year").unit == rules::Unit::gpu);
}

TEST_CASE("a preposition of another language ends a noun phrase as English 'with' does") {
    const auto config = formats::default_rules_config();
    // "44 Schränke mit 5.632 Rechenknoten": the cabinets are not the nodes after "mit".
    const auto found = config.quote_reader().quantities("Es gibt 44 Schränke mit 5632 Rechenknoten.", 2025);
    REQUIRE(found.size() == 2);
    CHECK(found[0].unit == rules::Unit::rack);
    CHECK(found[1].unit == rules::Unit::node);
    // "200 000 dans quelques mois": a time after the figure is not what it counts.
    CHECK(only_quantity(config, "il va atteindre 200 000 dans quelques mois").unit == rules::Unit::none);
    // Nor after its unit: "45 MW dalam beberapa tahun" counts megawatts.
    CHECK(only_quantity(config, "akan dikembangkan hingga 45 MW dalam beberapa tahun").unit == rules::Unit::megawatt);
}

TEST_CASE("a month with its capital inside a sentence is a date, and 'may' in lower case a modal") {
    const auto config = formats::default_rules_config();
    const auto dated = config.quote_reader().status_events("The partition entered production in May 2023.", 2025);
    REQUIRE(dated.size() == 1);
    CHECK(dated[0].happened);
    const auto modal = config.quote_reader().status_events("The partition may enter production next year.", 2025);
    REQUIRE(modal.size() == 1);
    CHECK_FALSE(modal[0].happened);
}

TEST_CASE("a German or Dutch present passive of building is building under way") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    const auto german = events("Für den Rechner wird ein neues Gebäude gebaut.");
    REQUIRE(german.size() == 1);
    CHECK(german[0].kind == rules::StatusEvent::Kind::construction);
    CHECK(german[0].happened);
    CHECK(german[0].words == "wird ein neues Gebäude gebaut");
    const auto dutch = events("Het systeem wordt door Lenovo gebouwd.");
    REQUIRE(dutch.size() == 1);
    CHECK(dutch[0].happened);
    // The future is building to come; the past, and the Dutch past "werden", are no building now.
    const auto future = events("Das Gebäude wird im nächsten Jahr errichtet werden.");
    REQUIRE(future.size() == 1);
    CHECK_FALSE(future[0].happened);
    CHECK(events("Das Rechenzentrum wurde gebaut.").empty());
    CHECK(events("De gebouwen werden gebouwd.").empty());
    // A participle inside its clause closes no bracket.
    CHECK(events("Das System wird gebaut und getestet werden können.").empty());
}

TEST_CASE("labels before a figure: an apostrophe's plural, Japanese particles, a model alone") {
    const auto config = formats::default_rules_config();
    const auto quantities = [&](const char* text) { return config.quote_reader().quantities(text, 2025); };
    const auto table = quantities("Specificaties | Nodes | 36 | GPU's per node | 8");
    REQUIRE(table.size() == 2);
    CHECK(table[1].unit == rules::Unit::gpu);
    CHECK(table[1].per == rules::Unit::node);
    // "千" is a thousand before a counter, not in "千瓦" (kilowatts).
    const auto japanese = only_quantity(config, "GPUを2千基搭載した。");
    CHECK(japanese.value == model::Decimal::whole(2000));
    CHECK(japanese.unit == rules::Unit::gpu);
    CHECK(only_quantity(config, "功耗1500千瓦。").unit == rules::Unit::kilowatt);
    CHECK(only_quantity(config, "HGX H100ボードが120枚搭載されている。").unit == rules::Unit::tray);
    const auto added = quantities("A100を搭載した既存の320基に加え、H100を96基増設した。");
    REQUIRE(added.size() == 2);
    REQUIRE(added[1].model);
    CHECK(added[1].model->model == "NVIDIA H100");
    CHECK(added[1].unit == rules::Unit::gpu);
    // Without a particle or a colon, a model's name and a number are no label and figure.
    const auto bare = quantities("The H100 96 is fast.");
    REQUIRE(bare.size() == 1);
    CHECK_FALSE(bare[0].model);
    // Scandinavian numbers of GPUs per node.
    const auto danish = quantities("Gefion har 191 DGX-noder med hver otte H100, i alt 1.528 GPU'er.");
    REQUIRE(danish.size() == 3);
    CHECK(danish[1].value == model::Decimal::whole(8));
}

TEST_CASE("words of procurement, capacity, comparison and retirement in more languages") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "Die Beschaffung von 1.024 H100-Beschleunigern hat der Aufsichtsrat genehmigt.").modality ==
          rules::Modality::procured);
    CHECK(only_quantity(config, "Budynek może pomieścić do 10 tys. GPU.").bound == rules::Bound::at_most);
    CHECK(only_quantity(config, "园区建成后可容纳10万张GPU卡。").bound == rules::Bound::at_most);
    CHECK(only_quantity(config, "Система сопоставима с 3 тыс. ускорителей H100.").modality == rules::Modality::equivalence);
    CHECK(only_quantity(config, "W 2027 r. superkomputer miałby mieć 1500 GPU.").modality == rules::Modality::planned);
    CHECK(only_quantity(config, "Ruim 1.000 GPU's draaien er inmiddels.").bound == rules::Bound::at_least);
    CHECK(only_quantity(config, "يتوقع أن يصل استهلاك مراكز البيانات إلى 500 ميغا واط").modality == rules::Modality::planned);
    // Building that will begin, or that waits on an approval, has not begun.
    for (const char* notes : {"Вскоре начнется строительство крупного дата-центра.", "Construction hinges on final approval."}) {
        CAPTURE(std::string(notes));
        const auto events = config.quote_reader().status_events(notes, 2025);
        REQUIRE(events.size() == 1);
        CHECK(events[0].kind == rules::StatusEvent::Kind::construction);
        CHECK_FALSE(events[0].happened);
    }
    const auto since = config.quote_reader().status_events("Seit der Einweihung im Mai 2024 rechnet der Cluster.", 2025);
    REQUIRE(since.size() == 1);
    CHECK(since[0].kind == rules::StatusEvent::Kind::live);
    CHECK(since[0].happened);
}

TEST_CASE("a capacity's label may reach its figure through a verb of being and a phrase of its own") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Der Netzanschluss des Standorts ist auf 25 Megawatt ausgelegt.",
                             "La potencia contratada con la distribuidora es de 20 MW.", "Przyłącze energetyczne ma moc 15 MW.",
                             "Anlegget har en tilknytning til strømnettet på 230 MW."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).capacity);
    }
    // A verb of use, or a place rather than the subject, is power drawn.
    for (const char* text :
         {"The data centre of the university draws 25 MW.", "Die Leistungsaufnahme des Rechners im Rechenzentrum ist 12 MW.",
          "The power draw of the cluster in the data center is 12 MW."}) {
        CAPTURE(std::string(text));
        CHECK_FALSE(only_quantity(config, text).capacity);
    }
}

TEST_CASE("a relative clause on an object's noun that is still to come makes the object planned") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "We are talking about 30,000 GPUs, which will be spread over the centres.").modality ==
          rules::Modality::planned);
    CHECK(only_quantity(config, "The lab runs 30,000 GPUs, which were installed last year.").modality ==
          rules::Modality::in_service);
    CHECK(only_quantity(config, "鴻海攜手輝達建置的算力中心，總計共64櫃。").unit == rules::Unit::rack);
}

TEST_CASE("a future governs its verb across a time between them") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The project will by the end of 2027 deploy 10,000 GPUs.", "该项目将于2027年部署1万张加速卡。",
                             "该项目将在2027年底前部署1万张加速卡。"}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::planned);
    }
    for (const char* text : {"The system was in 2021 equipped with 4,000 GPUs.", "该中心于2023年部署了1万张加速卡。",
                             "The system will be upgraded; in 2021 it deployed 4,000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::in_service);
    }
}

TEST_CASE("in verb-final languages a figure's own verb of running ends what a later plan governs") {
    const auto config = formats::default_rules_config();
    const auto quantities = [&](const char* text) { return config.quote_reader().quantities(text, 2025); };
    for (const char* text : {"현재 GPU 1만 장 이상이 가동되고 있으며, 2028년에는 2만 장까지 늘릴 계획이다.",
                             "GPU 2500基が稼働しており、来年4000基を追加する予定だ。"}) {
        CAPTURE(std::string(text));
        const auto both = quantities(text);
        REQUIRE(both.size() == 2);
        CHECK(both[0].modality == rules::Modality::in_service);
        CHECK(both[1].modality == rules::Modality::planned);
    }
    CHECK(quantities("현재 GPU 1만 장 이상이 가동되고 있다.")[0].bound == rules::Bound::at_least);
    CHECK(only_quantity(config, "GPU 1만 장을 2028년까지 가동할 계획이다.").modality == rules::Modality::planned);
    CHECK(only_quantity(config, "GPU 2500基を来年導入する。").modality == rules::Modality::planned);
}

TEST_CASE("the figures of a clause whose going live is dated to a later year are planned") {
    const auto config = formats::default_rules_config();
    const auto read = [&](const char* text) { return config.quote_reader().quantities(text, 2025).at(0).modality; };
    for (const char* text :
         {"The new system goes live in 2027 with 2,560 GPUs.", "El nuevo superordenador entra en servicio en 2027 con 2.560 GPU.",
          "Le nouveau système entre en service en 2027 avec 2 560 GPU.",
          "Das neue System geht 2027 mit 2.560 GPUs in Betrieb."}) {
        CAPTURE(std::string(text));
        CHECK(read(text) == rules::Modality::planned);
    }
    // A year gone by, one it runs until, or one past a comma is no plan of its going live.
    for (const char* text :
         {"The new system went live in 2021 with 2,560 GPUs.", "The system, in operation until 2028, has 2,560 GPUs.",
          "El sistema está en servicio con 2.560 GPU, y en 2027 se ampliará."}) {
        CAPTURE(std::string(text));
        CHECK(read(text) == rules::Modality::in_service);
    }
    const auto spanish = config.quote_reader().status_events("El superordenador está en servicio desde 2021.", 2025);
    REQUIRE(spanish.size() == 1);
    CHECK(spanish[0].happened);
}

TEST_CASE("more words: equivalence 'la de', supply contracts, switched off, exceeding, less") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "La potencia del clúster equivale a la de unas 8.000 GPU H100.").modality ==
          rules::Modality::equivalence);
    CHECK(only_quantity(config, "L'ateneo ha firmato il contratto per la fornitura di 256 GPU H100.").modality ==
          rules::Modality::procured);
    CHECK(only_quantity(config, "Fonden har indkøbt 512 H200-GPU'er.").modality == rules::Modality::procured);
    CHECK(only_quantity(config, "Le 240 GPU K80 di Galileo sono state spente e smontate nel 2021.").modality ==
          rules::Modality::retired);
    CHECK(only_quantity(config, "Instalacja 768 kart GPU zaplanowana jest na drugą połowę 2027 roku.").modality ==
          rules::Modality::planned);
    CHECK(only_quantity(config, "KI-Fabrik Lübeck: ab Mitte 2027 mit 4.608 GPUs").modality == rules::Modality::planned);
    CHECK(only_quantity(config, "現在、1万基を超えるGPUが稼働している。").bound == rules::Bound::at_least);
    CHECK(only_quantity(config, "De machine verbruikt 300 kilowatt minder dan haar voorganger.").difference);
    const auto opened = config.quote_reader().status_events("Het kabinet zegt dat de AI-fabriek in 2027 van start gaat.", 2025);
    REQUIRE(opened.size() == 1);
    CHECK_FALSE(opened[0].happened);
    const auto site = config.quote_reader().status_events("A Bologna sono in corso i lavori per il nuovo edificio.", 2025);
    REQUIRE(site.size() == 1);
    CHECK(site[0].kind == rules::StatusEvent::Kind::construction);
}

TEST_CASE("GPUs per holder in other languages; staying in service and a later clause's year") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"4 GPU par nœud", "4 GPU por nodo", "4 GPUs je Knoten", "4 GPU на узел", "4 GPU na węzeł"}) {
        CAPTURE(std::string(text));
        const auto each = only_quantity(config, text);
        CHECK(each.unit == rules::Unit::gpu);
        CHECK(each.per == rules::Unit::node);
    }
    const auto table = config.quote_reader().quantities("Parametry | Uzly | 12 | GPU na uzel | 4 | Typ GPU | NVIDIA H100", 2025);
    REQUIRE(table.size() == 2);
    CHECK(table[1].per == rules::Unit::node);
    CHECK(only_quantity(config, "A empresa instalou 4.000 GPUs na Europa.").per == rules::Unit::none);
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2026); };
    const auto staying = events(
        "Il supercomputer è entrato in produzione a novembre 2024 e dovrebbe restare in funzione "
        "almeno fino al 2030.");
    REQUIRE(staying.size() == 2);
    CHECK(staying[0].happened);
    CHECK(staying[1].happened);
    const auto grows = events("Od czerwca 2024 r. maszyna pracuje na potrzeby nauki, a w 2027 r. ma zostać rozbudowana.");
    REQUIRE(grows.size() == 1);
    CHECK(grows[0].happened);
    const auto later = events("Il supercomputer dovrebbe entrare in funzione nel 2027.");
    REQUIRE(later.size() == 1);
    CHECK_FALSE(later[0].happened);
}

TEST_CASE("only the first part live is live in part; 'only' of time or kind is not") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2026); };
    for (const char* text : {"Only the first of the two partitions is in service.",
                             "De los cuatro módulos previstos, de momento solo el primero está operativo.",
                             "Voorlopig is alleen de eerste fase van het systeem operationeel.",
                             "Seule la première des deux partitions est pour l'instant en service."}) {
        CAPTURE(std::string(text));
        const auto part = events(text);
        REQUIRE(part.size() == 1);
        CHECK(part[0].partial);
    }
    for (const char* text : {"The system has only been operational since May.", "It is the only system in service in Europe."}) {
        CAPTURE(std::string(text));
        const auto whole = events(text);
        REQUIRE(whole.size() == 1);
        CHECK_FALSE(whole[0].partial);
    }
}

TEST_CASE("the first of a count live, a part in French, an initial partition: live in part") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    for (const char* text :
         {"The first 10,000 GPUs are live, with the rest coming online next year.", "Die ersten 5.000 GPUs sind in Betrieb.",
          "Une partie du supercalculateur est opérationnelle.", "The initial partition went live in March."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE_FALSE(found.empty());
        CHECK(found[0].kind == rules::StatusEvent::Kind::live);
        CHECK(found[0].happened);
        CHECK(found[0].partial);
    }
    // The first of its kind, or the first of a year, is the whole machine.
    for (const char* text : {"The first exascale system went live in 2022.", "The first 2024 upgrade went live."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK_FALSE(found[0].partial);
    }
    // Serving customers, or GPUs that are live, is live.
    for (const char* text : {"The system began serving customers in March.", "The 10,000 GPUs are live.",
                             "Jupiter wurde im September 2025 eingeweiht.", "Het systeem werd in 2024 ingewijd."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::live);
        CHECK(found[0].happened);
    }
}

TEST_CASE("an adverb of part beside a live event is live in part; a plan's adjective is no verb of it") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    for (const char* text : {"Atualmente, um deles opera parcialmente para serviços de nuvem.",
                             "The system is partly in service.", "The cluster is online partially since May.",
                             "Das System ist teilweise in Betrieb genommen.", "Seven of the 30 planned buildings are active."}) {
        CAPTURE(std::string(text));
        const auto part = events(text);
        REQUIRE(part.size() == 1);
        CHECK(part[0].happened);
        CHECK(part[0].partial);
    }
    // A part now ready; a machine ranked before its completion.
    for (const char* text : {"First 50 MW of a 100 MW building now ready.",
                             "Bereits vor seiner Fertigstellung ist der Supercomputer im Top-500-Ranking gelistet."}) {
        CAPTURE(std::string(text));
        const auto part = events(text);
        REQUIRE(part.size() == 1);
        CHECK(part[0].happened);
        CHECK(part[0].partial);
    }
    // Live as a whole: an adverb of part in another clause, or none.
    for (const char* text : {"The system is in service, partly funded by the state.", "El superordenador ya funciona."}) {
        CAPTURE(std::string(text));
        const auto whole = events(text);
        REQUIRE(whole.size() == 1);
        CHECK(whole[0].happened);
        CHECK_FALSE(whole[0].partial);
    }
    // A plan's verb still plans; a conjunct with a subject of its own is its own.
    for (const char* text :
         {"The system is planned to be operational in 2027.", "The planned system will be online next year."}) {
        CAPTURE(std::string(text));
        const auto planned = events(text);
        REQUIRE(planned.size() == 1);
        CHECK_FALSE(planned[0].happened);
    }
    const auto conjunct = events("One site is planned to reach 30 buildings and seven are active.");
    REQUIRE(conjunct.size() == 1);
    CHECK(conjunct[0].happened);
}

TEST_CASE("a machine named as one to come is not live yet, whatever it has") {
    const auto config = formats::default_rules_config();
    const auto upcoming = config.quote_reader().status_events(
        "Preparing for the upcoming HPE Cray EX Frontier system has been a colossal undertaking.", 2021);
    REQUIRE(upcoming.size() == 1);
    CHECK(upcoming[0].kind == rules::StatusEvent::Kind::live);
    CHECK_FALSE(upcoming[0].happened);
    CHECK(upcoming[0].words == "upcoming HPE Cray EX Frontier system");
    // A time to come within a year, in words: "d'ici un an", "within a year".
    for (const char* text : {"Meluxina sera accueilli d'ici un an.", "The system will arrive within a year."}) {
        CAPTURE(std::string(text));
        const auto later = config.quote_reader().status_events(text, 2020);
        REQUIRE(later.size() == 1);
        CHECK_FALSE(later[0].happened);
    }
    // German "an den Start" is going live, to come under "soll"; starting the tests is testing.
    const auto start =
        config.quote_reader().status_events("Wann genau JUPITER an den Start gehen soll, ist nicht bekannt.", 2023);
    REQUIRE(start.size() == 1);
    CHECK(start[0].kind == rules::StatusEvent::Kind::live);
    CHECK_FALSE(start[0].happened);
    const auto went = config.quote_reader().status_events("JUPITER ging im Juni an den Start.", 2023);
    REQUIRE(went.size() == 1);
    CHECK(went[0].happened);
    const auto tests = config.quote_reader().status_events("Estamos contentos de empezar las pruebas.", 2023);
    REQUIRE(tests.size() == 1);
    CHECK(tests[0].kind == rules::StatusEvent::Kind::construction);
    // A successor to come speaks of a machine that is there; a name is no adjective.
    CHECK(config.quote_reader().status_events("Its upcoming successor system will double its GPUs.", 2021).empty());
    CHECK(config.quote_reader().status_events("The Future Systems group runs it.", 2021).empty());
}

TEST_CASE("a service that ended at a year gone by is a retirement; one to come is not") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2024); };
    for (const char* text :
         {"Comet was in service until 2021.", "Comet was in operation from 2015 to 2021.",
          "The system was in operation until September 2021.", "The computer remains in operation until the end of 2021."}) {
        CAPTURE(std::string(text));
        const auto ended = events(text);
        REQUIRE(ended.size() == 1);
        CHECK(ended[0].kind == rules::StatusEvent::Kind::retired);
        CHECK(ended[0].happened);
        CHECK(ended[0].year == 2021);
    }
    // Until a year to come, or a service expected when written, runs on.
    for (const char* text :
         {"Comet will be in service until 2028.", "Users can expect it to be in operation through 2023.",
          "The system is in operation until 2024.", "SummitPLUS will allow it to keep running until the end of 2021."}) {
        CAPTURE(std::string(text));
        const auto running = events(text);
        REQUIRE(running.size() == 1);
        CHECK(running[0].kind == rules::StatusEvent::Kind::live);
    }
}

TEST_CASE("a start denied after the event's noun has not happened; a building not yet finished has") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2026); };
    for (const char* text : {"Construction has not started yet.", "Construction of the data centre has not yet begun.",
                             "La construction n'a pas encore commencé."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::construction);
        CHECK_FALSE(found[0].happened);
        CHECK(found[0].denied);
    }
    for (const char* text : {"Construction has not finished.", "Construction is not yet complete.",
                             "Construction started in 2024 and has not stopped."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK(found[0].happened);
    }
}

TEST_CASE("a going live in progress is not live yet; commissioning, assembly and burn-in are building") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2026); };
    for (const char* text : {"Il sistema è in fase di messa in servizio.", "El sistema está en proceso de puesta en marcha.",
                             "O sistema está em fase de entrada em operação."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::live);
        CHECK_FALSE(found[0].happened);
    }
    CHECK(events("Il sistema è in servizio.").at(0).happened);
    for (const char* text :
         {"The cluster is in the final stages of commissioning.", "Commissioning is under way.", "The GPUs are being delivered.",
          "Das System befindet sich in der Inbetriebnahmephase.", "Система находится на стадии монтажа.",
          "The system remains in its shakedown phase.", "The nodes are in burn-in.", "System bring-up is under way."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::construction);
        CHECK(found[0].happened);
    }
}

TEST_CASE("a family of accelerators, a GeForce without its brand and an Ascend in Chinese are named models") {
    const auto config = formats::default_rules_config();
    const auto named = [&](std::string_view quote) {
        const auto found = only_quantity(config, quote);
        return found.model ? found.model->model : std::string("(none)");
    };
    CHECK(named("Anthropic will use up to 1 million Google TPUs.") == "Google TPU");
    CHECK(named("It has 2,000 Trainium chips.") == "Amazon Trainium");
    CHECK(named("10,000 RTX 4090 cards") == "NVIDIA GeForce RTX 4090");
    // The model's number is no figure: "910B" is not 910 billion.
    for (const char* quote : {"1万张昇腾910B", "1 萬張華為昇騰 910B 國產算力卡"}) {
        CAPTURE(std::string(quote));
        const auto found = only_quantity(config, quote);
        CHECK(found.value == model::Decimal::whole(10000));
        CHECK(named(quote) == "Huawei Ascend 910B");
    }
    // A lower-case s is a plural, not the model with an S: V100s are V100s; V100S GPUs are not.
    CHECK(named("It uses 10,000 V100s.") == "NVIDIA V100");
    CHECK(named("It uses 10,000 Tesla V100s.") == "NVIDIA V100");
    CHECK(named("It uses 10,000 V100S GPUs.") == "NVIDIA V100S");
    CHECK(named("The cluster has 2,000 RTX 6000 Ada GPUs.") == "NVIDIA RTX 6000 Ada Generation");
}

TEST_CASE("a part after a fronted whole has its own verb, and counts what the whole counts") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities("Of the 20,000 H100 GPUs ordered, 12,000 have been installed.", 2026);
    REQUIRE(found.size() == 2);
    CHECK(found[0].modality == rules::Modality::procured);
    CHECK(found[1].modality == rules::Modality::in_service);
    CHECK(found[1].unit == rules::Unit::gpu);
    REQUIRE(found[1].model != nullptr);
    CHECK(found[1].model->model == "NVIDIA H100");
    // Without a comma after the whole, the verb before the figure is its own.
    CHECK(only_quantity(config, "Of these, 12,000 GPUs were ordered.").modality == rules::Modality::procured);
    const auto planned = config.quote_reader().quantities("Of the 20,000 GPUs planned, 5,000 will arrive in 2027.", 2026);
    REQUIRE(planned.size() == 2);
    CHECK(planned[1].modality == rules::Modality::planned);
}

TEST_CASE("a start to come after a figure that a verb before a colon introduces is a plan") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return config.quote_reader().quantities(quote, 2024).at(0).modality; };
    CHECK(modality("It enables the following customer benefits: 36,000 GPUs starting Q1 2025") == rules::Modality::planned);
    CHECK(modality("Benefits: 36,000 GPUs starting Q1 2025") == rules::Modality::planned);
    // Without the colon, a verb that says nothing of the figure leaves its date unread.
    CHECK(modality("It enables 36,000 GPUs starting Q1 2025") == rules::Modality::in_service);
}

TEST_CASE("a word of a script without case is no name: a Hindi future ends a figure's clause as one") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"इस प्रोजेक्ट में 20,736 GPU लगाए जाएंगे।", "20,736 GPU लगेंगे", "20.000 GPU serão instalados."}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).modality == rules::Modality::planned);
    }
    // A capital inside a sentence is still a name's: "in Paraná" is no future.
    CHECK(only_quantity(config, "The cluster in Paraná has 2,000 GPUs.").modality == rules::Modality::in_service);
}

TEST_CASE("a machine that stopped running, went offline for good or no longer exists is retired") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2026); };
    for (const char* text : {"The cluster stopped running in 2023.", "The machine went offline for good in 2021.",
                             "The system was scrapped.", "The cluster no longer exists.", "The system was sunsetted in 2022."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::retired);
        CHECK(found[0].happened);
    }
    const auto never = events("The cluster never stopped running.");
    REQUIRE(never.size() == 1);
    CHECK_FALSE(never[0].happened);
}

TEST_CASE("a rating, a budget, a design, critical power and a building's megawatts are capacities") {
    const auto config = formats::default_rules_config();
    for (const char* quote :
         {"The facility offers 50 MW of critical power.", "The building is rated at 30 MW.", "The facility was built for 100 MW.",
          "The supercomputer has a power budget of 20 MW.", "The system runs in a 40 MW building.",
          "データセンターの容量は100MWだ。", "The hall is provisioned for 30 MW.", "The cluster is designed for 40 MW."}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).capacity);
    }
    // What the machine draws stays a draw, a participle after its comma or not.
    CHECK_FALSE(only_quantity(config, "The cluster draws 40 MW, building on its predecessor.").capacity);
    CHECK_FALSE(only_quantity(config, "The supercomputer consumes 20 MW.").capacity);
    // What it draws fully loaded is a peak; the power after it, on average, is not.
    CHECK(only_quantity(config, "The system draws about 22 MW when fully loaded.").peak);
    CHECK_FALSE(only_quantity(config, "The system draws about 22 MW.").peak);
    const auto two = config.quote_reader().quantities("The system draws 25 MW at full load and 18 MW on average.", 2025);
    REQUIRE(two.size() == 2);
    CHECK(two[0].peak);
    CHECK_FALSE(two[1].peak);
}

TEST_CASE("an estimate between a figure and its noun; a good ten thousand in German is a floor") {
    const auto config = formats::default_rules_config();
    const auto some = only_quantity(config, "The cluster has 10,000 or so GPUs.");
    CHECK(some.unit == rules::Unit::gpu);
    CHECK(some.bound == rules::Bound::approximate);
    CHECK(only_quantity(config, "Das System hat gut 10.000 GPUs.").bound == rules::Bound::at_least);
    // A sentence's end is no noun's: "or so." closes the figure.
    CHECK(only_quantity(config, "The cluster has 10,000 or so. GPUs are new.").unit == rules::Unit::none);
    CHECK(only_quantity(config, "Es läuft gut. 10.000 GPUs sind verbaut.").bound == rules::Bound::exact);
}

TEST_CASE("a count glued to a holder: per holder, unless the holder is the whole machine or holds holders") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "A 10K-GPU system went live in May.").per == rules::Unit::none);
    CHECK(only_quantity(config, "The 8-GPU system costs more.").per == rules::Unit::node);
    const auto nodes = config.quote_reader().quantities("The 4,096-node system has four GPUs per node.", 2026);
    REQUIRE(nodes.size() == 2);
    CHECK(nodes[0].unit == rules::Unit::node);
    CHECK(nodes[0].per == rules::Unit::none);
    CHECK(nodes[1].per == rules::Unit::node);
    CHECK(config.quote_reader().quantities("The 72-GPU rack holds 36 Grace CPUs.", 2026).at(0).per == rules::Unit::rack);
}

TEST_CASE("a power a verb of change moves by is a difference, in every language; a change's range is not") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"Consumption rose by 4 MW after the expansion.", "The facility grew by 30 MW last year.",
                              "The site's load jumped 15 MW in a year.", "The new cooling cuts power use by 3 MW.",
                              "Der Verbrauch stieg um 3 MW.", "La consommation a baissé de 2 MW.", "El consumo aumentó en 5 MW.",
                              "Il consumo è diminuito di 1 MW.", "Потребление выросло на 3 МВт.", "耗电量增加了3兆瓦。"}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).difference);
    }
    // A change from one level to another: two levels, neither a difference nor a range.
    const auto levels = config.quote_reader().quantities("Power demand increased from 20 MW to 25 MW.", 2025);
    REQUIRE(levels.size() == 2);
    for (const auto& level : levels) {
        CHECK_FALSE(level.difference);
        CHECK_FALSE(level.upper);
    }
    CHECK_FALSE(only_quantity(config, "The supercomputer draws 25 MW.").difference);
}

TEST_CASE("what a building is built, sized or has the capacity for is a ceiling") {
    const auto config = formats::default_rules_config();
    for (const char* quote :
         {"The facility is built to hold 30,000 GPUs.", "The site has the capacity to host 200,000 GPUs.",
          "The hall is sized for 20,000 GPUs.", "Each building can take 50,000 GPUs.", "Площадка рассчитана на 100 000 GPU.",
          "Le bâtiment peut accueillir 20 000 GPU.", "El edificio tiene capacidad para 15.000 GPU.",
          "Il data center può ospitare 10.000 GPU.", "The infrastructure is sized to support 25,000 accelerators."}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).bound == rules::Bound::at_most);
    }
    CHECK(only_quantity(config, "Le site pourra accueillir 100 000 GPU.").modality == rules::Modality::planned);
    CHECK(only_quantity(config, "The facility holds 30,000 GPUs.").bound == rules::Bound::exact);
}

TEST_CASE("a company that rents GPUs, or GPUs delivered, in any language: procured") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"Die Firma mietet 10.000 GPUs.", "La empresa alquila 5.000 GPU.", "L'entreprise loue 2 000 GPU.",
                              "Компания арендует 10 000 GPU.", "The company rents 10,000 GPUs."}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).modality == rules::Modality::procured);
    }
    // "at least" is no lease.
    CHECK(only_quantity(config, "The site has at least 10,000 GPUs.").modality == rules::Modality::in_service);
    // Delivered, in French, German, Spanish, Italian and Portuguese, is procured, as "have been
    // delivered" is; delivered and installed is in service.
    for (const char* quote : {"Les 4 096 GPU ont été livrés en juin.", "Die 4.096 GPUs wurden im Juni geliefert.",
                              "Las 4.096 GPU fueron entregadas en junio."}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).modality == rules::Modality::procured);
    }
    CHECK(only_quantity(config, "Die 4.096 GPUs wurden geliefert und installiert.").modality == rules::Modality::in_service);
}

TEST_CASE("a Devanagari danda ends a sentence, as a CJK full stop does") {
    const auto config = formats::default_rules_config();
    // The next sentence's present ("is being designed") is not the figure's.
    CHECK(only_quantity(config, "इस प्रोजेक्ट में 20,736 GPU लगाए जाएंगे। यह सुपरक्लस्टर डिजाइन किया जा रहा है।").modality ==
          rules::Modality::planned);
    const auto two = config.quote_reader().quantities("केंद्र में 5,000 GPU हैं। 2027 में 10,000 GPU लगाए जाएंगे।", 2026);
    REQUIRE(two.size() == 2);
    CHECK(two[0].modality == rules::Modality::in_service);
    CHECK(two[1].modality == rules::Modality::planned);
}

TEST_CASE("round numbers in words are approximate; a greedy CJK word does not hide the next") {
    const auto config = formats::default_rules_config();
    const auto hundred = only_quantity(config, "Le supercalculateur compte une centaine de GPU H100.");
    CHECK(hundred.value == model::Decimal::whole(100));
    CHECK(hundred.bound == rules::Bound::approximate);
    const auto dozen = only_quantity(config, "Alice Recoque devrait consommer une douzaine de mégawatts.");
    CHECK(dozen.value == model::Decimal::whole(12));
    CHECK(dozen.modality == rules::Modality::planned);
    CHECK(only_quantity(config, "a dozen GPUs").bound == rules::Bound::exact);
    // "规模相当于": the lexicon's "規模 相当" is two words, so "相当于" is read after "规模".
    CHECK(only_quantity(config, "整体算力规模相当于约1万张H100。").modality == rules::Modality::equivalence);
    CHECK(only_quantity(config, "IT4Innovations zakoupilo 304 grafických akcelerátorů NVIDIA H200.").modality ==
          rules::Modality::procured);
    CHECK(only_quantity(config, "Машинный зал рассчитан на размещение до 10 тыс. GPU.").bound == rules::Bound::at_most);
    CHECK(only_quantity(config, "Le site dispose d'une puissance électrique raccordée de 40 MW.").capacity);
}

TEST_CASE("what was bought and then installed; what replaced the retired; 'each' after a noun") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](const char* text) { return config.quote_reader().quantities(text, 2025).at(0).modality; };
    for (const char* text :
         {"The ministry bought 200 GPUs; all of them are already installed and running since September.",
          "The company bought 512 H100 GPUs, which were installed in October.",
          "Şirket 512 adet H100 GPU satın aldığını ve kartların ekim ayında kurularak devreye alındığını açıkladı."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::in_service);
    }
    for (const char* text : {"The company bought 512 H100 GPUs, which will be installed in 2027.",
                             "The company bought 512 H100 GPUs; they have not been installed yet.",
                             "The company bought 512 GPUs for its recently built data center.",
                             "The company ordered 512 H100 GPUs, which were delivered in May."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::procured);
    }
    // What something was replaced by is new; a retirement in a clause of "when" is that clause's.
    for (const char* text : {"When the old partition was decommissioned in June, it was replaced by 24 nodes.",
                             "När den gamla partitionen togs ur drift i juni ersattes den av 24 noder."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::in_service);
    }
    CHECK(modality("Titan was decommissioned in 2019 after housing 18,688 GPUs.") == rules::Modality::retired);
    const auto swedish = config.quote_reader().quantities("24 noder med fyra H100 vardera", 2025);
    REQUIRE(swedish.size() == 2);
    CHECK(swedish[1].per == rules::Unit::node);
    CHECK(only_quantity(config, "Veri merkezi 10 bin GPU'ya kadar barındırabilecek kapasitede.").bound == rules::Bound::at_most);
    const auto hall = config.quote_reader().status_events(
        "Crews are now pouring the foundations for the data hall that will house the supercomputer.", 2025);
    REQUIRE(hall.size() == 1);
    CHECK(hall[0].happened);
}

TEST_CASE("a model before a figure and its CJK counter names what it counts") {
    const auto config = formats::default_rules_config();
    const auto both = config.quote_reader().quantities("H100 512장과 함께 A100 256장을 갖춘 이 시스템", 2025);
    REQUIRE(both.size() == 2);
    REQUIRE(both[0].model);
    REQUIRE(both[1].model);
    CHECK(both[0].model->model == "NVIDIA H100");
    CHECK(both[1].model->model == "NVIDIA A100");
    REQUIRE(only_quantity(config, "H100 512基を導入").model);
    // The rest after a CJK scale may be grouped: 4万3,008 is 43,008; nothing precedes the first token.
    CHECK(only_quantity(config, "CPUコア数は合計で4万3,008コア").value == model::Decimal::whole(43008));
    CHECK(only_quantity(config, "480万1344").value == model::Decimal::whole(4801344));
}

TEST_CASE("an independent review's false readings of today's rules stay mended") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](const char* text) { return config.quote_reader().quantities(text, 2026).at(0).modality; };
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2026); };
    // A present passive with "derzeit" of something else than going live; "only" before a time.
    for (const char* text :
         {"Derzeit wird das System, das seit 2023 in Betrieb ist, erweitert.",
          "Het systeem wordt momenteel nog in bedrijf gehouden.", "Hawk wird derzeit noch im Vollbetrieb genutzt.",
          "It was only in the first quarter of 2024 that the system went into operation.",
          "JUPITER is the first European exascale system, and only 2 years after the contract it is fully operational."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE_FALSE(found.empty());
        CHECK(found.back().happened);
        CHECK_FALSE(found.back().partial);
    }
    // A year it runs until, a plan of a verb joined after, a deadline with no verb.
    for (const char* text : {"The 4,000-GPU cluster is operational and will be expanded in 2027.",
                             "Der Rechner ist noch bis Ende 2027 mit 3.456 GPUs in Betrieb.",
                             "Il sistema è operativo dal 2024 con 4.000 GPU e resterà in funzione fino al 2029.",
                             "Operational until 2030: 2,000 GPUs.", "Warranty through 2028 covers all 4,096 GPUs.",
                             "When the old partition was decommissioned in June, it was replaced by 24 nodes."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::in_service);
    }
    CHECK(modality("When Summit was retired in 2024, its 27,648 GPUs were recycled.") == rules::Modality::retired);
    for (const char* text : {"Die Universität hat 600 GPUs bestellt, die im Frühjahr installiert werden sollen.",
                             "Die Universität hat 600 GPUs bestellt, die 2027 installiert werden.",
                             "The lab bought 2,000 GPUs; once installed, they will double its capacity."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::procured);
    }
    // Consumption is no capacity, whatever the label's words.
    for (const char* text : {"El consumo del centro de datos es de 20 MW.", "La consommation du centre de données est de 10 MW.",
                             "Site power consumption is 25 MW.", "Our data center typical load is 15 MW."}) {
        CAPTURE(std::string(text));
        CHECK_FALSE(only_quantity(config, text).capacity);
    }
    CHECK(only_quantity(config, "NVIDIA DGX H100 64대를 도입했다.").unit == rules::Unit::node);
    CHECK(only_quantity(config, "NVIDIA DGX H100 GPUs: 512").unit == rules::Unit::gpu);
    CHECK(only_quantity(config, "Zainstalowano 2000 GPU na serwerach firmy HPE.").per == rules::Unit::none);
    CHECK(only_quantity(config, "The upgrade adds 0.512 GPUs per user on average.").value ==
          model::Decimal::parse("0.512").value());
}

TEST_CASE("going live in progress ('is being put into operation') has not happened; a state has") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    for (const char* text : {"The system is being put into operation.", "It is currently being brought into service.",
                             "The cluster is now being switched on."}) {
        CAPTURE(std::string(text));
        const auto going = events(text);
        REQUIRE(going.size() == 1);
        CHECK(going[0].kind == rules::StatusEvent::Kind::live);
        CHECK_FALSE(going[0].happened);
    }
    const auto state = events("Being operational since 2020, the system has 4,000 GPUs.");
    REQUIRE(state.size() == 1);
    CHECK(state[0].happened);
    const auto before = events("After being in operation for five years, the system was retired.");
    REQUIRE(before.size() == 2);
    CHECK(before[0].happened);
    const auto past = events("The system was brought into service in 2021.");
    REQUIRE(past.size() == 1);
    CHECK(past[0].happened);
}

TEST_CASE("a German or Dutch present passive of going live with a word of now is not live yet") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2026); };
    for (const char* text :
         {"Derzeit wird das System noch in Betrieb genommen.", "Het systeem wordt momenteel in gebruik genomen.",
          "Aktuell in Betrieb genommen wird der SuperMUC-NG Phase 2."}) {
        CAPTURE(std::string(text));
        const auto going = events(text);
        REQUIRE(going.size() == 1);
        CHECK_FALSE(going[0].happened);
    }
    for (const char* text :
         {"Heute wird der Rechner feierlich in Betrieb genommen.", "In Betrieb genommen wird der Rechner am Montag."}) {
        CAPTURE(std::string(text));
        const auto ceremony = events(text);
        REQUIRE(ceremony.size() == 1);
        CHECK(ceremony[0].happened);
    }
    const auto running = events("Der Rechner ist noch in Betrieb.");
    REQUIRE(running.size() == 1);
    CHECK(running[0].happened);
    const auto expected = events("Den regulären Nutzerbetrieb erwartet das Zentrum für das Frühjahr 2027.");
    REQUIRE(expected.size() == 1);
    CHECK_FALSE(expected[0].happened);
}

TEST_CASE("German 'wird' puts a figure in the future, and an event only with a time to come") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "Der Rechner wird mit 4000 GPUs ausgestattet.").modality == rules::Modality::planned);
    const auto now = config.quote_reader().status_events("Heute wird der Rechner feierlich in Betrieb genommen.", 2025);
    REQUIRE(now.size() == 1);
    CHECK(now[0].happened);
    const auto later = config.quote_reader().status_events("Der Rechner wird nächstes Jahr in Betrieb genommen.", 2025);
    REQUIRE(later.size() == 1);
    CHECK_FALSE(later[0].happened);
    // Nothing went live in a year after the text was written; a year since which it runs is past.
    for (const char* text : {"Der Rechner wird 2027 in Betrieb genommen.", "The system entered service in 2027."}) {
        CAPTURE(std::string(text));
        const auto dated = config.quote_reader().status_events(text, 2025);
        REQUIRE(dated.size() == 1);
        CHECK_FALSE(dated[0].happened);
    }
    const auto since = config.quote_reader().status_events("Der Rechner wird seit 2021 in Betrieb genutzt.", 2025);
    REQUIRE(since.size() == 1);
    CHECK(since[0].happened);
}

TEST_CASE("a site's power capacity is told in other languages too") {
    const auto config = formats::default_rules_config();
    for (const std::string_view quote :
         {"Le site a une capacité électrique de 40 MW.", "数据中心的电力容量为100兆瓦。", "The facility is permitted for 250 MW.",
          "pusat data dengan kapasitas 51 MW", "50 megavat kapasiteyle", "مركز بيانات بقدرة 100 ميجاواط",
          "يتمتع بطاقة تصل إلى 480 ميغاواط", "Le site dispose d'un raccordement électrique de 20 MW."}) {
        CAPTURE(quote);
        CHECK(only_quantity(config, quote).capacity);
    }
    CHECK_FALSE(only_quantity(config, "Der Stromverbrauch liegt bei 5 Megawatt.").capacity);
}

TEST_CASE("two words that the lexicon knows as one noun of a unit count as that noun") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "konsumsi daya 51 Mega Watt").unit == rules::Unit::megawatt);
    CHECK(only_quantity(config, "mit 512 Grafik Karten").unit == rules::Unit::gpu);
    CHECK(only_quantity(config, "전력 용량은 1.2기가와트로 설정되어").unit == rules::Unit::gigawatt);
    // A figure of power is never a number inside another figure's noun.
    const auto found = config.quote_reader().quantities("luas lahan 10 petak kebun daya 28 mega watt", 2025);
    REQUIRE(found.size() == 2);
    CHECK(found[0].unit == rules::Unit::none);
    CHECK(found[1].unit == rules::Unit::megawatt);
    CHECK(found[1].value == model::Decimal::whole(28));
    // Nor is a figure after a word of the sentence, unknown to the lexicon, a number in a name.
    const auto both = config.quote_reader().quantities("rakennettiin 122 päivässä mahtumaan 100.000 GPU", 2025);
    REQUIRE(both.size() == 2);
    CHECK(both[0].unit == rules::Unit::none);
    CHECK(both[1].unit == rules::Unit::gpu);
}

TEST_CASE("a machine still in its tests, or live only later, is told in other languages too") {
    const auto config = formats::default_rules_config();
    const auto events = [&](std::string_view notes) { return config.quote_reader().status_events(notes, 2025); };
    for (const std::string_view notes :
         {"El sistema está siendo instalado.", "시스템은 현재 시험 운영 중이다.",
          "Суперкомпьютер находится в стадии тестирования.", "Perusahaan tengah membangun pusat data.",
          "Суперкомпьютер строится в Москве.", "The project is currently in the implementation phase."}) {
        CAPTURE(notes);
        const auto found = events(notes);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::construction);
    }
    for (const std::string_view notes : {"Le supercalculateur entrera en service l'an prochain.", "该集群预计明年上线。",
                                         "Veri merkezinin 2028'de hizmete girmesi bekleniyor.", "设备一直封存,并没有正式运营。",
                                         "De supercomputer wordt in 2027 in gebruik genomen."}) {
        CAPTURE(notes);
        const auto found = events(notes);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::live);
        CHECK_FALSE(found[0].happened);
    }
}

TEST_CASE("small numbers spelled in German, French, Spanish and Portuguese are figures") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "eine Gesamtleistung von zwei Gigawatt").value == model::Decimal::whole(2));
    CHECK(only_quantity(config, "cuatro GPU por nodo").value == model::Decimal::whole(4));
    // Abbreviated months are no numbers: "Sept." and "Dez." stay words.
    CHECK(config.quote_reader().quantities("le 4 sept. la machine", 2025).size() == 1);
}

TEST_CASE("a thousand spelled alone, or a scale of any language after a spelled number, is a figure") {
    const auto config = formats::default_rules_config();
    for (const auto& row :
         std::vector<std::pair<const char*, std::int64_t>>{{"wyposażony w ponad tysiąc układów GPU", 1000},
                                                           {"El sistema tiene mil GPU.", 1000},
                                                           {"Das System hat zwei tausend GPUs.", 2000},
                                                           {"Система имеет тысяча GPU.", 1000},
                                                           {"dwa tysiące kart GPU", 2000},
                                                           // A scale after a scale multiplies it: a thousand millions.
                                                           {"una inversión de tres mil millones de euros", 3000000000},
                                                           {"two million three hundred thousand users", 2300000}}) {
        CAPTURE(std::string(row.first));  // (the pair whole: clang 14 captures no structured binding)
        CHECK(only_quantity(config, row.first).value == model::Decimal::whole(row.second));
    }
    // The thousands of Arabic, Hindi and Indonesian, and the Indian lakh (100,000) and crore.
    for (const auto& row : std::vector<std::pair<const char*, std::int64_t>>{{"قرابة 16 ألف وحدة", 16000},
                                                                             {"सरकार 18 हजार जीपीयू", 18000},
                                                                             {"India will deploy 1 lakh GPUs", 100000},
                                                                             {"2 crore rupees", 20000000},
                                                                             {"10 ribu GPU", 10000}}) {
        CAPTURE(std::string(row.first));
        CHECK(only_quantity(config, row.first).value == model::Decimal::whole(row.second));
    }
    CHECK(only_quantity(config, "सरकार 18 हजार जीपीयू").unit == rules::Unit::gpu);
    // A scale after digits is read with them, as before: "10 mil GPU" is 10,000.
    CHECK(only_quantity(config, "unos 10 mil GPU").value == model::Decimal::whole(10000));
}

TEST_CASE("a thousand as a round noun, with its bound; processors of acceleration are no CPUs") {
    const auto config = formats::default_rules_config();
    const auto about = only_quantity(config, "un millier de GPU");
    CHECK(about.value == model::Decimal::whole(1000));
    CHECK(about.bound == rules::Bound::approximate);
    for (const char* quote : {"plus d'un millier de GPU", "plus d\u2019un millier de GPU", "más de un millar de GPU"}) {
        CAPTURE(std::string(quote));
        const auto floor = only_quantity(config, quote);
        CHECK(floor.value == model::Decimal::whole(1000));
        CHECK(floor.bound == rules::Bound::at_least);
    }
    CHECK(only_quantity(config, "deux milliers de GPU").value == model::Decimal::whole(2000));
    CHECK(only_quantity(config, "plus d'un millier de processeurs spécialisés dans l'accélération").unit != rules::Unit::cpu);
    // A word of AI in the next sentence, or after a verb, leaves processors CPUs.
    CHECK(only_quantity(config, "1,000 processors run AI workloads").unit == rules::Unit::cpu);
}

TEST_CASE("a bound before a spelled figure that opens with an article is its bound") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"equipped with over a thousand GPUs", "more than a thousand GPUs", "over two thousand GPUs"}) {
        CAPTURE(std::string(quote));
        const auto found = only_quantity(config, quote);
        CHECK(found.bound == rules::Bound::at_least);
        CHECK(std::string(quote).ends_with(found.bound_words + " GPUs"));
    }
    // A capacity before the bound makes it a capacity's; an infinitive's aim stays a floor.
    CHECK(only_quantity(config, "The hall is capable of hosting more than a thousand GPUs.").bound == rules::Bound::at_most);
    const auto aim = only_quantity(config, "It plans to scale up to more than a million chips.");
    CHECK(aim.bound == rules::Bound::at_least);
    CHECK(aim.modality == rules::Modality::planned);
}

TEST_CASE("a total after a phrase closed by 'each' counts all the GPUs, not those of a node") {
    const auto config = formats::default_rules_config();
    const auto found =
        config.quote_reader().quantities("The supercomputer has 9,472 nodes with 4 MI250X each, 37,888 GPUs in total.", 2025);
    REQUIRE(found.size() == 3);
    CHECK(found[1].per == rules::Unit::node);
    CHECK(found[2].per == rules::Unit::none);
    // Russian "по" ends the nodes' noun phrase: the GPUs after it are not what 1000 counts.
    const auto russian = config.quote_reader().quantities("Система включает 1000 узлов по 4 GPU в каждом.", 2025);
    REQUIRE(russian.size() == 2);
    CHECK(russian[0].unit == rules::Unit::node);
}

TEST_CASE("a figure in the subject of a sentence that retires it is retired") {
    const auto config = formats::default_rules_config();
    for (const std::string_view quote : {"Titan, which housed 18,688 GPUs, was decommissioned in 2019.",
                                         "Le supercalculateur, qui comptait 4 000 GPU, a été démantelé en 2021."}) {
        CAPTURE(quote);
        CHECK(only_quantity(config, quote).modality == rules::Modality::retired);
    }
    // Another predicate between them, or a plan, keeps the figure's own reading: GPUs to be
    // retired, replaced or upgraded are there until then, and no plan of a count.
    CHECK(only_quantity(config, "The cluster has 4,000 GPUs and replaced the old system, which was retired.").modality ==
          rules::Modality::in_service);
    for (const std::string_view quote :
         {"The 4,000 GPUs will be retired next year.", "10,000 GPUs will be replaced by Blackwell next year.",
          "The 6,000 GPUs are set to be upgraded next year.", "Its 5,000 GPUs are slated to be replaced in 2027."}) {
        CAPTURE(quote);
        CHECK(only_quantity(config, quote).modality == rules::Modality::in_service);
    }
    CHECK(only_quantity(config, "10,000 GPUs will be installed next year.").modality == rules::Modality::planned);
}

TEST_CASE("a performance equivalence is told in other languages too") {
    const auto config = formats::default_rules_config();
    for (const std::string_view quote :
         {"Le cluster offre une puissance équivalente à 20 000 H100.", "Der Cluster entspricht 10.000 H100-GPUs.",
          "相当于1万张H100的算力。", "H100 1만 개에 해당하는 성능.", "Мощность кластера эквивалентна 20 000 H100."}) {
        CAPTURE(quote);
        CHECK(only_quantity(config, quote).modality == rules::Modality::equivalence);
    }
    // What GPUs of one model are worth in another's is an equivalence too; the GPUs themselves are not.
    const auto worth = config.quote_reader().quantities("The 5,000 B200s are worth about 12,500 H100s.", 2025);
    REQUIRE(worth.size() == 2);
    CHECK(worth[0].modality == rules::Modality::in_service);
    CHECK(worth[1].modality == rules::Modality::equivalence);
}

TEST_CASE("what an independent review found the new readings got wrong") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote, std::size_t at = 0) {
        const auto found = config.quote_reader().quantities(quote, 2025);
        REQUIRE(found.size() > at);
        return found[at].modality;
    };
    // A plan after a figure with a verb of its own is the next figure's.
    CHECK(modality("このスパコンはGPU 4,000基を搭載しており、来年8,000基を追加する予定だ。") == rules::Modality::in_service);
    CHECK(modality("该中心已部署2000块GPU并计划明年扩展至1万块") == rules::Modality::in_service);
    // A retirement in another clause, or denied, is not the figure's.
    CHECK(modality("Frontier has 37,888 GPUs, while Summit was decommissioned in 2024.") == rules::Modality::in_service);
    CHECK(modality("The 4,000 GPUs have not been retired.") == rules::Modality::in_service);
    // Hours of GPU compute are hours; "pari a" is Italian for "amounting to".
    CHECK(only_quantity(config, "awarded 1.5 million GPU compute hours").unit == rules::Unit::other);
    CHECK(modality("13.824 GPU, pari a 3.456 nodi") == rules::Modality::in_service);
    // "May" before a verb in a headline is the modal.
    CHECK(modality("Tesla May Deploy 100,000 GPUs") == rules::Modality::planned);
    const auto events = [&](std::string_view notes) { return config.quote_reader().status_events(notes, 2025); };
    // "wird" before an infinitive is a future; an operating system is not an operation.
    const auto future = events("Der Rechner wird im Herbst in Betrieb gehen.");
    REQUIRE(future.size() == 1);
    CHECK_FALSE(future[0].happened);
    CHECK(events("Il cluster usa il sistema operativo Linux.").empty());
    CHECK(events("The cluster went live after a faulty power supply was replaced.").size() == 1);
}

TEST_CASE("a decimal comma before a measure is a decimal; before a count it may be a list") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "Rpeak von 5,34 Petaflops").value == model::Decimal::parse("5.34").value());
    CHECK(config.quote_reader().quantities("4,8 GPUs", 2025).size() == 2);
}

TEST_CASE("a subject that is none denies what it does; a fraction of a machine is live in part") {
    const auto config = formats::default_rules_config();
    const auto events = [&](std::string_view notes) { return config.quote_reader().status_events(notes, 2025); };
    const auto none = events("No hardware has been purchased, and no data centres have been commissioned.");
    REQUIRE(none.size() == 1);
    CHECK(none[0].kind == rules::StatusEvent::Kind::live);
    CHECK(none[0].denied);
    CHECK_FALSE(none[0].happened);
    CHECK(none[0].words == "no data centres have been commissioned");
    // "no" before a figure is its bound, not a subject that is none.
    const auto bounded = events("No more than 500 GPUs are operational.");
    REQUIRE(bounded.size() == 1);
    CHECK(bounded[0].happened);
    const auto half = events("Half of the system is now operational.");
    REQUIRE(half.size() == 1);
    CHECK(half[0].partial);
    CHECK(half[0].happened);
    // Ready for its users is live; to be so next year is not yet.
    const auto ready = events("The system is ready for users.");
    REQUIRE(ready.size() == 1);
    CHECK(ready[0].happened);
    const auto later = events("The system will be ready for users in 2027.");
    REQUIRE(later.size() == 1);
    CHECK_FALSE(later[0].happened);
}

TEST_CASE("a power before the noun of a machine is the machine's power, not a count of machines") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "The cluster is expected to be a 500 MW system.").unit == rules::Unit::megawatt);
    const auto hyphened = only_quantity(config, "The 20-MW machine is live.");
    CHECK(hyphened.unit == rules::Unit::megawatt);
    CHECK(hyphened.per == rules::Unit::none);
    CHECK(only_quantity(config, "a 1 GW campus").unit == rules::Unit::gigawatt);
    // A noun of something else after the power keeps it power: "a 2 MW cooling plant".
    CHECK(only_quantity(config, "The site has a 2 MW cooling plant.").unit == rules::Unit::megawatt);
    CHECK(only_quantity(config, "it used 20 megawatt-hours last year").unit == rules::Unit::energy);
    // A count of GPUs before the noun of a node still counts GPUs per node.
    CHECK(only_quantity(config, "8-GPU nodes").per == rules::Unit::node);
}

TEST_CASE("a few words in brackets inside a noun phrase leave the noun after them the figure's") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "Vista has 256 NVIDIA Grace Grace (GG) compute nodes.").unit == rules::Unit::node);
    CHECK(only_quantity(config, "The site has 4,000 Nvidia H100 (SXM) GPUs.").unit == rules::Unit::gpu);
    // Brackets with no noun after them end the phrase.
    CHECK(only_quantity(config, "It has 300 Nvidia (the maker) in its name.").unit == rules::Unit::none);
}

TEST_CASE("an adverb inside a verb group, a preposition before 'the', a bound of another noun") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return only_quantity(config, quote).modality; };
    // "is now building" is "is building" with an adverb inside.
    CHECK(modality("The company is now building a cluster consisting of 22,000 H100 GPUs.") == rules::Modality::planned);
    CHECK(modality("The lab is currently installing 4,000 GPUs.") == rules::Modality::planned);
    CHECK(modality("The program started with plans of a cluster of 20,000 GPUs.") == rules::Modality::planned);
    CHECK(modality("It has an agreement to source 16,000 GPUs.") == rules::Modality::procured);
    CHECK(modality("The cluster should have 10,000 GPUs by June.") == rules::Modality::planned);
    CHECK(only_quantity(config, "The new hall can host 100,000 GPUs.").bound == rules::Bound::at_most);
    // "about the 816 GPUs" is what the words are about, not a bound of 816.
    const auto about = only_quantity(config, "He talked about the 816 H100 GPUs in service.");
    CHECK(about.bound == rules::Bound::exact);
    CHECK(only_quantity(config, "It has about 816 H100 GPUs.").bound == rules::Bound::approximate);
    // A bound of a figure of CPUs does not pass to one of GPUs after "and"; to one of the same does.
    const auto both = config.quote_reader().quantities("It has several thousands of CPUs and 90 GPUs.", 2025);
    REQUIRE(both.size() == 2);
    CHECK(both[1].bound == rules::Bound::exact);
    const auto alike = config.quote_reader().quantities("It has about 500 or 600 GPUs.", 2025);
    REQUIRE(alike.size() == 2);
    CHECK(alike[1].bound == rules::Bound::approximate);
}

TEST_CASE("the thousands and millions of European languages, declined, multiply their figure") {
    const auto config = formats::default_rules_config();
    const auto value = [&](std::string_view quote) { return only_quantity(config, quote).value; };
    CHECK(value("mówimy o 30 tysiącach kart GPU") == model::Decimal::whole(30000));
    CHECK(value("оснащена 10 тысячами GPU") == model::Decimal::whole(10000));
    CHECK(value("A rendszer 24 ezer GPU-t tartalmaz") == model::Decimal::whole(24000));
    CHECK(value("Sistemul are 10 mii de GPU") == model::Decimal::whole(10000));
    CHECK(value("Ο υπολογιστής έχει 12 χιλιάδες GPU") == model::Decimal::whole(12000));
    CHECK(value("Het systeem krijgt 2 miljoen GPU's") == model::Decimal::whole(2000000));
    CHECK(value("system ma 3 mln GPU") == model::Decimal::whole(3000000));
}

TEST_CASE("the nouns of nodes and servers in more European languages count nodes") {
    const auto config = formats::default_rules_config();
    for (const auto* quote : {"A rendszer 500 csomópontból áll", "Το σύστημα έχει 500 κόμβους", "Sustav ima 500 čvorova",
                              "Системата има 500 възела", "Система має 500 вузлів", "Sistemul are 500 de noduri",
                              "The cluster has 4 CPU-only nodes.", "The cluster has 4 GPU-accelerated nodes.",
                              "It has 1,000 8-GPU servers.", "It consists of 1,000 Nvidia DGX B200 boxes."}) {
        CAPTURE(quote);
        CHECK(only_quantity(config, quote).unit == rules::Unit::node);
    }
    CHECK(only_quantity(config, "The cluster has 2,000 sockets.").unit == rules::Unit::cpu);
    // Not glued, "only" ends the phrase.
    CHECK(only_quantity(config, "The cluster has 4 CPUs only.").unit == rules::Unit::cpu);
}

TEST_CASE("small numbers spelled in Italian, Polish, Russian, Dutch and Czech count their noun") {
    const auto config = formats::default_rules_config();
    const auto racks = only_quantity(config, "Helios jest zbudowany z pięciu takich szaf.");
    CHECK(racks.value == model::Decimal::whole(5));
    CHECK(racks.unit == rules::Unit::rack);
    CHECK(only_quantity(config, "con quattro sistemi DGX SuperPOD").unit == rules::Unit::node);
    CHECK(only_quantity(config, "на приобретение пяти серверов").value == model::Decimal::whole(5));
    CHECK(only_quantity(config, "het cluster telt twaalf servers").value == model::Decimal::whole(12));
    CHECK(only_quantity(config, "systém má osm uzlů").unit == rules::Unit::node);
    // Superchips and systems in their declined forms.
    CHECK(only_quantity(config, "розмістити 45 000 суперчіпів Nvidia GB200").unit == rules::Unit::superchip);
    CHECK(only_quantity(config, "z ponad 1000 systemami DGX B200").unit == rules::Unit::node);
}

TEST_CASE("a capacity with its adjective after the noun, and purchases in more languages") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "con una capacità attuale di 2,2 megawatt").capacity);
    CHECK(only_quantity(config, "une capacité totale de 40 MW").capacity);
    CHECK(only_quantity(config, "compania a cumpărat 485.000 de cipuri").modality == rules::Modality::procured);
    CHECK(only_quantity(config, "соглашение об аренде 10 тыс. ускорителей").modality == rules::Modality::procured);
}

TEST_CASE("a figure that nothing governs takes the tense of a quote that speaks only of what is to come") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return only_quantity(config, quote).modality; };
    CHECK(modality("Coatlicue will be the fastest machine of the region. Among its numbers: 14,480 GPUs.") ==
          rules::Modality::planned);
    // Before the words of what is to come, or beside words of what is there, it is in service.
    CHECK(modality("With 2,016 GPUs, Pegasus will be the fastest machine of the region.") == rules::Modality::in_service);
    CHECK(modality("The lab will publish its results. The machine has 4,000 GPUs.") == rules::Modality::in_service);
    // A possessive, words of the present or of a retirement say the machine is there.
    CHECK(modality("Frontier will be retired in 2027. Its 37,888 GPUs served science.") == rules::Modality::in_service);
    CHECK(modality("It will be upgraded in 2026. Current configuration: 4,000 A100 GPUs.") == rules::Modality::in_service);
    CHECK(modality("The system will be expanded next year. Specs: 4,000 A100 GPUs.") == rules::Modality::in_service);
    // A German present passive is no future.
    CHECK(modality("Außerdem wird die Zahl der Kerne angegeben. Der Strom: 22,7 Megawatt.") == rules::Modality::in_service);
}

TEST_CASE("points between groups of three digits, two groups or more, are thousands separators") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "Das System hat 2.073.600 Kerne.").value == model::Decimal::whole(2073600));
    CHECK(only_quantity(config, "Die Zahl: 8.699.904 Kerne.").value == model::Decimal::whole(8699904));
    // One group is read both ways, unless it counts: a count is whole. A version number is no
    // figure of thousands.
    const auto power = only_quantity(config, "Das System braucht 21.500 kW.");
    CHECK(power.value == model::Decimal::parse("21.5").value());
    REQUIRE(power.alternative);
    CHECK(*power.alternative == model::Decimal::whole(21500));
    const auto count = only_quantity(config, "Das System hat 10.000 GPUs.");
    CHECK(count.value == model::Decimal::whole(10000));
    CHECK_FALSE(count.alternative);
    CHECK(only_quantity(config, "Es sind 2.500 Knoten.").value == model::Decimal::whole(2500));
    CHECK(config.quote_reader().quantities("Version 2.1.3 runs on 4,000 GPUs.", 2025).back().value ==
          model::Decimal::whole(4000));
}

TEST_CASE("a data centre's power in other languages is a capacity; 'may include' is no plan") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "desarrollar un centro de datos de 168 megavatios en Texas").capacity);
    CHECK(only_quantity(config, "ein Rechenzentrum mit 40 MW").capacity);
    const auto hedged = only_quantity(config, "Current power = 302 MW (may include campus expansions)");
    CHECK(hedged.modality == rules::Modality::in_service);
}

TEST_CASE("a text with no event that puts the machine in a time to come says it is not live yet") {
    const auto config = formats::default_rules_config();
    const auto events = [&](std::string_view notes) { return config.quote_reader().status_events(notes, 2025); };
    const auto later = events("Meluxina sera accueilli dans ses salles l'année prochaine.");
    REQUIRE(later.size() == 1);
    CHECK(later[0].kind == rules::StatusEvent::Kind::live);
    CHECK_FALSE(later[0].happened);
    CHECK(events("Een nieuwe supercomputer die in 2027 nabij Parijs komt te staan.").size() == 1);
    // A word of what is there, or a time gone by, and it says nothing.
    CHECK(events("Today marks the general availability of the series; we will be ramping up next year.").front().happened);
    CHECK(events("The machine has 4,000 GPUs and will be upgraded next year.").empty());
    CHECK(events("The machine was to be delivered in 2021.").empty());
    // To grow, a machine is there.
    CHECK(events("Frontier will be upgraded in 2026.").empty());
    CHECK(events("The system will be expanded next year.").empty());
}

TEST_CASE("modules of memory or containers are no modules of GPUs") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "The system has 4,096 memory modules.").unit == rules::Unit::other);
    CHECK(only_quantity(config, "Jupiter's brain consists of 50 container modules.").unit == rules::Unit::other);
    CHECK(only_quantity(config, "The system has 4,096 OAM modules.").unit == rules::Unit::module);
    CHECK(only_quantity(config, "The deployment provides about 2.3 GWh of energy storage.").unit == rules::Unit::energy);
}

TEST_CASE("a verb of buying in a future's group is a plan; bought, or an order, is procured") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return only_quantity(config, quote).modality; };
    CHECK(modality("The company plans to buy 10,000 GPUs.") == rules::Modality::planned);
    CHECK(modality("The company will buy 10,000 GPUs.") == rules::Modality::planned);
    CHECK(modality("The company bought 10,000 GPUs.") == rules::Modality::procured);
    CHECK(modality("The lab will place an order for 20,000 GPUs.") == rules::Modality::procured);
    for (const char* quote : {"The lab snapped up 10,000 GPUs.", "The deal covers 10,000 GPUs.",
                              "The order comprises 10,000 GPUs.", "10,000 GPUs have been delivered."}) {
        CAPTURE(std::string(quote));
        CHECK(modality(quote) == rules::Modality::procured);
    }
    // A delivery of the machine says nothing of its GPUs.
    CHECK(modality("The system, delivered in 2023, has 10,000 GPUs.") == rules::Modality::in_service);
    // A verb after "and" with its own future keeps it; without, it shares the one before.
    const auto joined = config.quote_reader().quantities("xAI is buying 100,000 B200s and will have 300,000 B200s.", 2025);
    REQUIRE(joined.size() == 2);
    CHECK(joined[0].modality == rules::Modality::procured);
    CHECK(joined[1].modality == rules::Modality::planned);
}

TEST_CASE("plans that call for a figure, a Cyrillic scale glued to a figure, supply in Korean") {
    const auto config = formats::default_rules_config();
    const auto reading = [&](std::string_view quote) { return only_quantity(config, quote); };
    // A plan that is a noun of something else says nothing of the figure.
    CHECK(reading("Under its AI action plan, the government funded a cluster with 2,000 GPUs.").modality ==
          rules::Modality::in_service);
    CHECK(reading("The plans call for 4,000 GPUs.").modality == rules::Modality::planned);
    const auto million = reading("xAI планирует 1М GPU.");
    CHECK(million.value == model::Decimal::parse("1000000").value());
    CHECK(million.modality == rules::Modality::planned);
    CHECK(reading("Компания закупила 10К GPU.").value == model::Decimal::parse("10000").value());
    // In lower case, "м" is metres.
    const auto rack = config.quote_reader().quantities("Стойка высотой 2м вмещает 72 GPU.", 2025);
    REQUIRE(rack.size() == 2);
    CHECK(rack[0].value == model::Decimal::whole(2));
    CHECK(rack[1].value == model::Decimal::whole(72));
    CHECK(rack[1].unit == rules::Unit::gpu);
    // Korean puts the tense after the verb: supplied, or to be supplied; Turkish purchases.
    CHECK(reading("엔비디아는 GPU 1만 장을 공급하기로 했다.").modality == rules::Modality::procured);
    CHECK(reading("엔비디아는 GPU 1만 장을 공급할 계획이다.").modality == rules::Modality::planned);
    CHECK(reading("Google 50 bin H100 çip alımıyla geliyor.").modality == rules::Modality::procured);
}

TEST_CASE("each holder with one GPU, told with an article, in other languages; a product's number") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"Cada nodo tiene una GPU NVIDIA.", "Das System hat 100 Knoten mit jeweils einer GPU.",
                              "El sistema tiene 100 nodos, cada uno con un procesador AMD y una GPU NVIDIA."}) {
        CAPTURE(std::string(quote));
        const auto found = config.quote_reader().quantities(quote, 2025);
        REQUIRE_FALSE(found.empty());
        CHECK(found.back().value == model::Decimal::whole(1));
        CHECK(found.back().unit == rules::Unit::gpu);
        CHECK(found.back().per == rules::Unit::node);
    }
    const auto each = config.quote_reader().quantities("El sistema tiene 1000 nodos, cada uno con 4 GPU.", 2025);
    REQUIRE(each.size() == 2);
    CHECK(each[1].per == rules::Unit::node);
    // An article with no holder that each has is no figure; nor is the number of a maker's product.
    CHECK(config.quote_reader().quantities("The lab bought a GPU server.", 2025).empty());
    const auto named = config.quote_reader().quantities("Each node has an AMD Opteron 6274 CPU with 16 cores.", 2025);
    REQUIRE(named.size() == 1);
    CHECK(named[0].unit == rules::Unit::core);
}

TEST_CASE("a capacity before another bound makes the figure a capacity's") {
    const auto config = formats::default_rules_config();
    for (const char* quote :
         {"The data centre would be capable of hosting more than 100,000 GPUs.",
          "The site has the potential to host over 100,000 GPUs.", "That is enough capacity for around 48,000 GPUs."}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).bound == rules::Bound::at_most);
    }
    CHECK(only_quantity(config, "The data centre hosts more than 100,000 GPUs.").bound == rules::Bound::at_least);
}

TEST_CASE("a capacity for what a verb serves, a total IT load and plural MWs are capacities and units") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"There is capacity to power the first 200 MW.", "Hay capacidad para alimentar los primeros 200 MW.",
                              "TACC a ajouté une infrastructure pour gérer les 200 mégawatts de Frontera.",
                              "A data centre with a total IT load of 200MW."}) {
        CAPTURE(std::string(quote));
        const auto power = only_quantity(config, quote);
        CHECK(power.unit == rules::Unit::megawatt);
        CHECK(power.capacity);
    }
    // What a machine draws, and the load of its IT alone, are no capacity.
    for (const char* quote : {"The system uses 200 MW to power its GPUs.", "Frontier: 21 MW IT load."}) {
        CAPTURE(std::string(quote));
        CHECK_FALSE(only_quantity(config, quote).capacity);
    }
    // Declined and adjectival forms: Croatian "50 megavata", Hungarian "230 megawattos".
    for (const char* quote : {"podatkovni centar snage 50 megavata", "230 megawattos kapacitással"}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).unit == rules::Unit::megawatt);
    }
    // A data centre's power in Chinese, Japanese and Korean, in brackets after it or as its 电量.
    for (const char* quote : {"LG CNS 죽전 데이터센터(약 19MW)", "算力中心,具備十五MW(千瓩)電量"}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).capacity);
    }
    // A case ending glued by a hyphen is the noun's: the verb after it governs the figure.
    const auto suffixed = only_quantity(config, "amit 290 MW-ra terveznek bővíteni");
    CHECK(suffixed.unit == rules::Unit::megawatt);
    CHECK(suffixed.modality == rules::Modality::planned);
    CHECK(only_quantity(config, "s planovima za skaliranje kapaciteta na 520 MW").modality == rules::Modality::planned);
    const auto plural = only_quantity(config, "It grew by another 100 MWs this year.");
    CHECK(plural.unit == rules::Unit::megawatt);
    CHECK(plural.value == model::Decimal::whole(100));
}

TEST_CASE("a power after 'and' and a subject, with no verb of its own, shares the capacity before") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"Bavaria has a capacity of 420 MW and Hesse 1,110 MW.",
                              "Wobei Bayern Kapazitäten von 420 Megawatt hat und Hessen 1.110 Megawatt."}) {
        CAPTURE(std::string(quote));
        const auto found = config.quote_reader().quantities(quote, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[1].capacity);
    }
    // A verb of its own: power drawn.
    const auto drawn = config.quote_reader().quantities("The site has a capacity of 420 MW and draws 100 MW.", 2025);
    REQUIRE(drawn.size() == 2);
    CHECK_FALSE(drawn[1].capacity);
}

TEST_CASE("a machine yet to come has nothing yet, whatever the tense of its verb") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return only_quantity(config, quote).modality; };
    for (const char* quote : {"The upcoming system features 10,000 GPUs.", "Das künftige System hat 10.000 GPUs.",
                              "The upcoming Nvidia DGX SuperPOD system has 10,000 GPUs.", "The project envisions 10,000 GPUs."}) {
        CAPTURE(std::string(quote));
        CHECK(modality(quote) == rules::Modality::planned);
    }
    // The words of another clause, or of a compound, are not the subject's.
    CHECK(modality("The system, which replaces the future cluster, has 10,000 GPUs.") == rules::Modality::in_service);
    CHECK(modality("The future-proof system has 10,000 GPUs.") == rules::Modality::in_service);
    CHECK(modality("The cluster was expanded to 10,000 GPUs in 2024.") == rules::Modality::in_service);
    CHECK(modality("Following its expansion to 10,752 GPUs in 2024, the system ranks third.") == rules::Modality::in_service);
    // A name is no adjective: "The Future Computing Center".
    CHECK(modality("The Future Computing Center operates 2,048 GPUs.") == rules::Modality::in_service);
}

TEST_CASE("a time to come right after a figure's verb makes it a plan, whatever the tense of the verb") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return only_quantity(config, quote).modality; };
    for (const char* quote :
         {"The remaining 5,000 GPUs arrive next year.", "5,000 GPUs go live next month.",
          "The remaining 5,000 GPUs arrive later this year.", "The 5,000 GPUs ship next quarter to the site."}) {
        CAPTURE(std::string(quote));
        CHECK(modality(quote) == rules::Modality::planned);
    }
    // A time that opens a clause of its own, or that comes after a conjunction, is not the figure's.
    CHECK(modality("5,000 GPUs were installed shortly after.") == rules::Modality::in_service);
    CHECK(modality("The site runs 5,000 GPUs today and next year will double.") == rules::Modality::in_service);
    CHECK(modality("The site runs 5,000 GPUs, next year it will double.") == rules::Modality::in_service);
    // What is still to come after the figure is a plan.
    const auto more = config.quote_reader().quantities("The data centre runs on 40 MW today, with 60 MW more to come.", 2026);
    REQUIRE(more.size() == 2);
    CHECK(more[0].modality == rules::Modality::in_service);
    CHECK(more[1].modality == rules::Modality::planned);
}

TEST_CASE("a plan named by a label, a participle after the noun, or a participle after a year") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return only_quantity(config, quote).modality; };
    for (const char* quote :
         {"Goal: 32,768 GPUs.", "Target configuration: 32,768 MI300X GPUs.", "Ziel: 10.000 GPUs.",
          "The cluster adds 16,384 GPUs, expected in the second half of the year.",
          "Eine Erweiterung um 4.000 GPUs ist für 2026 geplant.", "El proyecto contempla la instalación de 8.000 GPU.",
          "Der Plan, der 4.000 GPUs vorsieht, wurde genehmigt.", "Le centre abritera 1 000 GPU.",
          "Le futur système embarquera 3 000 GPU."}) {
        CAPTURE(std::string(quote));
        CHECK(modality(quote) == rules::Modality::planned);
    }
    // The figure's own verb outweighs a label; a plan to grow after the noun may be the machine's.
    CHECK(modality("The system hit its target: 5,000 GPUs are now installed.") == rules::Modality::in_service);
    CHECK(modality("The cluster has 10,000 GPUs, expected to double next year.") == rules::Modality::in_service);
    CHECK(modality("Die 4.000 GPUs wurden 2023 installiert.") == rules::Modality::in_service);
}

TEST_CASE("a growth under way, an option, a goal worked towards and a label's year to come are plans") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return config.quote_reader().quantities(quote, 2025).back().modality; };
    for (const char* quote :
         {"The cluster is being upgraded to 16,000 GPUs.", "The cluster is growing to 16,000 GPUs.",
          "The deal includes an option for another 10,000 GPUs.", "The company is working towards 10,000 GPUs.",
          "The build-out to 100,000 GPUs continues.", "Next up: 20,000 more GPUs.", "Phase 2 (2026): 8,192 GPUs.",
          "2024: 4,000 GPUs; 2026: 8,000 GPUs."}) {
        CAPTURE(std::string(quote));
        CHECK(modality(quote) == rules::Modality::planned);
    }
    CHECK(modality("The company has earmarked 5,000 GPUs for the cluster.") == rules::Modality::procured);
    // What it can be expanded to is a plan; the power of an allocation a capacity.
    CHECK(modality("The site currently draws 40 MW, and can be expanded to 100 MW.") == rules::Modality::planned);
    // Not what it starts from, nor what a design can scale to (a ceiling, no plan).
    CHECK(modality("The site can be expanded from an initial 5 MW.") == rules::Modality::in_service);
    CHECK(modality("The design can scale up to 4,000 GPUs.") != rules::Modality::planned);
    CHECK(config.quote_reader().quantities("The cluster uses 150 MW of its 300 MW allocation.", 2025).back().capacity);
    // Done, or of a year gone by, or a year in a clause with a verb of its own: no plan.
    for (const char* quote : {"The cluster was expanded to 16,000 GPUs.", "2023: 8,192 GPUs.",
                              "In 2026 the plan is clear: 8,192 GPUs installed now."}) {
        CAPTURE(std::string(quote));
        CHECK(modality(quote) == rules::Modality::in_service);
    }
}

TEST_CASE("a noun after a spelled figure is that figure's, whatever verb stands before it") {
    const auto config = formats::default_rules_config();
    // Holders with "each" after them hold what comes next; they are not per holder themselves.
    const auto nodes = config.quote_reader().quantities("The system's 9,472 nodes each carry four MI250X, or 37,888 GPUs.", 2025);
    REQUIRE(nodes.size() == 3);
    CHECK(nodes[0].per == rules::Unit::none);
    CHECK(nodes[1].per == rules::Unit::node);
    CHECK(config.quote_reader().quantities("The servers hold four GPUs each.", 2025).at(0).per == rules::Unit::node);
    for (const char* text : {"760 servers carry eight GPUs.", "The 760 DGX systems hold eight GPUs each."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[0].unit == rules::Unit::node);
        CHECK(found[1].unit == rules::Unit::gpu);
        CHECK(found[1].value == model::Decimal::whole(8));
    }
}

TEST_CASE("a holder before a bare GPU, as the Romance languages write it, counts holders") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Il cluster è composto da 1.000 server GPU.", "Le système comprend 400 serveurs GPU NVIDIA H100.",
                             "El sistema tiene 256 nodos GPU."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).unit == rules::Unit::node);
    }
    // English puts its head last: server GPUs are GPUs.
    CHECK(only_quantity(config, "The cluster has 1,000 server GPUs.").unit == rules::Unit::gpu);
    // A SuperPOD holds racks of servers: a count of them is no count of servers, nor of GPUs.
    CHECK(only_quantity(config, "It is made of 96 DGX SuperPODs.").unit == rules::Unit::rack);
    CHECK(only_quantity(config, "El sistema tiene 20 armarios.").unit == rules::Unit::rack);
}

TEST_CASE("the small numbers of German, Italian, Russian, Polish and Dutch, spelled") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Die 312 Server haben jeweils acht GPUs.", "Каждый из 312 узлов содержит семь GPU."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[1].unit == rules::Unit::gpu);
        CHECK(found[1].per == rules::Unit::node);
    }
    for (const char* text : {"Ogni nodo ha sei GPU.", "Każdy węzeł ma siedem GPU.", "Elke node heeft zestien GPU's."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).unit == rules::Unit::gpu);
    }
}

TEST_CASE("a part of a planned whole: both figures read, the whole planned") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities("So far, 5,000 of the planned 20,000 GPUs have been installed.", 2025);
    REQUIRE(found.size() == 2);
    CHECK(found[0].unit == rules::Unit::gpu);
    CHECK(found[0].modality == rules::Modality::in_service);
    CHECK(found[1].value == model::Decimal::whole(20000));
    CHECK(found[1].modality == rules::Modality::planned);
    // A whole with no word of a plan is the part's noun only, and the part keeps its verb.
    const auto ordered = config.quote_reader().quantities("5,000 of the 20,000 GPUs were ordered.", 2025);
    REQUIRE(ordered.size() == 1);
    CHECK(ordered[0].modality == rules::Modality::procured);
}

TEST_CASE("what each holder holds: apiece, a distributive word before the figure, each of the holders") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The cluster comprises 512 servers with eight GPUs apiece.", "Система включает 500 узлов по 8 GPU.",
                             "该系统包含500个节点，每个节点配备8块GPU。", "各ノードに4基のGPUを搭載する。",
                             "Each of the 300 racks holds 72 GPUs.", "Each of its 1,152 nodes has four GH200 superchips."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE_FALSE(found.empty());
        CHECK(found.back().per != rules::Unit::none);
    }
    // A total after the holders, or a figure with no holder before it, is no count per holder.
    for (const char* text : {"Each of the 300 racks, and 7,200 GPUs in all.", "The system counts 2,000 nodes and 8,000 GPUs.",
                             "по данным компании, 8 000 GPU"}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE_FALSE(found.empty());
        CHECK(found.back().per == rules::Unit::none);
    }
}

TEST_CASE("a power a site has access to, or that it is supplied, is a capacity; a French region is no future") {
    const auto config = formats::default_rules_config();
    for (const char* quote : {"The campus has access to 100 MW.", "数据中心总电力容量达100兆瓦。",
                              "이 데이터센터는 전력 100MW를 공급받아 가동 중이다."}) {
        CAPTURE(std::string(quote));
        CHECK(only_quantity(config, quote).capacity);
    }
    CHECK_FALSE(only_quantity(config, "현재 40MW 규모로 운영 중이다.").capacity);
    CHECK(only_quantity(config, "Le mésocentre de la région AURA dispose de 64 GPU.").modality == rules::Modality::in_service);
}

TEST_CASE("deployment under way is building; full operation planned in the present is not live yet") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    const auto ongoing = events("Deployment is ongoing.");
    REQUIRE(ongoing.size() == 1);
    CHECK(ongoing[0].kind == rules::StatusEvent::Kind::construction);
    const auto planned = events("The first racks arrived in May; full operation is planned for autumn.");
    REQUIRE(planned.size() == 1);
    CHECK_FALSE(planned[0].happened);
    const auto running = events("The system is in full operation.");
    REQUIRE(running.size() == 1);
    CHECK(running[0].happened);
}

TEST_CASE("a model's name before the label of a figure is the figure's model") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities("구체적으로 H200 GPU 6400장, B200 GPU 3600장 등", 2025);
    REQUIRE(found.size() == 2);
    REQUIRE(found[0].model != nullptr);
    CHECK(found[0].model->model == "NVIDIA H200");
    REQUIRE(found[1].model != nullptr);
    CHECK(found[1].model->model == "NVIDIA B200");
    CHECK(only_quantity(config, "GPUs: 4,000").model == nullptr);
}

TEST_CASE("what an independent review of the day's readings found them to get wrong") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](std::string_view quote) { return only_quantity(config, quote).modality; };
    CHECK(modality("The system was delivered in 2023 and has 4,096 H100 GPUs.") == rules::Modality::in_service);
    // A power after "and" shares a capacity only after a name, with no word of its own.
    for (const char* quote : {"The campus has a capacity of 100 MW and 60 MW in operation.",
                              "Total capacity is 100 MW and the IT load 40 MW.", "A peak power of 25 MW and average 18 MW.",
                              "Das Rechenzentrum hat eine Anschlussleistung von 20 MW und verbraucht derzeit 8 MW."}) {
        CAPTURE(std::string(quote));
        const auto found = config.quote_reader().quantities(quote, 2025);
        REQUIRE(found.size() == 2);
        CHECK_FALSE(found[1].capacity);
    }
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    // A year before building that is another verb's, or one it runs since, dates nothing.
    for (const char* text :
         {"Jupiter, announced in June 2025, is currently under construction.", "Seit dem 1. Juli 2023 ist das System im Aufbau.",
          "Desde el 1 de julio de 2023, el sistema está en construcción."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::construction);
        CHECK(found[0].happened);
    }
    // A year it runs until, or another verb's after it, puts no going live in the future.
    for (const char* text :
         {"Das System ist noch bis 2028 in Betrieb.", "The system is in service, and its 2027 upgrade is funded."}) {
        CAPTURE(std::string(text));
        const auto found = events(text);
        REQUIRE_FALSE(found.empty());
        CHECK(found[0].happened);
    }
    // Building in the next sentence is not the live machine's.
    for (const auto& event :
         events("JUWELS Booster entered production in 2020. A new building for JUPITER is currently under construction.")) {
        CHECK_FALSE(event.still);
    }
    const auto still = events("The system went into service in October, but the installation is still under construction.");
    REQUIRE(still.size() >= 2);
    CHECK(still.back().still);
}

TEST_CASE("German 'je' before a figure, a maker before 'ciascuno', a held 'über', a capacity after another figure") {
    const auto config = formats::default_rules_config();
    const auto read = [&](const char* text) { return config.quote_reader().quantities(text, 2025); };
    for (const char* text : {"Das System besteht aus 940 Rechenknoten mit je vier NVIDIA-H100-GPUs.",
                             "Der Rechner nutzt 24 Racks mit je 72 Blackwell-GPUs.",
                             "Il sistema è composto da 1.536 nodi con quattro GPU NVIDIA ciascuno."}) {
        CAPTURE(std::string(text));
        const auto found = read(text);
        REQUIRE(found.size() == 2);
        CHECK(found[0].per == rules::Unit::none);
        CHECK(found[1].per != rules::Unit::none);
    }
    // A "je" after a noun is the earlier figure's "per": the later holders are no count per node.
    const auto per_after = read("Das System hat 4 GPUs je Knoten und 940 Knoten.");
    REQUIRE(per_after.size() == 2);
    CHECK(per_after[0].per == rules::Unit::node);
    CHECK(per_after[1].per == rules::Unit::none);
    // "verfügt ... über" holds; a bound after the preposition is still read.
    CHECK(only_quantity(config, "Insgesamt verfügt das System über 3.760 GPUs vom Typ H100.").bound == rules::Bound::exact);
    CHECK(only_quantity(config, "Het systeem beschikt nu over 880 GPU's.").bound == rules::Bound::exact);
    CHECK(only_quantity(config, "Insgesamt verfügt das System über mehr als 3.760 GPUs.").bound == rules::Bound::at_least);
    CHECK(only_quantity(config, "Es stehen über 3.760 GPUs bereit.").bound == rules::Bound::at_least);
    // A verb of use shows a floor only for its own figure: after another figure, "up to" is a capacity.
    const auto room = read("It runs 12,000 H100s, with room for up to 50,000.");
    REQUIRE(room.size() == 2);
    CHECK(room[1].bound == rules::Bound::at_most);
    CHECK(only_quantity(config, "The model was trained on up to 800 GPUs.").bound == rules::Bound::at_least);
}

TEST_CASE("a peak named by a noun after an average is a peak; power drawn from the grid is no capacity") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The machine consumes 8.5 MW on average, with a peak of 12 MW.",
                             "The machine consumes 8.5 MW on average, peaking at 12 MW.",
                             "The machine consumes 8.5 MW on average, with peaks of 12 MW."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK_FALSE(found[0].peak);
        CHECK(found[1].peak);
    }
    // (A demand that "peaks at" a figure is the machine's stated power, as the corpus reads it.)
    CHECK_FALSE(only_quantity(config, "The electricity demand peaks at around 27 megawatts.").peak);
    CHECK_FALSE(only_quantity(config, "The data center draws 150 MW from the grid.").capacity);
    CHECK_FALSE(only_quantity(config, "The system consumes 20 MW from the utility.").capacity);
    CHECK(only_quantity(config, "The site gets 150 MW of capacity from the grid.").capacity);
    CHECK(only_quantity(config, "The site has a grid connection of 150 MW.").capacity);
}

TEST_CASE("building said to be over is no building; not yet handed over is not live") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    const auto building = [&](const char* text) {
        return std::ranges::any_of(events(text), [](const rules::StatusEvent& event) {
            return event.kind == rules::StatusEvent::Kind::construction && event.happened;
        });
    };
    for (const char* text : {"Construction of the data center is complete.", "Die Installation ist abgeschlossen.",
                             "L'installation est terminée.", "Construction was completed."}) {
        CAPTURE(std::string(text));
        CHECK_FALSE(building(text));
    }
    // Not over yet: near, denied, to come, or another building after it.
    for (const char* text :
         {"Construction is nearly complete.", "Construction is not yet complete.", "Die Installation ist fast abgeschlossen.",
          "Construction of the data center is complete; GPUs are being installed."}) {
        CAPTURE(std::string(text));
        CHECK(building(text));
    }
    const auto to_come = events("Construction will be completed in 2026.");
    REQUIRE_FALSE(to_come.empty());
    CHECK_FALSE(to_come[0].happened);
    const auto handed = events("The system has not yet been handed over to users.");
    REQUIRE(handed.size() == 1);
    CHECK(handed[0].kind == rules::StatusEvent::Kind::live);
    CHECK_FALSE(handed[0].happened);
    const auto done = events("The system was handed over to the university in 2023.");
    REQUIRE(done.size() == 1);
    CHECK(done[0].happened);
}

TEST_CASE("GPUs bought that the quote goes on to say went live are in service") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](const char* text) { return only_quantity(config, text).modality; };
    for (const char* text : {"The 5,000 GPUs were purchased in 2023 and are now in service.",
                             "The university purchased 600 GPUs, which went into service in May.",
                             "The lab bought 2,000 GPUs, which are operational since 2024.",
                             "A empresa encomendou 3.000 GPUs, que já estão em operação desde janeiro.",
                             "L'université a commandé 800 GPU, qui sont déjà en service."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::in_service);
    }
    // A noun of production after "and", a going live to come, or one with a figure of its own.
    for (const char* text :
         {"The lab bought 2,000 GPUs for its production cluster.", "The lab bought 2,000 GPUs, and production starts in 2026.",
          "The lab ordered 2,000 GPUs, which will be available next year."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::procured);
    }
    const auto part = config.quote_reader().quantities("The lab bought 2,000 GPUs and went live with 500 of them.", 2025);
    REQUIRE_FALSE(part.empty());
    CHECK(part[0].modality == rules::Modality::procured);
}

TEST_CASE("a model that names the machine counted is the model of its GPUs") {
    const auto config = formats::default_rules_config();
    const auto model_of = [&](const char* text) {
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE_FALSE(found.empty());
        return found.back().model ? found.back().model->model : std::string();
    };
    CHECK(model_of("The H100 cluster has 10,000 GPUs.") == "NVIDIA H100");
    CHECK(model_of("El clúster H100 tiene 2.048 GPU.") == "NVIDIA H100");
    CHECK(model_of("The H100 cluster has 10,000 GPUs and the A100 cluster 2,000 GPUs.") == "NVIDIA A100");
    // Not across a comma, and not a model the GPUs' own noun does not take.
    CHECK(model_of("Unlike the A100 cluster, the new system has 10,000 GPUs.").empty());
    CHECK(model_of("The system uses H100 GPUs; it has 4,000 GPUs.").empty());
}

TEST_CASE("plans in Italian plurals, Russian, Polish perfective futures and German build-out labels") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Im Endausbau werden rund 6.000 Knoten zur Verfügung stehen.", "Sono previste 3.000 GPU aggiuntive.",
                             "В планах — установить 10 тысяч GPU.", "W drugiej fazie system otrzyma 4 000 GPU.",
                             "Das System hat im Vollausbau 3.000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::planned);
    }
}

TEST_CASE("a change from one count to another is no range; a span of sizes is") {
    const auto config = formats::default_rules_config();
    for (const char* text :
         {"The cluster grew from 2,000 to 6,000 GPUs.", "It was expanded from 2,000 to 6,000 GPUs in 2024.",
          "Der Cluster wurde von 2.000 auf 6.000 GPUs erweitert.", "It was steadily expanded from 2,000 to 6,000 GPUs."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[1].value == model::Decimal::whole(6000));
        CHECK(found[1].bound == rules::Bound::exact);
    }
    const auto span = only_quantity(config, "The system scales from 16 to 1,500 GPUs.");
    CHECK(span.bound == rules::Bound::at_most);
    REQUIRE(span.upper);
}

TEST_CASE("GPUs that are there, to be expanded or joined by more, are in service; the growth is planned") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "The 2,048 GPUs may be expanded later.").modality == rules::Modality::in_service);
    const auto joined = config.quote_reader().quantities("Its 4,608 GPUs are set to be joined by 2,000 more next year.", 2025);
    REQUIRE(joined.size() == 2);
    CHECK(joined[0].modality == rules::Modality::in_service);
    CHECK(joined[1].modality == rules::Modality::planned);
    CHECK(only_quantity(config, "The cluster will be expanded to 8,000 GPUs.").modality == rules::Modality::planned);
    CHECK(only_quantity(config, "The system is to be expanded with 2,000 GPUs.").modality == rules::Modality::planned);
}

TEST_CASE("a purchase its owner made, told in the object's own clause, is history; GPUs on the way are not there") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](const char* text) { return only_quantity(config, text).modality; };
    CHECK(modality("The lab runs 6,000 GPUs that it bought in 2023.") == rules::Modality::in_service);
    CHECK(modality("The company has installed 6,000 GPUs it ordered last year.") == rules::Modality::in_service);
    // A passive says what the GPUs are now: ordered, not there.
    CHECK(modality("The company has 5,000 GPUs that have been ordered.") == rules::Modality::procured);
    CHECK(modality("Another 2,000 GPUs are on the way.") == rules::Modality::procured);
    const auto more = config.quote_reader().quantities("It is home to about 1,500 GPUs, with another 500 on the way.", 2025);
    REQUIRE(more.size() == 2);
    CHECK(more[0].modality == rules::Modality::in_service);
    CHECK(more[1].modality == rules::Modality::procured);
}

TEST_CASE("German Inbetriebnahme is a going live; in it, or under way, it is building") {
    const auto config = formats::default_rules_config();
    const auto first = [&](const char* text) {
        const auto found = config.quote_reader().status_events(text, 2025);
        REQUIRE_FALSE(found.empty());
        return found[0];
    };
    const auto planned = first("Die Inbetriebnahme ist für Herbst geplant.");
    CHECK(planned.kind == rules::StatusEvent::Kind::live);
    CHECK_FALSE(planned.happened);
    const auto done = first("Die Inbetriebnahme erfolgte im Mai 2024.");
    CHECK(done.kind == rules::StatusEvent::Kind::live);
    CHECK(done.happened);
    for (const char* text :
         {"Das System befindet sich in der Inbetriebnahme.", "Derzeit läuft die Inbetriebnahme.", "Die Inbetriebnahme läuft."}) {
        CAPTURE(std::string(text));
        CHECK(first(text).kind == rules::StatusEvent::Kind::construction);
    }
}

TEST_CASE("figures joined before one noun share it; 'each' after a list holds each of it, not a time") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The two partitions have 1,024 and 512 GPUs respectively.",
                             "Die Partitionen haben 1.024 und 512 GPUs.", "The cluster will have 2,000 or 4,000 GPUs."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() >= 2);
        CHECK(found[found.size() - 2].unit == rules::Unit::gpu);
        CHECK(found.back().unit == rules::Unit::gpu);
    }
    const auto listed =
        config.quote_reader().quantities("Frontier has 9,408 nodes with one AMD EPYC CPU and four MI250X GPUs each.", 2025);
    REQUIRE(listed.size() == 3);
    CHECK(listed[2].per == rules::Unit::node);
    const auto yearly = config.quote_reader().quantities("It has 100 nodes in two halls and 400 GPUs each year.", 2025);
    REQUIRE_FALSE(yearly.empty());
    CHECK(yearly.back().per == rules::Unit::none);
}

TEST_CASE("a purchase's participle after the noun gives way to the sentence's going live, not to a plan") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](const char* text) { return only_quantity(config, text).modality; };
    CHECK(modality("The 6,144 GPUs purchased in 2023 have been running since January.") == rules::Modality::in_service);
    CHECK(modality("The 6,144 GPUs ordered in 2023 will be installed next year.") == rules::Modality::procured);
    CHECK(modality("The 10,000 GPUs that were ordered in 2023 will be installed next year.") == rules::Modality::procured);
    CHECK(modality("Another 52,000 GPUs will be deployed at a new data center.") == rules::Modality::planned);
}

TEST_CASE("retirements, equivalences, design power and a start year in more languages") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "Les 256 GPU V100 de l'ancienne partition ont été retirés du service en janvier.").modality ==
          rules::Modality::retired);
    CHECK(only_quantity(config, "Le prestazioni sono paragonabili a quelle di 10.000 GPU A100.").modality ==
          rules::Modality::equivalence);
    CHECK(only_quantity(config, "Vanaf 2027 moet het systeem 1.000 GPU's tellen.").modality == rules::Modality::planned);
    const auto design = config.quote_reader().quantities("该智算中心设计总功率为50兆瓦，目前实际负载约为30兆瓦。", 2025);
    REQUIRE(design.size() == 2);
    CHECK(design[0].capacity);
    CHECK_FALSE(design[1].capacity);
}

TEST_CASE("a count noun before a figure says what the figure counts") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The number of GPUs is 5,000.", "The upgrade will bring the number of GPUs to 5,000.",
                             "La mise en service, prévue pour 2027, portera le nombre de GPU à 5 000.",
                             "Die Anzahl der GPUs steigt auf 5.000.", "The GPU count reached 5,000 in May."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).unit == rules::Unit::gpu);
    }
    // Not a count per holder, nor a count of what is no unit.
    CHECK(only_quantity(config, "The number of GPUs per node is 8.").unit == rules::Unit::none);
    CHECK(only_quantity(config, "The number of users grew to 5,000.").unit != rules::Unit::gpu);
}

TEST_CASE("what a substation or a plant can supply is a capacity, what is drawn beside it is not") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities(
        "The facility's substation can supply 90 MW, though the hall currently draws about 35 MW.", 2025);
    REQUIRE(found.size() == 2);
    CHECK(found[0].capacity);
    CHECK_FALSE(found[1].capacity);
    CHECK(only_quantity(config, "The plant can provide 500 MW.").capacity);
}

TEST_CASE("a level a change reaches, with no noun, counts what the figure before it did") {
    const auto config = formats::default_rules_config();
    const auto grown =
        config.quote_reader().quantities("The cluster went live in 2023 with 4,000 GPUs and has since grown to 12,000.", 2025);
    REQUIRE(grown.size() == 2);
    CHECK(grown[1].unit == rules::Unit::gpu);
    const auto nodes = config.quote_reader().quantities("The system has 500 nodes; it was expanded to 800.", 2025);
    REQUIRE(nodes.size() == 2);
    CHECK(nodes[1].unit == rules::Unit::node);
    // Not across a sentence.
    const auto apart = config.quote_reader().quantities("It had 20 MW in 2023. It has grown to 30.", 2025);
    REQUIRE(apart.size() == 2);
    CHECK(apart[1].unit == rules::Unit::none);
}

TEST_CASE("running at reduced capacity or im Teilbetrieb is live in part; open to all users is live") {
    const auto config = formats::default_rules_config();
    const auto partly = [&](const char* text) {
        const auto found = config.quote_reader().status_events(text, 2025);
        return std::ranges::any_of(found, [](const rules::StatusEvent& event) { return event.partial && event.happened; });
    };
    CHECK(partly("The system is running at reduced capacity while the rest is installed."));
    CHECK(partly("Das System läuft im Teilbetrieb."));
    CHECK_FALSE(partly("The system is fully operational."));
    const auto open = config.quote_reader().status_events("The system is now open to all users.", 2025);
    REQUIRE(open.size() == 1);
    CHECK(open[0].kind == rules::StatusEvent::Kind::live);
    CHECK(open[0].happened);
}

TEST_CASE("what a procurement or a design calls for is a plan") {
    const auto config = formats::default_rules_config();
    for (const char* text :
         {"The procurement calls for a system with at least 1,000 GPUs.", "The design calls for 10,000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::planned);
    }
}

TEST_CASE("a building word last in the text, with no full stop, is read within the text") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The system is under construction", "Construction", "Die Installation"}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().status_events(text, 2025);
        REQUIRE(found.size() == 1);
        CHECK(found[0].kind == rules::StatusEvent::Kind::construction);
    }
}

TEST_CASE("a plan as the subject of a copula, or a process under way, makes its figure planned") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](const char* text) { return only_quantity(config, text).modality; };
    for (const char* text :
         {"The target is 24,576 GPUs.", "The design target for the new hall is 24,576 GPUs.", "Das Ziel sind 10.000 GPUs.",
          "L'objectif est de 10 000 GPU.", "Installation of the 6,400 GPUs is under way.",
          "Die Installation der 6.400 GPUs läuft.", "A letter of intent for 5,000 GPUs was signed."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::planned);
    }
    // (Not a count, nor a plan stated apart, nor a process done.)
    for (const char* text :
         {"The number of GPUs is 5,000.", "The plan is simple: 5,000 GPUs are installed now.",
          "The installation of 6,400 GPUs was completed in May.", "24,576 GPUs is the target", "Installation of"}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        CHECK(std::ranges::none_of(
            found, [](const rules::Quantity& quantity) { return quantity.modality == rules::Modality::planned; }));
    }
    const auto both = config.quote_reader().quantities("Our goal was 5,000 GPUs; we now have 6,000.", 2025);
    REQUIRE(both.size() == 2);
    CHECK(both[0].modality == rules::Modality::planned);
    CHECK(both[1].modality == rules::Modality::in_service);
}

TEST_CASE("a part of a whole given as a figure counts the whole's noun, and the whole is no count of its own") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The first 1,000 of 4,000 GPUs are online.", "So far, 1,000 of 4,000 GPUs have been installed."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 1);
        CHECK(found[0].value == model::Decimal::whole(1000));
        CHECK(found[0].unit == rules::Unit::gpu);
    }
}

TEST_CASE("a level a change brings the count or the machine to counts what the figure before it did") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Aurelia had 1,536 GPUs; a 2024 upgrade brought the total to 3,584.",
                             "It launched with 1,536 GPUs and later expanded the cluster to 3,584."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[1].unit == rules::Unit::gpu);
    }
    // (Not what another noun is changed to.)
    const auto budget = config.quote_reader().quantities("It has 1,536 GPUs and its budget was raised to 500 million.", 2025);
    REQUIRE(budget.size() == 2);
    CHECK(budget[1].unit == rules::Unit::none);
}

TEST_CASE("a year to come that opens the sentence dates what its clause says is there") {
    const auto config = formats::default_rules_config();
    const auto modality = [&](const char* text) { return only_quantity(config, text).modality; };
    for (const char* text : {"By the end of 2026, the centre runs 10,000 GPUs.", "By 2027, the cluster has 10,000 GPUs.",
                             "In 2027, the cluster has 10,000 GPUs.", "When complete, the system has 10,000 GPUs.",
                             "Once fully built out, the campus has 10,000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::planned);
    }
    // (Not a year it runs until, a past one, or a clause that says it is so now.)
    for (const char* text : {"Until 2027, the cluster has 10,000 GPUs.", "In 2023, the cluster had 10,000 GPUs.",
                             "In 2027, the cluster already has 10,000 GPUs.", "In 2027 the plan is clear: 10,000 GPUs run now.",
                             "When completed in 2023, the system had 10,000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(modality(text) == rules::Modality::in_service);
    }
}

TEST_CASE("a plan in the past is a plan, and closer to a figure is about it") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "The system was to have 10,000 GPUs.").modality == rules::Modality::planned);
    CHECK(only_quantity(config, "Typical operation is closer to 22 MW.").bound == rules::Bound::approximate);
}

TEST_CASE("a peak's words that run into the figure after them are its peak, and a power cap is a capacity") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities("Average draw was 31.4 MW, peaking at 38 MW.", 2025);
    REQUIRE(found.size() == 2);
    CHECK_FALSE(found[0].peak);
    CHECK(found[1].peak);
    const auto load = config.quote_reader().quantities("It uses 25 MW at full load and 18 MW on average.", 2025);
    REQUIRE(load.size() == 2);
    CHECK(load[0].peak);
    CHECK_FALSE(load[1].peak);
    CHECK(only_quantity(config, "The power budget is capped at 20 MW.").capacity);
    const auto half = config.quote_reader().quantities("The site uses 85 MW, half of its 170 MW interconnect.", 2025);
    REQUIRE(half.size() == 2);
    CHECK_FALSE(half[0].capacity);
    CHECK(half[1].capacity);
    CHECK(only_quantity(config, "新システムには最大で8,000基のGPUが搭載される予定だ。").bound == rules::Bound::at_most);
}

TEST_CASE("an addition with no noun counts what the figure before it did, and a time after a figure is no noun") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The centre has 2,400 GPUs and plans to install another 4,000 next year.",
                             "El centro cuenta con 2.400 GPU y prevé instalar otras 4.000 el próximo año."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[1].unit == rules::Unit::gpu);
        CHECK(found[1].modality == rules::Modality::planned);
    }
    CHECK(only_quantity(config, "It added 4,000 last year.").unit == rules::Unit::none);
    CHECK(only_quantity(config, "The cluster will run 5 years.").unit == rules::Unit::other);
}

TEST_CASE("a relative clause after a comma that retires the figure's things retires the figure") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Previously the site hosted 1,200 V100s, all of which were decommissioned last year.",
                             "The site hosts 1,200 GPUs, which were retired in 2023."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::retired);
    }
    for (const char* text : {"The site hosts 1,200 GPUs, none of which were decommissioned.",
                             "The site hosts 1,200 GPUs, some of which were decommissioned."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::in_service);
    }
}

TEST_CASE("a plan with a year to come said of the subject dates the figure; a longer cue outlasts a non-cue") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The new data hall, due to open in 2026, is designed for 48 MW.",
                             "The cluster, which was planned for 2026, has 10,000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::planned);
    }
    for (const char* text : {"The system, scheduled to be upgraded in 2027, has 10,000 GPUs.",
                             "The cluster, planned in 2023, has 10,000 GPUs.", "The delay was due to heat with 4,000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::in_service);
    }
}

TEST_CASE("capacity words after a power that introduce the next figure are that figure's") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities("The IT load is 9.6 MW against a grid connection of 15 MW.", 2025);
    REQUIRE(found.size() == 2);
    CHECK_FALSE(found[0].capacity);
    CHECK(found[1].capacity);
    CHECK(only_quantity(config, "The campus has 400 MW of capacity.").capacity);
}

TEST_CASE("a counted part in languages whose 'of' takes an article, and a share under 100%, are live in part") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    for (const char* text :
         {"Zwei der vier Hallen sind bereits in Betrieb.", "Deux des quatre salles sont déjà en service.",
          "Dois dos quatro prédios já estão em operação.", "Only 40% of the system is in operation so far.",
          "Only 40 % of the system is in operation so far.", "The cluster is running at 60% of its planned capacity.",
          "El sistema funciona al 50 % de su capacidad."}) {
        CAPTURE(std::string(text));
        const auto part = events(text);
        REQUIRE(part.size() == 1);
        CHECK(part[0].kind == rules::StatusEvent::Kind::live);
        CHECK(part[0].happened);
        CHECK(part[0].partial);
    }
    // A share of something else, or all of it, is the whole machine.
    for (const char* text : {"The system is operational with 99.9% availability.",
                             "The system reached 100% of its nodes in production.", "Der Rechner ist seit 2024 in Betrieb."}) {
        CAPTURE(std::string(text));
        const auto whole = events(text);
        REQUIRE(whole.size() == 1);
        CHECK(whole[0].happened);
        CHECK_FALSE(whole[0].partial);
    }
}

TEST_CASE("a retirement named in a preposition's phrase is another machine's; more words of service and of its end") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    const auto successor =
        events("Cobalt, which took over the workloads of the retired Nimbus-7, has been running in full production since 2023.");
    REQUIRE_FALSE(successor.empty());
    for (const auto& event : successor) CHECK(event.kind == rules::StatusEvent::Kind::live);
    for (const char* text : {"Kievit is sinds vorig jaar volledig in productie.",
                             "El superordenador da servicio a toda la comunidad.", "Airone è in produzione dal 2023."}) {
        CAPTURE(std::string(text));
        const auto live = events(text);
        REQUIRE(live.size() == 1);
        CHECK(live[0].kind == rules::StatusEvent::Kind::live);
        CHECK(live[0].happened);
    }
    for (const char* text :
         {"Il supercalcolatore ha cessato definitivamente il servizio dopo nove anni.",
          "Après dix ans de services, la machine a été éteinte en mars.", "The retired system was dismantled in 2024."}) {
        CAPTURE(std::string(text));
        const auto ended = events(text);
        REQUIRE_FALSE(ended.empty());
        CHECK(ended[0].kind == rules::StatusEvent::Kind::retired);
        CHECK(ended[0].happened);
    }
}

TEST_CASE("a part named by a relative pronoun, a remainder and a pronoun noun count what the figure before did") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The cluster has 14,000 GPUs, of which 2,000 are H200s.",
                             "Le consortium a commandé 2 500 accélérateurs, dont 500 seront livrés dès septembre.",
                             "Bestellt wurden 1.024 GPUs, von denen bisher 512 geliefert sind.",
                             "We retired 96 of our GPUs this year; the remaining 64 stay in production.",
                             "The 4,000 GPUs it had been running were replaced by 1,000 newer ones."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[0].unit == rules::Unit::gpu);
        CHECK(found[1].unit == rules::Unit::gpu);
    }
    for (const char* text :
         {"The machine has 7,000 GPUs, just over 6,900 of them usable.", "Das System hat 7.000 GPUs, 6.900 davon nutzbar.",
          "El sistema tiene 7.000 GPU, 6.900 de ellas utilizables."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 2);
        CHECK(found[1].unit == rules::Unit::gpu);
    }
    const auto cuales = config.quote_reader().quantities("El sistema tiene 14.000 GPU, de las cuales 2.000 son nuevas.", 2025);
    REQUIRE(cuales.size() == 2);
    CHECK(cuales[1].unit == rules::Unit::gpu);
    CHECK(config.quote_reader().quantities("Das System hat 7.000 GPUs, 6.900 davon", 2025).back().unit == rules::Unit::gpu);
    // Not what a figure inside the whole's noun counts: the relative's whole is the figure just before its comma.
    const auto boards = config.quote_reader().quantities("The 8-GPU boards, of which 310 had been shipped, hold the GPUs.", 2025);
    REQUIRE(boards.size() == 2);
    CHECK(boards[1].unit == rules::Unit::none);
    // Not what a time counts: "over the next four years to install 12 000 of them".
    const auto years = config.quote_reader().quantities("We intend over the next four years to install 12 000 of them.", 2025);
    REQUIRE(years.size() == 2);
    CHECK(years[1].unit == rules::Unit::none);
    // A figure with a noun of its own keeps it.
    const auto own = config.quote_reader().quantities("The company runs 14,000 GPUs, of which 2,000 nodes are in Europe.", 2025);
    REQUIRE(own.size() == 2);
    CHECK(own[1].unit == rules::Unit::node);
}

TEST_CASE("'at least' and a negated 'more than' in the main European languages bound the figure") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Die Ausschreibung sieht mindestens 400 GPUs vor.", "Le système comptera au moins 2 000 GPU.",
                             "El sistema tendrá al menos 2.000 GPU.", "Il sistema avrà almeno 2.000 GPU.",
                             "O sistema terá pelo menos 2.000 GPUs.", "System ma co najmniej 2000 GPU."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).bound == rules::Bound::at_least);
    }
    for (const char* text : {"a power envelope not exceeding 12 MW", "Il sistema dovrà avere non più di 1.000 GPU.",
                             "The system must have not more than 1,000 GPUs.", "Das System hat höchstens 1.000 GPUs.",
                             "El sistema tendrá como máximo 2.000 GPU."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).bound == rules::Bound::at_most);
    }
}

TEST_CASE("a procurement denied is a plan; a retirement by recycling retires the figure") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The 10,000 GPUs have not yet been ordered.", "Die 10.000 GPUs sind noch nicht bestellt.",
                             "Las 10.000 GPU previstas para la segunda fase aún no se han encargado."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::planned);
    }
    CHECK(only_quantity(config, "The company ordered 10,000 GPUs last year.").modality == rules::Modality::procured);
    CHECK(only_quantity(config, "The company initially ordered 10,000 GPUs.").modality == rules::Modality::procured);
    CHECK(only_quantity(config, "The 1,024-node system, delivered in December, is awaiting installation.").modality ==
          rules::Modality::procured);
    CHECK(only_quantity(config, "Nvidia did not disclose the price of the 10,000 GPUs ordered.").modality ==
          rules::Modality::procured);
    const auto recycled =
        config.quote_reader().quantities("Wrenfield has been retired; its 300 GPUs were sent for recycling.", 2025);
    REQUIRE(recycled.size() == 1);
    CHECK(recycled[0].modality == rules::Modality::retired);
}

TEST_CASE("a fronted whole's part past its bound takes the whole's noun; orders in Polish, deliveries in Chinese") {
    const auto config = formats::default_rules_config();
    const auto part = config.quote_reader().quantities("Of the 24,576 GPUs delivered, roughly 16,000 have been installed.", 2025);
    REQUIRE(part.size() == 2);
    CHECK(part[1].unit == rules::Unit::gpu);
    CHECK(part[1].bound == rules::Bound::approximate);
    CHECK(only_quantity(config, "Zamówiono 256 kart GPU.").modality == rules::Modality::procured);
    CHECK(only_quantity(config, "Do końca 2026 r. w centrum ma pracować ponad 10 tys. GPU.").modality ==
          rules::Modality::planned);
    CHECK(only_quantity(config, "The first 1,000 GPUs have arrived on site and are being racked.").modality ==
          rules::Modality::procured);
    CHECK(only_quantity(config, "The 1,000 GPUs have arrived and are now running jobs.").modality == rules::Modality::in_service);
    const auto phase_two = config.quote_reader().quantities("该智算中心已部署1万张GPU,二期将再新增2万张。", 2025);
    REQUIRE(phase_two.size() == 2);
    CHECK(phase_two[1].unit == rules::Unit::gpu);
    CHECK(phase_two[1].modality == rules::Modality::planned);
    CHECK(only_quantity(config, "已交付的600块GPU。").modality == rules::Modality::procured);
    const auto later = config.quote_reader().quantities(
        "Kestrel shipped 3,000 GPUs last quarter, with another 5,000 pencilled in for next year.", 2025);
    REQUIRE(later.size() == 2);
    CHECK(later[0].modality == rules::Modality::procured);
    CHECK(later[1].modality == rules::Modality::planned);
}

TEST_CASE("a future of staying in service, in any language, is live now") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    for (const char* text : {"Airone resterà operativo almeno fino al 2028.", "Il sistema rimarrà in funzione fino al 2027.",
                             "El sistema permanecerá operativo hasta 2028.", "Airone will remain operational until 2028."}) {
        CAPTURE(std::string(text));
        const auto live = events(text);
        REQUIRE(live.size() == 1);
        CHECK(live[0].kind == rules::StatusEvent::Kind::live);
        CHECK(live[0].happened);
    }
    const auto later = events("Il sistema entrerà in funzione nel 2027.");
    REQUIRE(later.size() == 1);
    CHECK_FALSE(later[0].happened);
}

TEST_CASE("words of what is already running after a figure outweigh a plan of the clause") {
    const auto config = formats::default_rules_config();
    const auto found =
        config.quote_reader().quantities("The third data hall will add 60 MW to the 90 MW already in operation.", 2025);
    REQUIRE(found.size() == 2);
    CHECK(found[0].modality == rules::Modality::planned);
    CHECK(found[1].modality == rules::Modality::in_service);
}

TEST_CASE("a completion still to come in a clause of 'once' after a figure makes it a plan") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"The site will be able to draw up to 300 MW once the substation is complete.",
                             "Das System hat 5.000 GPUs, sobald der Ausbau abgeschlossen ist."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::planned);
    }
    CHECK(only_quantity(config, "The cluster reached 5,000 GPUs once construction was finished.").modality ==
          rules::Modality::in_service);
    CHECK(only_quantity(config, "The cluster has run 5,000 GPUs once a week since 2023.").modality ==
          rules::Modality::in_service);
}

TEST_CASE("a figure after 'and' with a verb of its own is the subject of its own clause") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"We ordered 1,024 GPUs, of which 512 have been delivered and 256 are in service.",
                             "Bestellt wurden 1.024 GPUs, von denen bisher 512 geliefert und 256 in Betrieb genommen sind."}) {
        CAPTURE(std::string(text));
        const auto found = config.quote_reader().quantities(text, 2025);
        REQUIRE(found.size() == 3);
        CHECK(found[1].modality == rules::Modality::procured);
        CHECK(found[2].unit == rules::Unit::gpu);
        CHECK(found[2].modality == rules::Modality::in_service);
    }
    // More of the same, after the figure's year: what the verb before said of both.
    const auto bought = config.quote_reader().quantities("They bought 500 GPUs in 2023 and 200 in 2024.", 2025);
    REQUIRE(bought.size() == 2);
    CHECK(bought[1].unit == rules::Unit::gpu);
    CHECK(bought[1].modality == rules::Modality::procured);
    // A noun the lexicon does not know is the figure's own, not the figure before's.
    const auto cores =
        config.quote_reader().quantities("The cluster contains a hundred thousand cores and twenty thousand A/V100 GPUs", 2025);
    REQUIRE(cores.size() == 2);
    CHECK(cores[1].unit != rules::Unit::core);
}

TEST_CASE("an order in the words after a figure gives way to the sentence's going live") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "The 4,000 GPUs ordered in 2023 went live last month.").modality == rules::Modality::in_service);
    CHECK(only_quantity(config, "The 4,000 GPUs ordered to go live in 2027 arrive in May.").modality !=
          rules::Modality::in_service);
}

TEST_CASE("Dutch words of switching off retire a machine") {
    const auto config = formats::default_rules_config();
    CHECK(only_quantity(config, "Het oude cluster met ongeveer 700 GPU's is vorige maand uitgezet.").modality ==
          rules::Modality::retired);
}

TEST_CASE("an article that opens a bound is no figure of one") {
    const auto config = formats::default_rules_config();
    const auto found = only_quantity(config, "It has a minimum of four accelerators per server.");
    CHECK(found.value == model::Decimal::whole(4));
    CHECK(found.bound == rules::Bound::at_least);
    CHECK(only_quantity(config, "Each node has an NVIDIA A100 GPU.").value == model::Decimal::whole(1));
    CHECK(only_quantity(config, "Ogni nodo ha otto GPU.").value == model::Decimal::whole(8));
}

TEST_CASE("a change from a count to a figure with no noun counts the same, whatever its subject") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities("Our cloud region went from 1,000 GPUs in 2023 to 6,000 in 2025.", 2025);
    REQUIRE(found.size() == 2);
    CHECK(found[1].unit == rules::Unit::gpu);
    CHECK(only_quantity(config, "Its budget was raised to 500.").unit == rules::Unit::none);
}

TEST_CASE("Japanese Korean and Chinese: a noun before a bound; a counter shared; a verb of the clause before") {
    const auto config = formats::default_rules_config();
    const auto quantities = [&](const char* text) { return config.quote_reader().quantities(text, 2025); };
    // The noun before a word of a bound: "GPU 약 2만 개", "GPU約6,000基".
    const auto korean = quantities("이 데이터센터는 현재 GPU 약 2만 개를 운영 중이며, 2026년까지 5만 개로 늘릴 계획이다.");
    REQUIRE(korean.size() == 2);
    CHECK(korean[0].unit == rules::Unit::gpu);
    CHECK(korean[0].bound == rules::Bound::approximate);
    // The counter of the figure before: the same count.
    CHECK(korean[1].unit == rules::Unit::gpu);
    CHECK(korean[1].modality == rules::Modality::planned);
    const auto chinese = quantities("该中心目前部署了2000块GPU，计划明年再增加3000块。");
    REQUIRE(chinese.size() == 2);
    CHECK(chinese[1].unit == rules::Unit::gpu);
    // Another counter counts another thing.
    const auto mixed = quantities("部署2000块GPU和100台服务器，计划增加3000块。");
    REQUIRE(mixed.size() == 3);
    CHECK(mixed[2].unit != rules::Unit::node);
    // A verb before a comma in Japanese ends its own clause: the next figure's is its own.
    const auto japanese = quantities("H100を4,000基搭載しており、来年8,000基を追加する予定だ。");
    REQUIRE(japanese.size() == 2);
    CHECK(japanese[0].modality == rules::Modality::in_service);
    CHECK(japanese[1].modality == rules::Modality::planned);
    // An aside in a parenthesis is no label: the noun before it stays the list's.
    const auto aside = quantities("the equivalent of nearly 100,000 H100 chips (approximately 15,000, 15,000, and 50,000)");
    REQUIRE(aside.size() >= 2);
    CHECK(aside[1].modality == rules::Modality::equivalence);
}

TEST_CASE("a plan after a full-width comma is the next clause's, not the live event's") {
    const auto config = formats::default_rules_config();
    const auto events = config.quote_reader().status_events(
        "“天枢二号”于2022年正式投入使用，目前仍在满负荷运行，计划于2027年由新系统接替。", 2025);
    REQUIRE_FALSE(events.empty());
    for (const auto& event : events) {
        CHECK(event.kind == rules::StatusEvent::Kind::live);
        CHECK(event.happened);
    }
}

TEST_CASE("words of full service and of a service begun, in Portuguese, Spanish and Russian") {
    const auto config = formats::default_rules_config();
    for (const char* text :
         {"O supercomputador está em plena operação desde março de 2024.", "El sistema está en pleno funcionamiento desde 2023.",
          "Суперкомпьютер, введённый в эксплуатацию в 2022 году, продолжает работать."}) {
        CAPTURE(std::string(text));
        const auto events = config.quote_reader().status_events(text, 2025);
        REQUIRE_FALSE(events.empty());
        CHECK(events[0].kind == rules::StatusEvent::Kind::live);
        CHECK(events[0].happened);
    }
}

TEST_CASE("a level a change reaches counts the last count named, past a number that names") {
    const auto config = formats::default_rules_config();
    const auto found = config.quote_reader().quantities(
        "Phase 1 will house 50,000 GPUs; phase 2 could push the total to 120,000 and the power envelope to 1.2 GW.", 2025);
    const auto level = std::find_if(found.begin(), found.end(),
                                    [](const rules::Quantity& q) { return q.value == model::Decimal::whole(120000); });
    REQUIRE(level != found.end());
    CHECK(level->unit == rules::Unit::gpu);
    CHECK(level->modality == rules::Modality::planned);
}

TEST_CASE("recycled GPUs are retired; a Chinese 'about' before a power") {
    const auto config = formats::default_rules_config();
    const auto recycled = config.quote_reader().quantities(
        "The machine was decommissioned in 2022 after six years of service; its 5,320 P100 GPUs were recycled.", 2025);
    REQUIRE_FALSE(recycled.empty());
    CHECK(recycled.back().modality == rules::Modality::retired);
    const auto power = config.quote_reader().quantities("该智算中心目前已部署超过1万张GPU卡，总功耗约为15兆瓦。", 2025);
    REQUIRE(power.size() == 2);
    CHECK(power[1].bound == rules::Bound::approximate);
}

TEST_CASE("funding approved is procured, as funding is; a CJK count noun labels the figure after it") {
    const auto config = formats::default_rules_config();
    for (const char* text : {"Funding was approved for 800 GPUs, but no order has been placed yet.",
                             "The ministry approved funding for 2,000 GPUs."}) {
        CAPTURE(std::string(text));
        CHECK(only_quantity(config, text).modality == rules::Modality::procured);
    }
    CHECK(only_quantity(config, "搭載GPU数は640基だった。").unit == rules::Unit::gpu);
    CHECK(only_quantity(config, "GPU 개수는 512개다.").unit == rules::Unit::gpu);
}

TEST_CASE("a predecessor's retirement is another machine's; words of an end and of running") {
    const auto config = formats::default_rules_config();
    const auto events = [&](const char* text) { return config.quote_reader().status_events(text, 2025); };
    for (const auto& event : events("Orchid-2 is our production system; its predecessor Orchid-1 was decommissioned last year."))
        CHECK(event.kind != rules::StatusEvent::Kind::retired);
    // (Not past a conjunction or a comma: the machine after it is retired.)
    const auto both = events("Its predecessor was retired in 2019 and Frontier was decommissioned in 2025.");
    REQUIRE(both.size() == 1);
    CHECK(both[0].kind == rules::StatusEvent::Kind::retired);
    const auto like = events("Like its predecessor, Orchid-2 was decommissioned in 2025.");
    REQUIRE(like.size() == 1);
    CHECK(like[0].kind == rules::StatusEvent::Kind::retired);
    for (const char* text :
         {"The Saros supercomputer ceased operations at the end of 2023.", "The Wrenhaven data centre was closed down in 2024.",
          "Il sistema Grecale è stato dismesso nel 2022."}) {
        CAPTURE(std::string(text));
        const auto retired = events(text);
        REQUIRE(retired.size() == 1);
        CHECK(retired[0].kind == rules::StatusEvent::Kind::retired);
    }
    // A relative clause's building, closed by its comma, is no plan of the running after it.
    const auto running = events("Solenne, which was under construction for most of 2024, has operated since February.");
    REQUIRE_FALSE(running.empty());
    CHECK(running.back().kind == rules::StatusEvent::Kind::live);
    CHECK(running.back().happened);
}

TEST_CASE("what this stop's review found: noun-like words, general counters, particles, prepositions") {
    const auto config = formats::default_rules_config();
    const auto quantities = [&](const char* text) { return config.quote_reader().quantities(text, 2025); };
    // A figure with no noun at the very start of a quote.
    CHECK(only_quantity(config, "512 have been delivered.").modality == rules::Modality::procured);
    // The figure a change starts from is the level's whole, even with no noun.
    const auto users = quantities("The 4,096-GPU cluster's users grew from 200 to 1,000.");
    REQUIRE(users.size() == 3);
    CHECK(users[2].unit != rules::Unit::gpu);
    // A noun of going live after an article is no verb.
    CHECK(only_quantity(config, "The 10,000 GPUs ordered for the production cluster will arrive next quarter.").modality !=
          rules::Modality::in_service);
    // 个 and 개 with a noun after them count that noun.
    for (const char* text : {"GPU 2만 개를 운영하며, 30개 기관에 제공한다", "部署了1万个GPU，覆盖20个省份"}) {
        CAPTURE(std::string(text));
        const auto found = quantities(text);
        REQUIRE(found.size() == 2);
        CHECK(found[1].unit != rules::Unit::gpu);
    }
    // Particles after another word are no verb's ending: the plan before the comma stands.
    CHECK(only_quantity(config, "導入予定の新システムは、H100を8,000基搭載する").modality == rules::Modality::planned);
    // A preposition is no bound before a label.
    const auto phases = quantities("shipped 10,000 GPUs over 2 phases");
    REQUIRE(phases.size() == 2);
    CHECK(phases[1].unit != rules::Unit::gpu);
}
