# The web app (em++): Dear ImGui 1.92.2b + SDL2 2.26.5 (built by scripts/build-sdl2.sh) on WebGL.
# Both come from the cache of scripts/setup.sh (czary_cache, CMakeLists.txt) unless given: ImGui's
# sources, and SDL2 from scripts/build-sdl2.sh, which prints its folder (and builds it there first,
# about 8 minutes once per machine, if it is not yet there). scripts/build-web.sh passes both.
set(CZARY_IMGUI_DIR "$ENV{CZARY_IMGUI_DIR}" CACHE PATH "Dear ImGui 1.92.2b sources (Debian source package imgui, sid)")
if(NOT CZARY_IMGUI_DIR)
  set(CZARY_IMGUI_DIR "${czary_cache}/src/imgui-1.92.2b" CACHE PATH "" FORCE)
endif()
set(CZARY_SDL2_PREFIX "" CACHE PATH "SDL2 2.26.5 built for the web and installed here")
if(NOT CZARY_SDL2_PREFIX)
  execute_process(COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/build-sdl2.sh
                  OUTPUT_VARIABLE sdl2_prefix OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE sdl2_result)
  if(NOT sdl2_result EQUAL 0)
    message(FATAL_ERROR "scripts/build-sdl2.sh failed (its sources come from scripts/setup.sh)")
  endif()
  set(CZARY_SDL2_PREFIX "${sdl2_prefix}" CACHE PATH "" FORCE)
endif()
set(CZARY_FONT /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf CACHE FILEPATH "UI font with Polish letters")
set(CZARY_BOLD_FONT /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf CACHE FILEPATH "Headings: the UI font's bold")
set(CZARY_ICON_FONT /usr/share/fonts/truetype/fork-awesome/forkawesome-webfont.ttf CACHE FILEPATH "Icons (fonts-fork-awesome)")
foreach(required CZARY_IMGUI_DIR CZARY_SDL2_PREFIX CZARY_FONT CZARY_BOLD_FONT CZARY_ICON_FONT)
  if(NOT EXISTS "${${required}}")
    message(FATAL_ERROR "${required}='${${required}}' does not exist: build with scripts/build-web.sh")
  endif()
endforeach()

# ImGui's own files are compiled as they are, but for four copies (scripts/imgui-patches.cmake
# holds each patch with its reason; the ctest imgui.patches_apply fails when a patched text is no
# longer found in the sources). Its compile-time switches do the rest: no ProggyClean (the app's
# fonts are compiled in), no debugging windows (they also scan hex ids with sscanf), no file
# functions (no imgui.ini, no log file), and no obsolete names.
include(${CMAKE_SOURCE_DIR}/scripts/imgui-patches.cmake)
czary_imgui_patched_copies(${CZARY_IMGUI_DIR} ${CMAKE_BINARY_DIR}/generated/imgui imgui_patched_sources)
add_library(imgui STATIC ${imgui_patched_sources} ${CZARY_IMGUI_DIR}/imgui_draw.cpp ${CZARY_IMGUI_DIR}/imgui_tables.cpp)
target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_DEFAULT_FONT IMGUI_DISABLE_DEBUG_TOOLS IMGUI_DISABLE_FILE_FUNCTIONS
                                        IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
target_include_directories(imgui SYSTEM PUBLIC ${CZARY_IMGUI_DIR} ${CZARY_IMGUI_DIR}/backends
                                               ${CZARY_SDL2_PREFIX}/include/SDL2)
# The SDL2 backend's EM_JS needs EMSCRIPTEN_KEEPALIVE, which Emscripten 3.1.6's em_js.h does not
# bring with it (later versions do).
set_property(SOURCE ${CMAKE_BINARY_DIR}/generated/imgui/imgui_impl_sdl2.cpp APPEND PROPERTY
             COMPILE_OPTIONS -include emscripten/em_macros.h)

