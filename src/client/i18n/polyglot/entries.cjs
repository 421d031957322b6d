// node-polyglot's object.entries, in a browser that has Object.entries (every one the panel runs in):
// the npm polyfill brings about 5 kB gzipped of helpers to the login page (vite.config.ts).
module.exports = Object.entries;
