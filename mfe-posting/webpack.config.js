const { createFederatedConfig } = require('@tasko/shared/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_posting',
  port: 3003,
});
