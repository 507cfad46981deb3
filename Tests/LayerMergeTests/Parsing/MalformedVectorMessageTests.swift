import Foundation
import LayerMerge
import TestSupport
import Testing

/// The rendered `path:line:column: error: message` of every malformed vector in `shared/formats`:
/// each file Foundation rejects, and each it reads only in part or as a non-dictionary.
@Suite struct MalformedVectorMessageTests {
  static let expected: [String: String] = [
    "04_nested_block_comment":
      #"04_nested_block_comment.strings:1:28: error: expected '=' or ';' after key "still", found '*'"#,
    "05_unterminated_block_comment_at_end":
      #"05_unterminated_block_comment_at_end.strings:2:1: error: unterminated comment: '/*' without '*/' hides the rest of the file from Apple's reader and ignores everything after this point (no complete entry follows)"#,
    "06_unterminated_block_comment_mid":
      #"06_unterminated_block_comment_mid.strings:2:1: error: unterminated comment: '/*' without '*/' hides the rest of the file from Apple's reader and drops the rest of the file: 1 entry after this point is lost at run time"#,
    "09_unquoted_invalid_plus":
      #"09_unquoted_invalid_plus.strings:1:2: error: expected '=' or ';' after key "a", found '+'"#,
    "24_missing_semicolon_mid":
      #"24_missing_semicolon_mid.strings:1:10: error: missing ';' after the entry for key "a""#,
    "25_missing_semicolon_eof":
      #"25_missing_semicolon_eof.strings:1:10: error: missing ';' after the entry for key "a""#,
    "26_missing_semicolon_eof_nl":
      #"26_missing_semicolon_eof_nl.strings:1:10: error: missing ';' after the entry for key "a""#,
    "32_braced_dict_junk":
      #"32_braced_dict_junk.strings:1:16: error: unexpected 'x' after the dictionary that makes up the file"#,
    "33_trailing_garbage_after_last_entry":
      #"33_trailing_garbage_after_last_entry.strings:2:1: error: unexpected '@'; Apple's reader silently stops here and ignores everything after this point (no complete entry follows)"#,
    "34_garbage_mid_file_truncates":
      #"34_garbage_mid_file_truncates.strings:2:1: error: unexpected '@'; Apple's reader silently stops here and drops the rest of the file: 1 entry after this point is lost at run time"#,
    "35_value_missing_eof":
      #"35_value_missing_eof.strings:1:7: error: expected a value for key "a", found the end of the file"#,
    "36_value_missing_semicolon":
      #"36_value_missing_semicolon.strings:1:7: error: expected a value for key "a", found ';'"#,
    "37_no_equals": #"37_no_equals.strings:1:5: error: expected '=' or ';' after key "a", found '"'"#,
    "38_unterminated_quote":
      #"38_unterminated_quote.strings:2:1: error: missing ';' after the entry for key "a": its value runs over 2 lines; is its closing quote missing?"#,
    "39_unterminated_backslash":
      #"39_unterminated_backslash.strings:1:9: error: the file ends inside an escape sequence (a '\' with nothing after it)"#,
    "40_single_string_toplevel":
      #"40_single_string_toplevel.strings:1:1: error: the file holds a single string instead of key-value pairs; Apple's runtime ignores it (is a ';' or '= "value";' missing?)"#,
    "41_array_toplevel":
      #"41_array_toplevel.strings:1:1: error: the file holds a single array instead of key-value pairs; Apple's runtime ignores it (is a ';' or '= "value";' missing?)"#,
    "45_data_key": #"45_data_key.strings:1:6: error: unexpected '=' after the data that makes up the file"#,
    "48_crlf_missing_semicolon_line":
      #"48_crlf_missing_semicolon_line.strings:2:10: error: missing ';' after the entry for key "c""#,
    "49_cr_only_missing_semicolon_line":
      #"49_cr_only_missing_semicolon_line.strings:2:10: error: missing ';' after the entry for key "c""#,
    "51_nbsp_leading": #"51_nbsp_leading.strings:1:1: error: expected a key or a value, found U+00A0 (no-break space)"#,
    "52_nbsp_after_first_entry":
      #"52_nbsp_after_first_entry.strings:1:11: error: unexpected U+00A0 (no-break space); Apple's reader silently stops here and drops the rest of the file: 1 entry after this point is lost at run time"#,
    "55_unicode_unquoted": #"55_unicode_unquoted.strings:1:3: error: expected '=' or ';' after key "cl", found U+00E9"#,
    "57_space_in_unquoted": #"57_space_in_unquoted.strings:1:3: error: expected '=' or ';' after key "a", found 'b'"#,
    "59_double_semicolon":
      #"59_double_semicolon.strings:1:11: error: unexpected ';'; Apple's reader silently stops here and drops the rest of the file: 1 entry after this point is lost at run time"#,
    "60_only_semicolon": #"60_only_semicolon.strings:1:1: error: expected a key or a value, found ';'"#,
    "66_utf16le_nobom": #"66_utf16le_nobom.strings:1:2: error: expected '=' or ';' after key "a", found '"'"#,
    "67_utf16be_nobom": #"67_utf16be_nobom.strings:1:1: error: expected a key or a value, found U+6100"#,
    "69_invalid_utf8_latin1":
      #"69_invalid_utf8_latin1.strings:1:11: error: the file is not valid UTF-8 (byte 0xE9 cannot start or continue a character); save it as UTF-8"#,
    "73_shorthand_at_eof_no_semicolon":
      #"73_shorthand_at_eof_no_semicolon.strings:2:4: error: expected '=' or ';' after key "c", found the end of the file"#,
    "74_key_only_then_eof":
      #"74_key_only_then_eof.strings:1:1: error: the file holds a single string instead of key-value pairs; Apple's runtime ignores it (is a ';' or '= "value";' missing?)"#,
    "75_slash_alone":
      #"75_slash_alone.strings:2:2: error: expected '=' or ';' after key "/", found the end of the file"#,
    "76_unquoted_value_stops_at_quote":
      #"76_unquoted_value_stops_at_quote.strings:1:8: error: missing ';' after the entry for key "a""#,
    "79_braced_missing_close":
      #"79_braced_missing_close.strings:1:1: error: expected '}' to close the dictionary opened here, found the end of the file"#,
    "81_leading_ascii_then_nul_second_byte":
      #"81_leading_ascii_then_nul_second_byte.strings:1:1: error: expected a key or a value, found U+3D20"#,
    "82_missing_semicolon_last_line_comment":
      #"82_missing_semicolon_last_line_comment.strings:2:10: error: missing ';' after the entry for key "c""#,
    "a01_unquoted_value_swallows_line_comment":
      #"a01_unquoted_value_swallows_line_comment.strings:1:8: error: missing ';' after the entry for key "a""#,
    "a02_unquoted_value_then_block_comment":
      #"a02_unquoted_value_then_block_comment.strings:1:9: error: missing ';' after the entry for key "a""#,
    "a03_comment_with_early_close":
      #"a03_comment_with_early_close.strings:1:18: error: expected '=' or ';' after key "inside", found '*'"#,
    "a07_bom_in_middle":
      #"a07_bom_in_middle.strings:1:11: error: unexpected U+FEFF (byte-order mark); Apple's reader silently stops here and drops the rest of the file: 1 entry after this point is lost at run time"#,
    "a08_nel_u0085_between":
      #"a08_nel_u0085_between.strings:1:11: error: unexpected U+0085 (next line); Apple's reader silently stops here and drops the rest of the file: 1 entry after this point is lost at run time"#,
    "a09_utf8_bom_only":
      #"a09_utf8_bom_only.strings: error: the file holds only a byte-order mark; Apple's reader rejects it ("the string is empty") and the app gets no strings from it"#,
    "a10_utf16le_bom_only":
      #"a10_utf16le_bom_only.strings: error: the file holds only a UTF-16 byte-order mark; Apple's reader rejects it and the app gets no strings from it"#,
    "a17_xml_like_strings_starting_lt":
      #"a17_xml_like_strings_starting_lt.strings:2:1: error: malformed XML property list: expected a value element, found "\"a\" = \"b\";""#,
    "a18_semicolon_inside_comment_after_value":
      #"a18_semicolon_inside_comment_after_value.strings:1:10: error: missing ';' after the entry for key "a""#,
    "a22_unterminated_single_quote":
      #"a22_unterminated_single_quote.strings:1:7: error: unterminated string: no closing "'" for the quote opened here"#,
    "a23_deep_nesting_value":
      #"a23_deep_nesting_value.strings:1:7: error: expected ')' to close the array opened here"#,
    "a27_crlf_only_whitespace_count":
      #"a27_crlf_only_whitespace_count.strings:3:10: error: missing ';' after the entry for key "a""#,
    "a28_u2028_line_numbers": #"a28_u2028_line_numbers.strings:1:21: error: missing ';' after the entry for key "c""#,
    "sd_truncated":
      #"sd_truncated.stringsdict:7:1: error: malformed XML property list: expected </plist>, found the end of the file"#,
    "e06_utf32le_bom_invalid_scalar":
      #"e06_utf32le_bom_invalid_scalar.strings:1:33: error: the UTF-32 file holds 0x110000, which is not a Unicode character"#,
    "e07_nested_dict_missing_close":
      #"e07_nested_dict_missing_close.strings:1:7: error: expected '}' to close the dictionary opened here, found ';'"#,
    "e08_array_unterminated_string":
      #"e08_array_unterminated_string.strings:1:7: error: expected ')' to close the array opened here"#,
    "e09_data_odd": #"e09_data_odd.strings:1:10: error: malformed data: an odd number of hex digits"#,
    "e10_data_bad": #"e10_data_bad.strings:1:10: error: malformed data: 'z' is not a hex digit"#,
    "e11_data_unterminated": #"e11_data_unterminated.strings:1:7: error: expected '>' to close the data opened here"#,
    "e15_string_then_junk_array":
      #"e15_string_then_junk_array.strings:1:7: error: unexpected 'x' after the array that makes up the file"#,
    "e16_only_comment_unterminated":
      #"e16_only_comment_unterminated.strings:1:1: error: unterminated comment: '/*' without '*/' hides the rest of the file from Apple's reader and ignores everything after this point (no complete entry follows)"#,
    "e17_only_slash":
      #"e17_only_slash.strings:1:1: error: the file holds a single string instead of key-value pairs; Apple's runtime ignores it (is a ';' or '= "value";' missing?)"#,
    "e18_quote_in_unquoted_key":
      #"e18_quote_in_unquoted_key.strings:1:2: error: expected '=' or ';' after key "a", found '"'"#,
    "t1": #"t1.strings: error: the file has a UTF-16 byte-order mark but no complete character after it"#,
    "t2": #"t2.strings: error: the file has a UTF-32 byte-order mark but no complete character after it"#,
    "t3": #"t3.strings: error: the file has a UTF-32 byte-order mark but no complete character after it"#,
    "t4": #"t4.strings:1:1: error: expected a key or a value, found U+0000 (NUL)"#,
    "t6": #"t6.strings: error: the file has a UTF-16 byte-order mark but no complete character after it"#,
    "t7":
      #"t7.strings: error: the file looks like UTF-16 without a byte-order mark and is empty once Apple's reader drops its first two bytes; save it as UTF-8"#,
    "t8": #"t8.strings: error: the file has a UTF-32 byte-order mark but no complete character after it"#,
  ]

  @Test(SharedFolder.required) func everyMalformedVectorHasItsMessage() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    var seen: Set<String> = []
    for file in ReaderAgreementTests.vectors {
      let name = file.deletingPathExtension().lastPathComponent
      let bytes = [UInt8](try Data(contentsOf: file))
      let parsed = LocalizationFileReader.parse(
        bytes, path: file.lastPathComponent, kind: LocalizationFileKind(path: file.path) ?? .strings)
      let errors = parsed.diagnostics.filter { $0.severity == .error }.map(\.description)
      if let message = Self.expected[name] {
        seen.insert(name)
        #expect(errors == [message], "\(name)")
      } else {
        #expect(errors.isEmpty, "\(name) has unexpected errors: \(errors)")
        // Not in the table means Foundation reads the whole file as a dictionary.
        guard case .dictionary = FoundationOracle.verdict(for: bytes) else {
          if !bytes.isEmpty { Issue.record("\(name) is malformed but has no expected message") }
          continue
        }
      }
    }
    #expect(seen == Set(Self.expected.keys))
  }
}
