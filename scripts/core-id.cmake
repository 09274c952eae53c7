# Writes a header with the rules' build id: a hash of the rules core's sources and data/, the two
# things that decide what a replayed action does. A live table's phones and its host must have the
# same one (docs/table-protocol.md, "hello"); the header is rewritten only when the id changes.
# cmake -DROOT=<source dir> -DOUT=<header> -P core-id.cmake
file(GLOB_RECURSE files RELATIVE ${ROOT} ${ROOT}/src/core/* ${ROOT}/data/*.json)
list(SORT files)
set(hashes "")
foreach(name IN LISTS files)
  file(SHA256 ${ROOT}/${name} hash)
  string(APPEND hashes "${name}:${hash}\n")
endforeach()
string(SHA256 id "${hashes}")
string(SUBSTRING ${id} 0 16 id)
set(text "#pragma once\n// Written by scripts/core-id.cmake: the hash of src/core/ and data/.\n#define CZARY_CORE_ID \"${id}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