# The interface: panels that read the model (no SDL or browser here).
file(GLOB czary_app_sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/app/*.cpp)
add_library(czary_app STATIC ${czary_app_sources})
target_link_libraries(czary_app PUBLIC czary_controller imgui)
target_compile_options(czary_app PRIVATE ${czary_warnings})

# Our GLSL sources (shaders/) compiled in, like data/.
set(embedded_shaders_cpp ${CMAKE_BINARY_DIR}/generated/embedded_shaders.cpp)
czary_embed(shaders * ${embedded_shaders_cpp} czary::shaders platform/web/embedded_shaders.hpp)

file(GLOB czary_web_sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/platform/web/*.cpp)
add_library(czary_web OBJECT ${czary_web_sources} ${embedded_shaders_cpp})
target_link_libraries(czary_web PUBLIC czary_app)
target_compile_options(czary_web PRIVATE ${czary_warnings})
# The interface's files that catch nothing (src/app, and of src/platform/web all but the frame's
# last resort and the browser's storage) are compiled without the clean-up code of exceptions
# (-fignore-exceptions; a throw still throws): the wasm 7.7 KB smaller in gzip -9
# (docs/benchmark.md). Nothing they call throws in play: the core answers with refusals, the
# controller catches what the store, the files and the page's texts throw (controller/sessions.hpp,
# dispatch_text). A failure that passes through them (a bug, memory run out) still reaches the
# frame's last resort (frame_guard.cpp), tested by a frame made to fail inside the panels (app.cpp,
# damaged.test.mjs); what the failing frame held is then not freed. A file with a try in it is
# compiled with the clean-up code (a try would never catch without it).
foreach(source ${czary_app_sources} ${czary_web_sources})
  file(STRINGS ${source} catches REGEX "(^|[^a-z_])(try[ \t]*{|catch[ \t]*\\()")
  if(NOT catches)
    set_source_files_properties(${source} PROPERTIES COMPILE_OPTIONS -fignore-exceptions)
  endif()
endforeach()
add_executable(czary-app $<TARGET_OBJECTS:czary_web>)
# The same app linked with its functions' names (--profiling-funcs), for scripts/site-bytes.mjs
# to tell where the wasm's bytes go; not part of the site, built only when asked for.
add_executable(czary-app-names EXCLUDE_FROM_ALL $<TARGET_OBJECTS:czary_web>)
# The fonts cut down to what the app draws: the text ranges src/platform/web/ui_font.cpp asks for
# (760 KB -> about 60 KB a weight in the wasm) and the icons of src/app/icons.hpp, read from that
# header (the smoke test's glyph check fails if a text or an icon needs a glyph left out).
# Only the tables ImGui 1.86's stb_truetype reads are kept: it neither kerns nor shapes (no
# kern, GPOS, GSUB, GDEF), hints or names glyphs (no name, post, gasp; no hinting).
find_program(CZARY_PYFTSUBSET pyftsubset REQUIRED)
# The minifiers of the Release site (scripts/minify, installed by scripts/setup.sh): Closure
# shortens czary-app.js (27.7 -> 17.6 KB gzip), Terser web/glue.js (11.0 -> 5.1 KB gzip).
set(czary_minify_bin ${CMAKE_SOURCE_DIR}/scripts/minify/node_modules/.bin)
find_program(CZARY_CLOSURE_COMPILER google-closure-compiler PATHS ${czary_minify_bin} NO_DEFAULT_PATH REQUIRED)
find_program(CZARY_TERSER terser PATHS ${czary_minify_bin} NO_DEFAULT_PATH REQUIRED)
set(czary_text_glyphs U+0020-017F,U+2010-2027,U+2190-2193,U+21B6-21B7,U+2212,U+2264-2265,U+2713)
file(STRINGS ${CMAKE_SOURCE_DIR}/src/app/icons.hpp czary_icon_lines REGEX "\\\\u[fF][0-9a-fA-F]+")
set(czary_icon_glyphs "")
foreach(line ${czary_icon_lines})
  string(REGEX MATCH "\\\\u([fF][0-9a-fA-F]+)" _ "${line}")
  list(APPEND czary_icon_glyphs "U+${CMAKE_MATCH_1}")
endforeach()
string(REPLACE ";" "," czary_icon_glyphs "${czary_icon_glyphs}")
set(czary_fonts "")
foreach(font IN ITEMS "DejaVuSans|${CZARY_FONT}|${czary_text_glyphs}"
                      "DejaVuSans-Bold|${CZARY_BOLD_FONT}|${czary_text_glyphs}"
                      "icons|${CZARY_ICON_FONT}|${czary_icon_glyphs}")
  string(REPLACE "|" ";" font "${font}")
  list(GET font 0 name)
  list(GET font 1 source)
  list(GET font 2 glyphs)
  set(cut ${CMAKE_BINARY_DIR}/fonts/${name}.ttf)
  add_custom_command(OUTPUT ${cut}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/fonts
    COMMAND ${CZARY_PYFTSUBSET} ${source} --unicodes=${glyphs}
            --layout-features= --drop-tables+=GPOS,GSUB,GDEF,kern,name,post,gasp,FFTM --name-IDs=
            --no-glyph-names --no-hinting --desubroutinize --output-file=${cut}
    DEPENDS ${source} ${CMAKE_SOURCE_DIR}/src/app/icons.hpp ${CMAKE_CURRENT_LIST_FILE}
    COMMENT "Cutting ${name} down to the glyphs the app draws")
  list(APPEND czary_fonts ${cut})
endforeach()
# Compiled in like data/ (no file system in the web build, -sFILESYSTEM=0).
set(embedded_fonts_cpp ${CMAKE_BINARY_DIR}/generated/embedded_fonts.cpp)
add_custom_command(OUTPUT ${embedded_fonts_cpp}
  COMMAND ${CMAKE_COMMAND} -DROOT=${CMAKE_BINARY_DIR}/fonts -DOUT=${embedded_fonts_cpp}
          -DFILES=DejaVuSans.ttf,DejaVuSans-Bold.ttf,icons.ttf -DNAMESPACE=czary::fonts
          -DHEADER=platform/web/embedded_fonts.hpp -P ${CMAKE_SOURCE_DIR}/scripts/embed_data.cmake
  DEPENDS ${czary_fonts} ${CMAKE_SOURCE_DIR}/scripts/embed_data.cmake
  COMMENT "Compiling the fonts in")
target_sources(czary_web PRIVATE ${embedded_fonts_cpp})
add_custom_target(czary-ui-font DEPENDS ${czary_fonts})
foreach(target czary-app czary-app-names)
  target_link_libraries(${target} PRIVATE czary_app ${CZARY_SDL2_PREFIX}/lib/libSDL2.a)
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
  add_dependencies(${target} czary-ui-font)
  target_link_options(${target} PRIVATE
    -sALLOW_MEMORY_GROWTH=1
    -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0
    # Less JavaScript (0.6 KB gzip): GL errors only as WebGL reports them, TextDecoder always
    # (every browser of the README has it), no errno set by the JavaScript side, no pooled
    # temporary arrays for GL uniforms (ImGui sets one matrix a frame).
    -sGL_TRACK_ERRORS=0 -sTEXTDECODER=2 -sSUPPORT_ERRNO=0 -sGL_POOL_TEMP_BUFFERS=0
    # Only what web/glue.js gives the runtime (window.Module) is read from it.
    -sINCOMING_MODULE_JS_API=canvas,print,printErr,onAbort,instantiateWasm
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
    -sEXPORTED_FUNCTIONS=_main,_malloc,_free
    -sFILESYSTEM=0
    -sENVIRONMENT=web
    -sMALLOC=emmalloc
    ${czary_wasm_stack}
    --pre-js ${CMAKE_SOURCE_DIR}/src/platform/web/pre.js
    "$<$<CONFIG:Release>:--closure=1;--closure-args=--externs=${CMAKE_SOURCE_DIR}/src/platform/web/externs.js>")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${CMAKE_SOURCE_DIR}/src/platform/web/pre.js
                                                             ${CMAKE_SOURCE_DIR}/src/platform/web/externs.js)
  # Debian's Emscripten is configured for Debian's closure-compiler of 2013, older than its
  # output; EM_CLOSURE_COMPILER points it at the version its own release used.
  set_target_properties(${target} PROPERTIES CXX_LINKER_LAUNCHER
                        "${CMAKE_COMMAND};-E;env;EM_CLOSURE_COMPILER=${CZARY_CLOSURE_COMPILER}")
endforeach()
target_link_options(czary-app-names PRIVATE --profiling-funcs)

# The site: our HTML shell, glue and manifest beside the compiled app, the PNG icons drawn by
# scripts/make-icons.mjs, and last the service worker listing every file under the build's hash.
find_program(CZARY_NODE node REQUIRED)
file(GLOB czary_web_files LIST_DIRECTORIES false CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*)
list(REMOVE_ITEM czary_web_files ${CMAKE_SOURCE_DIR}/web/glue.js ${CMAKE_SOURCE_DIR}/web/index.html ${CMAKE_SOURCE_DIR}/web/style.css)
set(czary_dist ${CMAKE_BINARY_DIR}/dist)
# The page and its style without their comments (scripts/site-text.cmake): every visit loads them.
set(czary_site_texts "")
foreach(name IN ITEMS index.html style.css)
  list(APPEND czary_site_texts COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_SOURCE_DIR}/web/${name} -DOUT=${czary_dist}/${name}
                                       -P ${CMAKE_SOURCE_DIR}/scripts/site-text.cmake)
endforeach()
# web/glue.js as it is in a Debug build, minified in a Release one (its comments are half of it).
set(czary_glue_release ${CZARY_TERSER} ${CMAKE_SOURCE_DIR}/web/glue.js --compress --mangle --output ${czary_dist}/glue.js)
set(czary_glue_debug ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/web/glue.js ${czary_dist}/)
add_custom_command(OUTPUT ${czary_dist}/icon-192.png ${czary_dist}/icon-512.png
  COMMAND ${CZARY_NODE} ${CMAKE_SOURCE_DIR}/scripts/make-icons.mjs ${czary_dist} 192 512
  DEPENDS ${CMAKE_SOURCE_DIR}/scripts/make-icons.mjs
  COMMENT "Drawing the app icons")
add_custom_target(web-dist ALL
  COMMAND ${CMAKE_COMMAND} -E make_directory ${czary_dist}
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${czary_web_files} ${czary_dist}/
  ${czary_site_texts}
  COMMAND "$<IF:$<CONFIG:Release>,${czary_glue_release},${czary_glue_debug}>"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_FILE_DIR:czary-app>/czary-app.js
          $<TARGET_FILE_DIR:czary-app>/czary-app.wasm ${czary_dist}/
  COMMAND ${CMAKE_COMMAND} -DDIST=${czary_dist} -DTEMPLATE=${CMAKE_SOURCE_DIR}/web/pwa/sw.js.in
          -P ${CMAKE_SOURCE_DIR}/scripts/make-service-worker.cmake
  DEPENDS czary-app ${czary_web_files} ${CMAKE_SOURCE_DIR}/web/glue.js ${CMAKE_SOURCE_DIR}/web/index.html
          ${CMAKE_SOURCE_DIR}/web/style.css ${CMAKE_SOURCE_DIR}/scripts/site-text.cmake ${czary_dist}/icon-192.png ${czary_dist}/icon-512.png
          ${CMAKE_SOURCE_DIR}/web/pwa/sw.js.in ${CMAKE_SOURCE_DIR}/scripts/make-service-worker.cmake
  COMMENT "Assembling the site in dist/"
  COMMAND_EXPAND_LISTS)
