# cmake -DROOT=<dir> -DOUT=<file.cpp> -DFILES=a.json,b.json [-DNAMESPACE=czary::data
#       -DHEADER=data/embedded_data.hpp] -P embed_data.cmake
# Writes a C++ source that holds each file as bytes, behind <NAMESPACE>::file() (data/ files,
# and the GLSL sources of shaders/ for the web app).
string(REPLACE "," ";" FILES "${FILES}")
if(NOT NAMESPACE)
  set(NAMESPACE czary::data)
endif()
if(NOT HEADER)
  set(HEADER data/embedded_data.hpp)
endif()
set(body "// Generated from ${ROOT} by scripts/embed_data.cmake. Do not edit.\n#include \"${HEADER}\"\n\nnamespace ${NAMESPACE} {\nnamespace {\n")
set(table "")
set(index 0)
# Text is compiled in without what only people read: JSON without its line breaks and indentation
# (a JSON text holds no line break inside a string), GLSL without comments and indentation. The
# rest (fonts) as it is.
foreach(name IN LISTS FILES)
  set(source "${ROOT}/${name}")
  if(name MATCHES "\\.(json|frag|vert)$")
    file(READ "${source}" text)
    if(name MATCHES "\\.json$")
      string(REGEX REPLACE "\n[ \t]*" "" text "${text}")
    else()
      string(REGEX REPLACE "//[^\n]*" "" text "${text}")
      string(REGEX REPLACE "\n[ \t]*" "\n" text "${text}")
      string(REGEX REPLACE "\n+" "\n" text "${text}")
    endif()
    # Kept as compiled in: scripts/site-bytes.mjs finds the files in the wasm by their bytes.
    set(source "${OUT}.files/${name}")
    file(WRITE "${source}" "${text}")
  endif()
  file(READ "${source}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND body "const unsigned char file${index}[] = {${bytes}0};\n")
  string(APPEND table "    {\"${name}\", {reinterpret_cast<const char*>(file${index}), ${size}}},\n")
  math(EXPR index "${index} + 1")
endforeach()
string(APPEND body "struct Entry { std::string_view path; std::string_view text; };\nconst Entry entries[] = {\n${table}};\n}  // namespace\n\n")
string(APPEND body "std::string_view file(std::string_view path) {\n    for (const auto& entry : entries)\n        if (entry.path == path) return entry.text;\n    return {};\n}\n\n}  // namespace ${NAMESPACE}\n")
file(WRITE "${OUT}.tmp" "${body}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
