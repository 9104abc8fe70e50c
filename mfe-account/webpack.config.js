const { createFederatedConfig } = require('@tasko/shared/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_account',
  port: 3005,
});
