# Copies a text file of web/ into the site without its comments (every visit loads them; the
# comments are for whoever reads web/): <!-- --> in HTML, /* */ in CSS. Written only when changed.
# cmake -DIN=<web/file> -DOUT=<dist/file> -P site-text.cmake
file(READ ${IN} text)
if(IN MATCHES "\\.html$")
  string(REGEX REPLACE "\n?<!--([^-]|-[^-]|--[^>])*-->" "" text "${text}")
elseif(IN MATCHES "\\.css$")
  string(REGEX REPLACE "\n?/\\*([^*]|\\*+[^*/])*\\*+/" "" text "${text}")
endif()
string(REGEX REPLACE "^\n+" "" text "${text}")
file(WRITE ${OUT}.new "${text}")
file(COPY_FILE ${OUT}.new ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.new)
