#pragma once
// The live table's host asks the rules core through these C functions (wasm under Node, and
// natively in the unit tests). Texts in and out are JSON; a returned text lives until the next call.
namespace czary {
// The version of docs/table-protocol.md: a phone and a host with different ones do not join.
inline constexpr int table_protocol = 1;
}  // namespace czary

extern "C" {
const char* table_core_versions();
const char* table_open(const char* session_text);
const char* table_apply(int table, const char* action_text);
int table_undo(int table);
int table_redo(int table);
const char* table_where(int table);
const char* table_file(int table);
void table_close(int table);
}
