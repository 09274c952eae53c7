# Writes dist/sw.js from web/pwa/sw.js.in: the list of every file of the site and a build id
# that is the hash of all of them, so any change to any file makes a new cache (and an update).
# cmake -DDIST=<dist folder> -DTEMPLATE=<sw.js.in> -P make-service-worker.cmake
file(GLOB files RELATIVE ${DIST} ${DIST}/*)
# index.html is kept as './' (the worker answers a navigation to it from there).
list(REMOVE_ITEM files sw.js index.html)
list(SORT files)
set(list "'./'")
file(SHA256 ${DIST}/index.html hash)
set(hashes "index.html:${hash}\n")
foreach(name IN LISTS files)
  file(SHA256 ${DIST}/${name} hash)
  string(APPEND hashes "${name}:${hash}\n")
  string(APPEND list ", '${name}'")
endforeach()
string(SHA256 build "${hashes}")
string(SUBSTRING ${build} 0 16 CZARY_BUILD)
set(CZARY_FILES "[${list}]")
# Without its comment lines (half of the file): every visit loads the worker. Its code lines stay
# as written (the tests read the list of files; the worker reads its own BUILD line).
include(${CMAKE_CURRENT_LIST_DIR}/site-text.cmake)
file(READ ${TEMPLATE} template)
string(CONFIGURE "${template}" worker @ONLY)
site_text_write(${DIST}/sw.js "${worker}" js)
