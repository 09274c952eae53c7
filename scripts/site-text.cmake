# The site's texts without their comments: every visit loads them, and the comments are for
# whoever reads web/. As a script: copies a file of web/ into the site, <!-- --> gone from HTML
# and /* */ from CSS: cmake -DIN=<web/file> -DOUT=<dist/file> -P site-text.cmake
# Included (scripts/make-service-worker.cmake): site_text_write(<out> <text> <kind>), kind html,
# css or js (whole lines of // comments in JavaScript).
function(site_text_write out text kind)
  if(kind STREQUAL "html")
    string(REGEX REPLACE "\n?<!--([^-]|-[^-]|--[^>])*-->" "" text "${text}")
  elseif(kind STREQUAL "css")
    string(REGEX REPLACE "\n?/\\*([^*]|\\*+[^*/])*\\*+/" "" text "${text}")
  elseif(kind STREQUAL "js")
    string(REGEX REPLACE "(^|\n)[ \t]*//[^\n]*" "" text "${text}")
  endif()
  string(REGEX REPLACE "^\n+" "" text "${text}")
  # Written only when it changed (what depends on the site is not rebuilt for nothing).
  file(WRITE ${out}.new "${text}")
  file(COPY_FILE ${out}.new ${out} ONLY_IF_DIFFERENT)
  file(REMOVE ${out}.new)
endfunction()

if(DEFINED IN)
  file(READ ${IN} source)
  string(REGEX MATCH "[^.]+$" extension "${IN}")
  site_text_write(${OUT} "${source}" ${extension})
endif()
