module.exports = require('./blogLoaders.cjs').articleLoader;
