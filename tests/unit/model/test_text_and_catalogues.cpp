#include <doctest/doctest.h>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

using namespace gpuclusters;

TEST_CASE("UTF-8 validation finds overlong forms, surrogates and truncation") {
    CHECK_FALSE(text::find_invalid_utf8("plain ASCII"));
    CHECK_FALSE(text::find_invalid_utf8("Türkiye × 8 — ✓ 😀"));
    CHECK(text::find_invalid_utf8("ab\xff") == 2u);
    CHECK(text::find_invalid_utf8("\xc0\xaf") == 0u);          // overlong '/'
    CHECK(text::find_invalid_utf8("\xe0\x80\xaf") == 0u);      // overlong, three bytes
    CHECK(text::find_invalid_utf8("\xed\xa0\x80") == 0u);      // surrogate U+D800
    CHECK(text::find_invalid_utf8("\xf4\x90\x80\x80") == 0u);  // past U+10FFFF
    CHECK(text::find_invalid_utf8("x\xe2\x82") == 1u);         // truncated
}

TEST_CASE("text helpers") {
    CHECK(text::trim("\xC2\xA0 a b \t") == "a b");
    CHECK(text::group_thousands(12288) == "12,288");
    CHECK(text::group_thousands(999) == "999");
    CHECK(text::group_thousands(1000000) == "1,000,000");
    CHECK(text::edit_distance("kitten", "sitting") == 3);
    CHECK(text::edit_distance("lsit", "list") == 1);  // a swap is one typo
    CHECK(text::edit_distance("lsit", "init") == 2);
    CHECK(text::shell_quote("plain-word") == "plain-word");
    CHECK(text::shell_quote("two words") == "'two words'");
    CHECK(text::shell_quote("it's") == "'it'\\''s'");
    CHECK(text::display_width("Türkiye") == 7);
}

TEST_CASE("display width follows East Asian Width, and truncation never splits a character") {
    CHECK(text::display_width("東京大学") == 8);         // wide: two columns each
    CHECK(text::display_width("ＡＢ") == 4);             // fullwidth forms
    CHECK(text::display_width("e\u0301te\u0301") == 3);  // combining acute: no column
    CHECK(text::display_width("a\u200Bb") == 2);         // zero-width space: a format character
    CHECK(text::display_width("한국") == 4);
    CHECK(text::display_width("\xFF\xFE"
                              "ab") == 4);  // bytes that are not UTF-8: one each
    CHECK(text::display_width("") == 0);

    CHECK(text::truncate_to_width("Colossus", 8) == "Colossus");
    CHECK(text::truncate_to_width("Colossus 2", 8) == "Colossu…");
    CHECK(text::truncate_to_width("東京大学の計算機", 5) == "東京…");
    CHECK(text::truncate_to_width("東京大学の計算機", 6) == "東京…");  // a half column stays empty
    CHECK(text::display_width(text::truncate_to_width("東京大学の計算機", 6)) == 5);
    CHECK(text::truncate_to_width("cafe\u0301 au lait", 5) == "cafe\u0301…");  // the accent stays with its e
    CHECK(text::truncate_to_width("abc", 1) == "…");
    CHECK(text::truncate_to_width("abc", 0).empty());
}

