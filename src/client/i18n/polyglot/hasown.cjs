// node-polyglot's hasown, without function-bind (vite.config.ts).
var hasOwnProperty = Object.prototype.hasOwnProperty;
module.exports = function hasOwn(object, key) {
  return hasOwnProperty.call(object, key);
};
