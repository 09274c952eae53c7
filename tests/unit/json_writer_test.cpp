// JsonWriter (core/json_writer.hpp): the page hooks' answers written field by field. Its text must
// be the text compact_json_text writes of the same value, so that a page reads what it read when
// the answers were nlohmann values: the same escapes, numbers, and a text that is not UTF-8
// replaced. Keys are written here in sorted order, the order nlohmann keeps, so the texts compare
// byte for byte.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/json_input.hpp"
#include "core/json_writer.hpp"

using nlohmann::json;
using czary::JsonWriter;
using czary::compact_json_text;

TEST_CASE("JsonWriter: nested objects and lists, texts, numbers and flags as compact_json_text writes them") {
    const std::vector<std::string> names{"Larraka", "Łucja \"Żmija\"", ""};
    const std::vector<int> pips{1, 6, -3};
    JsonWriter w;
    w.object();
    w.key("a").array();
    for (int i = 0; i < 3; ++i) w.object().field("id", i).field("odd", i % 2 == 1).end();
    w.end();
    w.field("big", 18446744073709551615ull).field("empty", std::vector<std::string>{}).field("float", 0.1).field("half", 1.5f);
    w.field("names", names).field("negative", -2147483647 - 1).key("nothing").null().field("pips", pips);
    w.key("raw").raw(R"({"as":"written"})").field("two", 2.0).field("value", json{{"x", {1, "y"}}, {"z", nullptr}});
    const std::string text = w.end().take();

    const json expected = {{"a", {{{"id", 0}, {"odd", false}}, {{"id", 1}, {"odd", true}}, {{"id", 2}, {"odd", false}}}},
                           {"big", 18446744073709551615ull},
                           {"empty", json::array()},
                           {"float", 0.1},
                           {"half", 1.5},
                           {"names", names},
                           {"negative", -2147483647 - 1},
                           {"nothing", nullptr},
                           {"pips", pips},
                           {"raw", {{"as", "written"}}},
                           {"two", 2.0},
                           {"value", {{"x", {1, "y"}}, {"z", nullptr}}}};
    CHECK(text == compact_json_text(expected));
    CHECK(json::parse(text) == expected);
}

TEST_CASE("JsonWriter: every character that JSON escapes is escaped as nlohmann escapes it; other UTF-8 is kept") {
    std::string every_control;
    for (char c = 1; c < 0x20; ++c) every_control += c;
    const std::string texts[] = {"\"quoted\" \\ back/slash", every_control, std::string("nul\0inside", 10), "zażółć gęślą jaźń ✓ →", "\x7f"};
    for (const std::string& text : texts) {
        JsonWriter w;
        w.array().value(text).end();
        CAPTURE(text);
        CHECK(w.take() == compact_json_text(json::array({text})));
    }
}

TEST_CASE("JsonWriter: a text that is not UTF-8 is replaced as the saved texts replace it, not thrown") {
    for (const std::string& text : {std::string("cut \xc5"), std::string("\xff\xfe"), std::string("a\xe2\x82z")}) {
        JsonWriter w;
        w.object().field(text, text).end();
        const std::string written = w.take();
        CAPTURE(text);
        CHECK(written == compact_json_text(json{{text, text}}));
        CHECK(written.find("\xef\xbf\xbd") != std::string::npos);  // U+FFFD
        CHECK(json::accept(written));
    }
}

TEST_CASE("JsonWriter: a number that JSON cannot hold is null, as nlohmann writes it") {
    JsonWriter w;
    w.array().value(std::numeric_limits<double>::quiet_NaN()).value(std::numeric_limits<double>::infinity()).value(1e300).end();
    CHECK(w.take() == "[null,null,1e+300]");
}