TEST_CASE("the GPU catalogue covers the design's models and families") {
    const auto& catalogue = model::GpuCatalogue::builtin();
    const std::pair<const char*, const char*> expected[] = {{"NVIDIA Ampere", "NVIDIA"},
                                                            {"Hopper", "NVIDIA"},
                                                            {"Blackwell", "NVIDIA"},
                                                            {"A100", "NVIDIA"},
                                                            {"H100", "NVIDIA"},
                                                            {"NVIDIA H200", "NVIDIA"},
                                                            {"GH200", "NVIDIA"},
                                                            {"B200", "NVIDIA"},
                                                            {"GB200", "NVIDIA"},
                                                            {"MI250X", "AMD"},
                                                            {"AMD Instinct MI300X", "AMD"},
                                                            {"mi300a", "AMD"},
                                                            {"Intel Data Center GPU Max 1550", "Intel"},
                                                            {"Data Center GPU Max 1550", "Intel"}};
    for (const auto& pair : expected) {
        const std::string model = pair.first;
        CAPTURE(model);
        const auto* entry = catalogue.find(model);
        REQUIRE(entry != nullptr);
        CHECK(entry->maker == pair.second);
    }
    CHECK(catalogue.find("MI-250X")->model == "AMD Instinct MI250X");
    REQUIRE(catalogue.find("Ascend 910B") != nullptr);
    CHECK(catalogue.find("Ascend 910B")->kind == "accelerator");  // known, and known not to be a GPU
    CHECK(catalogue.find("Huawei Ascend 910B")->model != catalogue.find("Huawei Ascend 910")->model);
    CHECK(catalogue.find("NVIDIA H100 SXM5 80GB")->model == "NVIDIA H100");
    CHECK(catalogue.find("NVIDIA Tesla V100 SXM2 32 GB")->model == "NVIDIA V100");
    CHECK(catalogue.find("AMD Radeon Instinct MI250X")->model == "AMD Instinct MI250X");
    CHECK(catalogue.find("Google TPU v5p")->kind == "accelerator");
    CHECK(model::derived_maker("NVIDIA Ampere") == "NVIDIA");
    CHECK(model::derived_maker("Ascend 910B").empty());  // a TPU or NPU maker is no GPU maker
    CHECK(catalogue.find("Frobnicator 9000") == nullptr);
    CHECK(catalogue.find("NVIDIA H100 64GB")->model == "NVIDIA H100");  // a memory size is no model
    CHECK(catalogue.find("H200 141 GB HBM3e")->model == "NVIDIA H200");
    CHECK(catalogue.find("A10 24GB")->model == "NVIDIA A10");
}

TEST_CASE("the catalogue says what kind of chip each model is") {
    const auto& catalogue = model::GpuCatalogue::builtin();
    const std::pair<const char*, const char*> expected[] = {{"H100", "GPU"},
                                                            {"Hopper", "GPU"},
                                                            {"MI300A", "GPU"},
                                                            {"GB200", "GPU"},
                                                            {"Google TPU v5p", "TPU"},
                                                            {"Trainium2", "Trainium"},
                                                            {"GroqChip LPU v1", "LPU"},
                                                            {"Ascend 910B", "NPU"},
                                                            {"Gaudi 3", "Gaudi"},
                                                            {"Baidu Kunlun II", "XPU"},
                                                            {"CS-2", "WSE"},
                                                            {"TPU", "TPU"},
                                                            {"Ascend", "NPU"}};
    for (const auto& pair : expected) {
        // Named, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
        const char* name = pair.first;
        CAPTURE(name);
        REQUIRE(catalogue.find(name) != nullptr);
        CHECK(catalogue.find(name)->chip == pair.second);
    }
    // Every accelerator names a kind other than GPU; every GPU is one; a family is its models' kind.
    for (const auto& entry : catalogue.models()) {
        CAPTURE(entry.model);
        if (entry.kind != "family") CHECK(entry.is_gpu() == (entry.kind != "accelerator"));
        CHECK_FALSE(entry.chip.empty());
        if (!entry.family.empty()) CHECK(catalogue.find(entry.family)->chip == entry.chip);
    }
}

TEST_CASE("a catalogue row whose chip contradicts its kind is refused at its line") {
    const std::string header = "model\tmaker\tkind\tpackage\tgpus_per_package\tparts\taliases\tnote\tchip\tfamily\n";
    CHECK_NOTHROW(model::GpuCatalogue(header + "X1\tAcme\taccelerator\taccelerator\t1\t\t\t\tTPU\t\n"));
    CHECK_THROWS_WITH(model::GpuCatalogue(header + "X1\tAcme\taccelerator\taccelerator\t1\t\t\t\tGPU\t\n"),
                      doctest::Contains("db/gpu_models.tsv:2: chip 'GPU'"));
    CHECK_THROWS_WITH(model::GpuCatalogue(header + "X1\tAcme\taccelerator\taccelerator\t1\t\t\t\t\t\n"),
                      doctest::Contains("db/gpu_models.tsv:2: chip ''"));
    CHECK_THROWS_WITH(model::GpuCatalogue(header + "G1\tAcme\tgpu\tgpu\t1\t\t\t\tTPU\t\n"),
                      doctest::Contains("db/gpu_models.tsv:2: chip 'TPU'"));
    CHECK_THROWS_WITH(model::GpuCatalogue(header + "G1\tAcme\tchip\tgpu\t1\t\t\t\tGPU\t\n"),
                      doctest::Contains("kind 'chip' is not gpu, family or accelerator"));
    // A family is of TPUs or of GPUs, as its models are.
    const std::string family = "F\tAcme\tfamily\t\t\t\t\t\tTPU\t\n";
    CHECK_NOTHROW(model::GpuCatalogue(header + family + "X1\tAcme\taccelerator\taccelerator\t1\t\t\t\tTPU\tF\n"));
    CHECK_THROWS_WITH(model::GpuCatalogue(header + family + "X1\tAcme\taccelerator\taccelerator\t1\t\t\t\tNPU\tF\n"),
                      doctest::Contains("db/gpu_models.tsv:3: chip 'NPU' is not that of its family 'F' (TPU)"));
}

