// The async-snippet stub (served at /foyer-stub.js, loaded in the head before any page script):
// calls made before loader.js arrives are queued and replayed by the loader.
window.Foyer = window.Foyer || { q: [] };
['on', 'off', 'mount', 'open', 'close', 'logout', 'getToken', 'setAppearance'].forEach(function (method) {
  window.Foyer[method] =
    window.Foyer[method] ||
    function () {
      window.Foyer.q.push([method].concat([].slice.call(arguments)));
    };
});
