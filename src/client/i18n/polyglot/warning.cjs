// node-polyglot's warning: the npm package warns in development only, and the panel's provider
// allows missing keys, so it never warns (vite.config.ts).
module.exports = function warning() {};