TEST_CASE("a model's family is a family row of the catalogue; a family has none") {
    const std::string header = "model\tmaker\tkind\tpackage\tgpus_per_package\tparts\taliases\tnote\tchip\tfamily\n";
    const std::string family = "F\tAcme\tfamily\t\t\t\t\t\tGPU\t\n";
    const model::GpuCatalogue good(header + family + "G1\tAcme\tgpu\tgpu\t1\t\t\t\tGPU\tF\n");
    CHECK(good.find("G1")->family == "F");
    CHECK_THROWS_WITH(model::GpuCatalogue(header + family + "G1\tAcme\tgpu\tgpu\t1\t\t\t\tGPU\tNone\n"),
                      doctest::Contains("db/gpu_models.tsv:3: family 'None' is no row of kind family"));
    CHECK_THROWS_WITH(model::GpuCatalogue(header + family + "G1\tAcme\tgpu\tgpu\t1\t\t\t\tGPU\tG1\n"),
                      doctest::Contains("family 'G1' is no row of kind family"));
    CHECK_THROWS_WITH(model::GpuCatalogue(header + "F\tAcme\tfamily\t\t\t\t\t\tGPU\tF\n"),
                      doctest::Contains("db/gpu_models.tsv:2: a family belongs to no family"));
    // The built-in catalogue: the architectures it has rows for.
    const auto& builtin = model::GpuCatalogue::builtin();
    CHECK(builtin.find("H100")->family == "NVIDIA Hopper");
    CHECK(builtin.find("GB200")->family == "NVIDIA Blackwell");
    CHECK(builtin.find("MI250X")->family == "AMD CDNA 2");
    CHECK(builtin.find("Hopper")->family.empty());
}

TEST_CASE("a broken catalogue names its line") {
    CHECK_THROWS_WITH(model::GpuCatalogue("model\tmaker\tkind\taliases\tnote\nonly two\tcells\n"),
                      doctest::Contains("db/gpu_models.tsv:2"));
}

TEST_CASE("the country table holds all of ISO 3166-1") {
    const auto& countries = model::CountryTable::builtin();
    CHECK(countries.find("US")->alpha2 == "US");
    CHECK(countries.find("usa")->alpha2 == "US");
    CHECK(countries.find("Türkiye")->alpha2 == "TR");
    CHECK(countries.find("Turkey")->alpha2 == "TR");
    CHECK(countries.by_code("ZW") != nullptr);
    CHECK(countries.by_code("XX") == nullptr);
    CHECK(countries.suggest("Swtizerland") == "Switzerland (CH)");
}

