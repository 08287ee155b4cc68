// Strict JSON (record/strict_json.h): exactly one RFC 8259 value; each fault a lenient reader would
// let through has its own kind, and the captured member survives where it was readable.
#include "record/strict_json.h"

#include <gtest/gtest.h>

#include <string>

#include "record/record.h"

namespace carcassonne {
namespace {

using nlohmann::json;
using namespace std::string_literals;

JsonFault fault_of(const std::string& text, int depth = 16) {
  return parse_strict_json(text, depth).fault;
}

TEST(StrictJson, AcceptsExactlyOneValueWithSurroundingWhitespace) {
  const StrictJson parsed = parse_strict_json(" {\"a\":[1,2.5,\"x\",true,null,{}]}\n\t", 16);
  ASSERT_EQ(parsed.fault, JsonFault::None) << parsed.message;
  EXPECT_EQ(parsed.value, json::parse(R"({"a":[1,2.5,"x",true,null,{}]})"));
  EXPECT_TRUE(parsed.message.empty());
  EXPECT_EQ(parse_strict_json("17", 16).value, 17);
  EXPECT_EQ(parse_strict_json("[[],[[]]]", 3).value, json::parse("[[],[[]]]"));
  // The same key in different objects is no repetition.
  EXPECT_EQ(fault_of(R"({"a":{"a":1},"b":{"a":2}})"), JsonFault::None);
}

TEST(StrictJson, EachFaultHasItsOwnKind) {
  EXPECT_EQ(fault_of("{\"type\":\"ping\"}\0garbage"s), JsonFault::NulByte);
  EXPECT_EQ(fault_of("{\"a\":\"x\0y\"}"s), JsonFault::NulByte);
  EXPECT_EQ(fault_of("\0"s), JsonFault::NulByte);
  EXPECT_EQ(fault_of(R"({"a":1,"a":1})"), JsonFault::DuplicateKey);
  EXPECT_EQ(fault_of(R"([{"b":1,"c":{"d":1,"d":2}}])"), JsonFault::DuplicateKey);
  EXPECT_EQ(fault_of(R"({"a":1} {"a":1})"), JsonFault::TrailingData);
  EXPECT_EQ(fault_of("[1]]"), JsonFault::TrailingData);
  EXPECT_EQ(fault_of("1 2"), JsonFault::TrailingData);
  EXPECT_EQ(fault_of("01"), JsonFault::TrailingData);  // the number 0, then more
  EXPECT_EQ(fault_of("[[[1]]]", 2), JsonFault::TooDeep);
  EXPECT_EQ(fault_of(std::string(100000, '[')), JsonFault::TooDeep);  // refused as it is read
  for (const char* text : {"", " ", "{", "{\"a\"}", "[1,]", "{'a':1}", "tru", "\"\\x\"",
                           "{\"a\":1,}", "// comment\n1", "\xff"})
    EXPECT_EQ(fault_of(text), JsonFault::Syntax) << text;
}

TEST(StrictJson, MessagesNameTheFaultAndWhere) {
  EXPECT_EQ(parse_strict_json("{\"a\":1}\0x"s, 16).message, "a NUL byte at byte 7");
  EXPECT_NE(parse_strict_json(R"({"type":1,"type":2})", 16).message.find("\"type\""),
            std::string::npos);
  EXPECT_EQ(parse_strict_json("[1] x", 16).message, "data after the JSON value, at byte 4");
  EXPECT_NE(parse_strict_json("[1,", 16).message.find("parse error"), std::string::npos);
  EXPECT_EQ(fault_name(JsonFault::TrailingData), "trailing_data");
}

TEST(StrictJson, CapturesATopLevelIntegerOrShortStringReadBeforeAnyFault) {
  EXPECT_EQ(parse_strict_json(R"({"id":5,"x":[)", 16, "id").captured, 5);
  EXPECT_EQ(parse_strict_json(R"({"x":{"id":5},"id":"top"})", 16, "id").captured, "top");
  EXPECT_EQ(parse_strict_json("{\"id\":\"n\"}\0"s, 16, "id").captured, "n");
  EXPECT_TRUE(parse_strict_json(R"({"x":{"id":5}})", 16, "id").captured.is_null());
  EXPECT_TRUE(parse_strict_json(R"({"x":1,[)", 16, "id").captured.is_null());
  EXPECT_TRUE(parse_strict_json(R"({"id":[1]})", 16, "id").captured.is_null());
  EXPECT_TRUE(parse_strict_json(R"({"id":1.5})", 16, "id").captured.is_null());
  EXPECT_TRUE(parse_strict_json(R"({"id":")" + std::string(65, 'a') + R"("})", 16, "id")
                  .captured.is_null());
  EXPECT_TRUE(parse_strict_json(R"({"id":1,"id":2})", 16, "id").captured.is_null());
  EXPECT_TRUE(parse_strict_json(R"({"id":1})", 16).captured.is_null());  // nothing asked
}

TEST(StrictJson, RecordsAreReadStrictly) {
  const std::string record = R"({"players":["A","B"],"deck":["E"],"actions":[]})";
  ASSERT_TRUE(parse_record(record).ok());
  for (const std::string& bad :
       {record + "\0garbage"s, record + " {}", R"({"players":["A","B"],"players":["C","D"]})"s}) {
    const auto parsed = parse_record(bad);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().code, ErrorCode::BadRecord);
  }
  EXPECT_NE(parse_record(record + "\0x"s).error().message.find("nul_byte"), std::string::npos);
}

}  // namespace
}  // namespace carcassonne
