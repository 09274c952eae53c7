// Closure's externs for the JavaScript linked into czary-app.js (pre.js and the EM_JS functions
// of src/platform/web): the names it reaches outside itself, in web/glue.js's window.czary and
// in the page's texts (index.html #page-texts). The Release link runs Closure (--closure 1),
// which shortens every property name not declared here or in the browser's own externs; a name
// missing here would break that one call (the browser tests go through each).
/** @externs */

/** web/glue.js: what the app asks of the page. */
var czary = {};
czary._applyUpdate = function() {};
czary._cannotStart = function(why) {};
czary._download = function(name, text) {};
czary._downloadStored = function(name, key) {};
czary._makeShareLink = function(text) {};
czary._pickFile = function() {};
czary._shareFile = function(name, text) {};
czary._speak = function(language, announcement, description) {};
czary._started = function() {};
czary._storageKeys = function() {};
czary._tableClose = function() {};
czary._tableConnect = function(service) {};
czary._tableSend = function(frame) {};
czary._wellFormed = function(text) {};

/** index.html #page-texts: each language's words for the page. */
var pageTexts = {};
pageTexts.pl = {};
pageTexts.pl.fileMissing = '';