TEST_CASE("source URLs are http(s) only and normalised") {
    CHECK(model::normalise_source_url("HTTPS://Example.COM:443/Path?q=1#frag") == "https://example.com/Path?q=1");
    CHECK(model::normalise_source_url("http://example.com:80") == "http://example.com/");
    CHECK(model::normalise_source_url("http://example.com:8080/a") == "http://example.com:8080/a");
    for (const char* bad :
         {"ftp://example.com/", "javascript:alert(1)", "file:///etc/passwd", "data:text/plain,x", "example.com", "https://",
          "https://user:pw@example.com/", "https://exa mple.com/", "https://example.com:99999/", "https://.example.com/"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_AS(model::normalise_source_url(bad), InputError);
    }
    CHECK(model::url_domain("https://www.top500.org/lists/") == "top500.org");
}

TEST_CASE("source URLs: RFC 3986 normalisation, one form for an international host, ports and characters checked") {
    // Percent-encoding: unreserved characters decoded, the rest in upper-case hex.
    for (const char* same : {"https://example.org/%7Euser", "https://example.org/%7euser", "https://example.org/~user"}) {
        CAPTURE(std::string(same));
        CHECK(model::normalise_source_url(same) == "https://example.org/~user");
    }
    CHECK(model::normalise_source_url("https://example.org/a%2fb") == "https://example.org/a%2Fb");
    CHECK(model::normalise_source_url("https://example.org/a/./c/../b") == "https://example.org/a/b");
    // A host in any case or form, Unicode or A-label, is one host.
    for (const char* same :
         {"https://BÜCHER.de/x", "https://bücher.de/x", "https://xn--bcher-kva.de/x", "https://XN--BCHER-KVA.de/x"}) {
        CAPTURE(std::string(same));
        CHECK(model::normalise_source_url(same) == "https://xn--bcher-kva.de/x");
    }
    CHECK(model::normalise_source_url("https://example.org/straße") == "https://example.org/stra%C3%9Fe");
    CHECK(model::normalise_source_url("https://example.org:/p") == "https://example.org/p");
    CHECK(model::normalise_source_url("https://[2001:DB8::1]:8443/p") ==
          "https://[2001:0db8:0000:0000:0000:0000:0000:0001]:8443/p");
    for (const char* same : {"https://[::1]:443/a", "https://[::1]:0443/a", "https://[::1]/a"}) {
        CAPTURE(std::string(same));
        CHECK(model::normalise_source_url(same) == "https://[0000:0000:0000:0000:0000:0000:0000:0001]/a");
    }
    CHECK(model::url_domain("https://[2001:0db8:0000:0000:0000:0000:0000:0001]:8443/p") ==
          "[2001:0db8:0000:0000:0000:0000:0000:0001]");
    for (const char* bad : {"https://[::1]:99999/", "https://x.org:0/", "https://a\"b<s>/", "https://x.org:12a/", "https://[::1/",
                            "https://ex%ample.org/", "https://xn--a.de/"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_AS(model::normalise_source_url(bad), InputError);
    }
}

TEST_CASE("slugs transliterate to ASCII and keep words apart") {
    CHECK(text::slug("Pégaso") == "pegaso");
    CHECK(text::slug("天河二号") == "tian-he-er-hao");
    CHECK(text::slug("MareNostrum 5 (ACC)") == "marenostrum-5-acc");
    CHECK(text::slug("Jülich – JUPITER") == "julich-jupiter");
    CHECK(text::slug("Москва") == "moskva");
    CHECK(text::slug("---") == "");
    CHECK(text::slug("a b c d", 3) == "a-b");
}

TEST_CASE("one_line writes every control character as its escape, and nothing else") {
    CHECK(text::one_line("Alps") == "Alps");
    CHECK(text::one_line("a\nb\tc\rd\x1b[31m\x7f") == "a\\u000ab\\u0009c\\u000dd\\u001b[31m\\u007f");
    CHECK(text::one_line("P\xc3\xa9gaso \xe2\x80\xae") == "P\xc3\xa9gaso \xe2\x80\xae");  // the output stream's to escape
}

TEST_CASE("a text of blanks and invisible characters shows nothing") {
    for (const char* text : {"", " ", "\t\n", "\xC2\xA0", "\xE2\x80\x8B", "\xE2\x81\xA0", "\xEF\xBB\xBF", " \xE2\x80\x8B "}) {
        CAPTURE(text);
        CHECK(text::shows_nothing(text));
    }
    for (const char* text : {"x", " older figure ", "\xE2\x80\x8Bx", "\xFF"}) {
        CAPTURE(text);
        CHECK_FALSE(text::shows_nothing(text));
    }
}

TEST_CASE("a user's command runs as git runs it: split and run directly, or through sh with the arguments apart") {
    const auto direct = text::user_command("  code   --wait ", {"/tmp/a file.toml"});
    CHECK_FALSE(direct.through_shell);
    CHECK(direct.argv == std::vector<std::string>{"code", "--wait", "/tmp/a file.toml"});
    const auto shell = text::user_command("sed -i 's/a/b/'", {"/tmp/x; rm -rf y.toml"});
    CHECK(shell.through_shell);
    // The argument is "$1" to the shell, never part of the command it parses.
    CHECK(shell.argv ==
          std::vector<std::string>{"/bin/sh", "-c", "sed -i 's/a/b/' \"$@\"", "sed -i 's/a/b/'", "/tmp/x; rm -rf y.toml"});
    for (const char* syntax : {"less | cat", "a && b", "$PAGER", "x >y", "~/bin/ed", "VAR=1 ed"}) {
        CAPTURE(std::string(syntax));
        CHECK(text::user_command(syntax, {}).through_shell);
    }
    CHECK(text::user_command("less -R", {}).argv == std::vector<std::string>{"less", "-R"});
}
