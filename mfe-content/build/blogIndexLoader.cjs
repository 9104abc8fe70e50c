module.exports = require('./blogLoaders.cjs').indexLoader;
