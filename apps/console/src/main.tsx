/** The site owner's console (issue 28): mounted at /admin on the widgets origin. */
export {};
