# Writes dist/sw.js from web/pwa/sw.js.in: the list of every file of the site and a build id
# that is the hash of all of them, so any change to any file makes a new cache (and an update).
# cmake -DDIST=<dist folder> -DTEMPLATE=<sw.js.in> -P make-service-worker.cmake
file(GLOB files RELATIVE ${DIST} ${DIST}/*)
list(REMOVE_ITEM files sw.js)
list(SORT files)
set(hashes "")
set(list "'./'")
foreach(name IN LISTS files)
  file(SHA256 ${DIST}/${name} hash)
  string(APPEND hashes "${name}:${hash}\n")
  string(APPEND list ", '${name}'")
endforeach()
string(SHA256 build "${hashes}")
string(SUBSTRING ${build} 0 16 CZARY_BUILD)
set(CZARY_FILES "[${list}]")
configure_file(${TEMPLATE} ${DIST}/sw.js @ONLY)
