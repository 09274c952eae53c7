// The first lines of czary-app.js (linked with --pre-js). web/glue.js sets the page up and says
// why when the app cannot start; when glue.js itself did not come (no network, a server without
// it), nothing else would, and the page would stay on its loading line. Said here in the page's
// words (index.html #page-texts), and the page loads again once glue.js answers.
if (typeof window !== 'undefined' && !window.czary) {
  const words = JSON.parse(document.getElementById('page-texts').textContent).pl;
  document.getElementById('loading').style.display = 'none';
  const message = document.getElementById('message');
  message.textContent = words.fileMissing.replace('{file}', 'glue.js');
  message.style.display = 'block';
  const probe = () => fetch('glue.js', { cache: 'no-store' }).then((response) => response.ok && window.location.reload(), () => {});
  window.addEventListener('online', probe);
  setInterval(probe, 15000);
  throw new Error('glue.js did not load: the app waits for it');
}
