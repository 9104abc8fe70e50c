const { createFederatedConfig } = require('@tasko/shared/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_jobs',
  port: 3001,
  exposes: {
    './HomePage': './src/pages/HomePage/HomePage.tsx',
    './TasksPage': './src/pages/TasksPage/TasksPage.tsx',
    './JobPage': './src/pages/JobPage/JobPage.tsx',
  },
});
