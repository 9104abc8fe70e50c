const { createFederatedConfig } = require('@tasko/shared/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_content',
  port: 3004,
  rules: [
    { test: /blog\d+\.md$/, type: 'javascript/auto', use: require.resolve('./build/blogArticleLoader.cjs') },
    { test: /index\.blog$/, type: 'javascript/auto', use: require.resolve('./build/blogIndexLoader.cjs') },
  ],
});
