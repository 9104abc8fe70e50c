const { createFederatedConfig } = require('@tasko/shared/build');

module.exports = createFederatedConfig({ dir: __dirname, kind: 'host', name: 'shell', port: 8090, publicPath: '/mfe/shell/' });
