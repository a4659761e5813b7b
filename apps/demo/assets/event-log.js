// The demo pages' event log (served at /event-log.js): lists in #event-log every Foyer event named
// in its data-events attribute (the DOM events the loader dispatches on window). A page's own
// script adds lines with window.logEvent(text).
(function () {
  const list = document.getElementById('event-log');
  const log = (text) => {
    const item = document.createElement('li');
    item.textContent = text;
    list.append(item);
  };
  window.logEvent = log;
  for (const name of (list.getAttribute('data-events') || '').split(/\s+/).filter(Boolean)) {
    window.addEventListener('foyer:' + name, (event) => log('foyer:' + name + ' ' + JSON.stringify(event.detail)));
  }
})();
