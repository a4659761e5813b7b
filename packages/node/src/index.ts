/** `@foyer/node`: verify Foyer visitor tokens on the site's own server (issue 26). */
export {};
